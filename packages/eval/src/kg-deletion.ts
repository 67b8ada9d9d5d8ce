// KG-deletion stress test (A2RAG Section IV-F): the same index with `percent`% of its graph
// nodes (and their incident edges) removed, text and vectors untouched. The deletion itself
// is graph-store's seeded `simulateExtractionLoss`, which returns a new store; here we only
// give the methods an index that reads that store as its graph.
import { RagError } from '@rag/core';
import { simulateExtractionLoss } from '@rag/graph-store';
import type { RagIndex } from '@rag/indexer';

export function withKgDeletion(index: RagIndex, percent: number, seed: number): RagIndex {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new RagError('RAG_INVALID_INPUT', `--kg-deletion: a level must be a percentage in [0, 100], got ${percent}`, { details: { input: 'kgDeletion', value: percent } });
  if (percent === 0) return index;
  const { store } = simulateExtractionLoss(index.graph, { fraction: percent / 100, seed });
  // A proxy rather than a copy: every other part of the index (chunks, keyword index,
  // vectors) is shared and read-only for the methods. Caches keyed by the index object
  // see a new object, so nothing derived from the intact graph leaks in.
  return new Proxy(index, {
    get(target, prop) {
      if (prop === 'graph') return store;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
