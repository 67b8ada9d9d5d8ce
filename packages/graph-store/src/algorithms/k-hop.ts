// N_K(v): nodes within K hops of the seeds (A2RAG eq. 7 for K = 1), by default on the graph with
// inverse edges, optionally keeping only edges whose relation is in the query's relation seeds.
import { RagError, invalidInput } from '@rag/core';
import type { GraphStore } from '../types.js';

export interface KHopOptions {
  /** Hop budget K ≥ 0. Default 1. */
  k?: number;
  /** Only traverse edges with these relation labels (A2RAG relation seeds S_R). */
  relations?: string[];
  /** "both" (default) follows edges and their inverses. */
  direction?: 'both' | 'out' | 'in';
  /** Stop expanding once this many nodes are reached (hubs in large graphs). Default unlimited. */
  maxNodes?: number;
}

export interface KHopResult {
  /** Reached node → hop distance (seeds at 0), in BFS order. */
  distances: Map<string, number>;
  /** Edges traversed between reached nodes, in discovery order. */
  edges: string[];
}

export function kHopNeighborhood(store: GraphStore, seeds: string | string[], options: KHopOptions = {}): KHopResult {
  const k = options.k ?? 1;
  if (!Number.isInteger(k) || k < 0) throw invalidInput('k', `must be a non-negative integer, got ${k}`);
  const maxNodes = options.maxNodes ?? Infinity;
  const list = typeof seeds === 'string' ? [seeds] : seeds;
  const distances = new Map<string, number>();
  for (const s of list) {
    if (!store.hasNode(s)) throw new RagError('RAG_NOT_FOUND', `seeds: no node "${s}"`, { details: { input: 'seeds', id: s } });
    distances.set(s, 0);
  }
  const edges = new Set<string>();
  let frontier = [...distances.keys()];
  for (let hop = 1; hop <= k && frontier.length > 0; hop++) {
    const nextFrontier: string[] = [];
    for (const v of frontier) {
      for (const e of store.edgesOf(v, { direction: options.direction ?? 'both', relations: options.relations })) {
        const u = e.source === v ? e.target : e.source;
        if (!distances.has(u)) {
          // over the cap: neither the node nor the edge leading to it is part of the result
          if (distances.size >= maxNodes) continue;
          distances.set(u, hop);
          nextFrontier.push(u);
        }
        edges.add(e.id);
      }
    }
    frontier = nextFrontier;
  }
  return { distances, edges: [...edges] };
}

/** Just the node ids of N_K(v), seeds included. */
export function kHop(store: GraphStore, seeds: string | string[], options: KHopOptions = {}): string[] {
  return [...kHopNeighborhood(store, seeds, options).distances.keys()];
}
