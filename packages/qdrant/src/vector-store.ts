// VectorStore over Qdrant through the official REST client: one collection per vector size
// (sized-collections.ts). Tenancy is a payload field: every request carries a `namespace`
// condition (or, for writes by id, a point id derived from the namespace), and `namespace` is
// indexed as Qdrant's tenant key.
import { RagError, type MetadataFilter, type VectorHit, type VectorRecord, type VectorStore } from '@rag/core';
import { z } from 'zod';
import { connectQdrant, positiveInt, type QdrantConnectionOptions } from './connection.js';
import { PAYLOAD, toQdrantFilter, type QdrantFilter } from './filter.js';
import { pointId } from './point-id.js';
import { sizedCollections, type SizedCollection } from './sized-collections.js';

export { DEFAULT_QDRANT_URL } from './connection.js';
export const DEFAULT_QDRANT_COLLECTION = 'rag';

export interface QdrantVectorStoreOptions extends QdrantConnectionOptions {
  /** Collection holding every namespace. Default "rag". */
  collection?: string;
  /** Vector length. When unknown, learned from the first upsert (the collection is created then). */
  dimensions?: number;
  /** Ask Qdrant for exact (brute-force) search instead of HNSW. Default false. */
  exact?: boolean;
}

export interface QdrantVectorStore extends VectorStore {
  readonly collection: string;
  readonly url: string;
  /** Vector length, once known (configured, read from the collection, or from the first upsert). */
  readonly dimensions: number | undefined;
  get(namespace: string, ids: string[]): Promise<VectorRecord[]>;
  clear(namespace: string): Promise<void>;
}

const FilterValueSchema = z.union([z.string(), z.number(), z.boolean()]);
// Untrusted: what the server returns, checked before it becomes a VectorHit.
const PayloadSchema = z.looseObject({
  [PAYLOAD.namespace]: z.string(),
  [PAYLOAD.recordId]: z.string(),
  [PAYLOAD.docId]: z.string().nullish(),
  [PAYLOAD.metadata]: z.record(z.string(), FilterValueSchema.nullable()).nullish(),
});
const ScoredPointSchema = z.looseObject({ id: z.union([z.string(), z.number()]), score: z.number(), payload: z.unknown() });
const RecordPointSchema = z.looseObject({ id: z.union([z.string(), z.number()]), payload: z.unknown(), vector: z.unknown() });

function checkNamespace(namespace: unknown): asserts namespace is string {
  if (typeof namespace !== 'string' || namespace === '')
    throw new RagError('RAG_INVALID_INPUT', 'namespace: must be a non-empty string', { details: { input: 'namespace' } });
}

function checkVector(input: string, vector: unknown, dimensions: number | undefined): Float32Array {
  if (!(vector instanceof Float32Array))
    throw new RagError('RAG_INVALID_VECTOR', `${input}: must be a Float32Array`, { details: { input } });
  if (vector.length === 0) throw new RagError('RAG_INVALID_VECTOR', `${input}: must not be empty`, { details: { input } });
  if (dimensions !== undefined && vector.length !== dimensions)
    throw new RagError('RAG_DIMENSION_MISMATCH', `${input}: has ${vector.length} dimensions, the collection has ${dimensions}`, {
      details: { input, expected: dimensions, actual: vector.length },
    });
  let norm = 0;
  for (const x of vector) {
    if (!Number.isFinite(x)) throw new RagError('RAG_INVALID_VECTOR', `${input}: contains a non-finite value`, { details: { input } });
    norm += x * x;
  }
  // Cosine similarity of a zero vector is undefined; Qdrant would store it and score it as 0.
  if (norm === 0) throw new RagError('RAG_INVALID_VECTOR', `${input}: is all zeros (cosine similarity is undefined)`, { details: { input } });
  return vector;
}

function checkRecord(record: VectorRecord, i: number, dimensions: number | undefined): void {
  if (record == null || typeof record !== 'object')
    throw new RagError('RAG_INVALID_INPUT', `records[${i}]: must be an object`, { details: { input: `records[${i}]` } });
  if (typeof record.id !== 'string' || record.id === '')
    throw new RagError('RAG_INVALID_INPUT', `records[${i}].id: must be a non-empty string`, { details: { input: `records[${i}].id` } });
  checkVector(`records[${i}] ("${record.id}").vector`, record.vector, dimensions);
  if (record.docId !== undefined && typeof record.docId !== 'string')
    throw new RagError('RAG_INVALID_INPUT', `records[${i}].docId: must be a string`, { details: { input: `records[${i}].docId` } });
  if (record.metadata !== undefined) {
    const ok = z.record(z.string(), FilterValueSchema.nullable()).safeParse(record.metadata);
    if (!ok.success)
      throw new RagError('RAG_INVALID_INPUT', `records[${i}].metadata: values must be string, number, boolean or null`, {
        details: { input: `records[${i}].metadata` },
      });
  }
}

export function createQdrantVectorStore(options: QdrantVectorStoreOptions = {}): QdrantVectorStore {
  const collection = options.collection ?? DEFAULT_QDRANT_COLLECTION;
  const conn = connectQdrant('createQdrantVectorStore', collection, options);
  const { client, url, batchSize, call } = conn;
  const dimensions = options.dimensions === undefined ? undefined : positiveInt('createQdrantVectorStore', 'dimensions', options.dimensions, 0);

  const collections = sizedCollections(conn, dimensions);
  /** Each namespace's vector size, once seen (a namespace lives in the collection of its size). */
  const namespaceSize = new Map<string, number>();

  /**
   * The collection holding `namespace`, or undefined when no collection holds any of its points.
   * A lone collection of the caller's size (or any lone one, when the caller has no size) is
   * taken as is; otherwise each collection is asked (once per namespace per process).
   */
  async function locate(namespace: string, size?: number): Promise<SizedCollection | undefined> {
    // A configured size: its collection is made (or checked) on first use, as a fixed schema.
    if (dimensions !== undefined) return { name: (await collections.forSize(dimensions, true))!, size: dimensions };
    const known = namespaceSize.get(namespace);
    if (known !== undefined) {
      const name = await collections.forSize(known, false);
      if (name !== undefined) return { name, size: known };
    }
    const all = await collections.list();
    if (all.length === 1 && (size === undefined || all[0]!.size === size)) return all[0];
    for (const c of all)
      if ((await countWhere(c.name, toQdrantFilter(namespace)!)) > 0) {
        namespaceSize.set(namespace, c.size);
        return c;
      }
    return undefined;
  }

  function mismatch(input: string, actual: number, namespace: string, expected: number): RagError {
    return new RagError('RAG_DIMENSION_MISMATCH', `${input}: has ${actual} dimensions, namespace "${namespace}" has ${expected}`, {
      details: { input, expected, actual, namespace },
    });
  }

  function hitFrom(point: unknown, namespace: string): VectorHit | undefined {
    const p = ScoredPointSchema.safeParse(point);
    const payload = PayloadSchema.safeParse(p.success ? p.data.payload : undefined);
    if (!p.success || !payload.success || payload.data.namespace !== namespace) return undefined;
    const hit: VectorHit = { id: payload.data.recordId, score: p.data.score };
    if (payload.data.docId != null) hit.docId = payload.data.docId;
    if (payload.data.metadata != null) hit.metadata = payload.data.metadata;
    return hit;
  }

  async function countWhere(name: string, filter: QdrantFilter): Promise<number> {
    const res = await call('count', () => client.count(name, { filter, exact: true }));
    const parsed = z.looseObject({ count: z.number().int().nonnegative() }).safeParse(res);
    if (!parsed.success)
      throw new RagError('RAG_SERVICE_ERROR', `qdrant count on "${name}" returned an unexpected body`, { details: { collection: name, url } });
    return parsed.data.count;
  }

  const store: QdrantVectorStore = {
    id: `qdrant:${url}/${collection}`,
    collection,
    url,
    get dimensions() {
      return collections.baseSize;
    },

    async upsert(namespace, records) {
      checkNamespace(namespace);
      if (!Array.isArray(records)) throw new RagError('RAG_INVALID_INPUT', 'records: must be an array', { details: { input: 'records' } });
      if (records.length === 0) return;
      // Validate everything before writing anything: bad input never leaves half a write behind.
      records.forEach((r, i) => checkRecord(r, i, dimensions ?? records[0]?.vector?.length));
      const size = records[0]!.vector.length;
      const at = await locate(namespace, size);
      if (at && at.size !== size) throw mismatch(`records[0] ("${records[0]!.id}").vector`, size, namespace, at.size);
      const name = (await collections.forSize(size, true))!;
      namespaceSize.set(namespace, size);
      for (let start = 0; start < records.length; start += batchSize) {
        const batch = records.slice(start, start + batchSize);
        const points = batch.map((r) => ({
          id: pointId(namespace, r.id),
          vector: Array.from(r.vector),
          payload: {
            [PAYLOAD.namespace]: namespace,
            [PAYLOAD.recordId]: r.id,
            ...(r.docId !== undefined ? { [PAYLOAD.docId]: r.docId } : {}),
            ...(r.metadata !== undefined ? { [PAYLOAD.metadata]: r.metadata } : {}),
          },
        }));
        try {
          // wait: true -> acknowledged only once applied, so "stored" below means stored.
          await call('upsert', () => client.upsert(name, { wait: true, points }));
        } catch (error) {
          if (RagError.isInstance(error))
            Object.assign(error.details, {
              storedRecords: start,
              total: records.length,
              lastGoodState: `records [0, ${start}) of this call are stored; records from ${start} on are not (re-upserting all of them is safe: ids are deterministic)`,
            });
          throw error;
        }
      }
    },

    async delete(namespace, ids) {
      checkNamespace(namespace);
      if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
        throw new RagError('RAG_INVALID_INPUT', 'ids: must be an array of strings', { details: { input: 'ids' } });
      const at = ids.length === 0 ? undefined : await locate(namespace);
      if (!at) return;
      // Point ids are derived from the namespace, so these ids cannot name another namespace's points.
      const points = ids.map((id) => pointId(namespace, id));
      for (let start = 0; start < points.length; start += batchSize) {
        const batch = points.slice(start, start + batchSize);
        await call('delete', () => client.delete(at.name, { wait: true, points: batch }));
      }
    },

    async deleteByDoc(namespace, docId) {
      checkNamespace(namespace);
      if (typeof docId !== 'string' || docId === '')
        throw new RagError('RAG_INVALID_INPUT', 'docId: must be a non-empty string', { details: { input: 'docId' } });
      const at = await locate(namespace);
      if (!at) return 0;
      const filter = toQdrantFilter(namespace, { docId })!;
      // Qdrant's delete does not report how many points it removed; count first (exact), then
      // delete by the same filter. A concurrent upsert into the same document between the two
      // calls would make the number stale, never the deletion incomplete.
      const removed = await countWhere(at.name, filter);
      if (removed > 0) await call('delete', () => client.delete(at.name, { wait: true, filter }));
      return removed;
    },

    async search(namespace, vector, k, filter) {
      checkNamespace(namespace);
      if (!Number.isInteger(k) || k < 0)
        throw new RagError('RAG_INVALID_INPUT', `k: must be a non-negative integer, got ${k}`, { details: { input: 'k' } });
      checkVector('vector', vector, dimensions);
      const qfilter = toQdrantFilter(namespace, filter);
      if (k === 0 || qfilter === null) return [];
      const at = await locate(namespace, vector.length);
      if (!at) return [];
      if (at.size !== vector.length) throw mismatch('vector', vector.length, namespace, at.size);
      const res = await call('query', () =>
        client.query(at.name, {
          query: Array.from(vector),
          filter: qfilter,
          limit: k,
          with_payload: true,
          ...(options.exact ? { params: { exact: true } } : {}),
        }),
      );
      const points = z.looseObject({ points: z.array(z.unknown()) }).safeParse(res);
      if (!points.success)
        throw new RagError('RAG_SERVICE_ERROR', `qdrant query on "${at.name}" returned an unexpected body`, { details: { collection: at.name, url } });
      return points.data.points.map((p) => hitFrom(p, namespace)).filter((h): h is VectorHit => h !== undefined);
    },

    async count(namespace, filter?: MetadataFilter) {
      checkNamespace(namespace);
      const qfilter = toQdrantFilter(namespace, filter);
      if (qfilter === null) return 0;
      const at = await locate(namespace);
      return at ? countWhere(at.name, qfilter) : 0;
    },

    async get(namespace, ids) {
      checkNamespace(namespace);
      if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
        throw new RagError('RAG_INVALID_INPUT', 'ids: must be an array of strings', { details: { input: 'ids' } });
      if (ids.length === 0) return [];
      const at = await locate(namespace);
      const byId = new Map<string, VectorRecord>();
      const res = at ? await call('retrieve', () => client.retrieve(at.name, { ids: ids.map((id) => pointId(namespace, id)), with_payload: true, with_vector: true })) : [];
      for (const point of Array.isArray(res) ? res : []) {
        const p = RecordPointSchema.safeParse(point);
        const payload = PayloadSchema.safeParse(p.success ? p.data.payload : undefined);
        const vector = z.array(z.number()).safeParse(p.success ? p.data.vector : undefined);
        if (!p.success || !payload.success || !vector.success || payload.data.namespace !== namespace) continue;
        const record: VectorRecord = { id: payload.data.recordId, vector: Float32Array.from(vector.data) };
        if (payload.data.docId != null) record.docId = payload.data.docId;
        if (payload.data.metadata != null) record.metadata = payload.data.metadata;
        byId.set(record.id, record);
      }
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length > 0)
        throw new RagError('RAG_NOT_FOUND', `namespace "${namespace}" has no record ${missing.slice(0, 5).map((id) => `"${id}"`).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`, {
          details: { namespace, missing },
        });
      return ids.map((id) => byId.get(id)!);
    },

    async clear(namespace) {
      checkNamespace(namespace);
      const at = await locate(namespace);
      if (at) await call('delete', () => client.delete(at.name, { wait: true, filter: toQdrantFilter(namespace)! }));
    },
  };
  return store;
}
