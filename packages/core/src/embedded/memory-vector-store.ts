// In-memory VectorStore with exact cosine search: the namespaces (vector-space.ts: packed,
// L2-normalised rows; a query scans every row once and keeps the top k in a bounded heap),
// lazy loading of namespaces persisted elsewhere, change tracking for per-namespace delta
// persistence, int8 rows released once persisted (`releaseRows`: writes and counts go on without
// them, reads restore them from the files), and the one-file snapshot (memory-vector-snapshot.ts).
import type { MetadataFilter, VectorHit, VectorRecord, VectorStore } from '../contracts/vector-store.js';
import type { QuantizedNamespaceData, VectorNamespaceData } from './vector-namespace-codec.js';
import { RagError } from '../errors.js';
import { assertValidId, assertValidK } from '../validate/assert-valid-text.js';
import { assertValidVector } from '../validate/assert-valid-vector.js';
import { assertValidFilter, isFilterValue, matchesFilter } from './metadata-filter.js';
import { decodeMemoryVectorSnapshot, encodeMemoryVectorSnapshot } from './memory-vector-snapshot.js';
import { createSpace, dropRows, exportQuantizedSlots, exportSlots, fillSpace, foldQuantized, readRow, removeSlot, restoreRows, scanSpace, slotFor, writeRow, type RowSource, type Space, type VectorPrecision } from './vector-space.js';

export type { RowSource } from './vector-space.js';

export interface MemoryVectorStoreOptions {
  /** Fix the dimension for every namespace; otherwise each namespace takes it from its first vector. */
  dimensions?: number;
  /** Store id, reported in manifests (default "memory"). */
  id?: string;
  /**
   * How rows are held: "float32" (default), or "int8" — scalar-quantised with a scale per row, as
   * the per-namespace files store them, in a quarter of the memory. Scores then carry the
   * quantisation error of those files (about 1e-3 on a cosine), the same as a store reopened
   * from them; `get` and `exportNamespace` return the dequantised vectors.
   */
  precision?: VectorPrecision;
  /**
   * Namespaces persisted elsewhere, loaded on first use (synchronously: `searchSync` may be the
   * first touch). `dims` and `count` answer `dimensionsOf` / `namespaces` without loading.
   */
  lazy?: Record<string, LazyNamespace>;
}

export interface LazyNamespace {
  dims: number;
  count: number;
  /** The rows, as floats or as stored int8 codes (taken as they are by int8 rows: no float copy). */
  load(): VectorNamespaceData | QuantizedNamespaceData;
  /**
   * The stored int8 rows (see `releaseRows`). With it an int8 store that writes to or counts the
   * namespace before anything reads it keeps the namespace without its rows.
   */
  rows?: () => RowSource[];
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
  /**
   * With int8 rows: a namespace's records as the namespace file stores them (codes and scales,
   * no float copy: `encodeQuantizedVectorNamespace`); undefined for float32 rows or an empty namespace.
   */
  exportQuantized?(namespace: string): QuantizedNamespaceData | undefined;
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
  /**
   * Replace a namespace by one computed on first use (`lazy.load`), dropping the rows it holds:
   * for data derived from elsewhere that need not be held while nobody reads it. It starts
   * persisted, like the `lazy` namespaces of the options.
   */
  deferNamespace(namespace: string, lazy: LazyNamespace): void;
  /**
   * Release the int8 rows of a namespace whose content is all persisted (call it right after
   * `markPersisted`): ids, doc ids, metadata and per-row scales stay, so upserts, deletes and
   * counts go on without the rows (new rows wait in a small overlay that `exportRecords` serves
   * to the next delta); a search, `get` or export reads the rest back through `rows` — what the
   * namespace's files hold, oldest first. On a namespace already released it forgets the
   * overlay (persisted now) and takes the new `rows`. Not done (false) for float32 rows, a
   * namespace not loaded, or one that was searched or read (`get`) since the previous call.
   */
  releaseRows?(namespace: string, rows: () => RowSource[]): boolean;
  /** Whether a namespace's rows are held (false while released by `releaseRows` or not loaded). */
  rowsHeld?(namespace: string): boolean;
}

export interface VectorChanges {
  upserted: string[];
  deleted: string[];
  reset: boolean;
}

export function createMemoryVectorStore(given: MemoryVectorStoreOptions = {}): MemoryVectorStore {
  // the lazy namespaces go into `pending` (dropped there once loaded or replaced); the closures
  // below keep the other options only, not the loaders and what they capture
  const { lazy, ...options } = given;
  if (options.dimensions !== undefined && !(Number.isInteger(options.dimensions) && options.dimensions > 0))
    throw new RagError('RAG_CONFIG', `dimensions must be a positive integer, got ${options.dimensions}`);
  if (options.precision !== undefined && options.precision !== 'float32' && options.precision !== 'int8')
    throw new RagError('RAG_CONFIG', `precision must be "float32" or "int8", got ${String(options.precision)}`);
  const spaces = new Map<string, Space>();
  const pending = new Map<string, LazyNamespace>(Object.entries(lazy ?? {}));
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
  /** Where released rows are read back from, per namespace. */
  const rowSources = new Map<string, () => RowSource[]>();
  /** Namespaces searched or read since their last `releaseRows` call. */
  const readSince = new Set<string>();
  /** The namespace's space with its rows (read back when released). */
  const rowsOf = (ns: string): Space | undefined => {
    const s = getSpace(ns);
    if (s?.overlay) {
      restoreRows(s, rowSources.get(ns)!());
      rowSources.delete(ns);
    }
    return s;
  };
  /**
   * The namespace's space for writes and counts: a lazy namespace that can give its stored rows
   * back later is loaded without them (the rows decoded by `load` are let go at once).
   */
  const writable = (ns: string): Space | undefined => {
    const rows = pending.get(ns)?.rows;
    const s = getSpace(ns, true);
    if (rows && s && dropRows(s)) rowSources.set(ns, rows);
    return s;
  };
  /**
   * The namespace's space, loading it first when it is still on disk. `forWrite`: stored int8
   * codes that can be read back later are not copied in (the space starts released).
   */
  const getSpace = (ns: string, forWrite = false): Space | undefined => {
    const lazy = pending.get(ns);
    if (lazy) {
      pending.delete(ns);
      const data = lazy.load();
      const s = space(ns, data.dims);
      if (forWrite && lazy.rows && 'codes' in data && dropRows(s)) rowSources.set(ns, lazy.rows);
      fillSpace(s, data);
    }
    return spaces.get(ns);
  };

  const space = (ns: string, dims: number): Space => {
    let s = writable(ns);
    if (!s) {
      s = createSpace(dims, options.precision);
      spaces.set(ns, s);
    }
    return s;
  };

  const validateRecords = (ns: string, records: unknown): VectorRecord[] => {
    if (!Array.isArray(records))
      throw new RagError('RAG_INVALID_INPUT', 'records: expected an array', { details: { input: 'records', namespace: ns } });
    let dims = writable(ns)?.dims ?? options.dimensions;
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
        const slot = slotFor(s, r.id);
        writeRow(s, slot, r.vector);
        noteUpsert(ns, r.id);
        s.docIds[slot] = r.docId;
        s.metadata.set(slot, r.metadata);
      }
    },
    async upsert(ns, records) {
      store.upsertSync(ns, records);
    },
    async delete(ns, ids) {
      assertNamespace(ns);
      if (!Array.isArray(ids)) throw new RagError('RAG_INVALID_INPUT', 'ids: expected an array', { details: { input: 'ids' } });
      ids.forEach((id, i) => assertValidId(`ids[${i}]`, id));
      const s = writable(ns);
      if (!s) return;
      // Unknown ids are ignored: deletes are idempotent so an interrupted one can be replayed.
      for (const id of ids) {
        const slot = s.slotOf.get(id);
        if (slot !== undefined) {
          removeSlot(s, slot);
          noteDelete(ns, id);
          bump(ns);
        }
      }
    },
    async deleteByDoc(ns, docId) {
      assertNamespace(ns);
      assertValidId('docId', docId);
      const s = writable(ns);
      if (!s) return 0;
      let removed = 0;
      for (let slot = s.size - 1; slot >= 0; slot--) {
        if (s.docIds[slot] === docId) {
          noteDelete(ns, s.ids[slot]!);
          removeSlot(s, slot);
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
      readSince.add(ns);
      const s = rowsOf(ns);
      assertValidVector('vector', vector, s?.dims ?? options.dimensions);
      if (!s || s.size === 0 || k === 0) return [];
      return scanSpace(s, vector, k, filter);
    },
    async search(ns, vector, k, filter) {
      return store.searchSync(ns, vector, k, filter);
    },
    async count(ns, filter) {
      assertNamespace(ns);
      assertValidFilter('filter', filter);
      const s = writable(ns);
      if (!s) return 0;
      if (!filter || Object.keys(filter).length === 0) return s.size;
      let n = 0;
      for (let slot = 0; slot < s.size; slot++)
        if (matchesFilter({ docId: s.docIds[slot], metadata: s.metadata.get(slot) }, filter)) n++;
      return n;
    },
    async get(ns, ids) {
      assertNamespace(ns);
      if (!Array.isArray(ids)) throw new RagError('RAG_INVALID_INPUT', 'ids: expected an array', { details: { input: 'ids' } });
      ids.forEach((id, i) => assertValidId(`ids[${i}]`, id));
      readSince.add(ns);
      const s = rowsOf(ns);
      const missing = ids.filter((id) => s?.slotOf.get(id) === undefined);
      if (missing.length > 0)
        throw new RagError('RAG_NOT_FOUND', `ids not found in namespace "${ns}": ${missing.slice(0, 5).join(', ')}`, {
          details: { input: 'ids', namespace: ns, missing },
        });
      return ids.map((id) => {
        const slot = s!.slotOf.get(id)!;
        const rec: VectorRecord = { id, vector: readRow(s!, slot) };
        if (s!.docIds[slot] !== undefined) rec.docId = s!.docIds[slot];
        const metadata = s!.metadata.get(slot);
        if (metadata !== undefined) rec.metadata = metadata;
        return rec;
      });
    },
    async clear(ns) {
      assertNamespace(ns);
      pending.delete(ns);
      spaces.delete(ns);
      rowSources.delete(ns);
      tracked.delete(ns);
      bump(ns);
    },
    namespaces: () => [...new Set([...spaces.keys(), ...pending.keys()])].filter((ns) => (pending.get(ns)?.count ?? spaces.get(ns)?.size ?? 0) > 0),
    dimensionsOf: (ns) => pending.get(ns)?.dims ?? spaces.get(ns)?.dims ?? options.dimensions,
    exportNamespace(ns) {
      const s = rowsOf(ns);
      if (!s || s.size === 0) return undefined;
      return exportSlots(s, s.ids.map((_, slot) => slot));
    },
    exportQuantized(ns) {
      const s = writable(ns);
      if (!s || s.size === 0) return undefined;
      // released rows: the file's layout straight from the stored rows, without holding them again
      if (s.overlay) return foldQuantized(s, rowSources.get(ns)!());
      return exportQuantizedSlots(s, s.ids.map((_, slot) => slot));
    },
    importNamespace(ns, data) {
      assertNamespace(ns);
      pending.delete(ns);
      spaces.delete(ns);
      rowSources.delete(ns);
      fillSpace(space(ns, data.dims), data);
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
    deferNamespace(ns, lazy) {
      assertNamespace(ns);
      spaces.delete(ns);
      rowSources.delete(ns);
      pending.set(ns, lazy);
      tracked.set(ns, { upserted: new Set(), deleted: new Set() });
      bump(ns);
    },
    releaseRows(ns, rows) {
      const read = readSince.delete(ns);
      const s = pending.has(ns) ? undefined : spaces.get(ns);
      if (read || !s) return false;
      // already released: the overlay's rows are now in the files `rows` reads
      if (s.overlay) s.overlay.clear();
      else if (!dropRows(s)) return false;
      rowSources.set(ns, rows);
      return true;
    },
    rowsHeld: (ns) => !pending.has(ns) && !spaces.get(ns)?.overlay,
    exportRecords(ns, ids) {
      // rows upserted since the release are in the overlay: a delta needs no read-back
      const held = writable(ns);
      const s = held?.overlay && ids.every((id) => held.overlay!.has(id)) ? held : rowsOf(ns);
      if (!s) return undefined;
      return exportSlots(s, ids.map((id) => s.slotOf.get(id)).filter((x): x is number => x !== undefined));
    },
    serialize() {
      const data: [string, VectorNamespaceData][] = [];
      for (const ns of store.namespaces()) {
        const d = store.exportNamespace(ns);
        if (d) data.push([ns, d]);
      }
      return encodeMemoryVectorSnapshot(store.id, options.dimensions, data);
    },
  };
  return store;
}

/** Rebuild a store from `serialize()` output. Throws RAG_STORE_CORRUPT when the bytes do not check out. */
export function restoreMemoryVectorStore(bytes: Uint8Array): MemoryVectorStore {
  const snap = decodeMemoryVectorSnapshot(bytes);
  const store = createMemoryVectorStore({ id: snap.id, ...(snap.dimensions ? { dimensions: snap.dimensions } : {}) });
  // Imported namespaces are untracked: the first per-namespace commit writes them whole.
  for (const [name, data] of snap.namespaces) store.importNamespace(name, data);
  return store;
}
