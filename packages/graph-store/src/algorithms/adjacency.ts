// Typed-array CSR adjacency built from a GraphStore, cached per store `version` so repeated
// queries (PPR, bridges) pay the store traversal once and run over Int32/Float64 arrays.
import { invalidInput, type StringColumn } from '@rag/core';
import { normalizeRelation } from '../entity-id.js';
import { sortedNodeIndex } from '../graph-codec.js';
import { csrRows, rowDegrees, type CsrRows } from './csr.js';
import type { GraphViewExtras } from '../graph-view.js';
import type { GraphStore, RelationEdge } from '../types.js';

export type WalkDirection = 'both' | 'out' | 'in';

export interface AdjacencyOptions {
  /** "both" (default) walks every edge in both directions: the graph with inverse edges. */
  direction?: WalkDirection;
  /** Keep only edges with these relation labels. */
  relations?: string[];
  /** Edge weight: "none" (default, binary A as in A2RAG eq. 9), "confidence", or a function (≥ 0). */
  weight?: 'none' | 'confidence' | ((edge: RelationEdge) => number);
}

/**
 * Row v lists the nodes u that can step into v (u → v on the walk), so a pull iteration reads
 * contiguous memory. Parallel edges between the same pair are collapsed (binary A_uv; the largest
 * weight is kept), which keeps multi-relation pairs from being over-weighted.
 */
/** Node id → row. */
export interface NodeIndex {
  get(id: string): number | undefined;
  has(id: string): boolean;
}

/** Node ids by row: an array, or the graph file's id column (decoded per id on first read). */
export type NodeIds = StringColumn;

export interface Adjacency {
  /** Row → node id (`ids.at(i)`). */
  ids: NodeIds;
  /**
   * A Map, or for a graph opened from columns in id order a binary search over them (building
   * a map of every node id was a third of the adjacency's cost on a cold question).
   */
  index: NodeIndex;
  /** length n + 1 */
  offsets: Int32Array;
  /** sources of the arcs into each row */
  sources: Int32Array;
  /** arc weights, or null when unweighted (all 1) */
  weights: Float64Array | null;
  /** out-degree on the walk (weighted when weights are used): deg(u) of A2RAG eq. 9 */
  degree: Float64Array;
  version: number;
}

const cache = new WeakMap<GraphStore, Map<unknown, Adjacency>>();

/** The CSR adjacency for `store`, rebuilt lazily when `store.version` has moved on. */
export function getAdjacency(store: GraphStore, options: AdjacencyOptions = {}): Adjacency {
  const direction = options.direction ?? 'both';
  const relations = options.relations && options.relations.length > 0 ? [...new Set(options.relations.map(normalizeRelation))].sort() : [];
  const weight = options.weight ?? 'none';
  const key = typeof weight === 'function' ? weight : `${direction}|${weight}|${relations.join(',')}`;
  let perStore = cache.get(store);
  if (!perStore) cache.set(store, (perStore = new Map()));
  const fnKeyed = typeof weight === 'function';
  const hit = perStore.get(key);
  if (hit && hit.version === store.version && !fnKeyed) return hit;
  const built = buildAdjacency(store, direction, relations, weight);
  // function weights are not cached: the function may read state we cannot version
  if (!fnKeyed) {
    // drop stale entries so old versions do not pin memory
    for (const [k, v] of perStore) if (v.version !== store.version) perStore.delete(k);
    perStore.set(key, built);
  }
  return built;
}

function buildAdjacency(
  store: GraphStore,
  direction: WalkDirection,
  relations: string[],
  weight: 'none' | 'confidence' | ((edge: RelationEdge) => number),
): Adjacency {
  // A graph opened from format 2 and not yet edited hands over its columns: no objects needed.
  const cols = typeof weight !== 'function' ? (store as Partial<GraphViewExtras>).columns?.() : undefined;
  let ids: NodeIds;
  let index: NodeIndex;
  if (cols?.sorted) {
    ids = cols.nodeIds;
    const at = (id: string) => {
      const i = sortedNodeIndex(cols, id);
      return i < 0 ? undefined : i;
    };
    index = { get: at, has: (id) => at(id) !== undefined };
  } else {
    const map = new Map<string, number>();
    const list: string[] = [];
    if (cols) for (let i = 0; i < cols.nodeIds.length; i++) list.push(cols.nodeIds.at(i)!);
    else for (const n of store.nodes()) list.push(n.id);
    list.forEach((id, i) => map.set(id, i));
    ids = list;
    index = map;
  }
  const n = ids.length;
  const relSet = relations.length > 0 ? new Set(relations) : undefined;
  let rows: CsrRows;
  if (cols?.rows && !relSet && direction === 'both' && weight === 'none') {
    // stored in the graph file: read in place
    rows = { offsets: cols.rows.offsets, sources: cols.rows.sources, weights: null };
  } else if (cols) {
    rows = csrRows(
      n,
      cols.sources.length,
      (e) => cols.sources[e]!,
      (e) => cols.targets[e]!,
      direction,
      relSet ? (e) => relSet.has(cols.dict[cols.relations[e]!]!) : undefined,
      weight === 'none' ? undefined : (e) => cols.confidence[e]!,
    );
  } else {
    const edges = [...store.edges()].filter((e) => !relSet || relSet.has(e.relation));
    const w =
      weight === 'none'
        ? undefined
        : edges.map((e) => {
            const x = weight === 'confidence' ? e.confidence : (weight as (edge: RelationEdge) => number)(e);
            if (!(x >= 0) || !Number.isFinite(x)) throw invalidInput('weight', `edge "${e.id}" got weight ${x}; weights must be finite and ≥ 0`);
            return x;
          });
    rows = csrRows(
      n,
      edges.length,
      (e) => index.get(edges[e]!.source)!,
      (e) => index.get(edges[e]!.target)!,
      direction,
      undefined,
      w ? (e) => w[e]! : undefined,
    );
  }
  return { ids, index, offsets: rows.offsets, sources: rows.sources, weights: rows.weights, degree: rowDegrees(n, rows), version: store.version };
}

/** Out-arcs of each node (the transpose of the pull rows): what a push walk reads. */
export interface OutArcs {
  /** length n + 1 */
  offsets: Int32Array;
  targets: Int32Array;
  /** arc weights, or null when unweighted */
  weights: Float64Array | null;
}

const outCache = new WeakMap<Adjacency, OutArcs>();

/**
 * The rows of `adj` transposed: row u lists the v with u → v. With direction "both" the rows are
 * already symmetric (every arc has its inverse with the same collapsed weight), so they are
 * shared, not copied.
 */
export function outArcs(adj: Adjacency, direction: WalkDirection = 'both'): OutArcs {
  if (direction === 'both') return { offsets: adj.offsets, targets: adj.sources, weights: adj.weights };
  const hit = outCache.get(adj);
  if (hit) return hit;
  const n = adj.ids.length;
  const m = adj.sources.length;
  const offsets = new Int32Array(n + 1);
  for (let j = 0; j < m; j++) offsets[adj.sources[j]! + 1]!++;
  for (let i = 0; i < n; i++) offsets[i + 1]! += offsets[i]!;
  const fill = offsets.slice(0, n);
  const targets = new Int32Array(m);
  const weights = adj.weights ? new Float64Array(m) : null;
  for (let v = 0; v < n; v++) {
    for (let j = adj.offsets[v]!, end = adj.offsets[v + 1]!; j < end; j++) {
      const p = fill[adj.sources[j]!]!++;
      targets[p] = v;
      if (weights && adj.weights) weights[p] = adj.weights[j]!;
    }
  }
  const built = { offsets, targets, weights };
  outCache.set(adj, built);
  return built;
}
