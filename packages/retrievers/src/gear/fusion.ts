// GEAR subgraph construction (Algorithm 3 and Section IV-A): Fusion-Union (neighbour expansion
// scored by eq. 5, top-m, edges among the selected nodes), Fusion-PPR (eqs. 8–10, uniform
// personalisation over the seed set) and Fusion-PCST (eqs. 11–13).
import type { VectorRecord, VectorStore } from '@rag/core';
import { fusionSeeds, personalizedPageRank, prizeCollectingSteinerTree, type GraphStore } from '@rag/graph-store';
import { cosine } from '../internal/vector.js';
import type { PathCandidate, PathView } from './path-retrieval.js';

export type GearFusion = 'union' | 'ppr' | 'pcst';

export interface FusionInput {
  graph: GraphStore;
  vectors: VectorStore;
  views: readonly PathView[];
  candidates: readonly PathCandidate[];
  nodeNamespace: (h: number) => string;
  edgeNamespace: (h: number) => string;
  /** Nodes added by expansion (m), default 10. */
  m: number;
  /** Cap on neighbours scored by Fusion-Union / offered to PCST (default 400). */
  maxNeighbours: number;
  /** Weight of expansion nodes relative to the mean seed weight (default 0.25 in the retriever). */
  expansionWeight: number;
}

export interface FusionResult {
  nodes: string[];
  edges: string[];
  /** Score of each selected element (for ranking chunks through provenance). */
  scores: Map<string, number>;
}

/** α_h: path importances normalised to sum to 1. */
function fusionWeights(views: readonly PathView[]): number[] {
  const total = views.reduce((s, v) => s + v.importance, 0);
  return views.map((v) => (total > 0 ? v.importance / total : 1 / Math.max(1, views.length)));
}

/** Σ_h α_h · sim(q_h, x_h) (GEAR eq. 5) for many ids of one kind. */
async function pathScores(input: FusionInput, ids: string[], kind: 'node' | 'edge'): Promise<Map<string, number>> {
  const out = new Map<string, number>(ids.map((id) => [id, 0]));
  if (!input.vectors.get || ids.length === 0) return out;
  const alpha = fusionWeights(input.views);
  for (let i = 0; i < input.views.length; i += 1) {
    const v = input.views[i]!;
    const ns = kind === 'node' ? input.nodeNamespace(v.head) : input.edgeNamespace(v.head);
    for (const r of await safeGet(input.vectors, ns, ids)) out.set(r.id, (out.get(r.id) ?? 0) + alpha[i]! * cosine(v.query, r.vector));
  }
  return out;
}

/**
 * VectorStore.get for ids that may be absent from a view (an index may leave some relations,
 * e.g. co-occurrence edges, out of its path views): fall back to one id at a time, skipping misses.
 */
export async function safeGet(vectors: VectorStore, ns: string, ids: string[]): Promise<VectorRecord[]> {
  if (!vectors.get || ids.length === 0) return [];
  try {
    return await vectors.get(ns, ids);
  } catch {
    const out: VectorRecord[] = [];
    for (const id of ids.slice(0, 400)) {
      try {
        out.push(...(await vectors.get(ns, [id])));
      } catch {
        // not in this view
      }
    }
    return out;
  }
}

function seedSets(input: FusionInput): { nodes: string[]; edges: string[] } {
  const nodes = input.candidates.filter((c) => c.kind === 'node' && input.graph.hasNode(c.id)).map((c) => c.id);
  const edges = input.candidates.filter((c) => c.kind === 'edge' && input.graph.getEdge(c.id)).map((c) => c.id);
  return { nodes, edges };
}

function neighboursOf(graph: GraphStore, nodes: Iterable<string>, cap: number): string[] {
  const start = new Set(nodes);
  const seen = new Set(start);
  const out: string[] = [];
  for (const n of start) {
    for (const u of graph.neighbors(n)) {
      if (seen.has(u)) continue;
      seen.add(u);
      out.push(u);
      if (out.length >= cap) return out;
    }
  }
  return out;
}

function edgesAmong(graph: GraphStore, nodes: Set<string>, extra: readonly string[]): string[] {
  const out = new Set(extra);
  for (const n of nodes) for (const e of graph.edgesOf(n, { direction: 'out' })) if (nodes.has(e.target)) out.add(e.id);
  return [...out];
}

export async function fuse(kind: GearFusion, input: FusionInput): Promise<FusionResult> {
  const seeds = seedSets(input);
  const seedNodes = fusionSeeds(input.graph, seeds.nodes, seeds.edges);
  const scores = new Map<string, number>();
  for (const c of input.candidates) scores.set(c.id, c.weight);
  // Expansion nodes are scored relative to the mean seed weight, times their own fusion score
  // (eq. 5 similarity, PPR mass or PCST prize, each normalised to [0, 1]).
  const base = input.expansionWeight * (input.candidates.reduce((t, c) => t + c.weight, 0) / Math.max(1, input.candidates.length));
  for (const id of seedNodes) if (!scores.has(id)) scores.set(id, base / 2);
  if (seedNodes.length === 0) return { nodes: [], edges: [], scores };

  if (kind === 'union') {
    const nb = neighboursOf(input.graph, seedNodes, input.maxNeighbours);
    const sc = await pathScores(input, nb, 'node');
    const top = [...sc].sort((a, b) => b[1] - a[1]).slice(0, input.m);
    for (const [id, s] of top) scores.set(id, base * Math.max(0, s));
    const nodes = new Set([...seedNodes, ...top.map(([id]) => id)]);
    return { nodes: [...nodes], edges: edgesAmong(input.graph, nodes, seeds.edges), scores };
  }
  if (kind === 'ppr') {
    // GEAR eq. 9: uniform personalisation over S; eq. 10's α (continuation) = 1 − teleport.
    const ppr = personalizedPageRank(input.graph, { seeds: seedNodes, personalization: 'uniform', alpha: 0.15, maxIterations: 30 });
    const top = ppr.top(input.m, { exclude: seedNodes });
    const max = top[0]?.score ?? 1;
    for (const t of top) scores.set(t.id, base * (t.score / max));
    const nodes = new Set([...seedNodes, ...top.map((t) => t.id)]);
    return { nodes: [...nodes], edges: edgesAmong(input.graph, nodes, seeds.edges), scores };
  }
  // PCST over the seeds and their neighbours; prizes r_v, r_e from eqs. 11–12.
  const pool = [...seedNodes, ...neighboursOf(input.graph, seedNodes, input.maxNeighbours)];
  const nodePrize = await pathScores(input, pool, 'node');
  for (const c of input.candidates) if (c.kind === 'node') nodePrize.set(c.id, (nodePrize.get(c.id) ?? 0) + 1 + c.weight);
  const poolSet = new Set(pool);
  const poolEdges = new Set<string>();
  for (const n of pool) for (const e of input.graph.edgesOf(n, { direction: 'out' })) if (poolSet.has(e.target)) poolEdges.add(e.id);
  const edgePrize = await pathScores(input, [...poolEdges], 'edge');
  for (const c of input.candidates) if (c.kind === 'edge') edgePrize.set(c.id, (edgePrize.get(c.id) ?? 0) + c.weight);
  const prizes = new Map([...nodePrize].map(([k, v]) => [k, Math.max(0, v)] as [string, number]));
  const tree = prizeCollectingSteinerTree(input.graph, {
    prizes,
    edgePrizes: new Map([...edgePrize].map(([k, v]) => [k, Math.max(0, v)] as [string, number])),
    nodeIds: pool,
    edgeCost: 0.5,
  });
  const nodes = new Set([...tree.nodes, ...seedNodes]);
  const maxPrize = Math.max(1e-9, ...tree.nodes.map((id) => prizes.get(id) ?? 0));
  for (const id of tree.nodes) if (!scores.has(id)) scores.set(id, base * ((prizes.get(id) ?? 0) / maxPrize));
  return { nodes: [...nodes], edges: [...new Set([...tree.edges, ...seeds.edges])], scores };
}
