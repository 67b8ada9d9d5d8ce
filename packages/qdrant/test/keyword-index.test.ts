// Behaviour of the Qdrant keyword index beyond the shared suite: what it creates, BM25 parity
// with the embedded index, refusal of a foreign collection, a server dying mid-add.
import { createBm25Index, RagError, tokenize, ENGLISH_STOP_WORDS } from '@rag/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createQdrantKeywordIndex, SPARSE_VECTOR } from '../src/keyword-index.js';
import { createQdrantVectorStore } from '../src/vector-store.js';
import { startQdrantWireFake, type QdrantWireFake } from './qdrant-wire-fake.js';

let fake: QdrantWireFake | undefined;
afterEach(async () => {
  expect(fake?.violations ?? []).toEqual([]);
  await fake?.close();
  fake = undefined;
});

const docs = [
  { id: 'a', text: 'Marie Curie was born in Warsaw and moved to Paris to study physics.' },
  { id: 'b', text: 'Pierre Curie was born in Paris; he married Marie in 1895.' },
  { id: 'c', text: 'Warsaw is the capital of Poland, on the Vistula river.' },
  { id: 'd', text: 'Paris is the capital of France. Paris lies on the Seine, and Paris has many bridges.' },
  { id: 'e', text: 'The Vistula is the longest river in Poland.' },
];

describe('Qdrant keyword index', () => {
  it('creates a sparse-only collection whose vector has the idf modifier, and nothing before the first add', async () => {
    fake = await startQdrantWireFake();
    const idx = createQdrantKeywordIndex({ url: fake.url, collection: 'kw' });
    expect(await idx.search('paris', 3)).toEqual([]);
    expect(await idx.size()).toBe(0);
    expect(fake.collections.has('kw')).toBe(false); // reads never create
    await idx.add(docs);
    const create = fake.requests.find((r) => r.method === 'PUT' && r.path === '/collections/kw');
    expect(create?.body).toEqual({ sparse_vectors: { [SPARSE_VECTOR]: { modifier: 'idf' } } });
    expect(await idx.size()).toBe(docs.length);
  });

  it('ranks and scores as the embedded BM25 index when avgDocLength is the corpus mean', async () => {
    fake = await startQdrantWireFake();
    const mean = docs.reduce((s, d) => s + tokenize(d.text, { stopWords: ENGLISH_STOP_WORDS }).length, 0) / docs.length;
    const remote = createQdrantKeywordIndex({ url: fake.url, collection: 'parity', avgDocLength: mean });
    const local = createBm25Index();
    await remote.add(docs);
    await local.add(docs);
    for (const q of ['paris', 'Curie born Warsaw', 'river Poland capital', 'married 1895']) {
      const r = await remote.search(q, 5);
      const l = await local.search(q, 5);
      expect(r.map((h) => h.id)).toEqual(l.map((h) => h.id));
      r.forEach((h, i) => expect(h.score).toBeCloseTo(l[i]!.score, 4));
    }
  });

  it('refuses a collection that is not a keyword index, naming it', async () => {
    fake = await startQdrantWireFake();
    await createQdrantVectorStore({ url: fake.url, collection: 'dense', dimensions: 3 }).upsert('n', [{ id: 'x', vector: Float32Array.from([1, 0, 0]) }]);
    const idx = createQdrantKeywordIndex({ url: fake.url, collection: 'dense' });
    const err = await idx.add(docs).catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_CONFLICT')).toBe(true);
    expect((err as RagError).message).toContain('"dense"');
    expect((err as RagError).message).toContain('idf');
  });

  it('names bad options', () => {
    expect(() => createQdrantKeywordIndex({ b: 2 })).toThrow(/b: must be a number in \(0, 1\]/);
    expect(() => createQdrantKeywordIndex({ avgDocLength: 0 })).toThrow(/avgDocLength/);
    expect(() => createQdrantKeywordIndex({ collection: 'a/b' })).toThrow(/collection/);
  });

  it('stops with a clear error when the server dies mid-add, states what is stored, and resumes safely', async () => {
    fake = await startQdrantWireFake();
    const idx = createQdrantKeywordIndex({ url: fake.url, collection: 'dying', batchSize: 2, retries: 1, retryBaseDelayMs: 1 });
    await idx.add([{ id: 'old', text: 'an earlier document' }]);
    fake.dieAfter(1, /\/points$/); // one more upsert batch answers, then the server is gone
    const err = await idx.add(docs).catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_SERVICE_UNAVAILABLE')).toBe(true);
    expect((err as RagError).details).toMatchObject({ storedDocuments: 2, total: 5, operation: 'upsert' });
    await fake.stop();
    await fake.start();
    expect(await idx.size()).toBe(1 + 2);
    await idx.add(docs); // deterministic point ids: re-adding overwrites
    expect(await idx.size()).toBe(1 + docs.length);
    expect((await idx.search('vistula', 5)).map((h) => h.id).sort()).toEqual(['c', 'e']);
  });
});
