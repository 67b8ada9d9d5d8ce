// Louvain communities (our own, `louvain.ts`) on the undirected, simple projection of the store:
// both directions and parallel edges fold into one weighted edge (`fold-undirected.ts`). Node i
// of the projection is the i-th node id in sorted order. This file builds the projection from
// the store — from the graph file's columns while the graph is unedited, else from its edges
// through one id → number table — and shapes the result.
import { invalidInput } from '@rag/core';
import type { GraphViewExtras } from '../graph-view.js';
import type { GraphStore } from '../types.js';
import { foldUndirected } from './fold-undirected.js';
import { louvain, type WeightedCsr } from './louvain.js';

export interface CommunityOptions {
  /** PRNG seed for Louvain's random choices; same seed + same graph → same communities. Default 1. */
  seed?: number;
  /** Modularity resolution γ (> 1 favours smaller communities). Default 1. */
  resolution?: number;
  /** Weight of a folded edge: sum of confidences ("confidence", default) or of edge counts ("count"). */
  weight?: 'confidence' | 'count';
}

export interface CommunityResult {
  /** node id → community number; communities are numbered 0.. by size (largest first; equal sizes by smallest member id). */
  communityOf: Map<string, number>;
  /** community number → member ids (sorted). */
  members: Map<number, string[]>;
  count: number;
  /** modularity of the partition on the projection (with γ = the resolution); 0 without edges */
  modularity: number;
}

export function detectCommunities(store: GraphStore, options: CommunityOptions = {}): CommunityResult {
  const seed = options.seed ?? 1;
  const resolution = options.resolution ?? 1;
  if (!Number.isInteger(seed)) throw invalidInput('seed', `must be an integer, got ${seed}`);
  if (!(resolution > 0)) throw invalidInput('resolution', `must be > 0, got ${resolution}`);
  const { ids, graph } = projection(store, options.weight ?? 'confidence');
  const result = louvain(graph, { seed, resolution });
  return shape(ids, result.community, result.count, result.modularity);
}

/** Node ids in sorted order and the folded projection over their positions. */
function projection(store: GraphStore, weight: 'confidence' | 'count'): { ids: string[]; graph: WeightedCsr } {
  const cols = (store as Partial<GraphViewExtras>).columns?.();
  if (cols) {
    const n = cols.nodeIds.length;
    const ids = new Array<string>(n);
    for (let i = 0; i < n; i++) ids[i] = cols.nodeIds.at(i)!;
    const w = weight === 'count' ? null : cols.confidence;
    const m = cols.sources.length;
    if (cols.sorted) return { ids, graph: foldUndirected(n, m, cols.sources, cols.targets, w) };
    const order = Array.from(ids.keys()).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
    const rank = new Int32Array(n);
    order.forEach((i, r) => (rank[i] = r));
    const source = new Int32Array(m);
    const target = new Int32Array(m);
    for (let e = 0; e < m; e++) {
      source[e] = rank[cols.sources[e]!]!;
      target[e] = rank[cols.targets[e]!]!;
    }
    return { ids: order.map((i) => ids[i]!), graph: foldUndirected(n, m, source, target, w) };
  }
  const ids: string[] = [];
  for (const node of store.nodes()) ids.push(node.id);
  ids.sort();
  const index = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) index.set(ids[i]!, i);
  const cap = store.edgeCount;
  const source = new Int32Array(cap);
  const target = new Int32Array(cap);
  const w = weight === 'count' ? null : new Float64Array(cap);
  let m = 0;
  for (const e of store.edges()) {
    source[m] = index.get(e.source)!;
    target[m] = index.get(e.target)!;
    if (w) w[m] = e.confidence;
    m++;
  }
  return { ids, graph: foldUndirected(ids.length, m, source, target, w) };
}

/** Communities renumbered by size, largest first, equal sizes by their smallest member id. */
function shape(ids: string[], community: Int32Array, count: number, modularity: number): CommunityResult {
  const size = new Int32Array(count);
  const first = new Int32Array(count).fill(-1);
  for (let i = 0; i < ids.length; i++) {
    const c = community[i]!;
    size[c]!++;
    if (first[c] === -1) first[c] = i;
  }
  // ids are sorted, so the smallest member id of c is ids[first[c]]: compare positions
  const order = Array.from({ length: count }, (_, c) => c).sort((a, b) => size[b]! - size[a]! || first[a]! - first[b]!);
  const number = new Int32Array(count);
  order.forEach((c, k) => (number[c] = k));
  const lists: string[][] = order.map((c) => new Array<string>(size[c]!));
  const filled = new Int32Array(count);
  const communityOf = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) {
    const k = number[community[i]!]!;
    lists[k]![filled[k]!++] = ids[i]!;
    communityOf.set(ids[i]!, k);
  }
  const members = new Map<number, string[]>();
  lists.forEach((list, k) => members.set(k, list));
  return { communityOf, members, count, modularity };
}
