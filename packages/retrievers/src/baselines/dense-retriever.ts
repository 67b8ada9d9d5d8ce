// Dense baseline: cosine over chunk vectors in the index's VectorStore.
import type { Retriever } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { VECTOR_NAMESPACES as NS } from '@rag/indexer';
import { embedQuery, fillToK, rankChunks, startRequest } from '../internal/request.js';
import { requireIndex } from '../internal/options.js';

export interface DenseRetrieverOptions {
  index: RagIndex;
}

export function createDenseRetriever(options: DenseRetrieverOptions): Retriever {
  const index = requireIndex(options, 'createDenseRetriever');
  return {
    name: 'dense',
    async retrieve(query, opts) {
      const req = startRequest(query, opts);
      const vector = await embedQuery(index, req);
      const chunks = await req.context.trace.stage('dense', async (e) => {
        const hits = await index.vectors.search(`${index.namespace}${NS.chunks}`, vector, req.k, req.options.filter);
        e.data = { hits: hits.length };
        return rankChunks(index, hits.map((h) => [h.id, h.score] as [string, number]), 'dense', req.options.filter);
      });
      return { query: req.query, chunks: await fillToK(index, chunks, req), trace: req.context.trace.toJSON() };
    },
  };
}
