// Which collection holds vectors of which size. Qdrant fixes a collection's vector size when it
// is created, while one index keeps namespaces of different sizes (e.g. 512-dimension chunk
// vectors beside 128-dimension GEAR views). So a store without a fixed `dimensions` keeps one
// collection per size: the first size created takes the configured name, every other size
// `<name>_<size>d`. Collections are found by listing (GET /collections) and checked (one
// unnamed Cosine vector of the size their name says) before first use; with a fixed
// `dimensions` there is only the configured collection, as before.
import { RagError } from '@rag/core';
import { z } from 'zod';
import { isAlreadyExists, type QdrantConnection } from './connection.js';
import { PAYLOAD } from './filter.js';

export interface SizedCollection {
  name: string;
  size: number;
}

export interface SizedCollections {
  /** The collection for vectors of `size`; created (with its payload indexes) when missing and `create`. */
  forSize(size: number, create: boolean): Promise<string | undefined>;
  /** The existing collections of this store. */
  list(): Promise<SizedCollection[]>;
  /** The configured collection's vector size, once known. */
  readonly baseSize: number | undefined;
}

const VectorParamsSchema = z.looseObject({ size: z.number(), distance: z.string() });
const CollectionInfoSchema = z.looseObject({
  config: z.looseObject({ params: z.looseObject({ vectors: z.unknown() }) }),
  payload_schema: z.record(z.string(), z.unknown()).nullish(),
});
const CollectionListSchema = z.looseObject({ collections: z.array(z.looseObject({ name: z.string() })) });

export function sizedCollections(conn: QdrantConnection, fixed: number | undefined): SizedCollections {
  const { client, url, call } = conn;
  const base = conn.collection;
  const sibling = new RegExp(`^${base}_(\\d+)d$`); // names are letters, digits, _ and - only
  const known = new Map<number, string>();
  let baseSize: number | undefined;
  let discovery: Promise<void> | undefined;

  /** Reads one collection: its size, or undefined when missing; refuses an incompatible one. */
  async function inspect(name: string, wanted: number | undefined): Promise<number | undefined> {
    let info: unknown;
    try {
      info = await call('get collection', () => client.getCollection(name));
    } catch (error) {
      if (RagError.isInstance(error, 'RAG_NOT_FOUND')) return undefined;
      throw error;
    }
    const parsed = CollectionInfoSchema.safeParse(info);
    const vectors = VectorParamsSchema.safeParse(parsed.success ? parsed.data.config.params.vectors : undefined);
    if (!vectors.success)
      throw new RagError(
        'RAG_CONFLICT',
        `qdrant collection "${name}" at ${url} does not have a single unnamed vector (named vectors are not supported); use another collection name`,
        { details: { collection: name, url } },
      );
    const { size, distance } = vectors.data;
    if (distance !== 'Cosine' || (wanted !== undefined && size !== wanted))
      throw new RagError(
        'RAG_CONFLICT',
        `qdrant collection "${name}" at ${url} has vectors of size ${size} with ${distance} distance, but this store needs size ${wanted ?? size} with Cosine distance; use another collection name or delete the collection`,
        { details: { collection: name, url, existing: { size, distance }, wanted: { size: wanted ?? size, distance: 'Cosine' } } },
      );
    await ensureIndexes(name, parsed.success ? (parsed.data.payload_schema ?? {}) : {});
    return size;
  }

  async function ensureIndexes(name: string, existing: Record<string, unknown>): Promise<void> {
    if (!(PAYLOAD.namespace in existing))
      await call('create payload index', () =>
        // is_tenant groups each namespace's points together on disk (Qdrant >= 1.11 multitenancy).
        client.createPayloadIndex(name, { field_name: PAYLOAD.namespace, field_schema: { type: 'keyword', is_tenant: true }, wait: true }),
      );
    if (!(PAYLOAD.docId in existing))
      await call('create payload index', () => client.createPayloadIndex(name, { field_name: PAYLOAD.docId, field_schema: 'keyword', wait: true }));
  }

  async function discover(): Promise<void> {
    known.clear();
    baseSize = await inspect(base, fixed);
    if (baseSize !== undefined) known.set(baseSize, base);
    if (fixed !== undefined) return; // one size, one collection
    const listed = CollectionListSchema.safeParse(await call('list collections', () => client.getCollections()));
    if (!listed.success) throw new RagError('RAG_SERVICE_ERROR', `qdrant at ${url} listed its collections in an unexpected shape`, { details: { url } });
    for (const { name } of listed.data.collections) {
      const m = sibling.exec(name);
      if (!m) continue;
      const size = Number(m[1]);
      if ((await inspect(name, size)) !== undefined && !known.has(size)) known.set(size, name);
    }
  }

  function discovered(): Promise<void> {
    const current = (discovery ??= discover());
    current.catch(() => {
      if (discovery === current) discovery = undefined; // look again on the next call
    });
    return current;
  }

  async function create(size: number): Promise<void> {
    const name = known.size === 0 && baseSize === undefined ? base : `${base}_${size}d`;
    try {
      await call('create collection', () => client.createCollection(name, { vectors: { size, distance: 'Cosine' } }));
    } catch (error) {
      // Another process created it first: the next discovery checks what it made.
      if (!isAlreadyExists(error)) throw error;
    }
  }

  return {
    get baseSize() {
      return baseSize ?? fixed;
    },
    async list() {
      await discovered();
      return [...known].map(([size, name]) => ({ name, size }));
    },
    async forSize(size, shouldCreate) {
      await discovered();
      if (known.has(size) || !shouldCreate) return known.get(size);
      if (fixed !== undefined && size !== fixed)
        throw new RagError('RAG_DIMENSION_MISMATCH', `vectors have ${size} dimensions, the collection "${base}" has ${fixed}`, {
          details: { expected: fixed, actual: size },
        });
      // Two tries: a racing process may take the configured name for another size first.
      for (let attempt = 0; attempt < 2 && !known.has(size); attempt++) {
        await create(size);
        discovery = undefined;
        await discovered();
      }
      const name = known.get(size);
      if (name === undefined)
        throw new RagError('RAG_SERVICE_ERROR', `qdrant collection for ${size}-dimension vectors at ${url} was created but cannot be read back`, {
          details: { collection: base, url, size },
        });
      return name;
    },
  };
}
