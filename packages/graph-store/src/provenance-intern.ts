// Shared provenance for the bulk write path: a fact read from one span usually comes in a run of
// facts from that same span (every triple of a sentence, every mention in a chunk), so a record
// whose single span equals the previous record's gets the previous frozen list itself rather
// than a new array and a new span object. Stored lists are frozen, so sharing them is safe;
// their content (and so every snapshot) is what `unionProvenance` would have built.
import type { Provenance } from '@rag/core';
import { unionProvenance } from './store-helpers.js';

export interface ProvenanceInterner {
  /** A frozen provenance list equal to `unionProvenance([], list)`. */
  fresh(list: readonly Provenance[] | undefined): Provenance[];
}

const EMPTY: Provenance[] = Object.freeze([]) as unknown as Provenance[];

export function createProvenanceInterner(): ProvenanceInterner {
  let last: Provenance | undefined;
  let lastList: Provenance[] = EMPTY;
  return {
    fresh(list) {
      if (!list || list.length === 0) return EMPTY;
      if (list.length > 1) return Object.freeze(unionProvenance([], list).map((p) => Object.freeze(p))) as Provenance[];
      const p = list[0]!;
      if (last && p.chunkId === last.chunkId && p.start === last.start && p.end === last.end) return lastList;
      last = Object.freeze({ chunkId: p.chunkId, start: p.start, end: p.end });
      lastList = Object.freeze([last]) as unknown as Provenance[];
      return lastList;
    },
  };
}
