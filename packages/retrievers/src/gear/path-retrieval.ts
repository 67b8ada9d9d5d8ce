// GEAR Fusion Retriever, stage 1 and 2 (Section III-B, eqs. 2–4): top-k nodes and edges in each
// of the H path views, path importance s_i = a_i·b_i (mean L2 norm × mean pairwise cosine
// distance of the retrieved embeddings), candidate weight w = s_i·2^(−p), merged top-k seeds.
import type { Embedder, RunContext, VectorStore } from '@rag/core';
import { cosine, norm } from '../internal/vector.js';
import { safeGet } from './fusion.js';

export interface PathCandidate {
  id: string;
  kind: 'node' | 'edge';
  /** Re-weighted score Σ over paths of s_i·2^(−p). */
  weight: number;
  /** Best similarity to the query over paths. */
  similarity: number;
}

export interface PathView {
  head: number;
  /** s_i = a_i · b_i */
  importance: number;
  a: number;
  b: number;
  query: Float32Array;
  hits: { id: string; kind: 'node' | 'edge'; score: number }[];
}

export interface PathRetrievalInput {
  query: string;
  vectors: VectorStore;
  embedders: readonly Embedder[];
  nodeNamespace: (h: number) => string;
  edgeNamespace: (h: number) => string;
  /** Per-path list length k (default 10). */
  k: number;
  context: RunContext;
}

/** a_i and b_i of GEAR eq. 3 over the retrieved vectors (b_i = 1 when fewer than 2). */
export function pathImportance(vectors: readonly Float32Array[]): { a: number; b: number } {
  if (vectors.length === 0) return { a: 0, b: 0 };
  const a = vectors.reduce((s, v) => s + norm(v), 0) / vectors.length;
  if (vectors.length < 2) return { a, b: 1 };
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < vectors.length; i += 1)
    for (let j = i + 1; j < vectors.length; j += 1) {
      sum += 1 - cosine(vectors[i]!, vectors[j]!);
      pairs += 1;
    }
  return { a, b: sum / pairs };
}

export async function multiPathRetrieve(input: PathRetrievalInput): Promise<{ views: PathView[]; candidates: PathCandidate[] }> {
  const views: PathView[] = [];
  for (let h = 0; h < input.embedders.length; h += 1) {
    input.context.meter.assertCanSpend('embedding');
    const [q] = await input.embedders[h]!.embed([input.query], { kind: 'query' });
    input.context.meter.recordEmbedding(1);
    if (!q) continue;
    const [nodes, edges] = await Promise.all([
      input.vectors.search(input.nodeNamespace(h), q, input.k),
      input.vectors.search(input.edgeNamespace(h), q, input.k),
    ]);
    const hits = [
      ...nodes.map((x) => ({ id: x.id, kind: 'node' as const, score: x.score })),
      ...edges.map((x) => ({ id: x.id, kind: 'edge' as const, score: x.score })),
    ]
      .sort((x, y) => y.score - x.score)
      .slice(0, input.k);
    // Stored vectors are needed for a_i, b_i; stores without `get` count every path equally.
    let a = 1;
    let b = 1;
    if (input.vectors.get) {
      const [nv, ev] = await Promise.all([
        safeGet(input.vectors, input.nodeNamespace(h), hits.filter((x) => x.kind === 'node').map((x) => x.id)),
        safeGet(input.vectors, input.edgeNamespace(h), hits.filter((x) => x.kind === 'edge').map((x) => x.id)),
      ]);
      ({ a, b } = pathImportance([...nv, ...ev].map((r) => r.vector)));
    }
    views.push({ head: h, importance: a * b, a, b, query: q, hits });
  }
  const merged = new Map<string, PathCandidate>();
  for (const v of views)
    v.hits.forEach((x, p) => {
      const key = `${x.kind}:${x.id}`;
      const c = merged.get(key) ?? { id: x.id, kind: x.kind, weight: 0, similarity: 0 };
      c.weight += v.importance * 2 ** -p;
      c.similarity = Math.max(c.similarity, x.score);
      merged.set(key, c);
    });
  const candidates = [...merged.values()].sort((x, y) => y.weight - x.weight || (x.id < y.id ? -1 : 1)).slice(0, input.k);
  return { views, candidates };
}
