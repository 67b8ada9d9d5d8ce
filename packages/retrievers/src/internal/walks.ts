// Graph walks on the cached adjacency: personalised PageRank, K-hop BFS, capped shortest paths.
import type { Adjacency } from './adjacency.js';

export interface PprOptions {
  /** Teleport probability α (A2RAG eq. 11). */
  alpha?: number;
  /** Residual threshold per unit degree (default 1e-5). */
  tolerance?: number;
  /** Hard cap on push operations (default 400k), an explicit budget so the stage terminates. */
  maxPushes?: number;
}

/**
 * Personalised PageRank r = α·p0 + (1−α)·Pᵀr with P_uv = A_uv / deg(u) (A2RAG eqs. 9, 11),
 * computed by local push (Andersen, Chung & Lang, 2006): only nodes near the seeds are touched,
 * and every node's residual ends below `tolerance`·deg(u), so a query costs milliseconds even
 * on graphs with hubs. Dangling nodes keep their mass.
 */
export function personalizedPageRank(adj: Adjacency, personalization: Map<number, number>, options: PprOptions = {}): Float64Array {
  const n = adj.ids.length;
  const alpha = options.alpha ?? 0.5;
  const eps = options.tolerance ?? 1e-5;
  const maxPushes = options.maxPushes ?? 400_000;
  const p = new Float64Array(n);
  const r = new Float64Array(n);
  let z = 0;
  for (const w of personalization.values()) z += w;
  if (z <= 0) return p;
  const queue: number[] = [];
  const queued = new Uint8Array(n);
  for (const [i, w] of personalization) {
    r[i] = w / z;
    queue.push(i);
    queued[i] = 1;
  }
  let head = 0;
  let pushes = 0;
  while (head < queue.length && pushes < maxPushes) {
    const u = queue[head]!;
    head += 1;
    queued[u] = 0;
    const ru = r[u]!;
    const from = adj.offsets[u]!;
    const to = adj.offsets[u + 1]!;
    const deg = to - from;
    if (ru < eps * Math.max(1, deg)) continue;
    pushes += 1;
    r[u] = 0;
    if (deg === 0) {
      p[u]! += ru;
      continue;
    }
    p[u]! += alpha * ru;
    const share = ((1 - alpha) * ru) / deg;
    for (let j = from; j < to; j += 1) {
      const v = adj.targets[j]!;
      r[v]! += share;
      if (!queued[v] && r[v]! >= eps * Math.max(1, adj.offsets[v + 1]! - adj.offsets[v]!)) {
        queued[v] = 1;
        queue.push(v);
      }
    }
    if (head > 65_536 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
  }
  return p;
}

export interface HopTree {
  /** node → distance from the start */
  dist: Map<number, number>;
  /** node → [parent node, edge id] on a shortest path back to the start */
  parent: Map<number, [number, string]>;
}

/** BFS tree of the nodes within K hops of `start` (G' treats every edge as bidirectional). */
export function kHop(adj: Adjacency, start: number, k: number, maxNodes = 5000): HopTree {
  const dist = new Map<number, number>([[start, 0]]);
  const parent = new Map<number, [number, string]>();
  let frontier = [start];
  for (let d = 1; d <= k && frontier.length > 0; d += 1) {
    const nextFrontier: number[] = [];
    for (const u of frontier) {
      for (const { node, edge } of adj.neighbours[u]!) {
        if (dist.has(node)) continue;
        dist.set(node, d);
        parent.set(node, [u, edge]);
        nextFrontier.push(node);
        if (dist.size >= maxNodes) return { dist, parent };
      }
    }
    frontier = nextFrontier;
  }
  return { dist, parent };
}

/** The tree path from `node` back to the tree's start, as nodes (node first) and edge ids. */
export function treePath(tree: HopTree, node: number): { nodes: number[]; edges: string[] } | undefined {
  if (!tree.dist.has(node)) return undefined;
  const nodes = [node];
  const edges: string[] = [];
  let cur = node;
  for (let guard = 0; guard < 64; guard += 1) {
    const p = tree.parent.get(cur);
    if (!p) break;
    edges.push(p[1]);
    nodes.push(p[0]);
    cur = p[0];
  }
  return { nodes, edges };
}

/** One shortest path (as node indices and edge ids) between two nodes, at most `maxHops` long. */
export function shortestPath(adj: Adjacency, from: number, to: number, maxHops: number): { nodes: number[]; edges: string[] } | undefined {
  if (from === to) return { nodes: [from], edges: [] };
  const prev = new Map<number, { node: number; edge: string }>();
  prev.set(from, { node: -1, edge: '' });
  let frontier = [from];
  for (let d = 1; d <= maxHops && frontier.length > 0; d += 1) {
    const nextFrontier: number[] = [];
    for (const u of frontier) {
      for (const { node, edge } of adj.neighbours[u]!) {
        if (prev.has(node)) continue;
        prev.set(node, { node: u, edge });
        if (node === to) {
          const nodes = [to];
          const edges: string[] = [];
          let cur = to;
          while (cur !== from) {
            const p = prev.get(cur)!;
            edges.push(p.edge);
            nodes.push(p.node);
            cur = p.node;
          }
          return { nodes: nodes.reverse(), edges: edges.reverse() };
        }
        nextFrontier.push(node);
      }
    }
    frontier = nextFrontier;
  }
  return undefined;
}
