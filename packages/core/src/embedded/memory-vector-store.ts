// In-memory VectorStore with exact cosine search. Each namespace packs its vectors into one
// Float32Array (grown by doubling), L2-normalised on insert so cosine is a dot product; a
// query scans every vector once and keeps the top k in a bounded heap. Deletion moves the last
// record into the freed slot, so storage stays dense. Serialises to bytes: a JSON header
// (ids, doc ids, metadata) followed by the raw Float32 blocks.
import { z } from 'zod';
import type { FilterValue, MetadataFilter, VectorHit, VectorRecord, VectorStore } from '../contracts/vector-store.js';
import type { VectorNamespaceData } from './vector-namespace-codec.js';
import { RagError } from '../errors.js';
import { assertValidId, assertValidK } from '../validate/assert-valid-text.js';
import { assertValidVector } from '../validate/assert-valid-vector.js';
import { assertValidFilter, isFilterValue, matchesFilter } from './metadata-filter.js';
import { createTopK } from './top-k.js';
import { createScanBlock, SCAN_STRIDE_MULTIPLE, type ScanBlock } from './wasm-scan.js';

export interface MemoryVectorStoreOptions {
  /** Fix the dimension for every namespace; otherwise each namespace takes it from its first vector. */
  dimensions?: number;
  /** Store id, reported in manifests (default "memory"). */
  id?: string;
  /**
   * Namespaces persisted elsewhere, loaded on first use (synchronously: `searchSync` may be the
   * first touch). `dims` and `count` answer `dimensionsOf` / `namespaces` without loading.
   */
  lazy?: Record<string, LazyNamespace>;
}

export interface LazyNamespace {
  dims: number;
  count: number;
  load(): VectorNamespaceData;
}

export interface MemoryVectorStore extends VectorStore {
  get(namespace: string, ids: string[]): Promise<VectorRecord[]>;
  clear(namespace: string): Promise<void>;
  /** Synchronous search: the fast path for in-process retrievers. */
  searchSync(namespace: string, vector: Float32Array, k: number, filter?: MetadataFilter): VectorHit[];
  upsertSync(namespace: string, records: VectorRecord[]): void;
  namespaces(): string[];
  /** Dimension of a namespace, undefined while it is empty and unfixed. */
  dimensionsOf(namespace: string): number | undefined;
  /** Binary snapshot; `restoreMemoryVectorStore(bytes)` rebuilds the store. */
  serialize(): Uint8Array;
  /** One namespace's records (unit-normalised vectors), for per-namespace persistence. */
  exportNamespace(namespace: string): VectorNamespaceData | undefined;
  /** Replace a namespace with `data` (e.g. decoded from a file). */
  importNamespace(namespace: string, data: VectorNamespaceData): void;
  /** Bumps whenever the namespace changes; persistence re-encodes only namespaces that moved. */
  namespaceVersion(namespace: string): number;
  /** Whether a lazy namespace has been loaded (always true for others). */
  isLoaded(namespace: string): boolean;
  /**
   * Ids upserted and deleted in a namespace since its last `markPersisted` (disjoint sets: the
   * last operation on an id wins). `reset` is true when no such mark covers the namespace's
   * whole history (never persisted, cleared or replaced since): then only a full write will do.
   * Namespaces passed as `lazy` start persisted.
   */
  pendingChanges(namespace: string): VectorChanges;
  /** Start (or restart) tracking a namespace's changes from its current content. */
  markPersisted(namespace: string): void;
  /** The records of `ids` (unit-normalised vectors) as namespace data; unknown ids are skipped. */
  exportRecords(namespace: string, ids: readonly string[]): VectorNamespaceData | undefined;
}

export interface VectorChanges {
  upserted: string[];
  deleted: string[];
  reset: boolean;
}

interface Space {
  dims: number;
  /** Floats per row: dims rounded up for the SIMD scan, zero-padded. */
  stride: number;
  /** SIMD scan block holding `data`, or null for the plain-JavaScript path. */
  block: ScanBlock | null;
  data: Float32Array;
  size: number;
  ids: string[];
  docIds: (string | undefined)[];
  metadata: (Record<string, FilterValue | null> | undefined)[];
  slotOf: Map<string, number>;
}

const MAGIC = 'RAGVEC01';

export function createMemoryVectorStore(options: MemoryVectorStoreOptions = {}): MemoryVectorStore {
  if (options.dimensions !== undefined && !(Number.isInteger(options.dimensions) && options.dimensions > 0))
    throw new RagError('RAG_CONFIG', `dimensions must be a positive integer, got ${options.dimensions}`);
  const spaces = new Map<string, Space>();
  const pending = new Map<string, LazyNamespace>(Object.entries(options.lazy ?? {}));
  const versions = new Map<string, number>();
  const bump = (ns: string) => versions.set(ns, (versions.get(ns) ?? 0) + 1);
  /** Changes since the last persisted mark, per tracked namespace (untracked: a full write). */
  const tracked = new Map<string, { upserted: Set<string>; deleted: Set<string> }>();
  for (const ns of pending.keys()) tracked.set(ns, { upserted: new Set(), deleted: new Set() });
  const noteUpsert = (ns: string, id: string) => {
    const t = tracked.get(ns);
    if (t) {
      t.upserted.add(id);
      t.deleted.delete(id);
    }
  };
  const noteDelete = (ns: string, id: string) => {
    const t = tracked.get(ns);
    if (t) {
      t.deleted.add(id);
      t.upserted.delete(id);
    }
  };
  /** The namespace's space, loading it first when it is still on disk. */
  const getSpace = (ns: string): Space | undefined => {
    const lazy = pending.get(ns);
    if (lazy) {
      pending.delete(ns);
      const data = lazy.load();
      loadSpace(ns, data.dims, data.vectors, data.ids, data.docIds, data.metadata);
    }
    return spaces.get(ns);
  };

  const space = (ns: string, dims: number): Space => {
    let s = getSpace(ns);
    if (!s) {
      const stride = Math.ceil(dims / SCAN_STRIDE_MULTIPLE) * SCAN_STRIDE_MULTIPLE;
      const block = createScanBlock(stride, 16);
      s = { dims, stride, block, data: block?.rows ?? new Float32Array(stride * 16), size: 0, ids: [], docIds: [], metadata: [], slotOf: new Map() };
      spaces.set(ns, s);
    }
    return s;
  };

  const validateRecords = (ns: string, records: unknown): VectorRecord[] => {
    if (!Array.isArray(records))
      throw new RagError('RAG_INVALID_INPUT', 'records: expected an array', { details: { input: 'records', namespace: ns } });
    let dims = getSpace(ns)?.dims ?? options.dimensions;
    records.forEach((r: unknown, i) => {
      if (r === null || typeof r !== 'object')
        throw new RagError('RAG_INVALID_INPUT', `records[${i}]: expected an object`, { details: { input: `records[${i}]` } });
      const rec = r as Record<string, unknown>;
      assertValidId(`records[${i}].id`, rec.id);
      assertValidVector(`records[${i}].vector (id ${String(rec.id)})`, rec.vector, dims);
      dims ??= (rec.vector as Float32Array).length;
      if (rec.docId !== undefined) assertValidId(`records[${i}].docId`, rec.docId);
      if (rec.metadata !== undefined) {
        if (rec.metadata === null || typeof rec.metadata !== 'object' || Array.isArray(rec.metadata))
          throw new RagError('RAG_INVALID_INPUT', `records[${i}].metadata: expected an object`, {
            details: { input: `records[${i}].metadata` },
          });
        for (const [key, v] of Object.entries(rec.metadata))
          if (v !== null && !isFilterValue(v))
            throw new RagError(
              'RAG_INVALID_INPUT',
              `records[${i}].metadata.${key}: expected string, finite number, boolean or null`,
              { details: { input: `records[${i}].metadata.${key}` } },
            );
      }
    });
    return records as VectorRecord[];
  };

  const write = (s: Space, slot: number, v: ArrayLike<number>) => {
    let norm = 0;
    for (let i = 0; i < s.dims; i++) norm += v[i]! * v[i]!;
    // A zero vector stays zero: it scores 0 against everything rather than NaN.
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const base = slot * s.stride;
    for (let i = 0; i < s.dims; i++) s.data[base + i] = v[i]! * inv;
    for (let i = s.dims; i < s.stride; i++) s.data[base + i] = 0;
  };

  const grow = (s: Space, capacity: number) => {
    const block = s.block ? createScanBlock(s.stride, capacity) : null;
    const data = block?.rows ?? new Float32Array(capacity * s.stride);
    data.set(s.data.subarray(0, s.size * s.stride));
    s.block = block;
    s.data = data;
  };

  /** Fill a namespace from packed rows; each row is (re-)normalised as `write` does. */
  function loadSpace(name: string, dims: number, vectors: Float32Array, ids: string[], docIds: (string | null | undefined)[], metadata: (Record<string, FilterValue | null> | null | undefined)[]): void {
    const s = space(name, dims);
    grow(s, Math.max(ids.length, 16));
    for (let slot = 0; slot < ids.length; slot++) write(s, slot, vectors.subarray(slot * dims, (slot + 1) * dims));
    s.size = ids.length;
    s.ids = [...ids];
    s.docIds = docIds.map((d) => d ?? undefined);
    s.metadata = metadata.map((m) => m ?? undefined);
    ids.forEach((id, slot) => s.slotOf.set(id, slot));
  }

  const removeAt = (s: Space, slot: number) => {
    const last = s.size - 1;
    s.slotOf.delete(s.ids[slot]!);
    if (slot !== last) {
      s.data.copyWithin(slot * s.stride, last * s.stride, (last + 1) * s.stride);
      s.ids[slot] = s.ids[last]!;
      s.docIds[slot] = s.docIds[last];
      s.metadata[slot] = s.metadata[last];
      s.slotOf.set(s.ids[slot]!, slot);
    }
    s.ids.pop();
    s.docIds.pop();
    s.metadata.pop();
    s.size = last;
  };

  const assertNamespace: (ns: unknown) => asserts ns is string = (ns) => assertValidId('namespace', ns);

  const store: MemoryVectorStore = {
    id: options.id ?? 'memory',
    upsertSync(ns, records) {
      assertNamespace(ns);
      // Validate the whole batch before touching storage: one bad record stores nothing.
      const valid = validateRecords(ns, records);
      if (valid.length === 0) return;
      const s = space(ns, valid[0]!.vector.length);
      bump(ns);
      for (const r of valid) {
        let slot = s.slotOf.get(r.id);
        if (slot === undefined) {
          slot = s.size++;
          if (s.size * s.stride > s.data.length) grow(s, s.size * 2);
          s.ids.push(r.id);
          s.docIds.push(undefined);
          s.metadata.push(undefined);
          s.slotOf.set(r.id, slot);
        }
        write(s, slot, r.vector);
        noteUpsert(ns, r.id);
        s.docIds[slot] = r.docId;
        s.metadata[slot] = r.metadata ? { ...r.metadata } : undefined;
      }
    },
    async upsert(ns, records) {
      store.upsertSync(ns, records);
    },
    async delete(ns, ids) {
      assertNamespace(ns);
      if (!Array.isArray(ids)) throw new RagError('RAG_INVALID_INPUT', 'ids: expected an array', { details: { input: 'ids' } });
      ids.forEach((id, i) => assertValidId(`ids[${i}]`, id));
      const s = getSpace(ns);
      if (!s) return;
      // Unknown ids are ignored: deletes are idempotent so an interrupted one can be replayed.
      for (const id of ids) {
        const slot = s.slotOf.get(id);
        if (slot !== undefined) {
          removeAt(s, slot);
          noteDelete(ns, id);
          bump(ns);
        }
      }
    },
    async deleteByDoc(ns, docId) {
      assertNamespace(ns);
      assertValidId('docId', docId);
      const s = getSpace(ns);
      if (!s) return 0;
      let removed = 0;
      for (let slot = s.size - 1; slot >= 0; slot--) {
        if (s.docIds[slot] === docId) {
          noteDelete(ns, s.ids[slot]!);
          removeAt(s, slot);
          removed++;
        }
      }
      if (removed > 0) bump(ns);
      return removed;
    },
    searchSync(ns, vector, k, filter) {
      assertNamespace(ns);
      assertValidK('k', k);
      assertValidFilter('filter', filter);
      const s = getSpace(ns);
      assertValidVector('vector', vector, s?.dims ?? options.dimensions);
      if (!s || s.size === 0 || k === 0) return [];
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
      let threshold = Number.NEGATIVE_INFINITY;
      for (let slot = 0; slot < s.size; slot++) {
        const score = scores ? scores[slot]! : dot(q, data, slot * stride, dims);
        if (score < threshold) continue;
        if (hasFilter && !matchesFilter({ docId: s.docIds[slot], metadata: s.metadata[slot] }, filter)) continue;
        heap.push(slot, score);
        threshold = heap.threshold();
      }
      return heap.drain().map(({ slot, score }) => hit(s, slot, score));
    },
    async search(ns, vector, k, filter) {
      return store.searchSync(ns, vector, k, filter);
    },
    async count(ns, filter) {
      assertNamespace(ns);
      assertValidFilter('filter', filter);
      const s = getSpace(ns);
      if (!s) return 0;
      if (!filter || Object.keys(filter).length === 0) return s.size;
      let n = 0;
      for (let slot = 0; slot < s.size; slot++)
        if (matchesFilter({ docId: s.docIds[slot], metadata: s.metadata[slot] }, filter)) n++;
      return n;
    },
    async get(ns, ids) {
      assertNamespace(ns);
      if (!Array.isArray(ids)) throw new RagError('RAG_INVALID_INPUT', 'ids: expected an array', { details: { input: 'ids' } });
      ids.forEach((id, i) => assertValidId(`ids[${i}]`, id));
      const s = getSpace(ns);
      const missing = ids.filter((id) => s?.slotOf.get(id) === undefined);
      if (missing.length > 0)
        throw new RagError('RAG_NOT_FOUND', `ids not found in namespace "${ns}": ${missing.slice(0, 5).join(', ')}`, {
          details: { input: 'ids', namespace: ns, missing },
        });
      return ids.map((id) => {
        const slot = s!.slotOf.get(id)!;
        const rec: VectorRecord = { id, vector: s!.data.slice(slot * s!.stride, slot * s!.stride + s!.dims) };
        if (s!.docIds[slot] !== undefined) rec.docId = s!.docIds[slot];
        if (s!.metadata[slot] !== undefined) rec.metadata = { ...s!.metadata[slot] };
        return rec;
      });
    },
    async clear(ns) {
      assertNamespace(ns);
      pending.delete(ns);
      spaces.delete(ns);
      tracked.delete(ns);
      bump(ns);
    },
    namespaces: () => [...new Set([...spaces.keys(), ...pending.keys()])].filter((ns) => (pending.get(ns)?.count ?? spaces.get(ns)?.size ?? 0) > 0),
    dimensionsOf: (ns) => pending.get(ns)?.dims ?? spaces.get(ns)?.dims ?? options.dimensions,
    exportNamespace(ns) {
      const s = getSpace(ns);
      if (!s || s.size === 0) return undefined;
      const vectors = new Float32Array(s.size * s.dims);
      for (let slot = 0; slot < s.size; slot++) vectors.set(s.data.subarray(slot * s.stride, slot * s.stride + s.dims), slot * s.dims);
      return { dims: s.dims, ids: [...s.ids], docIds: [...s.docIds], metadata: s.metadata.map((m) => (m ? { ...m } : undefined)), vectors };
    },
    importNamespace(ns, data) {
      assertNamespace(ns);
      pending.delete(ns);
      spaces.delete(ns);
      loadSpace(ns, data.dims, data.vectors, data.ids, data.docIds, data.metadata);
      tracked.delete(ns);
      bump(ns);
    },
    namespaceVersion: (ns) => versions.get(ns) ?? 0,
    isLoaded: (ns) => !pending.has(ns),
    pendingChanges(ns) {
      const t = tracked.get(ns);
      return t ? { upserted: [...t.upserted], deleted: [...t.deleted], reset: false } : { upserted: [], deleted: [], reset: true };
    },
    markPersisted(ns) {
      tracked.set(ns, { upserted: new Set(), deleted: new Set() });
    },
    exportRecords(ns, ids) {
      const s = getSpace(ns);
      if (!s) return undefined;
      const slots = ids.map((id) => s.slotOf.get(id)).filter((x): x is number => x !== undefined);
      const vectors = new Float32Array(slots.length * s.dims);
      slots.forEach((slot, r) => vectors.set(s.data.subarray(slot * s.stride, slot * s.stride + s.dims), r * s.dims));
      return {
        dims: s.dims,
        ids: slots.map((slot) => s.ids[slot]!),
        docIds: slots.map((slot) => s.docIds[slot]),
        metadata: slots.map((slot) => (s.metadata[slot] ? { ...s.metadata[slot] } : undefined)),
        vectors,
      };
    },
    serialize() {
      for (const ns of [...pending.keys()]) getSpace(ns);
      const header: Header = { format: MAGIC, version: 1, id: store.id, namespaces: [] };
      if (options.dimensions !== undefined) header.dimensions = options.dimensions;
      const blocks: Float32Array[] = [];
      for (const [name, s] of spaces) {
        if (s.size === 0) continue;
        header.namespaces.push({ name, dims: s.dims, ids: s.ids, docIds: s.docIds.map((d) => d ?? null), metadata: s.metadata.map((m) => m ?? null) });
        const packed = new Float32Array(s.size * s.dims);
        for (let slot = 0; slot < s.size; slot++)
          packed.set(s.data.subarray(slot * s.stride, slot * s.stride + s.dims), slot * s.dims);
        blocks.push(packed);
      }
      const json = new TextEncoder().encode(JSON.stringify(header));
      // 8-byte magic, 4-byte header length, header, padding to a 4-byte boundary, Float32 blocks.
      const headerEnd = 12 + json.length;
      const dataStart = Math.ceil(headerEnd / 4) * 4;
      const total = dataStart + blocks.reduce((n, b) => n + b.byteLength, 0);
      const out = new Uint8Array(total);
      out.set(new TextEncoder().encode(MAGIC), 0);
      new DataView(out.buffer).setUint32(8, json.length, true);
      out.set(json, 12);
      let at = dataStart;
      for (const b of blocks) {
        out.set(new Uint8Array(b.buffer, b.byteOffset, b.byteLength), at);
        at += b.byteLength;
      }
      return out;
    },
  };
  Object.defineProperty(store, LOAD, { value: loadSpace });
  return store;
}

const LOAD = Symbol('memory-vector-store.load');

const HeaderSchema = z.object({
  format: z.literal(MAGIC),
  version: z.literal(1),
  id: z.string(),
  dimensions: z.number().int().positive().optional(),
  namespaces: z.array(
    z.object({
      name: z.string().min(1),
      dims: z.number().int().positive(),
      ids: z.array(z.string().min(1)),
      docIds: z.array(z.string().min(1).nullable()),
      metadata: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable()),
    }),
  ),
});
type Header = z.infer<typeof HeaderSchema>;

/** Rebuild a store from `serialize()` output. Throws RAG_STORE_CORRUPT when the bytes do not check out. */
export function restoreMemoryVectorStore(bytes: Uint8Array): MemoryVectorStore {
  const corrupt = (why: string, cause?: unknown) =>
    new RagError('RAG_STORE_CORRUPT', `vector store snapshot is corrupt: ${why}`, cause === undefined ? {} : { cause });
  if (!(bytes instanceof Uint8Array) || bytes.length < 12) throw corrupt('too short');
  if (new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) throw corrupt('bad magic (not a rag vector snapshot)');
  const headerLen = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  if (12 + headerLen > bytes.length) throw corrupt('header length exceeds the data');
  let header: Header;
  try {
    header = HeaderSchema.parse(JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLen))));
  } catch (cause) {
    throw corrupt('header does not validate', cause);
  }
  let at = Math.ceil((12 + headerLen) / 4) * 4;
  const expected = header.namespaces.reduce((n, ns) => n + ns.ids.length * ns.dims * 4, 0);
  if (bytes.length - at !== expected) throw corrupt(`expected ${expected} bytes of vectors, found ${bytes.length - at}`);
  const store = createMemoryVectorStore({ id: header.id, ...(header.dimensions ? { dimensions: header.dimensions } : {}) });
  const load = (store as unknown as Record<symbol, (...a: unknown[]) => void>)[LOAD]!;
  for (const ns of header.namespaces) {
    const n = ns.ids.length;
    if (ns.docIds.length !== n || ns.metadata.length !== n || new Set(ns.ids).size !== n)
      throw corrupt(`namespace "${ns.name}" has inconsistent record lists`);
    // Copy out so the store never aliases (or mis-aligns on) the caller's buffer.
    const vectors = new Float32Array(n * ns.dims);
    new Uint8Array(vectors.buffer).set(bytes.subarray(at, at + n * ns.dims * 4));
    for (let i = 0; i < vectors.length; i++)
      if (!Number.isFinite(vectors[i]!)) throw corrupt(`namespace "${ns.name}" holds a non-finite value`);
    at += n * ns.dims * 4;
    load(ns.name, ns.dims, vectors, ns.ids, ns.docIds, ns.metadata);
  }
  return store;
}

function hit(s: Space, slot: number, score: number): VectorHit {
  const h: VectorHit = { id: s.ids[slot]!, score };
  if (s.docIds[slot] !== undefined) h.docId = s.docIds[slot];
  if (s.metadata[slot] !== undefined) h.metadata = { ...s.metadata[slot] };
  return h;
}

/** Dot product of `q` with `data[offset … offset + dims)`, unrolled by 4 for throughput. */
function dot(q: Float32Array, data: Float32Array, offset: number, dims: number): number {
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
