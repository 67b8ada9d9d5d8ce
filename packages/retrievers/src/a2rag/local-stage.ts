// A2RAG Stage 1 (eq. 7): 1-hop neighbourhoods N_1(v) of the entity seeds on the augmented graph,
// keeping only edges whose relation is in S_R when relation seeds are present. Each neighbour
// routes its parent's strength to its provenance chunks through π (defining chunks at full
// weight); the retriever then gates those links by each chunk's own relevance to the query.
import type { Adjacency } from '../internal/adjacency.js';
import type { ProvenanceMap } from '../internal/provenance-map.js';
import type { StageResult } from './stage-result.js';
import { addChunkScore, emptyStageResult } from './stage-result.js';

export interface LocalStageOptions {
  /** Cap on edges read per seed (default 80). */
  maxEdgesPerSeed?: number;
}

export interface LocalSeed {
  index: number;
  /** Strength in [0, 1]. */
  weight: number;
  /** An aligned query entity (S_V) rather than a feedback entity. */
  aligned: boolean;
}

export function localStage(adj: Adjacency, pm: ProvenanceMap, seeds: readonly LocalSeed[], relationSeeds: readonly string[], options: LocalStageOptions = {}): StageResult {
  const cap = options.maxEdgesPerSeed ?? 80;
  const r = emptyStageResult('local');
  const filter = relationSeeds.length > 0 ? new Set(relationSeeds) : undefined;
  let filteredOut = 0;
  for (const s of seeds) {
    r.nodes.add(s.index);
    if (s.aligned) for (const [c, w] of pm.weighted[s.index]!) addChunkScore(r, c, s.weight * w, 'own');
    const incident = adj.neighbours[s.index]!;
    const filtered = filter ? incident.filter((n) => filter.has(n.relation)) : incident;
    // An S_R filter that removes every edge of a seed would silence it; keep all edges then.
    const kept = filtered.length > 0 ? filtered : incident;
    filteredOut += incident.length - kept.length;
    for (const { node, edge } of kept.slice(0, cap)) {
      if (node === s.index) continue;
      r.nodes.add(node);
      r.edges.add(edge);
      for (const [c, w] of pm.weighted[node]!) addChunkScore(r, c, s.weight * w);
    }
  }
  r.info = { seeds: seeds.length, filteredOut };
  return r;
}
