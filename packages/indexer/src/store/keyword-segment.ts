// The keyword segment of a format-2 index directory (seg/keyword-….bin).
//
// Version 4: the BM25 index as term-major columns (`encodeBm25TermColumns` in @rag/core: sorted
// terms, each term's postings, each document's length), stored raw. Opening it builds nothing: a
// question finds its terms by binary search and scores their postings in place (`openBm25View`);
// the first edit restores the writable index. Version 3: the document-major columns
// (`encodeBm25Columns`) stored raw; version 2: the same, deflated — both restored whole when first
// used. Version 1 (stores written before them): the BM25 snapshot as one JSON section, deflated.
// Versions 1–3 are still read, and rewritten as version 4 the next time the keyword index is
// written whole (when its deltas pass the compaction ratio, or on `compact()`). A keyword plugin
// that has `toJSON` but no `toColumns` is written as version 1.
import { decodeBinaryFile, decodeBm25Columns, decodeBm25TermColumns, encodeBinaryFile, encodeBm25TermColumns, jsonSection, openBm25View, RagError, readJsonSection, restoreBm25Columns, restoreBm25Index, type Bm25Columns, type Bm25Index } from '@rag/core';

export const KEYWORD_MAGIC = 'RAGKWD02';
export const KEYWORD_VERSION = 4;

export function encodeKeywordSegment(keyword: { toJSON(): unknown; toColumns?: () => Bm25Columns }): Uint8Array {
  return typeof keyword.toColumns === 'function'
    ? encodeBinaryFile(KEYWORD_MAGIC, KEYWORD_VERSION, encodeBm25TermColumns(keyword.toColumns()), { compression: [] })
    : encodeBinaryFile(KEYWORD_MAGIC, 1, [jsonSection(keyword.toJSON())], { deflate: true });
}

/** Restore the index a keyword segment holds; errors name `source` (the file). */
export function decodeKeywordSegment(bytes: Uint8Array, source: string): Bm25Index {
  const { version, sections } = decodeBinaryFile(bytes, KEYWORD_MAGIC, source);
  if (version === KEYWORD_VERSION) return openBm25View(decodeBm25TermColumns(sections, source), { source });
  if (version === 3 || version === 2) return restoreBm25Columns(decodeBm25Columns(sections, source), { source });
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
