// One vector namespace as a binary file: ids as a string table, docIds and metadata as columns of
// indexes into a dictionary of distinct values, and the vectors scalar-quantised to int8 with one
// float scale per vector (4× smaller than float32). Vectors are unit-normalised before they are
// stored, so the quantisation error of a dot product is bounded by about dims·(1/254)²·… — in
// practice retrieval recall on the dev sets is unchanged (docs/scaling.md gives the figures).
import { RagError } from '../errors.js';
import type { FilterValue } from '../contracts/vector-store.js';
import {
  bytesOf,
  decodeBinaryFile,
  decodeStrings,
  encodeBinaryFile,
  encodeStrings,
  f32,
  i8,
  jsonSection,
  readJsonSection,
  u32,
} from '../binary/binary-file.js';

export const VECTOR_NAMESPACE_MAGIC = 'RAGVNS02';
const ABSENT = 0xffffffff;

export interface VectorNamespaceData {
  dims: number;
  ids: string[];
  docIds: (string | undefined)[];
  metadata: (Record<string, FilterValue | null> | undefined)[];
  /** `ids.length × dims` values, row-major. */
  vectors: Float32Array;
}

/**
 * A namespace already quantised as the file stores it: `codes` (ids.length × dims int8) and one
 * scale per row, the row's largest magnitude (a value is code × scale / 127). A store that holds
 * int8 rows encodes from these without making float copies.
 */
export interface QuantizedNamespaceData extends Omit<VectorNamespaceData, 'vectors'> {
  codes: Int8Array;
  scales: Float32Array;
}

export function encodeVectorNamespace(data: VectorNamespaceData): Uint8Array {
  const n = data.ids.length;
  const { dims } = data;
  const q = new Int8Array(n * dims);
  const scales = new Float32Array(n);
  for (let r = 0; r < n; r++) {
    let max = 0;
    const base = r * dims;
    for (let i = 0; i < dims; i++) max = Math.max(max, Math.abs(data.vectors[base + i]!));
    scales[r] = max;
    const inv = max > 0 ? 127 / max : 0;
    for (let i = 0; i < dims; i++) q[base + i] = Math.round(data.vectors[base + i]! * inv);
  }
  return encodeQuantizedVectorNamespace({ dims, ids: data.ids, docIds: data.docIds, metadata: data.metadata, codes: q, scales });
}

export function encodeQuantizedVectorNamespace(data: QuantizedNamespaceData): Uint8Array {
  const n = data.ids.length;
  const { dims, codes: q, scales } = data;
  if (q.length !== n * dims || scales.length !== n)
    throw new RagError('RAG_INVALID_INPUT', `quantised namespace: ${n} ids need ${n * dims} codes and ${n} scales, got ${q.length} and ${scales.length}`);
  const dict = new Map<string, number>();
  const intern = (s: string) => {
    let i = dict.get(s);
    if (i === undefined) dict.set(s, (i = dict.size));
    return i;
  };
  const keys = [...new Set(data.metadata.flatMap((m) => (m ? Object.keys(m) : [])))].sort();
  const docCol = new Uint32Array(n);
  data.docIds.forEach((d, r) => (docCol[r] = d === undefined ? ABSENT : intern(JSON.stringify(d))));
  const cols = keys.map((k) => {
    const col = new Uint32Array(n);
    data.metadata.forEach((m, r) => (col[r] = m && k in m ? intern(JSON.stringify(m[k])) : ABSENT));
    return col;
  });
  const hasMeta = new Uint8Array(n);
  data.metadata.forEach((m, r) => (hasMeta[r] = m === undefined ? 0 : 1));
  return encodeBinaryFile(VECTOR_NAMESPACE_MAGIC, 1, [
    jsonSection({ dims, count: n, keys, quantization: 'int8' }),
    ...encodeStrings(data.ids),
    ...encodeStrings([...dict.keys()]),
    bytesOf(docCol),
    hasMeta,
    ...cols.map(bytesOf),
    bytesOf(scales),
    bytesOf(q),
  ]);
}

export function decodeVectorNamespace(bytes: Uint8Array, source: string): VectorNamespaceData {
  const { dims, ids, docIds, metadata, codes: q, scales } = decodeQuantizedVectorNamespace(bytes, source);
  const n = ids.length;
  const vectors = new Float32Array(n * dims);
  for (let r = 0; r < n; r++) {
    const s = scales[r]! / 127;
    const base = r * dims;
    for (let i = 0; i < dims; i++) vectors[base + i] = q[base + i]! * s;
  }
  return { dims, ids, docIds, metadata, vectors };
}

/** The namespace as stored: int8 codes and per-row scales (no float copy; the codes view `bytes`). */
export function decodeQuantizedVectorNamespace(bytes: Uint8Array, source: string): QuantizedNamespaceData {
  const { sections } = decodeBinaryFile(bytes, VECTOR_NAMESPACE_MAGIC, source);
  const corrupt = (why: string) => new RagError('RAG_STORE_CORRUPT', `${source}: ${why}`, { details: { file: source } });
  const head = readJsonSection(sections[0]!) as { dims: number; count: number; keys: string[] };
  if (!Number.isInteger(head.dims) || !Number.isInteger(head.count) || !Array.isArray(head.keys)) throw corrupt('bad header');
  const n = head.count;
  const dims = head.dims;
  if (sections.length !== 9 + head.keys.length) throw corrupt(`expected ${9 + head.keys.length} sections, found ${sections.length}`);
  const ids = decodeStrings(sections[1]!, sections[2]!);
  const dict = decodeStrings(sections[3]!, sections[4]!).map((s) => JSON.parse(s) as FilterValue | null);
  const docCol = u32(sections[5]!);
  const hasMeta = sections[6]!;
  const cols = head.keys.map((_, k) => u32(sections[7 + k]!));
  const scales = f32(sections[7 + head.keys.length]!);
  const q = i8(sections[8 + head.keys.length]!);
  if (ids.length !== n || docCol.length !== n || hasMeta.length !== n || scales.length !== n || q.length !== n * dims || cols.some((c) => c.length !== n))
    throw corrupt('column lengths disagree with the record count');
  const at = (i: number) => {
    if (i >= dict.length) throw corrupt(`dictionary index ${i} out of range`);
    return dict[i]!;
  };
  const docIds = Array.from(docCol, (i) => (i === ABSENT ? undefined : String(at(i))));
  const metadata = new Array<Record<string, FilterValue | null> | undefined>(n);
  for (let r = 0; r < n; r++) {
    if (!hasMeta[r]) continue;
    const m: Record<string, FilterValue | null> = {};
    head.keys.forEach((k, c) => {
      const i = cols[c]![r]!;
      if (i !== ABSENT) m[k] = at(i);
    });
    metadata[r] = m;
  }
  return { dims, ids, docIds, metadata, codes: q, scales };
}

/**
 * Only the ids and int8 codes of a namespace file (no doc ids or metadata decoded): what a store
 * that keeps those itself needs to read its released rows back. Checked as `decodeQuantizedVectorNamespace` checks them.
 */
export function decodeVectorNamespaceRows(bytes: Uint8Array, source: string): { dims: number; ids: string[]; codes: Int8Array } {
  const { sections } = decodeBinaryFile(bytes, VECTOR_NAMESPACE_MAGIC, source);
  const corrupt = (why: string) => new RagError('RAG_STORE_CORRUPT', `${source}: ${why}`, { details: { file: source } });
  const head = readJsonSection(sections[0]!) as { dims: number; count: number; keys: string[] };
  if (!Number.isInteger(head.dims) || !Number.isInteger(head.count) || !Array.isArray(head.keys)) throw corrupt('bad header');
  if (sections.length !== 9 + head.keys.length) throw corrupt(`expected ${9 + head.keys.length} sections, found ${sections.length}`);
  const ids = decodeStrings(sections[1]!, sections[2]!);
  const codes = i8(sections[8 + head.keys.length]!);
  if (ids.length !== head.count || codes.length !== head.count * head.dims) throw corrupt('column lengths disagree with the record count');
  return { dims: head.dims, ids, codes };
}
