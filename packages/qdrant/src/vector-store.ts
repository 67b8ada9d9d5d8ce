// VectorStore over one Qdrant collection through the official REST client. Tenancy is a payload
// field: every request carries a `namespace` condition (or, for writes by id, a point id derived
// from the namespace), and `namespace` is indexed as Qdrant's tenant key.
import { QdrantClient } from '@qdrant/js-client-rest';
import { RagError, withRetry, type MetadataFilter, type VectorHit, type VectorRecord, type VectorStore } from '@rag/core';
import { z } from 'zod';
import { isRetryableQdrantError, toQdrantError } from './errors.js';
import { PAYLOAD, toQdrantFilter, type QdrantFilter } from './filter.js';
import { pointId } from './point-id.js';


export const DEFAULT_QDRANT_URL = 'http://127.0.0.1:6333';
export const DEFAULT_QDRANT_COLLECTION = 'rag';

export interface QdrantVectorStoreOptions {
  /** Server URL. Default `http://127.0.0.1:6333`. */
  url?: string;
  /** Sent as the `api-key` header (Qdrant Cloud, or a server with service.api_key set). */
  apiKey?: string;
  /** Collection holding every namespace. Default "rag". */
  collection?: string;
  /** Vector length. When unknown, learned from the first upsert (the collection is created then). */
  dimensions?: number;
  /** Points per upsert request. Default 256. */
  batchSize?: number;
  /** Per-request deadline in ms. Default 30000. */
  timeoutMs?: number;
  /** Extra attempts on connection errors and HTTP 5xx. Default 2. */
  retries?: number;
  /** First backoff delay in ms; doubles per retry. Default 250. */
  retryBaseDelayMs?: number;
  /** Ask Qdrant for exact (brute-force) search instead of HNSW. Default false. */
  exact?: boolean;
  /**
   * The client's version check against the server. Default false: it runs as a fire-and-forget
   * request at construction and can only console.warn (also when the server is merely not up
   * yet), which is noise in CLIs and tests; API incompatibilities surface as request errors.
   */
  checkCompatibility?: boolean;
  /** A ready client (then url/apiKey/timeoutMs/checkCompatibility are not used for it). */
  client?: QdrantClient;
  /** Called before each retry. */
  onRetry?: (error: RagError, attempt: number, delayMs: number) => void;
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
const VectorParamsSchema = z.looseObject({ size: z.number(), distance: z.string() });
const CollectionInfoSchema = z.looseObject({
  config: z.looseObject({ params: z.looseObject({ vectors: z.unknown() }) }),
  payload_schema: z.record(z.string(), z.unknown()).nullish(),
});

function positiveInt(name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min)
    throw new RagError('RAG_INVALID_INPUT', `createQdrantVectorStore: ${name}: must be an integer >= ${min}, got ${value}`, {
      details: { input: name, value },
    });
  return value;
}

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
  const url = (options.url ?? DEFAULT_QDRANT_URL).replace(/\/$/, '');
  const collection = options.collection ?? DEFAULT_QDRANT_COLLECTION;
  if (!/^[A-Za-z0-9_-]{1,255}$/.test(collection))
    throw new RagError('RAG_INVALID_INPUT', `createQdrantVectorStore: collection: "${collection}" must be 1-255 letters, digits, "_" or "-"`, {
      details: { input: 'collection' },
    });
  const batchSize = positiveInt('batchSize', options.batchSize, 256);
  const timeoutMs = positiveInt('timeoutMs', options.timeoutMs, 30_000);
  const retries = positiveInt('retries', options.retries, 2, 0);
  const baseDelayMs = positiveInt('retryBaseDelayMs', options.retryBaseDelayMs, 250, 0);
  let dimensions = options.dimensions === undefined ? undefined : positiveInt('dimensions', options.dimensions, 0);
  let client: QdrantClient;
  try {
    client =
      options.client ??
      new QdrantClient({
        url,
        ...(options.apiKey ? { apiKey: options.apiKey } : {}),
        timeout: timeoutMs,
        checkCompatibility: options.checkCompatibility ?? false,
      });
  } catch (cause) {
    throw new RagError('RAG_CONFIG', `createQdrantVectorStore: url: "${url}" is not usable: ${(cause as Error).message}`, {
      cause,
      details: { input: 'url' },
    });
  }

  /** One request, mapped to a RagError, retried per policy. */
  function call<T>(operation: string, fn: () => Promise<T>): Promise<T> {
    return withRetry(
      async () => {
        try {
          return await fn();
        } catch (error) {
          throw toQdrantError(error, { url, collection, operation, timeoutMs });
        }
      },
      { retries, baseDelayMs, maxDelayMs: 4_000, isRetryable: isRetryableQdrantError, ...(options.onRetry ? { onRetry: options.onRetry } : {}) },
    );
  }

  // 'missing' until the collection exists; reads of a missing collection are empty, not errors.
  let ready: Promise<'ready' | 'missing'> | undefined;

  async function inspect(): Promise<'ready' | 'missing'> {
    let info: unknown;
    try {
      info = await call('get collection', () => client.getCollection(collection));
    } catch (error) {
      if (RagError.isInstance(error, 'RAG_NOT_FOUND')) return 'missing';
      throw error;
    }
    const parsed = CollectionInfoSchema.safeParse(info);
    const vectors = VectorParamsSchema.safeParse(parsed.success ? parsed.data.config.params.vectors : undefined);
    if (!vectors.success)
      throw new RagError(
        'RAG_CONFLICT',
        `qdrant collection "${collection}" at ${url} does not have a single unnamed vector (named vectors are not supported); use another collection name`,
        { details: { collection, url } },
      );
    const { size, distance } = vectors.data;
    if (distance !== 'Cosine' || (dimensions !== undefined && size !== dimensions))
      throw new RagError(
        'RAG_CONFLICT',
        `qdrant collection "${collection}" at ${url} has vectors of size ${size} with ${distance} distance, but this store needs size ${dimensions ?? size} with Cosine distance; use another collection name or delete the collection`,
        { details: { collection, url, existing: { size, distance }, wanted: { size: dimensions ?? size, distance: 'Cosine' } } },
      );
    dimensions = size;
    await ensureIndexes(parsed.success ? (parsed.data.payload_schema ?? {}) : {});
    return 'ready';
  }

  async function ensureIndexes(existing: Record<string, unknown>): Promise<void> {
    if (!(PAYLOAD.namespace in existing))
      await call('create payload index', () =>
        // is_tenant groups each namespace's points together on disk (Qdrant >= 1.11 multitenancy).
        client.createPayloadIndex(collection, { field_name: PAYLOAD.namespace, field_schema: { type: 'keyword', is_tenant: true }, wait: true }),
      );
    if (!(PAYLOAD.docId in existing))
      await call('create payload index', () => client.createPayloadIndex(collection, { field_name: PAYLOAD.docId, field_schema: 'keyword', wait: true }));
  }

  async function create(size: number): Promise<void> {
    try {
      await call('create collection', () => client.createCollection(collection, { vectors: { size, distance: 'Cosine' } }));
    } catch (error) {
      // Another process created it first: fine if it is compatible, which inspect() checks.
      if (!(RagError.isInstance(error) && (error.details.status === 409 || /already exists/i.test(error.message)))) throw error;
    }
  }

  /**
   * Inspect once; create a missing collection when its size is known (configured, or the first
   * upsert's vector length). Without a size, a missing collection reads as empty.
   */
  async function ensure(size?: number): Promise<'ready' | 'missing'> {
    const createWith = size ?? dimensions;
    const attempt = async (): Promise<'ready' | 'missing'> => {
      const state = await inspect();
      if (state === 'ready' || createWith === undefined) return state;
      dimensions ??= createWith;
      await create(dimensions);
      const after = await inspect();
      if (after !== 'ready')
        throw new RagError('RAG_SERVICE_ERROR', `qdrant collection "${collection}" at ${url} was created but cannot be read back`, {
          details: { collection, url },
        });
      return after;
    };
    const current = ready;
    if (current) {
      const state = await current;
      if (state === 'ready' || createWith === undefined) return state;
    }
    const next = attempt();
    ready = next;
    next.catch(() => {
      if (ready === next) ready = undefined; // retry inspection on the next call
    });
    return next;
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

  async function countWhere(filter: QdrantFilter): Promise<number> {
    const res = await call('count', () => client.count(collection, { filter, exact: true }));
    const parsed = z.looseObject({ count: z.number().int().nonnegative() }).safeParse(res);
    if (!parsed.success)
      throw new RagError('RAG_SERVICE_ERROR', `qdrant count on "${collection}" returned an unexpected body`, { details: { collection, url } });
    return parsed.data.count;
  }

  const store: QdrantVectorStore = {
    id: `qdrant:${url}/${collection}`,
    collection,
    url,
    get dimensions() {
      return dimensions;
    },

    async upsert(namespace, records) {
      checkNamespace(namespace);
      if (!Array.isArray(records)) throw new RagError('RAG_INVALID_INPUT', 'records: must be an array', { details: { input: 'records' } });
      if (records.length === 0) return;
      // Validate everything before writing anything: bad input never leaves half a write behind.
      const size = dimensions ?? records[0]?.vector?.length;
      records.forEach((r, i) => checkRecord(r, i, size));
      await ensure(size);
      records.forEach((r, i) => checkRecord(r, i, dimensions));
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
          await call('upsert', () => client.upsert(collection, { wait: true, points }));
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
      if (ids.length === 0 || (await ensure()) === 'missing') return;
      // Point ids are derived from the namespace, so these ids cannot name another namespace's points.
      const points = ids.map((id) => pointId(namespace, id));
      for (let start = 0; start < points.length; start += batchSize) {
        const batch = points.slice(start, start + batchSize);
        await call('delete', () => client.delete(collection, { wait: true, points: batch }));
      }
    },

    async deleteByDoc(namespace, docId) {
      checkNamespace(namespace);
      if (typeof docId !== 'string' || docId === '')
        throw new RagError('RAG_INVALID_INPUT', 'docId: must be a non-empty string', { details: { input: 'docId' } });
      if ((await ensure()) === 'missing') return 0;
      const filter = toQdrantFilter(namespace, { docId })!;
      // Qdrant's delete does not report how many points it removed; count first (exact), then
      // delete by the same filter. A concurrent upsert into the same document between the two
      // calls would make the number stale, never the deletion incomplete.
      const removed = await countWhere(filter);
      if (removed > 0) await call('delete', () => client.delete(collection, { wait: true, filter }));
      return removed;
    },

    async search(namespace, vector, k, filter) {
      checkNamespace(namespace);
      if (!Number.isInteger(k) || k < 0)
        throw new RagError('RAG_INVALID_INPUT', `k: must be a non-negative integer, got ${k}`, { details: { input: 'k' } });
      checkVector('vector', vector, dimensions);
      const qfilter = toQdrantFilter(namespace, filter);
      if (k === 0 || qfilter === null || (await ensure()) === 'missing') return [];
      checkVector('vector', vector, dimensions);
      const res = await call('query', () =>
        client.query(collection, {
          query: Array.from(vector),
          filter: qfilter,
          limit: k,
          with_payload: true,
          ...(options.exact ? { params: { exact: true } } : {}),
        }),
      );
      const points = z.looseObject({ points: z.array(z.unknown()) }).safeParse(res);
      if (!points.success)
        throw new RagError('RAG_SERVICE_ERROR', `qdrant query on "${collection}" returned an unexpected body`, { details: { collection, url } });
      return points.data.points.map((p) => hitFrom(p, namespace)).filter((h): h is VectorHit => h !== undefined);
    },

    async count(namespace, filter?: MetadataFilter) {
      checkNamespace(namespace);
      const qfilter = toQdrantFilter(namespace, filter);
      if (qfilter === null || (await ensure()) === 'missing') return 0;
      return countWhere(qfilter);
    },

    async get(namespace, ids) {
      checkNamespace(namespace);
      if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
        throw new RagError('RAG_INVALID_INPUT', 'ids: must be an array of strings', { details: { input: 'ids' } });
      if (ids.length === 0) return [];
      if ((await ensure()) === 'missing')
        throw new RagError('RAG_NOT_FOUND', `namespace "${namespace}" has no record ${ids.slice(0, 5).map((id) => `"${id}"`).join(', ')}`, {
          details: { namespace, missing: ids },
        });
      const res = await call('retrieve', () =>
        client.retrieve(collection, { ids: ids.map((id) => pointId(namespace, id)), with_payload: true, with_vector: true }),
      );
      const byId = new Map<string, VectorRecord>();
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
      if ((await ensure()) === 'missing') return;
      await call('delete', () => client.delete(collection, { wait: true, filter: toQdrantFilter(namespace)! }));
    },
  };
  return store;
}
