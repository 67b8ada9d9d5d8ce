import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createMemoryVectorStore, restoreMemoryVectorStore } from './memory-vector-store.js';
import { seededVector } from './test-random.js';

const randomUnit = seededVector;

function bruteForce(vectors: [string, Float32Array][], q: Float32Array, k: number): string[] {
  const norm = (v: Float32Array) => Math.hypot(...v);
  return vectors
    .map(([id, v]) => ({ id, s: v.reduce((acc, x, j) => acc + x * q[j]!, 0) / (norm(v) * norm(q)) }))
    .sort((a, b) => b.s - a.s)
    .slice(0, k)
    .map((h) => h.id);
}

describe('createMemoryVectorStore', () => {
  it('matches brute-force cosine top-k (odd dimensions, after growth and deletes)', async () => {
    const dims = 13;
    const store = createMemoryVectorStore();
    const vectors = Array.from({ length: 300 }, (_, i) => randomUnit(dims, i + 1));
    await store.upsert('n', vectors.map((vector, i) => ({ id: `v${i}`, vector })));
    await store.delete('n', ['v5', 'v17']);
    const remaining = vectors.map((v, i): [string, Float32Array] => [`v${i}`, v]).filter(([id]) => id !== 'v5' && id !== 'v17');
    for (let q = 0; q < 5; q++) {
      const query = randomUnit(dims, 1000 + q);
      const got = (await store.search('n', query, 7)).map((h) => h.id);
      expect(got).toEqual(bruteForce(remaining, query, 7));
    }
  });

  it('keeps a fixed store-wide dimension when configured', async () => {
    const store = createMemoryVectorStore({ dimensions: 4 });
    await expect(store.upsert('n', [{ id: 'a', vector: new Float32Array(3).fill(1) }])).rejects.toMatchObject({
      code: 'RAG_DIMENSION_MISMATCH',
    });
    expect(store.dimensionsOf('other')).toBe(4);
  });

  it('round-trips through bytes, and refuses corrupt bytes', async () => {
    const store = createMemoryVectorStore();
    await store.upsert('a', [
      { id: 'x', vector: new Float32Array([1, 2, 3]), docId: 'd', metadata: { lang: 'en', n: null } },
      { id: 'y', vector: new Float32Array([0, 1, 0]) },
    ]);
    await store.upsert('b', [{ id: 'x', vector: new Float32Array(10).fill(1) }]);
    const bytes = store.serialize();
    const back = restoreMemoryVectorStore(bytes);
    expect(back.namespaces().sort()).toEqual(['a', 'b']);
    expect(await back.search('a', new Float32Array([1, 2, 3]), 2)).toEqual(await store.search('a', new Float32Array([1, 2, 3]), 2));
    expect(await back.get('a', ['x'])).toEqual(await store.get('a', ['x']));
    expect(() => restoreMemoryVectorStore(bytes.subarray(0, bytes.length - 4))).toThrowError(
      expect.objectContaining({ code: 'RAG_STORE_CORRUPT' }),
    );
    const garbled = bytes.slice();
    garbled[0] = 0x20;
    expect(() => restoreMemoryVectorStore(garbled)).toThrowError(expect.objectContaining({ code: 'RAG_STORE_CORRUPT' }));
  });

  it('defers a namespace: its rows are dropped and it is computed on first use, as persisted', async () => {
    const store = createMemoryVectorStore();
    await store.upsert('v', [{ id: 'old', vector: new Float32Array([1, 0]) }]);
    let loads = 0;
    store.deferNamespace('v', {
      dims: 2,
      count: 2,
      load: () => {
        loads += 1;
        return { dims: 2, ids: ['a', 'b'], docIds: [undefined, 'd'], metadata: [undefined, { k: 1 }], vectors: new Float32Array([1, 0, 0, 1]) };
      },
    });
    expect(store.isLoaded('v')).toBe(false);
    expect(store.namespaces()).toEqual(['v']);
    expect(store.dimensionsOf('v')).toBe(2);
    expect(loads).toBe(0);
    expect((await store.search('v', new Float32Array([0, 1]), 2)).map((h) => h.id)).toEqual(['b', 'a']);
    expect(loads).toBe(1);
    expect(await store.count('v')).toBe(2);
    expect(store.pendingChanges('v')).toEqual({ upserted: [], deleted: [], reset: false });
    // an empty deferred namespace is not listed
    store.deferNamespace('w', { dims: 2, count: 0, load: () => ({ dims: 2, ids: [], docIds: [], metadata: [], vectors: new Float32Array(0) }) });
    expect(store.namespaces()).toEqual(['v']);
  });

  it('keeps each record\'s metadata through deletes that move rows, overwrites and growth', async () => {
    // rows are held as columns (metadata-columns.ts) and a delete moves the last row into the
    // freed slot: every record must still read back, filter and serialise as written
    const store = createMemoryVectorStore({ precision: 'int8' });
    type Rec = { id: string; vector: Float32Array; docId?: string; metadata?: Record<string, string | number | boolean | null> };
    const model = new Map<string, Rec>();
    const metaOf = (i: number): Rec['metadata'] =>
      i % 4 === 0 ? undefined : i % 4 === 1 ? { chunkId: `c${i}`, docId: `d${i % 9}` } : i % 4 === 2 ? { relation: 'r', source: `s${i}`, target: null } : { size: i };
    for (let round = 0; round < 6; round++) {
      const batch = Array.from({ length: 70 }, (_, j): Rec => {
        const i = round * 50 + j;
        const m = metaOf(i + round);
        return { id: `v${i}`, vector: randomUnit(16, i + 1), ...(i % 3 ? { docId: `d${i % 9}` } : {}), ...(m ? { metadata: m } : {}) };
      });
      await store.upsert('n', batch);
      for (const r of batch) model.set(r.id, r);
      const gone = Array.from({ length: 15 }, (_, j) => `v${(round * 37 + j * 11) % (round * 50 + 70)}`);
      await store.delete('n', gone);
      for (const id of gone) model.delete(id);
      const removed = await store.deleteByDoc('n', `d${round}`);
      const byDoc = [...model.values()].filter((r) => r.docId === `d${round}`);
      expect(removed).toBe(byDoc.length);
      for (const r of byDoc) model.delete(r.id);
    }
    const ids = [...model.keys()];
    const got = await store.get('n', ids);
    expect(got.map((r) => r.metadata)).toStrictEqual(ids.map((id) => model.get(id)!.metadata));
    expect(got.map((r) => r.docId)).toStrictEqual(ids.map((id) => model.get(id)!.docId));
    expect(await store.count('n', { relation: 'r' })).toBe([...model.values()].filter((r) => r.metadata?.relation === 'r').length);
    const hits = await store.search('n', randomUnit(16, 99), 500, { docId: ['d1', 'd7'] });
    expect(hits.map((h) => h.id).sort()).toEqual(ids.filter((id) => ['d1', 'd7'].includes(model.get(id)!.docId ?? '')).sort());
    for (const h of hits) expect(h.metadata).toStrictEqual(model.get(h.id)!.metadata);
    const back = restoreMemoryVectorStore(store.serialize());
    expect((await back.get('n', ids)).map((r) => r.metadata)).toStrictEqual(ids.map((id) => model.get(id)!.metadata));
  });

  it('validates k and filters', async () => {
    const store = createMemoryVectorStore();
    await store.upsert('n', [{ id: 'a', vector: new Float32Array([1, 0]) }]);
    await expect(store.search('n', new Float32Array([1, 0]), 1.5)).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    await expect(store.search('n', new Float32Array([1, 0]), 1, { x: {} as never })).rejects.toMatchObject({
      code: 'RAG_INVALID_INPUT',
    });
    expect(await store.search('n', new Float32Array([1, 0]), 0)).toEqual([]);
    expect(await store.search('n', new Float32Array([1, 0]), 1, { lang: [] })).toEqual([]);
  });
});

describe('createMemoryVectorStore({ precision: "int8" })', () => {
  it('scores within the int8 quantisation error of float32 and keeps brute-force order on well-separated hits', async () => {
    const dims = 200;
    const f32 = createMemoryVectorStore();
    const i8 = createMemoryVectorStore({ precision: 'int8' });
    const vectors = Array.from({ length: 500 }, (_, i) => ({ id: `v${i}`, vector: randomUnit(dims, i + 1), docId: `d${i % 7}` }));
    await f32.upsert('n', vectors);
    await i8.upsert('n', vectors);
    await i8.delete('n', ['v3']);
    await f32.delete('n', ['v3']);
    for (let q = 0; q < 5; q++) {
      const query = randomUnit(dims, 5000 + q);
      const a = await f32.search('n', query, 20);
      const b = await i8.search('n', query, 20);
      const exact = new Map(a.map((h) => [h.id, h.score]));
      for (const h of b) if (exact.has(h.id)) expect(Math.abs(h.score - exact.get(h.id)!)).toBeLessThan(5e-3);
      expect(b[0]!.id).toBe(a[0]!.id);
      expect(new Set(b.slice(0, 10).map((h) => h.id)).size).toBe(10);
      expect(b.filter((h) => exact.has(h.id)).length).toBeGreaterThanOrEqual(17);
    }
    // dequantised vectors come back unit-length within the quantisation error
    const [rec] = await i8.get('n', ['v10']);
    expect(Math.hypot(...rec!.vector)).toBeCloseTo(1, 2);
    expect(rec!.docId).toBe('d3');
  });

  it('exports what the per-namespace codec stores: re-quantising the export gives the same codes', async () => {
    const { encodeVectorNamespace, decodeVectorNamespace } = await import('./vector-namespace-codec.js');
    const i8 = createMemoryVectorStore({ precision: 'int8' });
    await i8.upsert('n', Array.from({ length: 40 }, (_, i) => ({ id: `v${i}`, vector: randomUnit(64, i + 9) })));
    const exported = i8.exportNamespace('n')!;
    const back = decodeVectorNamespace(encodeVectorNamespace(exported), 'test');
    const again = createMemoryVectorStore({ precision: 'int8' });
    again.importNamespace('n', back);
    const x = again.exportNamespace('n')!;
    for (let i = 0; i < x.vectors.length; i++) expect(Math.abs(x.vectors[i]! - exported.vectors[i]!)).toBeLessThan(1e-3);
  });

  it('encodes its int8 rows to the same file bytes as the float export, without a float copy', async () => {
    const { encodeVectorNamespace, encodeQuantizedVectorNamespace } = await import('./vector-namespace-codec.js');
    const i8 = createMemoryVectorStore({ precision: 'int8' });
    await i8.upsert('n', Array.from({ length: 30 }, (_, i) => ({ id: `v${i}`, vector: randomUnit(48, i + 3), ...(i % 2 ? { docId: `d${i}`, metadata: { k: i } } : {}) })));
    await i8.delete('n', ['v4']);
    expect(encodeQuantizedVectorNamespace(i8.exportQuantized!('n')!)).toEqual(encodeVectorNamespace(i8.exportNamespace('n')!));
    expect(createMemoryVectorStore().exportQuantized!('n')).toBeUndefined();
  });

  it('rejects an unknown precision', () => {
    expect(() => createMemoryVectorStore({ precision: 'int4' as 'int8' })).toThrow(/precision/);
  });
});

describe('lazy namespaces from stored int8 codes', () => {
  it('int8 rows take the stored codes as they are; float32 rows dequantise them; both search alike', async () => {
    const { encodeVectorNamespace, decodeQuantizedVectorNamespace, decodeVectorNamespace } = await import('./vector-namespace-codec.js');
    const src = createMemoryVectorStore({ precision: 'int8' });
    await src.upsert('n', Array.from({ length: 60 }, (_, i) => ({ id: `v${i}`, vector: randomUnit(32, i + 77), docId: `d${i % 3}` })));
    const bytes = encodeVectorNamespace(src.exportNamespace('n')!);
    const lazyOf = (load: () => ReturnType<typeof decodeVectorNamespace> | ReturnType<typeof decodeQuantizedVectorNamespace>) => ({ n: { dims: 32, count: 60, load } });
    const i8 = createMemoryVectorStore({ precision: 'int8', lazy: lazyOf(() => decodeQuantizedVectorNamespace(bytes, 't')) });
    const f32 = createMemoryVectorStore({ lazy: lazyOf(() => decodeQuantizedVectorNamespace(bytes, 't')) });
    const viaFloats = createMemoryVectorStore({ lazy: lazyOf(() => decodeVectorNamespace(bytes, 't')) });
    // int8 rows loaded from codes are the rows the source held
    expect(i8.exportQuantized!('n')).toEqual(src.exportQuantized!('n'));
    const q = randomUnit(32, 999);
    const a = (await src.search('n', q, 5)).map((h) => h.id);
    expect((await i8.search('n', q, 5)).map((h) => h.id)).toEqual(a);
    expect((await f32.search('n', q, 5)).map((h) => h.id)).toEqual((await viaFloats.search('n', q, 5)).map((h) => h.id));
    expect((await f32.get('n', ['v7']))[0]!.docId).toBe('d1');
  });
});

describe('lazy namespace loaders', () => {
  it('are let go once replaced by deferNamespace, with what they captured', async () => {
    setFlagsFromString('--expose_gc');
    const gc = runInNewContext('gc') as () => void;
    const loader = (captured: { ids: string[] }) => () => ({ dims: 2, ids: captured.ids, docIds: captured.ids.map(() => undefined), metadata: captured.ids.map(() => undefined), vectors: new Float32Array(2 * captured.ids.length).fill(0.5) });
    let captured: { ids: string[] } | undefined = { ids: ['a', 'b'] };
    const ref = new WeakRef(captured);
    const store = createMemoryVectorStore({ lazy: { ns: { dims: 2, count: 2, load: loader(captured) } } });
    captured = undefined;
    store.deferNamespace('ns', { dims: 2, count: 1, load: loader({ ids: ['c'] }) });
    await new Promise((r) => setTimeout(r, 0));
    gc();
    expect(ref.deref()).toBeUndefined();
    expect((await store.search('ns', new Float32Array([1, 1]), 5)).map((h) => h.id)).toEqual(['c']);
  });
});
