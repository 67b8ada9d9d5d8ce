// Bridge candidates B_K (A2RAG eq. 8): nodes within K hops of at least two entity seeds on the
// graph with inverse edges, each with a capped number of shortest paths to the seeds it reaches.
import { RagError, invalidInput } from '@rag/core';
import type { GraphStore, RelationEdge } from '../types.js';
import { bfsPredecessors, pathsFromPredecessors, type GraphPath } from './shortest-paths.js';

export interface BridgeOptions {
  /** Hop budget K (the paper uses K ≥ 2). Default 2. */
  k?: number;
  /** Shortest paths kept per bridge–seed pair. Default 2. */
  maxPathsPerPair?: number;
  /** At least this many seeds must be reached. Default 2 (eq. 8). */
  minSeeds?: number;
  relations?: string[];
  direction?: 'both' | 'out' | 'in';
  /**
   * N_K(v) contains v itself, so a seed near another seed satisfies eq. 8. Such seeds are
   * already evidence; they are left out unless this is true. Default false.
   */
  includeSeeds?: boolean;
  /** Keep the best this many bridges. Default unlimited. */
  limit?: number;
}

export interface BridgeCandidate {
  id: string;
  /** Seeds within K hops, sorted by distance then id. */
  seeds: string[];
  distances: Record<string, number>;
  /** Up to `maxPathsPerPair` shortest paths from each reached seed to the bridge. */
  paths: (GraphPath & { seed: string })[];
}

export interface BridgeResult {
  bridges: BridgeCandidate[];
  /** Union of path edges: the Stage-2 graph evidence. */
  edges: string[];
}

export function bridgeCandidates(store: GraphStore, seeds: string[], options: BridgeOptions = {}): BridgeResult {
  const k = options.k ?? 2;
  const maxPaths = options.maxPathsPerPair ?? 2;
  const minSeeds = options.minSeeds ?? 2;
  if (!Number.isInteger(k) || k < 1) throw invalidInput('k', `must be a positive integer, got ${k}`);
  if (!Number.isInteger(maxPaths) || maxPaths < 1) throw invalidInput('maxPathsPerPair', `must be a positive integer, got ${maxPaths}`);
  if (!Number.isInteger(minSeeds) || minSeeds < 1) throw invalidInput('minSeeds', `must be a positive integer, got ${minSeeds}`);
  const uniqueSeeds = [...new Set(seeds)];
  for (const s of uniqueSeeds) {
    if (!store.hasNode(s)) throw new RagError('RAG_NOT_FOUND', `seeds: no node "${s}"`, { details: { input: 'seeds', id: s } });
  }
  const seedSet = new Set(uniqueSeeds);
  const searches = new Map<string, { distance: Map<string, number>; preds: Map<string, Map<string, RelationEdge>> }>();
  const reach = new Map<string, string[]>();
  for (const s of uniqueSeeds) {
    const bfs = bfsPredecessors(store, s, { maxHops: k, relations: options.relations, direction: options.direction });
    searches.set(s, bfs);
    for (const u of bfs.distance.keys()) {
      let list = reach.get(u);
      if (!list) reach.set(u, (list = []));
      list.push(s);
    }
  }
  const bridges: BridgeCandidate[] = [];
  for (const [u, reachedBy] of reach) {
    if (reachedBy.length < minSeeds) continue;
    if (seedSet.has(u) && !options.includeSeeds) continue;
    const distances: Record<string, number> = {};
    for (const s of reachedBy) distances[s] = searches.get(s)!.distance.get(u)!;
    const ordered = [...reachedBy].sort((a, b) => distances[a]! - distances[b]! || (a < b ? -1 : 1));
    bridges.push({ id: u, seeds: ordered, distances, paths: [] });
  }
  // more seeds joined first, then shorter total distance, then id: stable and explainable
  bridges.sort((a, b) => b.seeds.length - a.seeds.length || sum(a.distances) - sum(b.distances) || (a.id < b.id ? -1 : 1));
  const kept = options.limit !== undefined ? bridges.slice(0, options.limit) : bridges;
  const edges = new Set<string>();
  for (const b of kept) {
    for (const s of b.seeds) {
      for (const p of pathsFromPredecessors(searches.get(s)!.preds, s, b.id, maxPaths)) {
        b.paths.push({ seed: s, ...p });
        for (const e of p.edges) edges.add(e);
      }
    }
  }
  return { bridges: kept, edges: [...edges] };
}

function sum(d: Record<string, number>): number {
  let t = 0;
  for (const v of Object.values(d)) t += v;
  return t;
}
