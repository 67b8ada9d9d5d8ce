// Fault behaviour against the Qdrant wire-format fake: the server dying mid-ingestion, a hung
// server, retries on 5xx, an unreachable server.
import { RagError, type VectorRecord } from '@rag/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createQdrantVectorStore } from '../src/vector-store.js';
import { startQdrantWireFake, type QdrantWireFake } from './qdrant-wire-fake.js';

let fake: QdrantWireFake | undefined;
afterEach(async () => {
  // the requests that did get through, and the answers to them, still match the official spec
  expect(fake?.violations ?? []).toEqual([]);
  await fake?.close();
  fake = undefined;
});
const records = (n: number, prefix = 'r'): VectorRecord[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, vector: Float32Array.from([1, i + 1, 0]), docId: `d${i % 3}` }));

describe('server dying mid-ingestion', () => {
  it('stops with a clear error, states the last good state, and keeps what was stored', async () => {
    fake = await startQdrantWireFake();
    const store = createQdrantVectorStore({ url: fake.url, collection: 'ingest', dimensions: 3, batchSize: 4, retries: 1, retryBaseDelayMs: 1 });
    await store.upsert('n', records(5, 'old')); // an earlier, complete ingestion
    fake.dieAfter(2, /\/points$/); // two more upsert batches answer, then the server is gone

    const err = await store.upsert('n', records(10)).catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_SERVICE_UNAVAILABLE')).toBe(true);
    expect((err as RagError).message).toContain(fake.url);
    expect((err as RagError).details).toMatchObject({ storedRecords: 8, total: 10, operation: 'upsert' });
    expect(String((err as RagError).details.lastGoodState)).toContain('[0, 8)');

    // The server comes back with its storage: the earlier ingestion and the first 8 records are there.
    await fake.stop();
    await fake.start();
    expect(await store.count('n')).toBe(5 + 8);
    expect((await store.get('n', ['old4', 'r7'])).map((r) => r.id)).toEqual(['old4', 'r7']);
    await expect(store.get('n', ['r8'])).rejects.toMatchObject({ code: 'RAG_NOT_FOUND' });
    // Resuming is safe: deterministic ids make the re-upsert overwrite, not duplicate.
    await store.upsert('n', records(10));
    expect(await store.count('n')).toBe(15);
  });

  it('an unreachable server is RAG_SERVICE_UNAVAILABLE naming the URL, after bounded retries', async () => {
    fake = await startQdrantWireFake();
    const url = fake.url;
    await fake.stop();
    const store = createQdrantVectorStore({ url, dimensions: 3, retries: 2, retryBaseDelayMs: 1 });
    const err = await store.count('n').catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_SERVICE_UNAVAILABLE')).toBe(true);
    expect((err as RagError).details).toMatchObject({ url, errno: 'ECONNREFUSED', attempts: 3 });
  });
});

describe('retries and timeouts', () => {
  it('retries 5xx and succeeds', async () => {
    fake = await startQdrantWireFake();
    const store = createQdrantVectorStore({ url: fake.url, dimensions: 3, retries: 2, retryBaseDelayMs: 1 });
    await store.count('n');
    fake.failNext(2, 503, /points$/);
    await store.upsert('n', records(2));
    expect(await store.count('n')).toBe(2);
  });

  it('does not retry a 4xx', async () => {
    fake = await startQdrantWireFake();
    const store = createQdrantVectorStore({ url: fake.url, dimensions: 3, retries: 3, retryBaseDelayMs: 1 });
    await store.count('n');
    fake.failNext(1, 400, /points$/);
    await expect(store.upsert('n', records(1))).rejects.toMatchObject({ code: 'RAG_SERVICE_ERROR', details: { status: 400 } });
    expect(fake.requests.filter((r) => r.method === 'PUT' && /points$/.test(r.path))).toHaveLength(1);
  });

  it('a server that accepts connections and never answers hits the timeout', async () => {
    fake = await startQdrantWireFake();
    fake.hang(true);
    const store = createQdrantVectorStore({ url: fake.url, dimensions: 3, timeoutMs: 150, retries: 3 });
    const err = await store.search('n', Float32Array.from([1, 0, 0]), 3).catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_SERVICE_TIMEOUT')).toBe(true);
    expect((err as RagError).details).toMatchObject({ timeoutMs: 150, url: fake.url });
  }, 5_000);
});
