// Duplicate detection for instruction–graph pairs: an exact content hash over the normalised
// pair, and graph similarity as Jaccard over normalised triples (entities when G has none).
import { contentHash, normalizeText } from '@rag/core';
import type { KnowledgeGraph } from './graph-schema.js';

/** Normalised facts of G: "head|relation|tail" per relation, "entity:name|type" otherwise. */
export function graphFacts(graph: KnowledgeGraph): Set<string> {
  const n = (s: string) => normalizeText(s);
  if (graph.relations.length > 0) return new Set(graph.relations.map((r) => `${n(r.head)}|${n(r.relation)}|${n(r.tail)}`));
  return new Set(graph.entities.map((e) => `entity:${n(e.name)}|${n(e.type)}`));
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Word set of a text after normalisation (for instruction similarity). */
export function wordSet(text: string): Set<string> {
  return new Set(normalizeText(text).split(' ').filter(Boolean));
}

/** Hash of the normalised pair: question, reference and the sorted facts of G. */
export function pairHash(question: string, reference: string, graph: KnowledgeGraph): string {
  return contentHash(normalizeText(question), normalizeText(reference), [...graphFacts(graph)].sort().join('\n'));
}
