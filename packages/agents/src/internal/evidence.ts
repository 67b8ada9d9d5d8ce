// Evidence bookkeeping shared by the agents: the ranked list an Answer reports (for Recall@K)
// and merging rankings gathered over several retrieval steps.
import type { Answer, RankedChunk } from '@rag/core';

export type RankedRef = NonNullable<Answer['evidence']>[number];

export function refsOf(chunks: readonly RankedChunk[]): RankedRef[] {
  return chunks.map((c) => ({ chunkId: c.chunkId, docId: c.docId, score: c.score }));
}

/**
 * Merge rankings: `first` keeps its order on top, later lists append chunks not seen yet with
 * scores strictly below, so the merged list stays ordered and at least as long as each input.
 */
export function mergeRanked(first: readonly RankedChunk[], ...rest: (readonly RankedChunk[])[]): RankedChunk[] {
  const out: RankedChunk[] = [];
  const seen = new Set<string>();
  let floor = Number.POSITIVE_INFINITY;
  for (const list of [first, ...rest]) {
    for (const c of list) {
      if (seen.has(c.chunkId)) continue;
      seen.add(c.chunkId);
      const score = Math.min(c.score, floor - 1e-9);
      floor = score;
      out.push({ ...c, score });
    }
  }
  return out;
}
