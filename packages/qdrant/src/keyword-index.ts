// KeywordIndex (BM25) served by Qdrant: one collection with a single named sparse vector whose
// `idf` modifier makes the server apply inverse document frequency from the collection's own
// statistics (Qdrant >= 1.10). The document side of BM25 is computed here (sparse-terms.ts), so
// a search is one `points/query` request and the server holds everything: nothing is loaded at
// open, whatever the corpus size. One collection is one keyword index (IDF is per collection).
import { assertValidId, assertValidK, assertValidText, RagError, type KeywordDocument, type KeywordHit, type KeywordIndex } from '@rag/core';
import { z } from 'zod';
import { connectQdrant, isAlreadyExists, type QdrantConnectionOptions } from './connection.js';
import { pointId } from './point-id.js';
import { documentVector, queryVector, type Bm25Weights } from './sparse-terms.js';

export const DEFAULT_QDRANT_KEYWORD_COLLECTION = 'rag_keywords';
/** The sparse vector's name in the collection. */
export const SPARSE_VECTOR = 'bm25';
/** Point ids are name-based UUIDs in this namespace (see point-id.ts). */
const ID_NAMESPACE = 'keyword';

export interface QdrantKeywordIndexOptions extends QdrantConnectionOptions {
  /** Collection of this index. Default "rag_keywords". */
  collection?: string;
  /** BM25 term-frequency saturation. Default 1.2 (as the embedded index). */
  k1?: number;
  /** BM25 length normalisation. Default 0.75 (as the embedded index). */
  b?: number;
  /**
   * Expected document length in terms (after stop words) for length normalisation; the server
   * keeps no length statistics. Default 60, about the mean of a HotpotQA / MuSiQue passage
   * (title + text); set it to your corpus's mean. Changing it needs a re-index to apply.
   */
  avgDocLength?: number;
}

export interface QdrantKeywordIndex extends KeywordIndex {
  readonly collection: string;
  readonly url: string;
}

const PayloadSchema = z.looseObject({ record_id: z.string() });
const ScoredPointSchema = z.looseObject({ id: z.union([z.string(), z.number()]), score: z.number(), payload: z.unknown() });
const CollectionInfoSchema = z.looseObject({
  config: z.looseObject({ params: z.looseObject({ sparse_vectors: z.record(z.string(), z.looseObject({ modifier: z.string().nullish() })).nullish() }) }),
});

function positiveNumber(name: string, value: number | undefined, fallback: number, max = Infinity): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0 || value > max)
    throw new RagError('RAG_INVALID_INPUT', `createQdrantKeywordIndex: ${name}: must be a number in (0, ${max}], got ${value}`, {
      details: { input: name, value },
    });
  return value;
}

export function createQdrantKeywordIndex(options: QdrantKeywordIndexOptions = {}): QdrantKeywordIndex {
  const collection = options.collection ?? DEFAULT_QDRANT_KEYWORD_COLLECTION;
  const { client, url, batchSize, call } = connectQdrant('createQdrantKeywordIndex', collection, options);
  const weights: Bm25Weights = {
    k1: positiveNumber('k1', options.k1, 1.2),
    b: positiveNumber('b', options.b, 0.75, 1),
    avgDocLength: positiveNumber('avgDocLength', options.avgDocLength, 60),
  };

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
    const sparse = parsed.success ? parsed.data.config.params.sparse_vectors?.[SPARSE_VECTOR] : undefined;
    if (!sparse || sparse.modifier !== 'idf')
      throw new RagError(
        'RAG_CONFLICT',
        `qdrant collection "${collection}" at ${url} has no sparse vector "${SPARSE_VECTOR}" with the idf modifier, so it is not a keyword index made by this adapter; use another collection name`,
        { details: { collection, url } },
      );
    return 'ready';
  }

  async function ensure(create: boolean): Promise<'ready' | 'missing'> {
    const attempt = async (): Promise<'ready' | 'missing'> => {
      const state = await inspect();
      if (state === 'ready' || !create) return state;
      try {
        await call('create collection', () => client.createCollection(collection, { sparse_vectors: { [SPARSE_VECTOR]: { modifier: 'idf' } } }));
      } catch (error) {
        if (!isAlreadyExists(error)) throw error; // another process created it first; inspect() checks it
      }
      const after = await inspect();
      if (after !== 'ready')
        throw new RagError('RAG_SERVICE_ERROR', `qdrant collection "${collection}" at ${url} was created but cannot be read back`, { details: { collection, url } });
      return after;
    };
    const current = ready;
    if (current) {
      const state = await current;
      if (state === 'ready' || !create) return state;
    }
    const next = attempt();
    ready = next;
    next.catch(() => {
      if (ready === next) ready = undefined; // inspect again on the next call
    });
    return next;
  }

  return {
    id: `qdrant-bm25:${url}/${collection}`,
    collection,
    url,

    async add(docs: KeywordDocument[]) {
      if (!Array.isArray(docs)) throw new RagError('RAG_INVALID_INPUT', 'docs: must be an array', { details: { input: 'docs' } });
      // Validate the whole batch before writing anything.
      docs.forEach((doc, i) => {
        assertValidId(`docs[${i}].id`, doc?.id);
        assertValidText(`docs[${i}].text`, doc.text, { allowEmpty: true });
      });
      if (docs.length === 0) return;
      await ensure(true);
      // The last copy of an id in one call wins, as in the embedded index.
      const latest = new Map(docs.map((d) => [d.id, d.text]));
      const points = [...latest].map(([id, text]) => ({
        id: pointId(ID_NAMESPACE, id),
        vector: { [SPARSE_VECTOR]: documentVector(text, weights) },
        payload: { record_id: id },
      }));
      for (let start = 0; start < points.length; start += batchSize) {
        const batch = points.slice(start, start + batchSize);
        try {
          await call('upsert', () => client.upsert(collection, { wait: true, points: batch }));
        } catch (error) {
          if (RagError.isInstance(error))
            Object.assign(error.details, {
              storedDocuments: start,
              total: points.length,
              lastGoodState: `documents [0, ${start}) of this call are stored; the rest are not (adding all of them again is safe: ids are deterministic)`,
            });
          throw error;
        }
      }
    },

    async remove(ids: string[]) {
      if (!Array.isArray(ids)) throw new RagError('RAG_INVALID_INPUT', 'ids: must be an array', { details: { input: 'ids' } });
      ids.forEach((id, i) => assertValidId(`ids[${i}]`, id));
      if (ids.length === 0 || (await ensure(false)) === 'missing') return;
      const points = ids.map((id) => pointId(ID_NAMESPACE, id));
      for (let start = 0; start < points.length; start += batchSize) {
        const batch = points.slice(start, start + batchSize);
        await call('delete', () => client.delete(collection, { wait: true, points: batch }));
      }
    },

    async search(query: string, k: number): Promise<KeywordHit[]> {
      assertValidText('query', query);
      assertValidK('k', k);
      const vector = queryVector(query);
      if (k === 0 || vector.indices.length === 0 || (await ensure(false)) === 'missing') return [];
      const res = await call('query', () => client.query(collection, { query: vector, using: SPARSE_VECTOR, limit: k, with_payload: true }));
      const points = z.looseObject({ points: z.array(z.unknown()) }).safeParse(res);
      if (!points.success)
        throw new RagError('RAG_SERVICE_ERROR', `qdrant query on "${collection}" returned an unexpected body`, { details: { collection, url } });
      const hits: KeywordHit[] = [];
      for (const point of points.data.points) {
        const p = ScoredPointSchema.safeParse(point);
        const payload = PayloadSchema.safeParse(p.success ? p.data.payload : undefined);
        // A sparse query scores only points sharing a term; a zero score is no match.
        if (p.success && payload.success && p.data.score > 0) hits.push({ id: payload.data.record_id, score: p.data.score });
      }
      return hits;
    },

    async size() {
      if ((await ensure(false)) === 'missing') return 0;
      const res = await call('count', () => client.count(collection, { exact: true }));
      const parsed = z.looseObject({ count: z.number().int().nonnegative() }).safeParse(res);
      if (!parsed.success)
        throw new RagError('RAG_SERVICE_ERROR', `qdrant count on "${collection}" returned an unexpected body`, { details: { collection, url } });
      return parsed.data.count;
    },
  };
}
