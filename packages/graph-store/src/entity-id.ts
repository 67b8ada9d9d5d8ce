// Stable, normalised ids: the same entity written with different case, accents, punctuation
// or spacing gets the same id, while the same name with a different type stays apart.
import { invalidInput } from '@rag/core';

// Letters that carry a diacritic but have no Unicode decomposition.
const FOLD: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ð: 'd', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i', þ: 'th', ħ: 'h' };

// Names of ASCII letters, digits and spaces only (most of them) skip the Unicode passes: NFKD,
// mark removal, folding and the punctuation pass leave such a name unchanged.
const PLAIN_ASCII = /^[A-Za-z0-9 ]*$/;

/** Lower-cased, accent-free, punctuation-free, single-spaced form of a name. */
export function normalizeName(name: string): string {
  if (PLAIN_ASCII.test(name)) return name.toLowerCase().replace(/ +/g, ' ').trim();
  return normalizeFull(name);
}

/** normalizeName without the ASCII shortcut (exported for the test that checks they agree). */
export function normalizeFull(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[łøđðßæœıþħ]/g, (c) => FOLD[c] ?? c)
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

// Relation vocabularies are small and hit on every edge insert: memoise (bounded).
const relationCache = new Map<string, string>();

/** Relation labels are snake_case: "Published In" → "published_in". */
export function normalizeRelation(relation: string): string {
  let out = relationCache.get(relation);
  if (out === undefined) {
    out = normalizeName(relation).replace(/ /g, '_');
    if (relationCache.size >= 10_000) relationCache.clear();
    relationCache.set(relation, out);
  }
  return out;
}

// Ids are built with join: it makes one flat string, where a template literal makes a chain of
// cons strings that the first hash lookup flattens (more garbage per fact, and the chain head
// stays referenced from every map that holds the id).

/** `entityId("Person", "Marie Curie")` → `"person:marie curie"`. */
export function entityId(type: string, name: string): string {
  const n = normalizeName(name);
  if (n === '') throw invalidInput('name', `"${name}" has no letters or digits after normalisation`);
  const t = normalizeRelation(type);
  if (t === '') throw invalidInput('type', `"${type}" has no letters or digits after normalisation`);
  return [t, ':', n].join('');
}

/** Edge ids are derived from the upsert key (source, relation, target). */
export function relationId(source: string, relation: string, target: string): string {
  return [source, ' -[', relation, ']-> ', target].join('');
}

/**
 * Whether `id` is relationId(source, relation, target), without building that string (the
 * multigraph asks on every edge insert).
 */
export function isRelationId(id: string, source: string, relation: string, target: string): boolean {
  const r = source.length + 3;
  const t = r + relation.length + 4;
  return (
    id.length === t + target.length &&
    id.startsWith(source) &&
    id.startsWith(' -[', source.length) &&
    id.startsWith(relation, r) &&
    id.startsWith(']-> ', r + relation.length) &&
    id.endsWith(target)
  );
}
