// A2RAG Stage 3 (eqs. 9–12): degree-normalised personalised PageRank from the seeds on the
// augmented graph, then the top-L nodes are mapped back to their provenance chunks through π.
// The walk is graph-store's local-push PPR (`personalizedPageRankPush`) over its cached CSR.
import { personalizedPageRankPush, type Adjacency, type GraphStore } from '@rag/graph-store';
import type { ProvenanceMap } from '../internal/provenance-map.js';
import { addChunkScore, emptyStageResult, type StageResult } from './stage-result.js';

export interface PprStageOptions {
  /** Teleport probability α (default 0.5). */
  alpha?: number;
  /** Residual tolerance per unit degree of the local-push PPR (default 1e-5). */
  tolerance?: number;
  /** Push budget (default 400k). */
  maxPushes?: number;
  /** Top-L nodes mapped back to chunks (default 40). */
  topL?: number;
}

/**
 * `seeds` maps node position (in `adj`) → seed weight. Eq. 10 sets p0(u) ∝ deg(u)⁻¹ for
 * u ∈ S_V; graph-store multiplies by the seed's weight (confidence × specificity) so weak
 * matches personalise less.
 */
export function pprStage(graph: GraphStore, adj: Adjacency, pm: ProvenanceMap, seeds: ReadonlyMap<number, number>, options: PprStageOptions = {}): StageResult {
  const r = emptyStageResult('ppr');
  const weights: Record<string, number> = {};
  for (const [i, w] of seeds) if (w > 0) weights[adj.ids.at(i)!] = (weights[adj.ids.at(i)!] ?? 0) + w;
  if (Object.keys(weights).length === 0) {
    r.info = { reason: 'no seeds' };
    return r;
  }
  const ppr = personalizedPageRankPush(graph, {
    seeds: weights,
    personalization: 'degree',
    alpha: options.alpha ?? 0.5,
    tolerance: options.tolerance ?? 1e-5,
    maxPushes: options.maxPushes ?? 400_000,
  });
  const top = ppr.top(options.topL ?? 40);
  const max = top[0]?.score ?? 1;
  for (const { id, score } of top) {
    const u = adj.index.get(id)!;
    r.nodes.add(u);
    for (const [c, w] of pm.weighted(u)) addChunkScore(r, c, (score / max) * w);
  }
  r.info = { topL: top.length, maxScore: top[0]?.score ?? 0, pushes: ppr.pushes, errorBound: ppr.errorBound, converged: ppr.converged };
  return r;
}
