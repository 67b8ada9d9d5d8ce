// Pure helpers shared by the store's parts (store-core, upsert-ops, merge-ops, edit-ops, …): input
// parsing, provenance and alias unions, frozen copies, deep equality. No store state here.
import { invalidInput } from '@rag/core';
import type { Metadata, Provenance } from '@rag/core';
import type { z } from 'zod';
import { normalizeName, relationId } from './entity-id.js';
import { growDistinct, isDistinctPooled } from './long-provenance.js';
import type { EntityNode, RelationEdge } from './types.js';

/** zod parse; the first issue becomes a RAG_INVALID_INPUT naming `input` and the issue path. */
export function parse<T>(zschema: z.ZodType<T>, value: unknown, input: string): T {
  const r = zschema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    const path = issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
    throw invalidInput(`${input}${path}`, issue?.message ?? 'invalid', { issues: r.error.issues.length });
  }
  return r.data;
}

export function byId<T extends { id: string }>(a: T, b: T): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function provenanceKey(p: Provenance): string {
  return `${p.chunkId}\u0000${p.start}\u0000${p.end}`;
}

export function unionProvenance(a: readonly Provenance[], b: readonly Provenance[]): Provenance[] {
  if (a.length + b.length <= 1) {
    // the common case (one span per extracted fact), without the intermediate arrays
    const p = a[0] ?? b[0];
    return p ? [{ chunkId: p.chunkId, start: p.start, end: p.end }] : [];
  }
  // a few spans added to a long stored list (a hub's citations): compare only those
  if (b.length <= 8 && isDistinctPooled(a)) return growDistinct(a, b);
  const seen = new Set<string>();
  const out: Provenance[] = [];
  for (const p of [...a, ...b]) {
    const k = provenanceKey(p);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ chunkId: p.chunkId, start: p.start, end: p.end });
  }
  return out;
}

/** Aliases deduplicated by normalised form, never repeating the canonical name. */
export function mergeAliases(name: string, existing: readonly string[], added: readonly string[]): string[] {
  if (existing.length + added.length === 0) return [];
  const seen = new Set([normalizeName(name)]);
  const out: string[] = [];
  for (const a of [...existing, ...added]) {
    const t = a.trim();
    const k = normalizeName(t);
    if (k === '' || seen.has(k)) continue;
    seen.add(k);
    out.push(t);
  }
  return out;
}

/** Moves/combines edges onto new endpoints; collisions upsert like addRelation does. */
export function combineEdges(a: RelationEdge, b: RelationEdge): RelationEdge {
  const attributes = a.attributes || b.attributes ? { ...(b.attributes ?? {}), ...(a.attributes ?? {}) } : undefined;
  return {
    id: a.id,
    source: a.source,
    target: a.target,
    relation: a.relation,
    provenance: unionProvenance(a.provenance, b.provenance),
    confidence: Math.max(a.confidence, b.confidence),
    ...(attributes ? { attributes } : {}),
  };
}

/** The edge with endpoint `from` replaced by `to`, re-keyed. */
export function rekey(edge: RelationEdge, from: string, to: string): RelationEdge {
  const source = edge.source === from ? to : edge.source;
  const target = edge.target === from ? to : edge.target;
  return { ...edge, id: relationId(source, edge.relation, target), source, target };
}

/**
 * A frozen copy of the node holding `provenance` (a frozen list with the node's spans, from the
 * store's span pool); the node itself when it is frozen and already holds that list.
 */
export function freezeNode(n: EntityNode, provenance: Provenance[]): EntityNode {
  if (Object.isFrozen(n) && n.provenance === provenance) return n;
  const out: EntityNode = {
    id: n.id,
    name: n.name,
    type: n.type,
    aliases: Object.freeze([...n.aliases]) as string[],
    ...(n.description !== undefined ? { description: n.description } : {}),
    attributes: Object.freeze({ ...n.attributes }) as Metadata,
    provenance,
  };
  return Object.freeze(out);
}

/** `freezeNode` for an edge. */
export function freezeEdge(e: RelationEdge, provenance: Provenance[]): RelationEdge {
  if (Object.isFrozen(e) && e.provenance === provenance) return e;
  const out: RelationEdge = {
    id: e.id,
    source: e.source,
    target: e.target,
    relation: e.relation,
    provenance,
    confidence: e.confidence,
    ...(e.attributes ? { attributes: Object.freeze({ ...e.attributes }) as Metadata } : {}),
  };
  return Object.freeze(out);
}

/** A node with its fields in the order `freezeNode` gives them (description only when set). */
export function entityNode(
  id: string,
  name: string,
  type: string,
  aliases: string[],
  description: string | undefined,
  attributes: Metadata,
  provenance: Provenance[],
): EntityNode {
  return description === undefined
    ? { id, name, type, aliases, attributes, provenance }
    : { id, name, type, aliases, description, attributes, provenance };
}

/**
 * `freezeNode` without the copy, for a node its caller has just built with `entityNode` from
 * fresh aliases, attributes and provenance objects and holds no other reference to.
 */
export function freezeOwnedNode(n: EntityNode, provenance: Provenance[]): EntityNode {
  if (Object.isFrozen(n)) return freezeNode(n, provenance);
  Object.freeze(n.aliases);
  Object.freeze(n.attributes);
  n.provenance = provenance;
  return Object.freeze(n);
}

/**
 * `freezeEdge` without the copy, for an edge its caller has just built (with fresh provenance
 * objects and attributes) and holds no other reference to. Same fields, same order.
 */
export function freezeOwnedEdge(e: RelationEdge, provenance: Provenance[]): RelationEdge {
  if (Object.isFrozen(e)) return freezeEdge(e, provenance);
  e.provenance = provenance;
  if (e.attributes) Object.freeze(e.attributes);
  return Object.freeze(e);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Freezes a plain JSON value and everything in it (log entries handed out by reference). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
