// The BM25 index as binary columns (the keyword segment of an index directory, version 2): the
// settings as a small JSON header, the term and document-id string tables, and per document
// its term indexes and term frequencies as flat typed columns with u32 offsets. No JSON text of
// the whole index is ever built (version 1, `toJSON`, made one string of every posting and
// ran out of heap on large stores), and restoring fills the posting lists in two passes over
// the columns instead of one map per document.
import { z } from 'zod';
import { RagError } from '../errors.js';
import { Bm25AnalyzerSchema, type Bm25Analyzer } from './bm25-analyzer.js';
import { bytesOf, decodeStrings, encodeStrings, jsonSection, readJsonSection, u32 } from '../binary/binary-file.js';

/** What `Bm25Index.toColumns()` returns and `restoreBm25Columns` takes. */
export interface Bm25Columns {
  k1: number;
  b: number;
  stopWords: 'english' | 'none' | string[];
  customTokenizer: boolean;
  /** The built-in analyzer; absent in segments written before it was recorded ("words"). */
  analyzer?: Bm25Analyzer;
  /** Terms used by at least one document. */
  terms: string[];
  /** Document ids, one per document. */
  ids: string[];
  /** Document i's entries are [offsets[i], offsets[i + 1]) of `termIndexes` and `tfs`. */
  offsets: Uint32Array;
  /** Index into `terms`. */
  termIndexes: Uint32Array;
  /** Term frequency (≥ 1). */
  tfs: Uint32Array;
}

/** The header of a keyword segment's columns (version 4 adds the lengths' sum: bm25-term-columns.ts). */
export const Bm25HeaderSchema = z.object({
  k1: z.number().positive(),
  b: z.number().min(0).max(1),
  stopWords: z.union([z.literal('english'), z.literal('none'), z.array(z.string())]),
  customTokenizer: z.boolean(),
  analyzer: Bm25AnalyzerSchema.optional(),
  docs: z.number().int().nonnegative(),
  terms: z.number().int().nonnegative(),
  entries: z.number().int().nonnegative(),
  /** Bytes per term frequency in its column: 1, 2 or 4 (the narrowest that holds the largest). */
  tfBytes: z.union([z.literal(1), z.literal(2), z.literal(4)]),
});

/** Number of sections `encodeBm25Columns` makes. */
export const BM25_COLUMN_SECTIONS = 8;

/** The columns as sections of a binary file (`encodeBinaryFile`). */
export function encodeBm25Columns(c: Bm25Columns): Uint8Array[] {
  let maxTf = 0;
  for (let i = 0; i < c.tfs.length; i++) if (c.tfs[i]! > maxTf) maxTf = c.tfs[i]!;
  const tfBytes = maxTf < 256 ? 1 : maxTf < 65536 ? 2 : 4;
  const tfs = tfBytes === 1 ? Uint8Array.from(c.tfs) : tfBytes === 2 ? Uint16Array.from(c.tfs) : c.tfs;
  const header = { k1: c.k1, b: c.b, stopWords: c.stopWords, customTokenizer: c.customTokenizer, ...(c.analyzer ? { analyzer: c.analyzer } : {}), docs: c.ids.length, terms: c.terms.length, entries: c.termIndexes.length, tfBytes };
  return [jsonSection(header), ...encodeStrings(c.terms), ...encodeStrings(c.ids), bytesOf(c.offsets), bytesOf(c.termIndexes), bytesOf(tfs)];
}

/**
 * A keyword segment's header (section 0, JSON) checked against `schema`, after its section count;
 * `corrupt(why)` makes the RAG_STORE_CORRUPT errors naming `source` (the file).
 */
export function readKeywordHeader<T>(sections: readonly Uint8Array[], expected: number, schema: z.ZodType<T>, source: string): { header: T; corrupt: (why: string) => RagError } {
  const corrupt = (why: string) => new RagError('RAG_STORE_CORRUPT', `${source}: keyword index ${why}`, { details: { file: source } });
  if (sections.length !== expected) throw corrupt(`has ${sections.length} sections, expected ${expected}`);
  let raw: unknown;
  try {
    raw = readJsonSection(sections[0]!);
  } catch {
    throw corrupt('header is not JSON');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw corrupt(`header is invalid: ${z.prettifyError(parsed.error)}`);
  return { header: parsed.data, corrupt };
}

/** Read and check the sections `encodeBm25Columns` made; errors are RAG_STORE_CORRUPT naming `source`. */
export function decodeBm25Columns(sections: readonly Uint8Array[], source: string): Bm25Columns {
  const { header: h, corrupt } = readKeywordHeader(sections, BM25_COLUMN_SECTIONS, Bm25HeaderSchema, source);
  const whole = (b: Uint8Array, size: number, what: string) => {
    if (b.byteLength % size !== 0) throw corrupt(`${what} column is ${b.byteLength} bytes, not a multiple of ${size}`);
  };
  whole(sections[5]!, 4, 'offset');
  whole(sections[6]!, 4, 'term index');
  whole(sections[2]!, 4, 'term table');
  whole(sections[4]!, 4, 'id table');
  if (sections[2]!.byteLength / 4 !== h.terms) throw corrupt(`lists ${sections[2]!.byteLength / 4} terms, the header says ${h.terms}`);
  if (sections[4]!.byteLength / 4 !== h.docs) throw corrupt(`lists ${sections[4]!.byteLength / 4} documents, the header says ${h.docs}`);
  const stringsOf = (blob: Uint8Array, ends: Uint8Array, what: string) => {
    const e = u32(ends);
    if (e.length > 0 && e[e.length - 1]! !== blob.byteLength) throw corrupt(`${what} table ends at ${e[e.length - 1]}, its text is ${blob.byteLength} bytes`);
    for (let i = 1; i < e.length; i++) if (e[i]! < e[i - 1]!) throw corrupt(`${what} table offsets decrease at ${i}`);
    return decodeStrings(blob, ends);
  };
  const terms = stringsOf(sections[1]!, sections[2]!, 'term');
  const ids = stringsOf(sections[3]!, sections[4]!, 'id');
  const offsets = u32(sections[5]!);
  const termIndexes = u32(sections[6]!);
  const tfSection = sections[7]!;
  if (offsets.length !== h.docs + 1) throw corrupt(`has ${offsets.length} offsets for ${h.docs} documents`);
  if (termIndexes.length !== h.entries) throw corrupt(`has ${termIndexes.length} term entries, the header says ${h.entries}`);
  if (tfSection.byteLength !== h.entries * h.tfBytes) throw corrupt(`term-frequency column is ${tfSection.byteLength} bytes, expected ${h.entries * h.tfBytes}`);
  if (offsets[0] !== 0 || offsets[h.docs] !== h.entries) throw corrupt('offsets do not span the term entries');
  for (let i = 0; i < h.docs; i++) {
    if (offsets[i + 1]! < offsets[i]!) throw corrupt(`offsets decrease at document ${i}`);
    if (ids[i]!.length === 0) throw corrupt(`document ${i} has an empty id`);
  }
  for (let i = 0; i < termIndexes.length; i++) if (termIndexes[i]! >= h.terms) throw corrupt(`entry ${i} names term ${termIndexes[i]} of ${h.terms}`);
  const tfs = h.tfBytes === 4 ? u32(tfSection) : h.tfBytes === 2 ? Uint32Array.from(new Uint16Array(new Uint8Array(tfSection).buffer)) : Uint32Array.from(tfSection);
  for (let i = 0; i < tfs.length; i++) if (tfs[i] === 0) throw corrupt(`entry ${i} has term frequency 0`);
  return { k1: h.k1, b: h.b, stopWords: h.stopWords, customTokenizer: h.customTokenizer, ...(h.analyzer ? { analyzer: h.analyzer } : {}), terms, ids, offsets, termIndexes, tfs };
}
