// createQdrantVectorStore against the Qdrant wire-format fake (see qdrant-wire-fake.ts).
import { RagError } from '@rag/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pointId } from '../src/point-id.js';
import { createQdrantVectorStore } from '../src/vector-store.js';
import { startQdrantWireFake, type QdrantWireFake } from './qdrant-wire-fake.js';

let fake: QdrantWireFake;
beforeEach(async () => {
  fake = await startQdrantWireFake();
});
afterEach(async () => {
  // held to Qdrant's official OpenAPI document: what the adapter sent and what the fake answered
  expect(fake.violations).toEqual([]);
  await fake.close();
});

const vec = (...xs: number[]) => Float32Array.from(xs);
const paths = () => fake.requests.map((r) => `${r.method} ${r.path}`);

describe('collection lifecycle', () => {
  it('creates a missing collection (size, Cosine) with payload indexes for namespace and docId', async () => {
    const store = createQdrantVectorStore({ url: fake.url, collection: 'c1', dimensions: 3 });
    expect(await store.count('n')).toBe(0);
    const col = fake.collections.get('c1');
    expect(col).toMatchObject({ size: 3, distance: 'Cosine' });
    expect(col?.indexes.namespace).toMatchObject({ params: { type: 'keyword', is_tenant: true } });
    expect(col?.indexes.docId).toMatchObject({ data_type: 'keyword' });
  });

  it('creates the collection lazily on the first upsert when dimensions are unknown', async () => {
    const store = createQdrantVectorStore({ url: fake.url, collection: 'lazy' });
    expect(await store.search('n', vec(1, 0), 3)).toEqual([]);
    expect(fake.collections.has('lazy')).toBe(false);
    await store.upsert('n', [{ id: 'a', vector: vec(1, 0) }]);
    expect(fake.collections.get('lazy')?.size).toBe(2);
    expect(store.dimensions).toBe(2);
  });

  it('adopts the size of an existing compatible collection', async () => {
    await createQdrantVectorStore({ url: fake.url, collection: 'c2', dimensions: 4 }).count('n');
    const again = createQdrantVectorStore({ url: fake.url, collection: 'c2' });
    expect(await again.count('n')).toBe(0);
    expect(again.dimensions).toBe(4);
  });

  it('refuses an existing collection of another size, naming both', async () => {
    await createQdrantVectorStore({ url: fake.url, collection: 'c3', dimensions: 4 }).count('n');
    const err = await createQdrantVectorStore({ url: fake.url, collection: 'c3', dimensions: 8 })
      .count('n')
      .catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_CONFLICT')).toBe(true);
    expect((err as RagError).message).toMatch(/size 4 .*size 8/);
    expect((err as RagError).details).toMatchObject({ existing: { size: 4, distance: 'Cosine' }, wanted: { size: 8, distance: 'Cosine' } });
  });

  it('refuses an existing collection with another distance', async () => {
    fake.collections.set('dot', { size: 3, distance: 'Dot', sparse: {}, points: new Map(), indexes: {} });
    const store = createQdrantVectorStore({ url: fake.url, collection: 'dot', dimensions: 3 });
    await expect(store.upsert('n', [{ id: 'a', vector: vec(1, 0, 0) }])).rejects.toMatchObject({
      code: 'RAG_CONFLICT',
      message: expect.stringContaining('Dot'),
    });
    expect(fake.collections.get('dot')?.points.size).toBe(0);
  });

  it('does not call GET / (checkCompatibility is off by default)', async () => {
    const warn = vi.spyOn(console, 'warn');
    await createQdrantVectorStore({ url: fake.url, dimensions: 2 }).count('n');
    expect(paths()).not.toContain('GET /');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('writes and reads', () => {
  it('upserts in batches with deterministic UUID point ids and the original id in the payload', async () => {
    const store = createQdrantVectorStore({ url: fake.url, collection: 'b', dimensions: 2, batchSize: 2 });
    await store.upsert('n', [1, 2, 3, 4, 5].map((i) => ({ id: `r${i}`, vector: vec(1, i), docId: 'd' })));
    const upserts = fake.requests.filter((r) => r.method === 'PUT' && r.path === '/collections/b/points');
    expect(upserts.map((r) => (r.body as { points: unknown[] }).points.length)).toEqual([2, 2, 1]);
    const first = (upserts[0]!.body as { points: Array<{ id: string; payload: Record<string, unknown> }> }).points[0]!;
    expect(first.id).toBe(pointId('n', 'r1'));
    expect(first.payload).toEqual({ namespace: 'n', recordId: 'r1', docId: 'd' });
    expect(await store.count('n')).toBe(5);
  });

  it('filters search by float and mixed lists, and skips the request for an empty list', async () => {
    const store = createQdrantVectorStore({ url: fake.url, dimensions: 2 });
    await store.upsert('n', [
      { id: 'a', vector: vec(1, 0), metadata: { w: 0.5, flag: true } },
      { id: 'b', vector: vec(1, 0.1), metadata: { w: 1.5, flag: false } },
    ]);
    expect((await store.search('n', vec(1, 0), 5, { w: 0.5 })).map((h) => h.id)).toEqual(['a']);
    expect((await store.search('n', vec(1, 0), 5, { w: [1.5, 'x'] })).map((h) => h.id)).toEqual(['b']);
    const before = fake.requests.length;
    expect(await store.search('n', vec(1, 0), 5, { w: [] })).toEqual([]);
    expect(await store.count('n', { w: [] })).toBe(0);
    expect(fake.requests.length).toBe(before);
  });

  it('get returns the stored (normalised) vectors in the order asked', async () => {
    const store = createQdrantVectorStore({ url: fake.url, dimensions: 2 });
    await store.upsert('n', [
      { id: 'a', vector: vec(3, 4) },
      { id: 'b', vector: vec(0, 2) },
    ]);
    const got = await store.get('n', ['b', 'a']);
    expect(got.map((r) => r.id)).toEqual(['b', 'a']);
    expect(Array.from(got[1]!.vector)).toEqual([expect.closeTo(0.6, 5), expect.closeTo(0.8, 5)]);
  });

  it('sends the API key as the api-key header', async () => {
    await fake.close();
    fake = await startQdrantWireFake({ apiKey: 'secret' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const good = createQdrantVectorStore({ url: fake.url, apiKey: 'secret', dimensions: 2 });
    await good.upsert('n', [{ id: 'a', vector: vec(1, 0) }]);
    expect(fake.requests.every((r) => r.apiKey === 'secret')).toBe(true);
    // The official client warns (once per client) that a key over plain http is readable on the wire.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unsecure'));
    const bad = createQdrantVectorStore({ url: fake.url, apiKey: 'wrong', dimensions: 2, retries: 0 });
    await expect(bad.count('n')).rejects.toMatchObject({ code: 'RAG_CONFIG', message: expect.stringContaining('QDRANT_API_KEY') });
    warn.mockRestore();
  });

  it('validates its input before any request', async () => {
    const store = createQdrantVectorStore({ url: fake.url, dimensions: 2 });
    await expect(store.upsert('', [{ id: 'a', vector: vec(1, 0) }])).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    await expect(store.upsert('n', [{ id: 'z', vector: vec(0, 0) }])).rejects.toMatchObject({ code: 'RAG_INVALID_VECTOR' });
    await expect(store.search('n', vec(1, 0), -1)).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    expect(() => createQdrantVectorStore({ url: fake.url, collection: 'bad name' })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => createQdrantVectorStore({ url: fake.url, batchSize: 0 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(fake.requests).toHaveLength(0);
  });
});

describe('namespace isolation', () => {
  it('one namespace can never read, count, fetch or delete another one’s points', async () => {
    const store = createQdrantVectorStore({ url: fake.url, dimensions: 2 });
    await store.upsert('tenant-a', [
      { id: 'secret', vector: vec(1, 0), docId: 'doc', metadata: { k: 'v' } },
      { id: 'shared-id', vector: vec(0, 1), docId: 'doc' },
    ]);
    await store.upsert('tenant-b', [{ id: 'shared-id', vector: vec(1, 1), docId: 'doc' }]);

    expect((await store.search('tenant-b', vec(1, 0), 10)).map((h) => h.id)).toEqual(['shared-id']);
    expect(await store.search('tenant-b', vec(1, 0), 10, { k: 'v' })).toEqual([]);
    expect(await store.count('tenant-b')).toBe(1);
    await expect(store.get('tenant-b', ['secret'])).rejects.toMatchObject({ code: 'RAG_NOT_FOUND' });

    await store.delete('tenant-b', ['secret', 'shared-id']);
    expect(await store.deleteByDoc('tenant-b', 'doc')).toBe(0);
    await store.clear('tenant-b');
    expect(await store.count('tenant-a')).toBe(2);
    expect((await store.get('tenant-a', ['secret', 'shared-id'])).map((r) => r.id)).toEqual(['secret', 'shared-id']);
    // Every read and filtered write carried the namespace condition.
    for (const r of fake.requests.filter((x) => /points\/(query|count)$/.test(x.path)))
      expect((r.body as { filter: { must: unknown[] } }).filter.must[0]).toMatchObject({ key: 'namespace' });
  });
});

describe('namespaces of different sizes (no fixed dimensions)', () => {
  it('keeps one collection per size, finds them again from a new process, and names a wrong size', async () => {
    const store = createQdrantVectorStore({ url: fake.url, collection: 'ms' });
    await store.upsert('chunks', [{ id: 'c1', vector: vec(1, 0, 0), docId: 'd1' }, { id: 'c2', vector: vec(0, 1, 0), docId: 'd2' }]);
    await store.upsert('views', [{ id: 'v1', vector: vec(1, 0), docId: 'd1' }]); // e.g. GEAR views beside chunk vectors
    expect(fake.collections.get('ms')?.size).toBe(3);
    expect(fake.collections.get('ms_2d')?.size).toBe(2);
    expect(fake.collections.get('ms_2d')?.indexes.namespace).toBeDefined();
    expect(store.dimensions).toBe(3);

    const again = createQdrantVectorStore({ url: fake.url, collection: 'ms' }); // a new process: nothing cached
    expect(await again.count('chunks')).toBe(2);
    expect(await again.count('views')).toBe(1);
    expect((await again.search('views', vec(1, 0), 5)).map((h) => h.id)).toEqual(['v1']);
    expect((await again.search('chunks', vec(0, 1, 0), 1)).map((h) => h.id)).toEqual(['c2']);
    expect((await again.get('views', ['v1']))[0]?.vector.length).toBe(2);
    const err = await again.search('chunks', vec(1, 0), 5).catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_DIMENSION_MISMATCH')).toBe(true);
    expect((err as RagError).message).toContain('namespace "chunks" has 3');
    await expect(again.upsert('views', [{ id: 'v2', vector: vec(1, 0, 0) }])).rejects.toMatchObject({ code: 'RAG_DIMENSION_MISMATCH' });

    expect(await again.deleteByDoc('views', 'd1')).toBe(1);
    expect(await again.count('chunks')).toBe(2); // the same docId in the other size's namespace is untouched
    await again.clear('chunks');
    expect(await again.count('chunks')).toBe(0);
    expect(await again.count('never-written')).toBe(0);
  });

  it('with fixed dimensions refuses another size instead of making a second collection', async () => {
    const store = createQdrantVectorStore({ url: fake.url, collection: 'fixed', dimensions: 3 });
    await store.upsert('a', [{ id: 'x', vector: vec(1, 0, 0) }]);
    await expect(store.upsert('b', [{ id: 'y', vector: vec(1, 0) }])).rejects.toMatchObject({ code: 'RAG_DIMENSION_MISMATCH' });
    expect([...fake.collections.keys()].filter((n) => n.startsWith('fixed'))).toEqual(['fixed']);
  });
});
