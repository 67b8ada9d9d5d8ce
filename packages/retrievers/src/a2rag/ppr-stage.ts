// A2RAG Stage 3 (eqs. 9–12): degree-normalised personalised PageRank from the seeds on the
// augmented graph, then the top-L nodes are mapped back to their provenance chunks through π.
import type { Adjacency } from '../internal/adjacency.js';
import type { ProvenanceMap } from '../internal/provenance-map.js';
import { personalizedPageRank } from '../internal/walks.js';
import { addChunkScore, emptyStageResult, type StageResult } from './stage-result.js';

export interface PprStageOptions {
  /** Teleport probability α (default 0.5). */
  alpha?: number;
  /** Residual tolerance of the local-push PPR (default 1e-5). */
  tolerance?: number;
  /** Push budget (default 400k). */
  maxPushes?: number;
  /** Top-L nodes mapped back to chunks (default 40). */
  topL?: number;
}

/**
 * `seeds` maps node index → seed weight. Eq. 10 sets p0(u) ∝ deg(u)⁻¹ for u ∈ S_V; we multiply
 * by the seed's weight (confidence × specificity) so weak matches personalise less.
 */
export function pprStage(adj: Adjacency, pm: ProvenanceMap, seeds: ReadonlyMap<number, number>, options: PprStageOptions = {}): StageResult {
  const r = emptyStageResult('ppr');
  if (seeds.size === 0) {
    r.info = { reason: 'no seeds' };
    return r;
  }
  const p0 = new Map<number, number>();
  for (const [i, w] of seeds) p0.set(i, w / Math.max(1, adj.degree[i]!));
  const scores = personalizedPageRank(adj, p0, { alpha: options.alpha ?? 0.5, ...(options.tolerance !== undefined ? { tolerance: options.tolerance } : {}), ...(options.maxPushes !== undefined ? { maxPushes: options.maxPushes } : {}) });
  const L = options.topL ?? 40;
  const order: number[] = [];
  for (let i = 0; i < scores.length; i += 1) if (scores[i]! > 0) order.push(i);
  order.sort((a, b) => scores[b]! - scores[a]!);
  const top = order.slice(0, L);
  const max = top.length ? scores[top[0]!]! : 1;
  for (const u of top) {
    r.nodes.add(u);
    for (const [c, w] of pm.weighted[u]!) addChunkScore(r, c, (scores[u]! / max) * w);
  }
  r.info = { topL: top.length, maxScore: top.length ? scores[top[0]!] : 0 };
  return r;
}
