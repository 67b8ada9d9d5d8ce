// Shortest paths by hop count (BFS, all shortest paths up to a cap) and by edge cost (Dijkstra).
import { RagError, invalidInput } from '@rag/core';
import type { GraphStore, RelationEdge } from '../types.js';
import { MinHeap } from './min-heap.js';

export interface GraphPath {
  /** Node ids from the start to the end. */
  nodes: string[];
  /** One edge id per hop; for parallel edges the most confident one. */
  edges: string[];
}

export interface ShortestPathOptions {
  relations?: string[];
  /** "both" (default) treats edges as traversable both ways. */
  direction?: 'both' | 'out' | 'in';
  /** Give up beyond this many hops. Default unlimited. */
  maxHops?: number;
}

/** BFS distances and all shortest-path predecessors from `source` (up to `maxHops`). */
export function bfsPredecessors(
  store: GraphStore,
  source: string,
  options: ShortestPathOptions = {},
): { distance: Map<string, number>; preds: Map<string, Map<string, RelationEdge>> } {
  requireNode(store, source, 'source');
  const maxHops = options.maxHops ?? Infinity;
  const distance = new Map<string, number>([[source, 0]]);
  const preds = new Map<string, Map<string, RelationEdge>>();
  let frontier = [source];
  for (let hop = 1; hop <= maxHops && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const v of frontier) {
      for (const e of store.edgesOf(v, { direction: options.direction ?? 'both', relations: options.relations })) {
        const u = e.source === v ? e.target : e.source;
        const d = distance.get(u);
        if (d === undefined) {
          distance.set(u, hop);
          next.push(u);
        } else if (d !== hop) continue;
        let p = preds.get(u);
        if (!p) preds.set(u, (p = new Map()));
        const prev = p.get(v);
        if (!prev || e.confidence > prev.confidence || (e.confidence === prev.confidence && e.id < prev.id)) p.set(v, e);
      }
    }
    frontier = next;
  }
  return { distance, preds };
}

/** Up to `maxPaths` shortest (fewest-hop) paths from `source` to `target`; [] when unreachable. */
export function shortestPaths(
  store: GraphStore,
  source: string,
  target: string,
  options: ShortestPathOptions & { maxPaths?: number } = {},
): GraphPath[] {
  requireNode(store, target, 'target');
  const { preds } = bfsPredecessors(store, source, options);
  return pathsFromPredecessors(preds, source, target, options.maxPaths ?? 1);
}

/** The one shortest path (fewest hops; ties broken by id), or undefined. */
export function shortestPath(store: GraphStore, source: string, target: string, options: ShortestPathOptions = {}): GraphPath | undefined {
  return shortestPaths(store, source, target, { ...options, maxPaths: 1 })[0];
}

/** Enumerates paths back through the predecessor DAG, deterministic order, capped. */
export function pathsFromPredecessors(
  preds: Map<string, Map<string, RelationEdge>>,
  source: string,
  target: string,
  maxPaths: number,
): GraphPath[] {
  if (!Number.isInteger(maxPaths) || maxPaths < 1) throw invalidInput('maxPaths', `must be a positive integer, got ${maxPaths}`);
  if (source === target) return [{ nodes: [source], edges: [] }];
  if (!preds.has(target)) return [];
  const out: GraphPath[] = [];
  const nodes: string[] = [target];
  const edges: string[] = [];
  const walk = (v: string): void => {
    if (out.length >= maxPaths) return;
    if (v === source) {
      out.push({ nodes: [...nodes].reverse(), edges: [...edges].reverse() });
      return;
    }
    const p = preds.get(v);
    if (!p) return;
    for (const u of [...p.keys()].sort()) {
      nodes.push(u);
      edges.push(p.get(u)!.id);
      walk(u);
      nodes.pop();
      edges.pop();
      if (out.length >= maxPaths) return;
    }
  };
  walk(target);
  return out;
}

/** Dijkstra with a non-negative edge cost (default 1 per edge). */
export function cheapestPath(
  store: GraphStore,
  source: string,
  target: string,
  options: ShortestPathOptions & { cost?: (edge: RelationEdge) => number } = {},
): (GraphPath & { cost: number }) | undefined {
  requireNode(store, source, 'source');
  requireNode(store, target, 'target');
  const cost = options.cost ?? (() => 1);
  const dist = new Map<string, number>([[source, 0]]);
  const prev = new Map<string, RelationEdge>();
  const done = new Set<string>();
  const heap = new MinHeap<string>();
  heap.push(source, 0);
  while (heap.size > 0) {
    const [v, d] = heap.pop();
    if (done.has(v)) continue;
    done.add(v);
    if (v === target) break;
    for (const e of store.edgesOf(v, { direction: options.direction ?? 'both', relations: options.relations })) {
      const c = cost(e);
      if (!(c >= 0) || !Number.isFinite(c)) throw invalidInput('cost', `edge "${e.id}" got cost ${c}; costs must be finite and ≥ 0`);
      const u = e.source === v ? e.target : e.source;
      const nd = d + c;
      const old = dist.get(u);
      if (old === undefined || nd < old) {
        dist.set(u, nd);
        prev.set(u, e);
        heap.push(u, nd);
      }
    }
  }
  if (!done.has(target)) return undefined;
  const nodes = [target];
  const edges: string[] = [];
  let v = target;
  while (v !== source) {
    const e = prev.get(v)!;
    edges.push(e.id);
    v = e.source === v ? e.target : e.source;
    nodes.push(v);
  }
  return { nodes: nodes.reverse(), edges: edges.reverse(), cost: dist.get(target)! };
}

function requireNode(store: GraphStore, id: string, input: string): void {
  if (!store.hasNode(id)) throw new RagError('RAG_NOT_FOUND', `${input}: no node "${id}"`, { details: { input, id } });
}
