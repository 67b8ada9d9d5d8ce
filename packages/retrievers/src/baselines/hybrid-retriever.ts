// Hybrid baseline: weighted reciprocal-rank fusion of BM25 and dense rankings,
// score(c) = Σ_m w_m / (rrfK + rank_m(c)) (Cormack et al., 2009).
import { invalidInput, type Retriever } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { VECTOR_NAMESPACES as NS } from '@rag/indexer';
import { embedQuery, fillToK, rankChunks, startRequest } from '../internal/request.js';
import { requireIndex } from '../internal/options.js';

export interface HybridRetrieverOptions {
  index: RagIndex;
  /** Weights of each ranking in the fusion (default 1 each). */
  weights?: { bm25?: number; dense?: number };
  /** RRF constant (default 60). */
  rrfK?: number;
  /** How deep each ranking is read before fusion (default max(50, 5k)). */
  depth?: number;
}

export function reciprocalRankFusion(rankings: { ids: readonly string[]; weight: number }[], rrfK = 60): Map<string, number> {
  const scores = new Map<string, number>();
  for (const r of rankings) r.ids.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + r.weight / (rrfK + i + 1)));
  return scores;
}

export function createHybridRetriever(options: HybridRetrieverOptions): Retriever {
  const index = requireIndex(options, 'createHybridRetriever');
  const wb = options.weights?.bm25 ?? 1;
  const wd = options.weights?.dense ?? 1;
  const rrfK = options.rrfK ?? 60;
  for (const [name, w] of [['weights.bm25', wb], ['weights.dense', wd], ['rrfK', rrfK]] as const)
    if (!Number.isFinite(w) || w < 0) throw invalidInput(`createHybridRetriever(options.${name})`, 'must be a finite number ≥ 0');
  return {
    name: 'hybrid',
    async retrieve(query, opts) {
      const req = startRequest(query, opts);
      const depth = options.depth ?? Math.max(50, req.k * 5);
      const vector = wd > 0 ? await embedQuery(index, req) : undefined;
      const chunks = await req.context.trace.stage('hybrid-rrf', async (e) => {
        const [kw, dn] = await Promise.all([
          wb > 0 ? index.keyword.search(req.query, depth) : Promise.resolve([]),
          vector ? index.vectors.search(`${index.namespace}${NS.chunks}`, vector, depth, req.options.filter) : Promise.resolve([]),
        ]);
        const fused = reciprocalRankFusion([{ ids: kw.map((h) => h.id), weight: wb }, { ids: dn.map((h) => h.id), weight: wd }], rrfK);
        e.data = { bm25: kw.length, dense: dn.length };
        return rankChunks(index, fused, 'hybrid', req.options.filter).slice(0, req.k);
      });
      return { query: req.query, chunks: await fillToK(index, chunks, req), trace: req.context.trace.toJSON() };
    },
  };
}
