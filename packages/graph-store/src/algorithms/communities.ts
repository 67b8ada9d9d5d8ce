// Louvain communities (graphology-communities-louvain) on an undirected, simple projection of
// the store: parallel edges and both directions fold into one weighted edge.
import { invalidInput } from '@rag/core';
import Graph from 'graphology';
import louvain from 'graphology-communities-louvain';
import type { GraphStore } from '../types.js';
import { mulberry32 } from './random.js';

export interface CommunityOptions {
  /** PRNG seed for Louvain's random choices; same seed + same graph → same communities. Default 1. */
  seed?: number;
  /** Modularity resolution γ (> 1 favours smaller communities). Default 1. */
  resolution?: number;
  /** Weight of a folded edge: sum of confidences ("confidence", default) or of edge counts ("count"). */
  weight?: 'confidence' | 'count';
}

export interface CommunityResult {
  /** node id → community number; communities are numbered 0.. by size (largest first). */
  communityOf: Map<string, number>;
  /** community number → member ids (sorted). */
  members: Map<number, string[]>;
  count: number;
  modularity: number;
}

export function detectCommunities(store: GraphStore, options: CommunityOptions = {}): CommunityResult {
  const seed = options.seed ?? 1;
  const resolution = options.resolution ?? 1;
  if (!Number.isInteger(seed)) throw invalidInput('seed', `must be an integer, got ${seed}`);
  if (!(resolution > 0)) throw invalidInput('resolution', `must be > 0, got ${resolution}`);
  const g = new Graph<Record<string, never>, { weight: number }>({ type: 'undirected', multi: false, allowSelfLoops: true });
  const ids = [...store.nodes()].map((n) => n.id).sort();
  for (const id of ids) g.addNode(id);
  for (const e of store.edges()) {
    const w = options.weight === 'count' ? 1 : e.confidence;
    if (w <= 0) continue;
    g.updateUndirectedEdge(e.source, e.target, (attr) => ({ weight: (attr?.weight ?? 0) + w }));
  }
  const detailed = louvain.detailed(g, { getEdgeWeight: 'weight', resolution, rng: mulberry32(seed) });
  const raw = new Map<number, string[]>();
  for (const id of ids) {
    const c = detailed.communities[id];
    let list = raw.get(c);
    if (!list) raw.set(c, (list = []));
    list.push(id);
  }
  const ordered = [...raw.values()].sort((a, b) => b.length - a.length || (a[0] < b[0] ? -1 : 1));
  const communityOf = new Map<string, number>();
  const members = new Map<number, string[]>();
  ordered.forEach((list, i) => {
    members.set(i, list);
    for (const id of list) communityOf.set(id, i);
  });
  return { communityOf, members, count: ordered.length, modularity: g.size === 0 ? 0 : detailed.modularity };
}
