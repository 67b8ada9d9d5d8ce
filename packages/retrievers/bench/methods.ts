// Method name → retriever, as the benchmarks select them.
import type { Retriever } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { createA2ragRetriever, createBm25Retriever, createDenseRetriever, createGearRetriever, createHybridRetriever } from '../src/index.js';

export const METHOD_NAMES = ['bm25', 'dense', 'hybrid', 'a2rag', 'gear-union', 'gear-ppr', 'gear-pcst'];

export function createMethod(name: string, index: RagIndex): Retriever {
  switch (name) {
    case 'bm25':
      return createBm25Retriever({ index });
    case 'dense':
      return createDenseRetriever({ index });
    case 'hybrid':
      return createHybridRetriever({ index });
    case 'a2rag':
      return createA2ragRetriever({ index, ...tuning('A2RAG_TUNE') });
    case 'a2rag-node-only':
      // A2RAG Table IV ablation: entity seeds only, no relation filter.
      return createA2ragRetriever({ index, relationSeeds: false, name });
    case 'graph-local':
      // A graph-only local retriever (A2RAG Fig. 5's comparison): Stage 1 only, no text signal.
      return createA2ragRetriever({ index, stages: ['local'], fusion: { lexical: 0 }, feedbackChunks: 0, name });
    case 'gear-union':
    case 'gear-ppr':
    case 'gear-pcst':
      return createGearRetriever({ index, fusion: name.slice(5) as 'union' | 'ppr' | 'pcst', ...tuning('GEAR_TUNE') });
    default:
      throw new Error(`unknown method ${name}`);
  }
}

/** Development-only overrides (A2RAG_TUNE / GEAR_TUNE = JSON options); the reported figures use defaults. */
function tuning(variable: string): Record<string, unknown> {
  const raw = process.env[variable];
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}
