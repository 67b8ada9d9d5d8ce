// A BFS tree of N_K(v) over the cached CSR adjacency (A2RAG eq. 7 on the graph with inverse
// edges), with one shortest tree path back to the start per reached node. Bridge search (eq. 8)
// runs one tree per seed and reads the paths only for the bridges it keeps, so edge ids are
// resolved lazily from the store instead of being carried in the CSR.
import { RagError, invalidInput, type StringColumn } from '@rag/core';
import type { GraphStore } from '../types.js';
import { getAdjacency, outArcs, type Adjacency, type AdjacencyOptions, type WalkDirection } from './adjacency.js';
import type { GraphPath } from './shortest-paths.js';

export interface HopTreeOptions extends Omit<AdjacencyOptions, 'weight'> {
  /** Hop budget K ≥ 0. Default 2. */
  k?: number;
  /** Stop once this many nodes (start included) are reached, for hubs. Default unlimited. */
  maxNodes?: number;
}

export interface HopTree {
  start: string;
  /** Node ids in CSR order (`getAdjacency(store)`): what the positions in `order` index. */
  nodeIds: StringColumn;
  /** Positions of the reached nodes in BFS order, start first; `depth[i]` is the hop distance of `order[i]`. */
  order: Int32Array;
  depth: Int32Array;
  /** Reached node → hop distance (start at 0), in BFS order. Built on first read. */
  readonly distances: Map<string, number>;
  /**
   * The tree path from the start to `id` (start first), or undefined when not reached. On
   * parallel edges the most confident edge is named.
   */
  path(id: string): GraphPath | undefined;
}

export function hopTree(store: GraphStore, start: string, options: HopTreeOptions = {}): HopTree {
  const k = options.k ?? 2;
  const maxNodes = options.maxNodes ?? Infinity;
  if (!Number.isInteger(k) || k < 0) throw invalidInput('k', `must be a non-negative integer, got ${k}`);
  if (!(maxNodes >= 1)) throw invalidInput('maxNodes', `must be ≥ 1, got ${maxNodes}`);
  const direction = options.direction ?? 'both';
  const adj = getAdjacency(store, { direction, ...(options.relations ? { relations: options.relations } : {}) });
  const s = adj.index.get(start);
  if (s === undefined) throw new RagError('RAG_NOT_FOUND', `start: no node "${start}"`, { details: { input: 'start', id: start } });
  const { offsets, targets } = outArcs(adj, direction);
  // positional BFS: callers that work on CSR positions (the retrievers) never touch strings
  const n = adj.ids.length;
  const parent = new Int32Array(n).fill(-1);
  parent[s] = s;
  const cap = Math.min(n, Math.floor(maxNodes));
  const order = new Int32Array(cap);
  const depth = new Int32Array(cap);
  order[0] = s;
  let size = 1;
  let lo = 0;
  outer: for (let d = 1; d <= k && lo < size; d++) {
    const hi = size;
    for (let q = lo; q < hi; q++) {
      const u = order[q]!;
      for (let j = offsets[u]!, end = offsets[u + 1]!; j < end; j++) {
        const v = targets[j]!;
        if (parent[v] !== -1) continue;
        if (size >= cap) break outer;
        parent[v] = u;
        order[size] = v;
        depth[size] = d;
        size++;
      }
    }
    lo = hi;
  }
  let distances: Map<string, number> | undefined;
  const relations = options.relations && options.relations.length > 0 ? options.relations : undefined;
  return {
    start,
    nodeIds: adj.ids,
    order: order.subarray(0, size),
    depth: depth.subarray(0, size),
    get distances() {
      if (!distances) {
        distances = new Map();
        for (let i = 0; i < size; i++) distances.set(adj.ids.at(order[i]!)!, depth[i]!);
      }
      return distances;
    },
    path(id) {
      const t = adj.index.get(id);
      if (t === undefined || parent[t] === -1) return undefined;
      if (store.version !== adj.version) throw new RagError('RAG_CONFLICT', 'hopTree: the store changed after the tree was built; build a new tree', { details: { input: 'store' } });
      const nodes = [id];
      const edges: string[] = [];
      for (let cur = t; cur !== s; ) {
        const up = parent[cur]!;
        edges.push(edgeBetween(store, adj, up, cur, direction, relations));
        nodes.push(adj.ids.at(up)!);
        cur = up;
      }
      return { nodes: nodes.reverse(), edges: edges.reverse() };
    },
  };
}

/**
 * The most confident edge that lets the walk step from `from` to `to` (first on ties). The
 * incident list of the endpoint with fewer arcs is scanned, so paths through hubs stay cheap.
 */
function edgeBetween(
  store: GraphStore,
  adj: Adjacency,
  from: number,
  to: number,
  direction: WalkDirection,
  relations: string[] | undefined,
): string {
  const arcs = (i: number) => adj.offsets[i + 1]! - adj.offsets[i]!;
  const flip = arcs(to) < arcs(from);
  const [a, b] = flip ? [adj.ids.at(to)!, adj.ids.at(from)!] : [adj.ids.at(from)!, adj.ids.at(to)!];
  // seen from the other end, an out-edge of `from` is an in-edge of `to`
  const dir: WalkDirection = !flip || direction === 'both' ? direction : direction === 'out' ? 'in' : 'out';
  let best: { id: string; confidence: number } | undefined;
  for (const e of store.edgesOf(a, { direction: dir, ...(relations ? { relations } : {}) })) {
    const other = e.source === a ? e.target : e.source;
    if (other !== b) continue;
    if (!best || e.confidence > best.confidence) best = e;
  }
  // the CSR was built from these very edges at this store version (checked by the caller)
  if (!best) throw new RagError('RAG_CONFLICT', `hopTree: no edge between "${a}" and "${b}"`, { details: { from: a, to: b } });
  return best.id;
}
