// Provenance for the bulk write path: the list `unionProvenance([], list)` would build, taken
// straight from the store's span pool (span-pool.ts), so a batch allocates no span object or
// one-span list for a span the store already holds (a run of facts from one sentence, or a span
// an earlier batch stored).
import type { Provenance } from '@rag/core';
import type { SpanPool } from './span-pool.js';
import { unionProvenance } from './store-helpers.js';

export interface ProvenanceInterner {
  /** A frozen pooled provenance list equal to `unionProvenance([], list)`. */
  fresh(list: readonly Provenance[] | undefined): Provenance[];
}

export function createProvenanceInterner(pool: SpanPool): ProvenanceInterner {
  return {
    fresh(list) {
      if (!list || list.length === 0) return pool.list([]);
      return pool.list(list.length > 1 ? unionProvenance([], list) : list);
    },
  };
}
