// The stored int8 rows of a persisted vector namespace (its base segment and the upserts of its
// delta segments, oldest first), for an embedded store that released the rows after a commit
// (MemoryVectorStore.releaseRows) and reads them back on first use, or folds them into a new
// base without holding the namespace again.
import { decodeBinaryFile, decodeVectorNamespaceRows, RagError, type RowSource } from '@rag/core';
import { readSegmentSync, type VectorSegmentRef } from './format2.js';
import { VECTOR_DELTA_MAGIC } from './vector-delta.js';

export function readVectorRows(dir: string, ref: VectorSegmentRef): RowSource[] {
  const base = decodeVectorNamespaceRows(readSegmentSync(dir, ref), ref.file);
  const out: RowSource[] = [{ ids: base.ids, codes: base.codes }];
  for (const d of ref.deltas) {
    const { sections } = decodeBinaryFile(readSegmentSync(dir, d), VECTOR_DELTA_MAGIC, d.file);
    if (sections.length !== 4) throw new RagError('RAG_STORE_CORRUPT', `${d.file}: expected 4 sections, found ${sections.length}`, { details: { file: d.file } });
    const upserted = decodeVectorNamespaceRows(sections[3]!, d.file);
    if (upserted.ids.length > 0 && upserted.dims !== base.dims)
      throw new RagError('RAG_STORE_CORRUPT', `${d.file}: ${upserted.dims} dimensions, the namespace ${base.dims}`, { details: { file: d.file } });
    out.push({ ids: upserted.ids, codes: upserted.codes });
  }
  return out;
}
