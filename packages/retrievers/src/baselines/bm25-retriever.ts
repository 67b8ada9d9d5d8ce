// Lexical baseline: the index's KeywordIndex (BM25 in embedded mode) over chunk title + text.
import type { Retriever } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { fillToK, rankChunks, startRequest } from '../internal/request.js';
import { requireIndex } from '../internal/options.js';

export interface Bm25RetrieverOptions {
  index: RagIndex;
}

export function createBm25Retriever(options: Bm25RetrieverOptions): Retriever {
  const index = requireIndex(options, 'createBm25Retriever');
  return {
    name: 'bm25',
    async retrieve(query, opts) {
      const req = startRequest(query, opts);
      const chunks = await req.context.trace.stage('bm25', async (e) => {
        const over = req.options.filter ? req.k * 5 : req.k;
        const hits = await index.keyword.search(req.query, over);
        e.data = { hits: hits.length };
        return rankChunks(index, hits.map((h) => [h.id, h.score] as [string, number]), 'bm25', req.options.filter).slice(0, req.k);
      });
      return { query: req.query, chunks: await fillToK(index, chunks, req), trace: req.context.trace.toJSON() };
    },
  };
}
