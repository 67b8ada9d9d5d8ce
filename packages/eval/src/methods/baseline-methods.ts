// The lexical, dense and hybrid baselines from @rag/retrievers.
import { createBm25Retriever, createDenseRetriever, createHybridRetriever } from '@rag/retrievers';
import type { EvalMethod } from '../types.js';
import { retrieverInstance } from './adapters.js';
import { numberOption } from './method-options.js';

export const bm25Method: EvalMethod = {
  name: 'bm25',
  kind: 'retriever',
  description: 'Okapi BM25 over chunk title + text (the index keyword index)',
  usesGraph: false,
  create: (stack) => retrieverInstance(createBm25Retriever({ index: stack.index })),
};

export const denseMethod: EvalMethod = {
  name: 'dense',
  kind: 'retriever',
  description: 'cosine similarity over chunk vectors (embedded hashing embedder, or Ollama in service mode)',
  usesGraph: false,
  create: (stack) => retrieverInstance(createDenseRetriever({ index: stack.index })),
};

export const hybridMethod: EvalMethod = {
  name: 'hybrid',
  kind: 'retriever',
  description: 'reciprocal-rank fusion of bm25 and dense',
  usesGraph: false,
  options: {
    bm25Weight: 'number ≥ 0, weight of the BM25 ranking in the fusion (default 1)',
    denseWeight: 'number ≥ 0, weight of the dense ranking (default 1)',
    rrfK: 'number, the RRF constant (default 60)',
  },
  create: (stack, options) => {
    const bm25 = numberOption(options, 'hybrid', 'bm25Weight');
    const dense = numberOption(options, 'hybrid', 'denseWeight');
    const rrfK = numberOption(options, 'hybrid', 'rrfK');
    return retrieverInstance(
      createHybridRetriever({
        index: stack.index,
        ...(bm25 !== undefined || dense !== undefined
          ? { weights: { ...(bm25 !== undefined ? { bm25 } : {}), ...(dense !== undefined ? { dense } : {}) } }
          : {}),
        ...(rrfK !== undefined ? { rrfK } : {}),
      }),
    );
  },
};
