import { RagError } from '@rag/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qdrantFromEnv, qdrantKeywordIndexFromEnv } from '../src/from-env.js';
import { startQdrantWireFake, type QdrantWireFake } from './qdrant-wire-fake.js';

let fake: QdrantWireFake;
beforeAll(async () => {
  fake = await startQdrantWireFake();
});
afterAll(() => fake.close());

describe('qdrantFromEnv', () => {
  it('is undefined when QDRANT_URL is unset or empty (in-memory vectors)', () => {
    expect(qdrantFromEnv({})).toBeUndefined();
    expect(qdrantFromEnv({ QDRANT_URL: '' })).toBeUndefined();
  });

  it('uses QDRANT_COLLECTION (default "rag") and works against the server', async () => {
    expect(qdrantFromEnv({ QDRANT_URL: fake.url })?.collection).toBe('rag');
    const store = qdrantFromEnv({ QDRANT_URL: fake.url, QDRANT_COLLECTION: 'from_env', QDRANT_TIMEOUT_MS: '5000' });
    expect(store?.id).toBe(`qdrant:${fake.url}/from_env`);
    await store!.upsert('n', [{ id: 'a', vector: Float32Array.from([1, 0]) }]);
    expect(fake.collections.get('from_env')?.points.size).toBe(1);
  });

  it('rejects malformed variables with RAG_CONFIG naming them', () => {
    const code = (env: Record<string, string>) => {
      try {
        qdrantFromEnv(env);
      } catch (e) {
        return RagError.isInstance(e) ? `${e.code} ${e.message}` : String(e);
      }
      return 'no error';
    };
    expect(code({ QDRANT_URL: 'localhost:6333' })).toMatch(/^RAG_CONFIG QDRANT_URL/);
    expect(code({ QDRANT_URL: fake.url, QDRANT_COLLECTION: 'a b' })).toMatch(/^RAG_CONFIG QDRANT_COLLECTION/);
    expect(code({ QDRANT_URL: fake.url, QDRANT_TIMEOUT_MS: 'soon' })).toMatch(/^RAG_CONFIG QDRANT_TIMEOUT_MS/);
  });

  it('makes a keyword index only with QDRANT_KEYWORD_COLLECTION, on the same server', async () => {
    expect(qdrantKeywordIndexFromEnv({ QDRANT_URL: fake.url })).toBeUndefined();
    const kw = qdrantKeywordIndexFromEnv({ QDRANT_URL: fake.url, QDRANT_KEYWORD_COLLECTION: 'kw_env', QDRANT_KEYWORD_AVG_LENGTH: '40' });
    await kw!.add([{ id: 'a', text: 'Marie Curie was born in Warsaw' }]);
    expect((await kw!.search('Warsaw', 3)).map((h) => h.id)).toEqual(['a']);
    expect(fake.collections.get('kw_env')?.sparse).toEqual({ bm25: { modifier: 'idf' } });
    expect(() => qdrantKeywordIndexFromEnv({ QDRANT_KEYWORD_COLLECTION: 'kw' })).toThrow(/needs QDRANT_URL/);
    expect(() => qdrantKeywordIndexFromEnv({ QDRANT_URL: fake.url, QDRANT_KEYWORD_COLLECTION: 'kw', QDRANT_KEYWORD_AVG_LENGTH: 'long' })).toThrow(
      /QDRANT_KEYWORD_AVG_LENGTH/,
    );
  });
});
