// A2RAG Stage 2 (eq. 8): bridge candidates B_K = nodes within K hops of at least two seeds on
// the augmented graph, with a capped number of short paths from each bridge to its seeds; the
// triples on those paths are the stage's evidence and rank chunks through their provenance.
// The walks are graph-store's `hopTree` (one BFS tree per seed over its cached CSR); this stage
// only scores and caps.
import { hopTree, type Adjacency, type GraphStore } from '@rag/graph-store';
import type { ProvenanceMap } from '../internal/provenance-map.js';
import type { EntitySeed } from './seeds.js';
import { addChunkScore, emptyStageResult, type StageResult } from './stage-result.js';

export interface BridgeStageOptions {
  /** Hop budget K ≥ 2 (default 2). */
  hops?: number;
  maxBridges?: number;
  pathsPerBridge?: number;
  /** Bridges are searched between the strongest seeds only (default 6). */
  maxSeeds?: number;
  /** Cap on nodes explored per seed (default 3000). */
  maxVisited?: number;
}

/** `adj` gives the node positions (graph-store's CSR order) that `seeds` and `pm` use. */
export function bridgeStage(graph: GraphStore, adj: Adjacency, pm: ProvenanceMap, allSeeds: readonly EntitySeed[], options: BridgeStageOptions = {}): StageResult {
  const K = Math.max(2, options.hops ?? 2);
  const maxBridges = options.maxBridges ?? 20;
  const perBridge = options.pathsPerBridge ?? 2;
  const r = emptyStageResult('bridge');
  let seeds = allSeeds;
  if (seeds.length < 2) {
    r.info = { bridges: 0, reason: 'fewer than two seeds' };
    return r;
  }
  const maxSeeds = options.maxSeeds ?? 6;
  seeds = seeds.slice(0, maxSeeds);
  const reach = seeds.map((s) => hopTree(graph, adj.ids.at(s.index)!, { k: K, maxNodes: options.maxVisited ?? 3000 }));
  const seedSet = new Set(seeds.map((s) => s.index));
  const candidates = new Map<number, { id: string; count: number; closeness: number; weight: number }>();
  reach.forEach((tree, si) => {
    // positions in BFS order: the same CSR positions as `adj`, no id round trip
    for (let q = 0; q < tree.order.length; q += 1) {
      const u = tree.order[q]!;
      const d = tree.depth[q]!;
      if (d === 0 || seedSet.has(u)) continue;
      const c = candidates.get(u) ?? { id: adj.ids.at(u)!, count: 0, closeness: 0, weight: 0 };
      c.count += 1;
      c.closeness += 1 / d;
      c.weight += seeds[si]!.weight / d;
      candidates.set(u, c);
    }
  });
  // Prefer bridges joining more seeds, then closer ones, then rarer ones (fewer neighbours).
  const bridges = [...candidates]
    .filter(([, c]) => c.count >= 2)
    .sort((a, b) => b[1].count - a[1].count || b[1].weight - a[1].weight || adj.degree[a[0]]! - adj.degree[b[0]]!)
    .slice(0, maxBridges);
  const top = bridges[0]?.[1].weight ?? 1;
  for (const [b, c] of bridges) {
    r.nodes.add(b);
    let paths = 0;
    for (const tree of reach) {
      if (paths >= perBridge * Math.max(2, c.count)) break;
      const p = tree.path(c.id);
      if (!p) continue;
      paths += 1;
      for (const n of p.nodes) r.nodes.add(adj.index.get(n)!);
      for (const e of p.edges) r.edges.add(e);
    }
    const score = c.weight / top;
    for (const [ch, w] of pm.weighted(b)) addChunkScore(r, ch, score * w);
  }
  r.info = { bridges: bridges.length, candidates: candidates.size };
  return r;
}
