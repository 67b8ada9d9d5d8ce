import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from './hashing-embedder.js';
import { createMemoryVectorStore } from './memory-vector-store.js';
import { decodeQuantizedVectorNamespace, decodeVectorNamespace, decodeVectorNamespaceRows, encodeVectorNamespace } from './vector-namespace-codec.js';

const texts = Array.from({ length: 300 }, (_, i) => `passage ${i} about ${['rivers', 'films', 'kings', 'stars', 'songs'][i % 5]} number ${i * 7} of series ${i % 13}`);

async function filled() {
  const embedder = createHashingEmbedder();
  const store = createMemoryVectorStore();
  const vectors = await embedder.embed(texts);
  await store.upsert('ns', vectors.map((vector, i) => ({ id: `c${i}`, vector, ...(i % 3 ? { docId: `d${i % 50}` } : {}), ...(i % 2 ? { metadata: { kind: i % 4 === 1 ? 'a' : 'b', n: i, ok: i % 5 === 0, none: null } } : {}) })));
  return { store, embedder };
}

describe('vector namespace codec (int8)', () => {
  it('round-trips ids, docIds and metadata exactly and is ~4× smaller than float32', async () => {
    const { store } = await filled();
    const data = store.exportNamespace('ns')!;
    const bytes = encodeVectorNamespace(data);
    const back = decodeVectorNamespace(bytes, 'ns.vec');
    expect(back.ids).toEqual(data.ids);
    expect(back.docIds).toEqual(data.docIds);
    expect(back.metadata).toEqual(data.metadata);
    expect(bytes.byteLength).toBeLessThan(data.vectors.byteLength / 3);
    let maxErr = 0;
    for (let i = 0; i < data.vectors.length; i++) maxErr = Math.max(maxErr, Math.abs(back.vectors[i]! - data.vectors[i]!));
    expect(maxErr).toBeLessThan(0.01);
  });

  it('keeps the top-10 ranking of every query (quantisation error below the score gaps that matter)', async () => {
    const { store, embedder } = await filled();
    const lazy = createMemoryVectorStore({ lazy: { ns: { dims: store.dimensionsOf('ns')!, count: 300, load: () => decodeVectorNamespace(encodeVectorNamespace(store.exportNamespace('ns')!), 'ns.vec') } } });
    let same = 0;
    for (const q of await embedder.embed(['rivers of series 3', 'films number 70', 'kings', 'songs series 12'], { kind: 'query' })) {
      const a = store.searchSync('ns', q, 10).map((h) => h.id);
      const b = lazy.searchSync('ns', q, 10).map((h) => h.id);
      same += a.filter((id) => b.includes(id)).length;
    }
    expect(same).toBeGreaterThanOrEqual(38);
  });

  it('loads a lazy namespace only when it is first touched', async () => {
    const { store } = await filled();
    let loads = 0;
    const lazy = createMemoryVectorStore({ lazy: { ns: { dims: store.dimensionsOf('ns')!, count: 300, load: () => (loads++, store.exportNamespace('ns')!) } } });
    expect(lazy.namespaces()).toEqual(['ns']);
    expect(lazy.dimensionsOf('ns')).toBe(store.dimensionsOf('ns'));
    expect(lazy.isLoaded('ns')).toBe(false);
    expect(loads).toBe(0);
    expect(await lazy.count('ns')).toBe(300);
    expect(loads).toBe(1);
    await lazy.count('ns');
    expect(loads).toBe(1);
    const v0 = lazy.namespaceVersion('ns');
    await lazy.delete('ns', ['c1']);
    expect(lazy.namespaceVersion('ns')).toBeGreaterThan(v0);
  });

  it('names the file when the bytes are truncated or altered', async () => {
    const { store } = await filled();
    const bytes = encodeVectorNamespace(store.exportNamespace('ns')!);
    expect(() => decodeVectorNamespace(bytes.subarray(0, bytes.length - 9), 'seg/vec-x.bin')).toThrow(/seg\/vec-x\.bin: checksum mismatch/);
    const altered = bytes.slice();
    altered[altered.length - 3]! ^= 0xff;
    expect(() => decodeVectorNamespace(altered, 'seg/vec-x.bin')).toThrow(/seg\/vec-x\.bin/);
    expect(() => decodeVectorNamespace(new Uint8Array(10), 'seg/vec-x.bin')).toThrow(/truncated/);
  });

  it('reads only the ids and codes of a file, as the full decoder gives them', async () => {
    const { store } = await filled();
    const bytes = encodeVectorNamespace(store.exportNamespace('ns')!);
    const full = decodeQuantizedVectorNamespace(bytes, 'seg/vec-x.bin');
    const rows = decodeVectorNamespaceRows(bytes, 'seg/vec-x.bin');
    expect(rows).toEqual({ dims: full.dims, ids: full.ids, codes: full.codes });
    const damaged = bytes.slice();
    damaged[damaged.length - 1] = damaged[damaged.length - 1]! ^ 1;
    expect(() => decodeVectorNamespaceRows(damaged, 'seg/vec-x.bin')).toThrow(/seg\/vec-x.bin: checksum/);
  });
});
