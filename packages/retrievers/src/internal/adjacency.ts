// Cached undirected adjacency (A2RAG's augmented graph G' with inverse edges) over any
// GraphStore, rebuilt lazily when the store's `version` changes. Retrieval-time graph
// walks (PPR, bridges, BFS) run on these flat arrays so a query costs milliseconds.
import type { GraphStore } from '@rag/graph-store';

export interface Adjacency {
  version: number;
  ids: string[];
  index: Map<string, number>;
  /** neighbours[i] = [node index, edge id, relation][] */
  neighbours: { node: number; edge: string; relation: string }[][];
  degree: Float64Array;
  /** CSR form of `neighbours` for tight loops: targets[offsets[i] .. offsets[i+1]). */
  offsets: Int32Array;
  targets: Int32Array;
  /** π(v) restricted to chunk ids, deduplicated. */
  chunksOf: string[][];
  /** π⁻¹(c): node indices whose provenance includes the chunk. */
  nodesOfChunk: Map<string, number[]>;
}

const cache = new WeakMap<GraphStore, Adjacency>();

export function adjacencyOf(graph: GraphStore): Adjacency {
  const hit = cache.get(graph);
  if (hit && hit.version === graph.version) return hit;
  const ids: string[] = [];
  const index = new Map<string, number>();
  const chunksOf: string[][] = [];
  const nodesOfChunk = new Map<string, number[]>();
  for (const n of graph.nodes()) {
    const i = ids.length;
    index.set(n.id, i);
    ids.push(n.id);
    const cs = [...new Set(n.provenance.map((p) => p.chunkId))];
    chunksOf.push(cs);
    for (const c of cs) {
      const arr = nodesOfChunk.get(c);
      if (arr) arr.push(i);
      else nodesOfChunk.set(c, [i]);
    }
  }
  const neighbours: Adjacency['neighbours'] = ids.map(() => []);
  for (const e of graph.edges()) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined || s === t) continue;
    neighbours[s]!.push({ node: t, edge: e.id, relation: e.relation });
    neighbours[t]!.push({ node: s, edge: e.id, relation: e.relation });
  }
  const degree = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i += 1) degree[i] = neighbours[i]!.length;
  const offsets = new Int32Array(ids.length + 1);
  for (let i = 0; i < ids.length; i += 1) offsets[i + 1] = offsets[i]! + neighbours[i]!.length;
  const targets = new Int32Array(offsets[ids.length]!);
  for (let i = 0; i < ids.length; i += 1) neighbours[i]!.forEach((n, j) => (targets[offsets[i]! + j] = n.node));
  const adj: Adjacency = { version: graph.version, ids, index, neighbours, degree, offsets, targets, chunksOf, nodesOfChunk };
  cache.set(graph, adj);
  return adj;
}
