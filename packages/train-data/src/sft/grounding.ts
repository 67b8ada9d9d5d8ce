// Grounding gate: every entity and relation of G must be found in the reference text r. Names
// and evidence are compared after normalisation (case, diacritics, punctuation, whitespace) and
// on word boundaries, so "Paris" does not ground in "comparison".
import { normalizeText, splitSentences } from '@rag/core';
import type { KnowledgeGraph } from './graph-schema.js';

export interface GroundingProblem {
  kind: 'entity' | 'relation';
  /** Index in `entities` or `relations`. */
  index: number;
  item: string;
  reason: string;
}

const padded = (s: string) => ` ${normalizeText(s)} `;

function contains(haystackPadded: string, needle: string): boolean {
  const n = normalizeText(needle);
  return n.length > 0 && haystackPadded.includes(` ${n} `);
}

/** Problems found; an empty list means G is fully grounded in `reference`. */
export function groundingProblems(graph: KnowledgeGraph, reference: string): GroundingProblem[] {
  const whole = padded(reference);
  const sentences = splitSentences(reference).map((s) => padded(s.text));
  const problems: GroundingProblem[] = [];
  graph.entities.forEach((e, index) => {
    if (!contains(whole, e.name)) problems.push({ kind: 'entity', index, item: e.name, reason: `entity "${e.name}" does not occur in the reference text` });
  });
  graph.relations.forEach((r, index) => {
    const item = `${r.head} —${r.relation}→ ${r.tail}`;
    const missing = [r.head, r.tail].filter((n) => !contains(whole, n));
    if (missing.length) {
      problems.push({ kind: 'relation', index, item, reason: `relation end(s) ${missing.map((m) => `"${m}"`).join(', ')} do not occur in the reference text` });
      return;
    }
    if (r.evidence !== undefined && r.evidence.trim()) {
      if (!contains(whole, r.evidence)) problems.push({ kind: 'relation', index, item, reason: 'the quoted evidence is not in the reference text' });
      return;
    }
    // Without quoted evidence, the two ends must at least share a sentence of r.
    if (!sentences.some((s) => contains(s, r.head) && contains(s, r.tail)))
      problems.push({ kind: 'relation', index, item, reason: 'head and tail never occur in the same sentence of the reference text' });
  });
  return problems;
}
