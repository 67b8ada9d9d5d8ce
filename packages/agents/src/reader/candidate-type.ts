// The type of a candidate name, from three readers that each see something different: the
// knowledge graph's node type (typed at indexing from the whole passage), the compromise tagger's
// reading of the name in its sentence, and the indexer's name-only guess (suffixes like
// "… County", "… Association", honorifics, the lexicon's given names). The fit of those types to
// the expected answer type multiplies the candidate's score.
import type { EntityType } from '@rag/verify';
import { guessType } from '@rag/indexer';
import type { SentenceNameTypes } from '../strategies/name-types.js';

/** The part of a graph store the reader reads: node types by name. */
export interface NameTypeGraph {
  findByName(name: string): { id: string; type: string }[];
  /** The chunks a node was read from (graph-store's π); bridge-fetch.ts follows them. */
  chunksOfNode?(nodeId: string): string[];
}

const TAGGER_TYPE = { person: 'Person', place: 'Place', organization: 'Organization' } as const;
const KNOWN = new Set(['Person', 'Place', 'Organization', 'Work', 'Event']);

/** Entity types the readers give the name (only the informative ones: no "Entity"). */
export function nameTypes(name: string, sentence: SentenceNameTypes | undefined, graph?: NameTypeGraph): Set<string> {
  const out = new Set<string>();
  for (const t of sentence?.typesOf(name) ?? []) out.add(TAGGER_TYPE[t]);
  for (const node of graph?.findByName(name) ?? []) if (KNOWN.has(node.type)) out.add(node.type);
  const guessed = guessType(name);
  if (KNOWN.has(guessed)) out.add(guessed);
  return out;
}

// Multipliers, round values chosen by reasoning, not fitted: a name typed as asked gains a
// third; a name typed only as something else (a film for "who directed …") keeps about a third;
// an untyped name for a person question, or a place read as an organisation, keeps 0.7 (the
// verifier cannot call the first a person either).
const MATCH = 1.3;
const MISMATCH = 0.35;
const UNTYPED_PERSON = 0.7;
const SOFT_MISMATCH = 0.7;

/** How well the name's types fit the expected type; 1 when the type asked is not a name type. */
export function typeFit(expected: EntityType, types: Set<string>): number {
  if (expected !== 'Person' && expected !== 'Place' && expected !== 'Organization' && expected !== 'Work') return 1;
  if (types.has(expected)) return MATCH;
  // Organisations and places are often read as each other ("Boston Symphony Hall"), so that
  // mismatch is a soft one; any other (a film for "who directed …") is firm.
  const soft = (t: string) => (expected === 'Place' || expected === 'Organization') && (t === 'Place' || t === 'Organization');
  const others = [...types].filter((t) => t !== expected);
  if (others.some((t) => !soft(t))) return MISMATCH;
  if (others.length > 0) return SOFT_MISMATCH;
  return expected === 'Person' ? UNTYPED_PERSON : 1;
}

/**
 * A name of capitals and full stops only ("U.S", "NBA", "UK"): an abbreviation of a country or an
 * organisation, never a person's name as an answer gives it; a person question reads it as a firm
 * mismatch, whatever type the graph gave it.
 */
export function isAbbreviation(name: string): boolean {
  return /^(?:\p{Lu}\.?){1,5}$/u.test(name.trim());
}

/** The fit of an abbreviation to a person question (the firm mismatch); 1 for any other name or type. */
export function abbreviationFit(expected: EntityType, name: string): number {
  return expected === 'Person' && isAbbreviation(name) ? MISMATCH / MATCH : 1;
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A candidate named as the asked head noun: its last word is the head ("Avery County" for "what
 * county") or the word before its "of" complement is ("Anglican Church of Canada" for "what church"), it is defined as one ("Victoria Falls … is a waterfall"), or the head precedes it
 * ("the waterfall Victoria Falls", "the river, called the Fulda"; a capitalised head there is the end
 * of another name, "Jefferson County, Iowa").
 */
export function headFit(head: string | undefined, candidate: string, sentence?: string, at?: { start: number; end: number }): number {
  if (!head) return 1;
  const last = candidate.toLowerCase().split(/\s+/).at(-1)?.replace(/[^\p{L}-]/gu, '') ?? '';
  if (last === head || last === `${head}s`) return MATCH;
  // A name's head noun stands before its "of" complement: "Anglican Church of Canada" is a
  // church, "University of Kansas" a university.
  const beforeOf = /^(.+?)\s+of\s/i.exec(candidate)?.[1]?.toLowerCase().split(/\s+/).at(-1)?.replace(/[^\p{L}-]/gu, '');
  if (beforeOf === head || beforeOf === `${head}s`) return MATCH;
  if (sentence && at) {
    const h = escape(head);
    const after = sentence.slice(at.end, at.end + 120);
    const before = sentence.slice(Math.max(0, at.start - 40), at.start);
    // A parenthesis after the name (native names, dates) is skipped; up to three modifiers.
    if (new RegExp(`^\\s*(?:\\([^)]*\\)\\s*)?,?\\s*(?:is|was|are|were)\\s+(?:a|an|the|one of the)\\s+(?:[\\p{L}-]+\\s+){0,3}${h}s?\\b`, 'iu').test(after)) return MATCH;
    // The head before the name must be a common noun ("the river Fulda"), not the last word of
    // another name: "Jefferson County, Iowa" does not make Iowa a county.
    const preceding = new RegExp(`\\b(${h}s?)\\s*,?\\s*(?:(?:called|named|known as)\\s+)?(?:the\\s+)?$`, 'i').exec(before);
    if (preceding && !/^\p{Lu}/u.test(preceding[1]!)) return MATCH;
  }
  return 1;
}
