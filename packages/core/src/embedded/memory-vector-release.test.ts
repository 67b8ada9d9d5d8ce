import { describe, expect, it } from 'vitest';
import { createMemoryVectorStore, type MemoryVectorStore, type RowSource } from './memory-vector-store.js';
import { decodeQuantizedVectorNamespace, encodeVectorNamespace } from './vector-namespace-codec.js';
import { seededVector } from './test-random.js';

const dims = 20;
const vec = (seed: number) => seededVector(dims, seed);
const rec = (i: number, doc = `d${i % 7}`, seed = i + 1) => ({ id: `r${i}`, docId: doc, vector: vec(seed), metadata: { doc, even: i % 2 === 0 } });

/**
 * Commits as the indexer's persistence does: a namespace with held rows is written whole, one
 * whose rows are released gets a delta of the rows upserted since (read back through the codec,
 * as the files would give them); then the rows are released.
 */
function committer(store: MemoryVectorStore, ns: string) {
  let files: RowSource[] = [];
  return () => {
    if (store.rowsHeld!(ns)) {
      const q = store.exportQuantized!(ns)!;
      files = [{ ids: q.ids, codes: q.codes }];
    } else {
      const delta = store.exportRecords(ns, store.pendingChanges(ns).upserted)!;
      const q = decodeQuantizedVectorNamespace(encodeVectorNamespace(delta), 'delta');
      files = [...files, { ids: q.ids, codes: q.codes }];
    }
    store.markPersisted(ns);
    const kept = files;
    return store.releaseRows!(ns, () => kept);
  };
}

async function sameContent(a: MemoryVectorStore, b: MemoryVectorStore, ns: string) {
  expect(await b.count(ns)).toBe(await a.count(ns));
  expect(await b.count(ns, { even: true })).toBe(await a.count(ns, { even: true }));
  expect(b.namespaces()).toEqual(a.namespaces());
  // the fold (a whole write) is computed from the stored rows without holding them again
  const fa = a.exportQuantized!(ns)!;
  const fb = b.exportQuantized!(ns)!;
  expect(b.rowsHeld!(ns)).toBe(false);
  expect(fb).toEqual(fa);
  for (let q = 0; q < 5; q++) expect(b.searchSync(ns, vec(1000 + q), 6)).toEqual(a.searchSync(ns, vec(1000 + q), 6));
  expect(b.rowsHeld!(ns)).toBe(true);
  expect(await b.get(ns, fa.ids.slice(0, 3))).toEqual(await a.get(ns, fa.ids.slice(0, 3)));
}

describe('MemoryVectorStore.releaseRows', () => {
  it('upserts, deletes and counts on released rows without reading them back; reads then match a store that kept them', async () => {
    const held = createMemoryVectorStore({ precision: 'int8' });
    const released = createMemoryVectorStore({ precision: 'int8' });
    const commit = committer(released, 'n');
    const both = async (f: (s: MemoryVectorStore) => Promise<unknown> | unknown) => {
      await f(held);
      await f(released);
    };
    await both((s) => s.upsert('n', Array.from({ length: 40 }, (_, i) => rec(i))));
    expect(commit()).toBe(true);
    expect(released.rowsHeld!('n')).toBe(false);
    // written while released: new rows, a replaced row (last write wins), deletes, a whole document
    await both((s) => s.upsert('n', [rec(40), rec(41), rec(3, 'd3', 999)]));
    await both((s) => s.delete('n', ['r5', 'r40', 'nope']));
    expect(await held.deleteByDoc('n', 'd2')).toBe(await released.deleteByDoc('n', 'd2'));
    expect(released.rowsHeld!('n')).toBe(false);
    expect(released.pendingChanges('n').upserted.sort()).toEqual(['r3', 'r41']);
    expect(await released.count('n')).toBe(await held.count('n'));
    // a second commit writes a delta from the overlay, still without reading the rows back
    expect(commit()).toBe(true);
    expect(released.rowsHeld!('n')).toBe(false);
    await both((s) => s.upsert('n', [rec(50), rec(7, 'd0', 77)]));
    await both((s) => s.deleteByDoc('n', 'd4'));
    await sameContent(held, released, 'n');
  });

  it('keeps a namespace that was searched since the previous commit, and never releases float32 rows', async () => {
    const store = createMemoryVectorStore({ precision: 'int8' });
    await store.upsert('n', [rec(1), rec(2)]);
    const commit = committer(store, 'n');
    store.searchSync('n', vec(5), 1);
    expect(commit()).toBe(false);
    expect(store.rowsHeld!('n')).toBe(true);
    expect(commit()).toBe(true);
    const f = createMemoryVectorStore();
    await f.upsert('n', [rec(1)]);
    expect(f.releaseRows!('n', () => [])).toBe(false);
    expect(f.rowsHeld!('n')).toBe(true);
  });

  it('fails loudly when the stored rows lack a row the namespace holds', async () => {
    const store = createMemoryVectorStore({ precision: 'int8' });
    await store.upsert('n', [rec(1), rec(2)]);
    store.markPersisted('n');
    expect(store.releaseRows!('n', () => [{ ids: ['r1'], codes: new Int8Array(dims) }])).toBe(true);
    expect(() => store.searchSync('n', vec(3), 1)).toThrow(/no stored row for "r2"/);
  });

  it('opens a stored namespace for a write without copying its codes in; reads then match a store that loaded them', async () => {
    const source = createMemoryVectorStore({ precision: 'int8' });
    await source.upsert('n', Array.from({ length: 30 }, (_, i) => rec(i)));
    const stored = decodeQuantizedVectorNamespace(encodeVectorNamespace(source.exportNamespace('n')!), 'n.vec');
    let codeReads = 0;
    // the codes as the file gives them, counting reads of them (a copy into the rows reads them all)
    const counted = new Proxy(stored.codes, {
      get(target, key) {
        if (key === 'subarray') codeReads++;
        const v = Reflect.get(target, key, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const rows = () => [{ ids: stored.ids, codes: stored.codes }];
    const lazy = (codes: Int8Array) => ({ n: { dims, count: 30, load: () => ({ ...stored, codes }), rows } });
    const opened = createMemoryVectorStore({ precision: 'int8', lazy: lazy(counted) });
    const loaded = createMemoryVectorStore({ precision: 'int8', lazy: lazy(stored.codes) });
    for (const s of [opened, loaded]) await s.upsert('n', [rec(30), rec(2, 'd2', 500)]);
    expect(codeReads).toBe(0);
    expect(opened.rowsHeld!('n')).toBe(false);
    expect(await opened.count('n')).toBe(31);
    for (let q = 0; q < 4; q++) expect(opened.searchSync('n', vec(2000 + q), 5)).toEqual(loaded.searchSync('n', vec(2000 + q), 5));
  });
});
