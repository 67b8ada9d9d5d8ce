// Prize-collecting Steiner tree (GEAR Section IV-B, eqs. 11–13): choose a connected tree T that
// maximises Σ_{v∈T} r(v) − Σ_{e∈T} c(e). PCST is NP-hard; this is a greedy heuristic:
//   1. Edge prizes follow GEAR: an edge with prize r_e ≤ c costs c − r_e; one with r_e > c is
//      split by an auxiliary node carrying prize r_e − c joined by two zero-cost edges.
//   2. From each of the best-prized roots, grow a tree by repeatedly attaching the shortest
//      path (multi-source Dijkstra from the tree) whose newly collected prize minus path cost is
//      largest, while that net gain is positive.
//   3. Strong pruning (the exact tree DP used in Goemans–Williamson's pruning phase): drop every
//      subtree whose prize does not pay for its connecting edge, trying every tree node as root.
// Guarantees: the result is a connected tree of the input graph; its value is at least the best
// single node's prize; step 3 is optimal for the tree found. There is NO constant-factor
// approximation guarantee (GW's 2-approximation needs the full primal-dual growth); the measured
// gap to brute force on small random graphs is reported in docs/graph-store.md.
import { RagError, invalidInput } from '@rag/core';
import type { GraphStore, RelationEdge } from '../types.js';
import { MinHeap } from './min-heap.js';

export interface PcstOptions {
  /** Node prizes r(v) ≥ 0 (GEAR eq. 11); nodes not listed have prize 0. */
  prizes: Record<string, number> | Map<string, number>;
  /** Edge prizes r(e) ≥ 0 by edge id (GEAR eq. 12). */
  edgePrizes?: Record<string, number> | Map<string, number>;
  /** Base edge cost c ≥ 0, or a per-edge cost. Default 1. */
  edgeCost?: number | ((edge: RelationEdge) => number);
  /** Restrict the instance to these nodes (e.g. the top-k candidates). Default: the whole graph. */
  nodeIds?: string[];
  /** Force this node into the tree. */
  root?: string;
  /** How many of the highest-prize nodes to try as roots. Default 8. */
  maxRoots?: number;
}

export interface PcstResult {
  nodes: string[];
  edges: string[];
  /** Σ node prizes in the tree. */
  prize: number;
  /** Σ (c(e) − r(e)) over tree edges; negative entries are edges whose prize exceeds their cost. */
  cost: number;
  /** prize − cost: the objective of GEAR eq. 13. */
  value: number;
}

interface Arc {
  to: number;
  cost: number;
  /** index into `edgeList` */
  edge: number;
}

export function prizeCollectingSteinerTree(store: GraphStore, options: PcstOptions): PcstResult {
  const prizesIn = toMap(options.prizes, 'prizes');
  const edgePrizes = toMap(options.edgePrizes ?? {}, 'edgePrizes');
  const maxRoots = options.maxRoots ?? 8;
  if (!Number.isInteger(maxRoots) || maxRoots < 1) throw invalidInput('maxRoots', `must be a positive integer, got ${maxRoots}`);
  const candidateIds = options.nodeIds ? [...new Set(options.nodeIds)] : [...store.nodes()].map((n) => n.id);
  for (const id of candidateIds) if (!store.hasNode(id)) throw notFound('nodeIds', id);
  for (const id of prizesIn.keys()) if (!store.hasNode(id)) throw notFound('prizes', id);
  for (const id of edgePrizes.keys()) if (!store.getEdge(id)) throw notFound('edgePrizes', id, 'edge');
  if (options.root !== undefined && !candidateIds.includes(options.root)) throw notFound('root', options.root);
  candidateIds.sort();
  const costOf = (e: RelationEdge): number => {
    const c = typeof options.edgeCost === 'function' ? options.edgeCost(e) : (options.edgeCost ?? 1);
    if (!(c >= 0) || !Number.isFinite(c)) throw invalidInput('edgeCost', `edge "${e.id}" got cost ${c}; costs must be finite and ≥ 0`);
    return c;
  };

  // ---- build the (augmented) working graph
  const index = new Map<string, number>();
  const prize: number[] = [];
  const origin: (string | null)[] = []; // node id, or null for an auxiliary edge node
  const auxEdge: number[] = []; // for aux nodes: edge index; -1 otherwise
  for (const id of candidateIds) {
    index.set(id, prize.length);
    prize.push(prizesIn.get(id) ?? 0);
    origin.push(id);
    auxEdge.push(-1);
  }
  const edgeList: { id: string; u: number; v: number; netCost: number }[] = [];
  const adj: Arc[][] = candidateIds.map(() => []);
  const cheapest = new Map<string, number>(); // "u,v" → edgeList index of the cheapest plain edge
  const inCandidates = new Set(candidateIds);
  for (const id of candidateIds) {
    for (const e of store.edgesOf(id, { direction: 'out' })) {
      if (!inCandidates.has(e.target) || e.source === e.target) continue;
      const u = index.get(e.source)!;
      const v = index.get(e.target)!;
      const c = costOf(e);
      const r = edgePrizes.get(e.id) ?? 0;
      const ei = edgeList.length;
      edgeList.push({ id: e.id, u, v, netCost: c - r });
      if (r > c) {
        const x = prize.length;
        prize.push(r - c);
        origin.push(null);
        auxEdge.push(ei);
        adj.push([]);
        link(adj, u, x, 0, ei);
        link(adj, x, v, 0, ei);
      } else {
        const key = u < v ? `${u},${v}` : `${v},${u}`;
        const prev = cheapest.get(key);
        if (prev === undefined || edgeList[prev]!.netCost > c - r) cheapest.set(key, ei);
      }
    }
  }
  for (const ei of cheapest.values()) {
    const { u, v, netCost } = edgeList[ei]!;
    link(adj, u, v, netCost, ei);
  }

  const n = prize.length;
  if (candidateIds.length === 0) return { nodes: [], edges: [], prize: 0, cost: 0, value: 0 };

  // ---- roots: the forced one, or the best-prized nodes
  const roots =
    options.root !== undefined
      ? [index.get(options.root)!]
      : [...Array(n).keys()]
          .filter((i) => origin[i] !== null)
          .sort((a, b) => prize[b]! - prize[a]! || a - b)
          .slice(0, maxRoots);

  let best: { nodes: Set<number>; arcs: [number, number, number, number][]; value: number } | undefined;
  for (const r of roots) {
    const tree = grow(r, n, prize, adj);
    const pruned = strongPrune(tree, prize, options.root !== undefined ? r : undefined);
    if (!best || pruned.value > best.value + 1e-12) best = pruned;
  }
  return mapBack(best!, origin, auxEdge, edgeList, prize, index);
}

function link(adj: Arc[][], u: number, v: number, cost: number, edge: number): void {
  adj[u]!.push({ to: v, cost, edge });
  adj[v]!.push({ to: u, cost, edge });
}

/** Greedy path growth; returns tree arcs [parent, child, cost, edgeIndex]. */
function grow(root: number, n: number, prize: number[], adj: Arc[][]): { root: number; nodes: Set<number>; arcs: [number, number, number, number][] } {
  const inTree = new Set([root]);
  const arcs: [number, number, number, number][] = [];
  const dist = new Float64Array(n);
  const gain = new Float64Array(n);
  const parent = new Int32Array(n);
  const via = new Int32Array(n);
  const viaCost = new Float64Array(n);
  for (;;) {
    dist.fill(Infinity);
    parent.fill(-1);
    const heap = new MinHeap<number>();
    for (const t of inTree) {
      dist[t] = 0;
      gain[t] = 0;
      heap.push(t, 0);
    }
    const settled = new Uint8Array(n);
    let bestNode = -1;
    let bestNet = 1e-12;
    while (heap.size > 0) {
      const [v, d] = heap.pop();
      if (settled[v] || d > dist[v]!) continue;
      settled[v] = 1;
      if (!inTree.has(v)) {
        const net = gain[v]! - d;
        if (net > bestNet) {
          bestNet = net;
          bestNode = v;
        }
      }
      for (const a of adj[v]!) {
        if (inTree.has(a.to)) continue;
        // negative net costs (prize-paying edges) are clamped for the search, credited in the gain
        const step = Math.max(a.cost, 0);
        const nd = d + step;
        if (nd < dist[a.to]! || (nd === dist[a.to] && gain[v]! + prize[a.to]! - Math.min(a.cost, 0) > gain[a.to]!)) {
          dist[a.to] = nd;
          gain[a.to] = gain[v]! + prize[a.to]! - Math.min(a.cost, 0);
          parent[a.to] = v;
          via[a.to] = a.edge;
          viaCost[a.to] = a.cost;
          heap.push(a.to, nd);
        }
      }
    }
    if (bestNode < 0) break;
    for (let v = bestNode; !inTree.has(v); v = parent[v]!) {
      arcs.push([parent[v]!, v, viaCost[v]!, via[v]!]);
      inTree.add(v);
    }
  }
  return { root, nodes: inTree, arcs };
}

/** Exact best subtree of a tree (optionally containing `forced`) by DP, tried from every root. */
function strongPrune(
  tree: { root: number; nodes: Set<number>; arcs: [number, number, number, number][] },
  prize: number[],
  forced: number | undefined,
): { nodes: Set<number>; arcs: [number, number, number, number][]; value: number } {
  const nbrs = new Map<number, [number, number, number][]>(); // node → [other, cost, edge]
  for (const v of tree.nodes) nbrs.set(v, []);
  for (const [p, c, cost, e] of tree.arcs) {
    nbrs.get(p)!.push([c, cost, e]);
    nbrs.get(c)!.push([p, cost, e]);
  }
  const order = [...tree.nodes];
  // rooting at every node is O(T²); beyond a few hundred nodes root only at the growth root
  const tryRoots = forced !== undefined ? [forced] : order.length <= 300 ? order : [tree.root];
  let best: { nodes: Set<number>; arcs: [number, number, number, number][]; value: number } | undefined;
  for (const r of tryRoots) {
    const value = new Map<number, number>();
    const parentOf = new Map<number, [number, number, number]>();
    const post: number[] = [];
    const stack: [number, number][] = [[r, -1]];
    while (stack.length > 0) {
      const [v, p] = stack.pop()!;
      post.push(v);
      for (const [u, cost, e] of nbrs.get(v)!) {
        if (u === p) continue;
        parentOf.set(u, [v, cost, e]);
        stack.push([u, v]);
      }
    }
    for (let i = post.length - 1; i >= 0; i--) {
      const v = post[i]!;
      let val = prize[v]!;
      for (const [u] of nbrs.get(v)!) {
        if (parentOf.get(u)?.[0] !== v) continue;
        const contrib = value.get(u)! - parentOf.get(u)![1];
        if (contrib > 0) val += contrib;
      }
      value.set(v, val);
    }
    const total = value.get(r)!;
    if (best && total <= best.value + 1e-12) continue;
    const nodes = new Set([r]);
    const arcs: [number, number, number, number][] = [];
    const queue = [r];
    for (let q = 0; q < queue.length; q++) {
      const v = queue[q]!;
      for (const [u] of nbrs.get(v)!) {
        const pu = parentOf.get(u);
        if (!pu || pu[0] !== v || nodes.has(u)) continue;
        if (value.get(u)! - pu[1] > 0) {
          nodes.add(u);
          arcs.push([v, u, pu[1], pu[2]]);
          queue.push(u);
        }
      }
    }
    best = { nodes, arcs, value: total };
  }
  return best!;
}

function mapBack(
  best: { nodes: Set<number>; arcs: [number, number, number, number][] },
  origin: (string | null)[],
  auxEdge: number[],
  edgeList: { id: string; u: number; v: number; netCost: number }[],
  prize: number[],
  index: Map<string, number>,
): PcstResult {
  const nodes = new Set<string>();
  for (const v of best.nodes) if (origin[v] !== null) nodes.add(origin[v]!);
  if (nodes.size === 0 && best.nodes.size === 1) {
    // the best tree is a lone auxiliary node: that is its edge with both endpoints
    const e = edgeList[auxEdge[[...best.nodes][0]!]!]!;
    nodes.add(origin[e.u]!);
    nodes.add(origin[e.v]!);
    let p = 0;
    for (const id of nodes) p += prize[index.get(id)!]!;
    return { nodes: [...nodes].sort(), edges: [e.id], prize: p, cost: e.netCost, value: p - e.netCost };
  }
  const edges = new Set<string>();
  for (const [, , , ei] of best.arcs) {
    const e = edgeList[ei]!;
    if (edges.has(e.id)) continue;
    const uIn = nodes.has(origin[e.u]!);
    const vIn = nodes.has(origin[e.v]!);
    if (uIn && vIn) {
      // an aux node hanging off one endpoint while the other is reached elsewhere: taking the
      // edge would close a cycle, so it is dropped (and its excess prize with it)
      const aux = [...best.nodes].find((x) => auxEdge[x] === ei);
      const auxLeaf = aux !== undefined && best.arcs.filter((a) => a[0] === aux || a[1] === aux).length < 2;
      if (aux === undefined || !auxLeaf) edges.add(e.id);
    } else {
      // an aux leaf: take the edge and bring in its far endpoint
      edges.add(e.id);
      nodes.add(origin[e.u]!);
      nodes.add(origin[e.v]!);
    }
  }
  let p = 0;
  for (const id of nodes) p += prize[index.get(id)!]!;
  let c = 0;
  for (const e of edgeList) if (edges.has(e.id)) c += e.netCost;
  return { nodes: [...nodes].sort(), edges: [...edges].sort(), prize: p, cost: c, value: p - c };
}

function toMap(m: Record<string, number> | Map<string, number>, input: string): Map<string, number> {
  const out = m instanceof Map ? new Map(m) : new Map(Object.entries(m ?? {}));
  for (const [k, v] of out) if (!(v >= 0) || !Number.isFinite(v)) throw invalidInput(input, `"${k}" must be finite and ≥ 0, got ${v}`);
  return out;
}

function notFound(input: string, id: string, what = 'node'): RagError {
  return new RagError('RAG_NOT_FOUND', `${input}: no ${what} "${id}"`, { details: { input, id } });
}
