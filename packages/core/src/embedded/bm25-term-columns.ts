// The BM25 index as term-major columns (the keyword segment of an index directory, version 4):
// the terms sorted (JS string order), each term's postings — (document slot, term frequency)
// pairs in slot order — as one CSR table, and each document's length. A question then needs
// none of the whole-index work of a restore (a Map of every term, the inverted lists): it finds
// its few terms by binary search in the term table, read in place, and scores their postings
// straight from the file's bytes (bm25-view.ts). Writing converts the document-major columns
// `Bm25Index.toColumns()` gives (one sort of the terms, one pass over the entries).
import { z } from 'zod';
import { blobStringColumn, type StringColumn } from '../binary/string-column.js';
import { bytesOf, encodeStrings, jsonSection, u32 } from '../binary/binary-file.js';
import type { Bm25Analyzer } from './bm25-analyzer.js';
import { Bm25HeaderSchema, readKeywordHeader, type Bm25Columns } from './bm25-columns.js';

/** What the keyword segment version 4 holds, read in place (`decodeBm25TermColumns`). */
export interface Bm25TermColumns {
  k1: number;
  b: number;
  stopWords: 'english' | 'none' | string[];
  customTokenizer: boolean;
  /** The built-in analyzer; absent in segments written before it was recorded ("words"). */
  analyzer?: Bm25Analyzer;
  /** Terms in JS string order (`sortedIndexOf` finds one). */
  terms: StringColumn;
  /** Document ids by slot. */
  ids: StringColumn;
  /** Term frequencies summed, per document slot. */
  docLen: Uint32Array;
  /** Term t's postings are [starts[t], starts[t + 1]) of `slots` and `tfs`. */
  starts: Uint32Array;
  /** Document slots, ascending within each term. */
  slots: Uint32Array;
  /** Term frequencies (≥ 1), in the narrowest width that holds the largest. */
  tfs: Uint8Array | Uint16Array | Uint32Array;
  /** Sum of `docLen`. */
  totalLen: number;
}

const HeaderSchema = Bm25HeaderSchema.extend({ totalLen: z.number().int().nonnegative() });

/** Number of sections `encodeBm25TermColumns` makes. */
export const BM25_TERM_COLUMN_SECTIONS = 9;

/** Document-major columns (`Bm25Index.toColumns()`) as the sections of a version-4 keyword segment. */
export function encodeBm25TermColumns(c: Bm25Columns): Uint8Array[] {
  const nTerms = c.terms.length;
  const nDocs = c.ids.length;
  const entries = c.termIndexes.length;
  // new term numbers in sorted order: rank[old] = new
  const order = Array.from({ length: nTerms }, (_, i) => i).sort((a, b) => (c.terms[a]! < c.terms[b]! ? -1 : c.terms[a]! > c.terms[b]! ? 1 : 0));
  const rank = new Uint32Array(nTerms);
  for (let i = 0; i < nTerms; i++) rank[order[i]!] = i;
  const starts = new Uint32Array(nTerms + 1);
  for (let i = 0; i < entries; i++) starts[rank[c.termIndexes[i]!]! + 1]!++;
  for (let t = 0; t < nTerms; t++) starts[t + 1]! += starts[t]!;
  const fill = starts.slice(0, nTerms);
  const slots = new Uint32Array(entries);
  const tfs32 = new Uint32Array(entries);
  const docLen = new Uint32Array(nDocs);
  let maxTf = 0;
  let totalLen = 0;
  // documents in slot order, so each term's postings come out in slot order
  for (let d = 0; d < nDocs; d++) {
    let len = 0;
    for (let i = c.offsets[d]!; i < c.offsets[d + 1]!; i++) {
      const at = fill[rank[c.termIndexes[i]!]!]!++;
      const tf = c.tfs[i]!;
      slots[at] = d;
      tfs32[at] = tf;
      len += tf;
      if (tf > maxTf) maxTf = tf;
    }
    docLen[d] = len;
    totalLen += len;
  }
  const tfBytes = maxTf < 256 ? 1 : maxTf < 65536 ? 2 : 4;
  const tfs = tfBytes === 1 ? Uint8Array.from(tfs32) : tfBytes === 2 ? Uint16Array.from(tfs32) : tfs32;
  const header: z.infer<typeof HeaderSchema> = { k1: c.k1, b: c.b, stopWords: c.stopWords, customTokenizer: c.customTokenizer, ...(c.analyzer ? { analyzer: c.analyzer } : {}), docs: nDocs, terms: nTerms, entries, tfBytes, totalLen };
  return [jsonSection(header), ...encodeStrings(order.map((i) => c.terms[i]!)), ...encodeStrings(c.ids), bytesOf(docLen), bytesOf(starts), bytesOf(slots), bytesOf(tfs)];
}

/**
 * Check and wrap the sections `encodeBm25TermColumns` made, without copying them (raw sections
 * of a file read whole are used in place). Errors are RAG_STORE_CORRUPT naming `source`. The
 * checks are over the numeric columns (one pass); strings are decoded when read.
 */
export function decodeBm25TermColumns(sections: readonly Uint8Array[], source: string): Bm25TermColumns {
  const { header: h, corrupt } = readKeywordHeader(sections, BM25_TERM_COLUMN_SECTIONS, HeaderSchema, source);
  const words = (b: Uint8Array, count: number, what: string) => {
    if (b.byteLength !== count * 4) throw corrupt(`${what} column is ${b.byteLength} bytes, expected ${count * 4}`);
    return u32(b);
  };
  const strings = (blob: Uint8Array, endsBytes: Uint8Array, count: number, what: string) => {
    const ends = words(endsBytes, count, `${what} table`);
    let prev = 0;
    for (let i = 0; i < count; i++) {
      if (ends[i]! < prev) throw corrupt(`${what} table offsets decrease at ${i}`);
      prev = ends[i]!;
    }
    if (prev !== blob.byteLength) throw corrupt(`${what} table ends at ${prev}, its text is ${blob.byteLength} bytes`);
    return blobStringColumn(blob, endsBytes);
  };
  const terms = strings(sections[1]!, sections[2]!, h.terms, 'term');
  const ids = strings(sections[3]!, sections[4]!, h.docs, 'id');
  const docLen = words(sections[5]!, h.docs, 'document length');
  const starts = words(sections[6]!, h.terms + 1, 'posting offset');
  const slots = words(sections[7]!, h.entries, 'posting');
  const tfSection = sections[8]!;
  if (tfSection.byteLength !== h.entries * h.tfBytes) throw corrupt(`term-frequency column is ${tfSection.byteLength} bytes, expected ${h.entries * h.tfBytes}`);
  const tfs = h.tfBytes === 4 ? u32(tfSection) : h.tfBytes === 2 ? new Uint16Array(new Uint8Array(tfSection).buffer) : tfSection;
  if (starts[0] !== 0 || starts[h.terms] !== h.entries) throw corrupt('posting offsets do not span the postings');
  for (let t = 0; t < h.terms; t++) if (starts[t + 1]! < starts[t]!) throw corrupt(`posting offsets decrease at term ${t}`);
  // postings name real documents, have tf ≥ 1, and add up to each document's length
  const sum = new Float64Array(h.docs);
  for (let i = 0; i < h.entries; i++) {
    const s = slots[i]!;
    if (s >= h.docs) throw corrupt(`posting ${i} names document ${s} of ${h.docs}`);
    if (tfs[i] === 0) throw corrupt(`posting ${i} has term frequency 0`);
    sum[s]! += tfs[i]!;
  }
  let total = 0;
  for (let d = 0; d < h.docs; d++) {
    if (sum[d] !== docLen[d]) throw corrupt(`document ${d}'s length is ${docLen[d]}, its postings add up to ${sum[d]}`);
    total += docLen[d]!;
  }
  if (total !== h.totalLen) throw corrupt(`document lengths add up to ${total}, the header says ${h.totalLen}`);
  return { k1: h.k1, b: h.b, stopWords: h.stopWords, customTokenizer: h.customTokenizer, ...(h.analyzer ? { analyzer: h.analyzer } : {}), terms, ids, docLen, starts, slots, tfs, totalLen: h.totalLen };
}

/** The same index as document-major columns (what `restoreBm25Columns` takes): one pass over the postings. */
export function termColumnsToDocColumns(c: Bm25TermColumns): Bm25Columns {
  const nDocs = c.ids.length;
  const nTerms = c.terms.length;
  const entries = c.slots.length;
  const offsets = new Uint32Array(nDocs + 1);
  for (let i = 0; i < entries; i++) offsets[c.slots[i]! + 1]!++;
  for (let d = 0; d < nDocs; d++) offsets[d + 1]! += offsets[d]!;
  const fill = offsets.slice(0, nDocs);
  const termIndexes = new Uint32Array(entries);
  const tfs = new Uint32Array(entries);
  for (let t = 0; t < nTerms; t++)
    for (let i = c.starts[t]!; i < c.starts[t + 1]!; i++) {
      const at = fill[c.slots[i]!]!++;
      termIndexes[at] = t;
      tfs[at] = c.tfs[i]!;
    }
  const strings = (col: StringColumn) => Array.from({ length: col.length }, (_, i) => col.at(i)!);
  return { k1: c.k1, b: c.b, stopWords: c.stopWords, customTokenizer: c.customTokenizer, ...(c.analyzer ? { analyzer: c.analyzer } : {}), terms: strings(c.terms), ids: strings(c.ids), offsets, termIndexes, tfs };
}
