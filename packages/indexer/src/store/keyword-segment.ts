// The keyword segment of a format-2 index directory (seg/keyword-….bin).
//
// Version 3: the same columns stored raw (no inflate or copy when opened; restoring reads them in
// place). Version 2: the BM25 index as typed columns (`encodeBm25Columns` in @rag/core), deflated: no
// JSON text of the whole index is built when writing (version 1's single JSON string exhausted
// the heap on a 57k-passage build) and restoring fills the posting lists straight from the
// columns. Version 1 (stores written before it): the BM25 snapshot as one JSON section,
// deflated; still read, and rewritten as version 2 the next time the keyword index is written
// whole (when its deltas pass the compaction ratio, or on `compact()`). A keyword plugin that
// has `toJSON` but no `toColumns` is written as version 1.
import { decodeBinaryFile, decodeBm25Columns, encodeBinaryFile, encodeBm25Columns, jsonSection, RagError, readJsonSection, restoreBm25Columns, restoreBm25Index, type Bm25Columns, type Bm25Index } from '@rag/core';

export const KEYWORD_MAGIC = 'RAGKWD02';
export const KEYWORD_VERSION = 3;

export function encodeKeywordSegment(keyword: { toJSON(): unknown; toColumns?: () => Bm25Columns }): Uint8Array {
  return typeof keyword.toColumns === 'function'
    ? encodeBinaryFile(KEYWORD_MAGIC, KEYWORD_VERSION, encodeBm25Columns(keyword.toColumns()), { compression: [] })
    : encodeBinaryFile(KEYWORD_MAGIC, 1, [jsonSection(keyword.toJSON())], { deflate: true });
}

/** Restore the index a keyword segment holds; errors name `source` (the file). */
export function decodeKeywordSegment(bytes: Uint8Array, source: string): Bm25Index {
  const { version, sections } = decodeBinaryFile(bytes, KEYWORD_MAGIC, source);
  if (version === KEYWORD_VERSION || version === 2) return restoreBm25Columns(decodeBm25Columns(sections, source), { source });
  if (version === 1) {
    let snapshot: unknown;
    try {
      snapshot = readJsonSection(sections[0] ?? new Uint8Array());
    } catch (cause) {
      throw new RagError('RAG_STORE_CORRUPT', `${source}: keyword index (version 1) is not JSON`, { cause, details: { file: source } });
    }
    try {
      return restoreBm25Index(snapshot);
    } catch (cause) {
      if (RagError.isInstance(cause)) throw new RagError(cause.code, `${source}: ${cause.message}`, { cause, details: { file: source } });
      throw cause;
    }
  }
  throw new RagError('RAG_STORE_VERSION', `${source}: keyword segment version ${version}; this version reads 1 to ${KEYWORD_VERSION} (written by a newer version?)`, { details: { file: source, found: version } });
}
