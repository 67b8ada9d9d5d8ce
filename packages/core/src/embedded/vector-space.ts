// One namespace of the in-memory vector store: its vectors packed into one typed array (rows
// of `stride` values, grown by a quarter at a time), L2-normalised on write so cosine is a dot
// product, with ids, doc ids and metadata (as columns: metadata-columns.ts) per slot. Deletion
// moves the last row into the freed slot, so storage stays dense. Functions over a Space, shared by the store and its snapshot codec.
//
// Rows are float32, or with precision "int8" scalar-quantised as the per-namespace files store
// them (vector-namespace-codec.ts): one int8 code per value and one float scale per row (the
// row's largest magnitude / 127), a quarter of the bytes. A query stays float32; a score is the
// row's scale times the dot product of the query with the codes.
//
// Persisted int8 codes can be released (`dropRows`): the space keeps everything else, new rows
// wait in an overlay, and `restoreRows` / `foldQuantized` read the rest from the stored rows.
import type { MetadataFilter, VectorHit } from '../contracts/vector-store.js';
import { MetadataColumns } from './metadata-columns.js';
import { matchesFilter } from './metadata-filter.js';
import { createTopK } from './top-k.js';
import type { QuantizedNamespaceData, VectorNamespaceData } from './vector-namespace-codec.js';
import { createScanBlock, createScanBlock8, SCAN_STRIDE_MULTIPLE, SCAN_STRIDE_MULTIPLE_INT8, type ScanBlock } from './wasm-scan.js';

export type VectorPrecision = 'float32' | 'int8';

export interface Space {
  dims: number;
  /** Values per row: dims rounded up for the SIMD scan, zero-padded. */
  stride: number;
  /** SIMD scan block holding `data`, or null for the plain-JavaScript path. */
  block: ScanBlock<Float32Array | Int8Array> | null;
  /** The rows: floats, or int8 codes (then `scales` holds each row's scale). */
  data: Float32Array | Int8Array;
  /** Per-row scales of int8 rows (null for float32 rows). */
  scales: Float32Array | null;
  size: number;
  ids: string[];
  docIds: (string | undefined)[];
  metadata: MetadataColumns;
  slotOf: Map<string, number>;
  /**
   * Null while the rows are held. With int8 rows already persisted the codes may be released
   * (`dropRows`): ids, doc ids, metadata and scales stay, `data` is empty, and the rows written
   * since (upserts) are kept here by id until `restoreRows` reads the others back.
   */
  overlay: Map<string, Int8Array> | null;
}

/** Stored int8 rows to restore released codes from (a namespace file, a delta's upserts), oldest first. */
export interface RowSource {
  ids: readonly string[];
  /** `ids.length × dims` codes. */
  codes: Int8Array;
}

export function createSpace(dims: number, precision: VectorPrecision = 'float32'): Space {
  const int8 = precision === 'int8';
  const multiple = int8 ? SCAN_STRIDE_MULTIPLE_INT8 : SCAN_STRIDE_MULTIPLE;
  const stride = Math.ceil(dims / multiple) * multiple;
  const block = int8 ? createScanBlock8(stride, 16) : createScanBlock(stride, 16);
  const data = block?.rows ?? (int8 ? new Int8Array(stride * 16) : new Float32Array(stride * 16));
  return { dims, stride, block, data, scales: int8 ? new Float32Array(16) : null, size: 0, ids: [], docIds: [], metadata: new MetadataColumns(), slotOf: new Map(), overlay: null };
}

/** Row `slot` := v / |v| (a zero vector stays zero: it scores 0 against everything rather than NaN). */
export function writeRow(s: Space, slot: number, v: ArrayLike<number>): void {
  let norm = 0;
  for (let i = 0; i < s.dims; i++) norm += v[i]! * v[i]!;
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  // released rows: the new row waits in the overlay (its padding is the fresh array's zeros)
  const into = s.overlay ? new Int8Array(s.stride) : s.data;
  const base = s.overlay ? 0 : slot * s.stride;
  if (s.overlay) s.overlay.set(s.ids[slot]!, into as Int8Array);
  if (s.scales) {
    // quantise as vector-namespace-codec.ts does: code = round(x · 127 / max|x|)
    let max = 0;
    for (let i = 0; i < s.dims; i++) max = Math.max(max, Math.abs(v[i]! * inv));
    const q = max > 0 ? 127 / max : 0;
    for (let i = 0; i < s.dims; i++) into[base + i] = Math.round(v[i]! * inv * q);
    s.scales[slot] = max / 127;
  } else for (let i = 0; i < s.dims; i++) into[base + i] = v[i]! * inv;
  for (let i = s.dims; i < s.stride; i++) into[base + i] = 0;
}

/** Row `slot` as `dims` floats (int8 rows dequantised). */
export function readRow(s: Space, slot: number, into = new Float32Array(s.dims), at = 0): Float32Array {
  const row = s.overlay?.get(s.ids[slot]!);
  if (s.overlay && !row) throw new Error(`vector-space: row ${slot} is released (restoreRows first)`);
  const data = row ?? s.data;
  const base = row ? 0 : slot * s.stride;
  const scale = s.scales ? s.scales[slot]! : 1;
  for (let i = 0; i < s.dims; i++) into[at + i] = data[base + i]! * scale;
  return into;
}

/** Rows the space has room for. */
const capacityOf = (s: Space) => (s.overlay ? s.scales!.length : s.data.length / s.stride);

export function growSpace(s: Space, capacity: number): void {
  const int8 = s.scales !== null;
  if (s.overlay) {
    // released rows: only the scales grow (the codes come back at `restoreRows`)
    const scales = new Float32Array(capacity);
    scales.set(s.scales!.subarray(0, s.size));
    s.scales = scales;
    return;
  }
  const block = s.block ? (int8 ? createScanBlock8(s.stride, capacity) : createScanBlock(s.stride, capacity)) : null;
  const data = block?.rows ?? (int8 ? new Int8Array(capacity * s.stride) : new Float32Array(capacity * s.stride));
  data.set(s.data.subarray(0, s.size * s.stride));
  s.block = block;
  s.data = data;
  if (s.scales) {
    const scales = new Float32Array(capacity);
    scales.set(s.scales.subarray(0, s.size));
    s.scales = scales;
  }
}

/** The slot of `id`, appended (empty doc id and metadata) when new. */
export function slotFor(s: Space, id: string): number {
  let slot = s.slotOf.get(id);
  if (slot === undefined) {
    slot = s.size++;
    // a quarter more each time: at most a fifth of the rows is slack (doubling left up to half)
    if (s.size > capacityOf(s)) growSpace(s, s.size + (s.size >> 2) + 16);
    s.ids.push(id);
    s.docIds.push(undefined);
    s.metadata.push(undefined);
    s.slotOf.set(id, slot);
  }
  return slot;
}

export function removeSlot(s: Space, slot: number): void {
  const last = s.size - 1;
  s.slotOf.delete(s.ids[slot]!);
  s.overlay?.delete(s.ids[slot]!);
  if (slot !== last) {
    if (!s.overlay) s.data.copyWithin(slot * s.stride, last * s.stride, (last + 1) * s.stride);
    if (s.scales) s.scales[slot] = s.scales[last]!;
    s.ids[slot] = s.ids[last]!;
    s.docIds[slot] = s.docIds[last];
    s.metadata.copy(last, slot);
    s.slotOf.set(s.ids[slot]!, slot);
  }
  s.ids.pop();
  s.docIds.pop();
  s.metadata.pop();
  s.size = last;
}

/** Release an int8 space's codes (see `Space.overlay`); a float32 space keeps its rows. */
export function dropRows(s: Space): boolean {
  if (!s.scales || s.overlay) return false;
  s.overlay = new Map();
  s.block = null;
  s.data = new Int8Array(0);
  const scales = new Float32Array(s.size + 16);
  scales.set(s.scales.subarray(0, s.size));
  s.scales = scales;
  return true;
}

/**
 * The codes of every slot, packed to `dims` (the file layout): each id's latest row among
 * `sources` (in order), then the overlay's. Throws when a slot has no row anywhere.
 */
function gatherCodes(s: Space, sources: readonly RowSource[], into: Int8Array, stride: number): void {
  const { dims } = s;
  const filled = new Uint8Array(s.size);
  for (const src of sources) {
    if (src.codes.length !== src.ids.length * dims) throw new RangeError(`vector-space: a row source holds ${src.codes.length} codes for ${src.ids.length} rows of ${dims}`);
    src.ids.forEach((id, r) => {
      const slot = s.slotOf.get(id);
      if (slot === undefined || s.overlay!.has(id)) return;
      into.set(src.codes.subarray(r * dims, (r + 1) * dims), slot * stride);
      filled[slot] = 1;
    });
  }
  for (const [id, row] of s.overlay!) {
    const slot = s.slotOf.get(id)!;
    into.set(row.subarray(0, dims), slot * stride);
    filled[slot] = 1;
  }
  const missing = filled.indexOf(0);
  if (missing >= 0) throw new Error(`vector-space: no stored row for "${s.ids[missing]}"`);
}

/** Read released codes back from `sources` (what the namespace's files hold) plus the overlay. */
export function restoreRows(s: Space, sources: readonly RowSource[]): void {
  if (!s.overlay) return;
  const capacity = Math.max(s.size + (s.size >> 2), 16);
  const block = createScanBlock8(s.stride, capacity);
  const data = block?.rows ?? new Int8Array(capacity * s.stride);
  gatherCodes(s, sources, data, s.stride);
  const scales = new Float32Array(capacity);
  scales.set(s.scales!.subarray(0, s.size));
  s.block = block;
  s.data = data;
  s.scales = scales;
  s.overlay = null;
}

/** A released space as the namespace file stores it, from `sources` + overlay, without restoring its rows. */
export function foldQuantized(s: Space, sources: readonly RowSource[]): QuantizedNamespaceData {
  const codes = new Int8Array(s.size * s.dims);
  gatherCodes(s, sources, codes, s.dims);
  const slots = s.ids.map((_, slot) => slot);
  const scales = new Float32Array(s.size);
  for (let slot = 0; slot < s.size; slot++) scales[slot] = s.scales![slot]! * 127;
  return { dims: s.dims, ...slotRecords(s, slots), codes, scales };
}

/** Fill an empty space from packed rows; each row is (re-)normalised as `writeRow` does. A released int8 space keeps no codes. */
export function fillSpace(s: Space, data: Pick<VectorNamespaceData, 'vectors' | 'ids' | 'docIds' | 'metadata'> | QuantizedNamespaceData): void {
  const { dims } = s;
  growSpace(s, Math.max(data.ids.length, 16));
  if ('codes' in data) {
    // stored int8 rows (codes of a unit vector, scale = largest magnitude): int8 rows take them
    // as they are; float32 rows are dequantised and re-normalised a row at a time
    const row = new Float32Array(dims);
    for (let slot = 0; slot < data.ids.length; slot++) {
      const codes = () => data.codes.subarray(slot * dims, (slot + 1) * dims);
      if (s.scales) {
        // a released space (`dropRows` before filling) takes the scales only: its codes are read back from the store
        if (!s.overlay) {
          s.data.set(codes(), slot * s.stride);
          s.data.fill(0, slot * s.stride + dims, (slot + 1) * s.stride);
        }
        s.scales[slot] = data.scales[slot]! / 127;
      } else {
        const c = codes();
        for (let i = 0; i < dims; i++) row[i] = c[i]! * data.scales[slot]!;
        writeRow(s, slot, row);
      }
    }
  } else for (let slot = 0; slot < data.ids.length; slot++) writeRow(s, slot, data.vectors.subarray(slot * dims, (slot + 1) * dims));
  s.size = data.ids.length;
  s.ids = [...data.ids];
  s.docIds = data.docIds.map((d) => d ?? undefined);
  s.metadata.replaceAll(data.metadata);
  data.ids.forEach((id, slot) => s.slotOf.set(id, slot));
}

/** The ids, document ids and (copied) metadata of the records in `slots`. */
function slotRecords(s: Space, slots: readonly number[]) {
  return {
    ids: slots.map((slot) => s.ids[slot]!),
    docIds: slots.map((slot) => s.docIds[slot]),
    metadata: slots.map((slot) => s.metadata.get(slot)),
  };
}

/** The records in `slots` as namespace data (rows packed to `dims` floats, copies throughout). */
export function exportSlots(s: Space, slots: readonly number[]): VectorNamespaceData {
  const vectors = new Float32Array(slots.length * s.dims);
  slots.forEach((slot, r) => readRow(s, slot, vectors, r * s.dims));
  return {
    dims: s.dims,
    ...slotRecords(s, slots),
    vectors,
  };
}

/**
 * The int8 rows in `slots` as the namespace file stores them (codes packed to `dims`, scales as
 * the rows' largest magnitudes), or undefined for float32 rows.
 */
export function exportQuantizedSlots(s: Space, slots: readonly number[]): QuantizedNamespaceData | undefined {
  if (!s.scales) return undefined;
  const codes = new Int8Array(slots.length * s.dims);
  const scales = new Float32Array(slots.length);
  slots.forEach((slot, r) => {
    codes.set(s.data.subarray(slot * s.stride, slot * s.stride + s.dims), r * s.dims);
    scales[r] = s.scales![slot]! * 127;
  });
  return {
    dims: s.dims,
    ...slotRecords(s, slots),
    codes,
    scales,
  };
}

/** Exact top-k cosine search of `vector` (any length-`dims` vector; normalised here). */
export function scanSpace(s: Space, vector: Float32Array, k: number, filter?: MetadataFilter): VectorHit[] {
  const dims = s.dims;
  let norm = 0;
  for (let i = 0; i < dims; i++) norm += vector[i]! * vector[i]!;
  const q = new Float32Array(dims);
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < dims; i++) q[i] = vector[i]! * inv;
  const heap = createTopK(k, (slot) => s.ids[slot]!);
  const data = s.data;
  const stride = s.stride;
  const hasFilter = filter !== undefined && Object.keys(filter).length > 0;
  const scores = s.block ? s.block.scan(q, s.size) : null;
  const scales = s.scales;
  let threshold = Number.NEGATIVE_INFINITY;
  for (let slot = 0; slot < s.size; slot++) {
    let score = scores ? scores[slot]! : dot(q, data, slot * stride, dims);
    if (scales) score *= scales[slot]!;
    if (score < threshold) continue;
    if (hasFilter && !matchesFilter({ docId: s.docIds[slot], metadata: s.metadata.get(slot) }, filter)) continue;
    heap.push(slot, score);
    threshold = heap.threshold();
  }
  return heap.drain().map(({ slot, score }) => hitAt(s, slot, score));
}

function hitAt(s: Space, slot: number, score: number): VectorHit {
  const h: VectorHit = { id: s.ids[slot]!, score };
  if (s.docIds[slot] !== undefined) h.docId = s.docIds[slot];
  const metadata = s.metadata.get(slot);
  if (metadata !== undefined) h.metadata = metadata;
  return h;
}

/** Dot product of `q` with `data[offset … offset + dims)`, unrolled by 4 for throughput. */
function dot(q: Float32Array, data: Float32Array | Int8Array, offset: number, dims: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  const end4 = dims - (dims % 4);
  for (; i < end4; i += 4) {
    s0 += q[i]! * data[offset + i]!;
    s1 += q[i + 1]! * data[offset + i + 1]!;
    s2 += q[i + 2]! * data[offset + i + 2]!;
    s3 += q[i + 3]! * data[offset + i + 3]!;
  }
  for (; i < dims; i++) s0 += q[i]! * data[offset + i]!;
  return s0 + s1 + s2 + s3;
}
