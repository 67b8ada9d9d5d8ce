// The base-ranking fallback of A2RAG: the plain lexical ranking is the base list and the graph
// ranking may move passages only in proportion to the strength of the question's graph signal.
// The two rankings are combined by a weighted reciprocal-rank interpolation (Cormack, Clarke and
// Büttcher 2009, "Reciprocal Rank Fusion", with a convex weight between the two lists):
//   fused(c) = (1 − w)/(k0 + rank_base(c)) + w/(k0 + rank_graph(c))      (absent rank: term 0)
// With w = 0 the order is exactly the base order; with w = 1 exactly the graph order (chunks
// of one list only follow, in the other list's order). In between, a passage needs support from
// the graph in proportion to w to displace a base passage.
import type { RankedChunk } from '@rag/core';

/** Rank constant of reciprocal-rank fusion (the value of Cormack et al.). */
export const RRF_K = 60;

/**
 * Interpolates two rankings by reciprocal rank with graph weight `w` ∈ [0, 1]. Chunks in neither
 * top position keep their relative order; ties are broken by the base ranking, then the graph's.
 * Returns new objects; each chunk's score is its fused score (non-increasing down the list).
 */
export function fuseWithBase(base: readonly RankedChunk[], graph: readonly RankedChunk[], w: number, k0 = RRF_K): RankedChunk[] {
  if (!(w >= 0 && w <= 1)) throw new RangeError(`fuseWithBase: w must be in [0, 1], got ${w}`);
  const rb = new Map<string, number>();
  base.forEach((c, i) => rb.has(c.chunkId) || rb.set(c.chunkId, i));
  const rg = new Map<string, number>();
  graph.forEach((c, i) => rg.has(c.chunkId) || rg.set(c.chunkId, i));
  // The object of the list that weighs more describes the chunk (its source names the ranking).
  const byId = new Map<string, RankedChunk>();
  for (const c of w >= 0.5 ? [...graph, ...base] : [...base, ...graph]) if (!byId.has(c.chunkId)) byId.set(c.chunkId, c);
  const score = (id: string): number => {
    const b = rb.get(id);
    const g = rg.get(id);
    return (b === undefined ? 0 : (1 - w) / (k0 + b + 1)) + (g === undefined ? 0 : w / (k0 + g + 1));
  };
  const far = Number.MAX_SAFE_INTEGER;
  const entries = [...byId.keys()].map((id) => ({ id, s: score(id), b: rb.get(id) ?? far, g: rg.get(id) ?? far }));
  entries.sort((x, y) => y.s - x.s || (w >= 0.5 ? x.g - y.g || x.b - y.b : x.b - y.b || x.g - y.g));
  return entries.map((e) => ({ ...byId.get(e.id)!, score: e.s }));
}
