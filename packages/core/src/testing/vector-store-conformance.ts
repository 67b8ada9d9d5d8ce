// Conformance suite for VectorStore implementations (embedded, Qdrant, yours). Registers vitest
// blocks; call it at the top level of a test file. Each test uses fresh namespaces.
import { describe, expect, it } from 'vitest';
import type { VectorRecord, VectorStore } from '../contracts/vector-store.js';
import { expectRagError } from './expect-rag-error.js';

export interface VectorStoreConformanceOptions {
  /** Vector length used by the suite (default 8). */
  dimensions?: number;
}

export function runVectorStoreConformance(
  name: string,
  make: () => VectorStore | Promise<VectorStore>,
  options: VectorStoreConformanceOptions = {},
): void {
  const dims = options.dimensions ?? 8;
  let counter = 0;
  const ns = (label: string) => `conf-${label}-${process.pid}-${Date.now().toString(36)}-${counter++}`;
  /** Unit vector along axis `i` (mixed with axis `j` by `w`). */
  const axis = (i: number, j = i, w = 0) => {
    const v = new Float32Array(dims);
    v[i % dims] = 1 - w;
    v[j % dims]! += w;
    return v;
  };
  const rec = (id: string, vector: Float32Array, docId?: string, metadata?: VectorRecord['metadata']): VectorRecord => ({
    id,
    vector,
    ...(docId !== undefined ? { docId } : {}),
    ...(metadata !== undefined ? { metadata } : {}),
  });

  describe(`VectorStore conformance: ${name}`, () => {
    it('returns the nearest vectors first with cosine scores, at most k', async () => {
      const store = await make();
      const n = ns('search');
      await store.upsert(n, [rec('a', axis(0)), rec('b', axis(0, 1, 0.3)), rec('c', axis(1)), rec('d', axis(2))]);
      const hits = await store.search(n, axis(0), 3);
      expect(hits.map((h) => h.id)).toEqual(['a', 'b', 'c']);
      expect(hits[0]!.score).toBeCloseTo(1, 4);
      for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
      expect(await store.search(n, axis(0), 10)).toHaveLength(4);
    });

    it('scores by cosine, not raw dot product (vectors of any length)', async () => {
      const store = await make();
      const n = ns('cosine');
      const long = axis(0);
      long[0] = 5;
      await store.upsert(n, [rec('long', long), rec('diag', axis(0, 1, 0.5))]);
      const hits = await store.search(n, axis(0), 2);
      expect(hits[0]!.id).toBe('long');
      expect(hits[0]!.score).toBeCloseTo(1, 4);
      expect(hits[1]!.score).toBeCloseTo(Math.SQRT1_2, 3);
    });

    it('replaces a record upserted again under the same id', async () => {
      const store = await make();
      const n = ns('replace');
      await store.upsert(n, [rec('a', axis(0), 'd1', { tag: 'old' }), rec('b', axis(1))]);
      await store.upsert(n, [rec('a', axis(2), 'd1', { tag: 'new' })]);
      expect(await store.count(n)).toBe(2);
      const [hit] = await store.search(n, axis(2), 1);
      expect(hit).toMatchObject({ id: 'a', docId: 'd1', metadata: { tag: 'new' } });
    });

    it('filters on metadata equality, any-of arrays and docId', async () => {
      const store = await make();
      const n = ns('filter');
      await store.upsert(n, [
        rec('a', axis(0), 'd1', { lang: 'en', year: 2020, draft: false }),
        rec('b', axis(0, 1, 0.1), 'd2', { lang: 'de', year: 2021, draft: true }),
        rec('c', axis(0, 2, 0.2), 'd2', { lang: 'fr', year: 2022, draft: false }),
      ]);
      const ids = async (f: Record<string, string | number | boolean | (string | number | boolean)[]>) =>
        (await store.search(n, axis(0), 10, f)).map((h) => h.id).sort();
      expect(await ids({ lang: 'de' })).toEqual(['b']);
      expect(await ids({ lang: ['en', 'fr'] })).toEqual(['a', 'c']);
      expect(await ids({ docId: 'd2' })).toEqual(['b', 'c']);
      expect(await ids({ docId: 'd2', draft: false })).toEqual(['c']);
      expect(await ids({ year: 2021 })).toEqual(['b']);
      expect(await ids({ lang: 'xx' })).toEqual([]);
      expect(await store.count(n, { docId: 'd2' })).toBe(2);
      expect(await store.count(n, { lang: ['en', 'de'] })).toBe(2);
    });

    it('returns docId and metadata with hits', async () => {
      const store = await make();
      const n = ns('payload');
      await store.upsert(n, [rec('a', axis(0), 'doc-1', { title: 'T', n: 3, ok: true })]);
      const [hit] = await store.search(n, axis(0), 1);
      expect(hit).toMatchObject({ id: 'a', docId: 'doc-1', metadata: { title: 'T', n: 3, ok: true } });
    });

    it('keeps namespaces isolated', async () => {
      const store = await make();
      const n1 = ns('iso1');
      const n2 = ns('iso2');
      await store.upsert(n1, [rec('a', axis(0), 'd1'), rec('b', axis(1), 'd1')]);
      await store.upsert(n2, [rec('a', axis(1), 'd1')]);
      expect(await store.count(n1)).toBe(2);
      expect(await store.count(n2)).toBe(1);
      expect((await store.search(n2, axis(0), 5)).map((h) => h.id)).toEqual(['a']);
      expect(await store.deleteByDoc(n1, 'd1')).toBe(2);
      expect(await store.count(n1)).toBe(0);
      expect(await store.count(n2)).toBe(1);
    });

    it('deletes by id and by document, and deletes of unknown ids are no-ops', async () => {
      const store = await make();
      const n = ns('delete');
      await store.upsert(n, [rec('a', axis(0), 'd1'), rec('b', axis(1), 'd1'), rec('c', axis(2), 'd2')]);
      await store.delete(n, ['a', 'never-stored']);
      expect(await store.count(n)).toBe(2);
      expect((await store.search(n, axis(0), 5)).map((h) => h.id)).not.toContain('a');
      expect(await store.deleteByDoc(n, 'd1')).toBe(1);
      expect(await store.deleteByDoc(n, 'd1')).toBe(0);
      expect((await store.search(n, axis(2), 5)).map((h) => h.id)).toEqual(['c']);
    });

    it('returns nothing from an empty or unknown namespace', async () => {
      const store = await make();
      const n = ns('empty');
      expect(await store.search(n, axis(0), 5)).toEqual([]);
      expect(await store.count(n)).toBe(0);
      expect(await store.deleteByDoc(n, 'd')).toBe(0);
    });

    it('refuses a batch with a NaN vector and stores nothing from it', async () => {
      const store = await make();
      const n = ns('nan');
      await store.upsert(n, [rec('keep', axis(0))]);
      const bad = axis(1);
      bad[0] = Number.NaN;
      await expectRagError(store.upsert(n, [rec('good', axis(2)), rec('bad', bad)]), ['RAG_INVALID_VECTOR']);
      const inf = axis(1);
      inf[1] = Number.POSITIVE_INFINITY;
      await expectRagError(store.upsert(n, [rec('inf', inf)]), ['RAG_INVALID_VECTOR']);
      expect(await store.count(n)).toBe(1);
      expect((await store.search(n, axis(2), 5)).map((h) => h.id)).toEqual(['keep']);
    });

    it('refuses wrong-dimension vectors on upsert and search, keeping what is stored', async () => {
      const store = await make();
      const n = ns('dims');
      await store.upsert(n, [rec('keep', axis(0))]);
      const err = await expectRagError(store.upsert(n, [rec('x', axis(1)), rec('short', new Float32Array(dims - 1).fill(1))]), [
        'RAG_DIMENSION_MISMATCH',
      ]);
      expect(err.message).toContain('short');
      await expectRagError(store.search(n, new Float32Array(dims + 1).fill(1), 3), ['RAG_DIMENSION_MISMATCH']);
      expect(await store.count(n)).toBe(1);
    });

    it('refuses empty ids', async () => {
      const store = await make();
      const n = ns('ids');
      await expectRagError(store.upsert(n, [rec('', axis(0))]), ['RAG_INVALID_INPUT']);
      expect(await store.count(n)).toBe(0);
    });

    it('get (optional capability): returns stored vectors, RAG_NOT_FOUND for unknown ids', async () => {
      const store = await make();
      // Absent capability: nothing to check beyond it being absent rather than half-present.
      if (!store.get) return expect(store.get).toBeUndefined();
      const n = ns('get');
      const v = axis(0, 1, 0.5);
      await store.upsert(n, [rec('a', v, 'd1', { k: 'v' })]);
      const [got] = await store.get(n, ['a']);
      expect(got).toMatchObject({ id: 'a', docId: 'd1', metadata: { k: 'v' } });
      expect(got!.vector).toHaveLength(dims);
      const norm = Math.hypot(...got!.vector);
      // Stores may normalise on insert; direction must be preserved either way.
      expect(got!.vector[0]! / norm).toBeCloseTo(v[0]! / Math.hypot(...v), 4);
      await expectRagError(store.get(n, ['a', 'missing']), ['RAG_NOT_FOUND']);
    });

    it('clear (optional capability): drops one namespace only', async () => {
      const store = await make();
      if (!store.clear) return expect(store.clear).toBeUndefined();
      const n = ns('clear');
      const other = ns('clear-other');
      await store.upsert(n, [rec('a', axis(0))]);
      await store.upsert(other, [rec('a', axis(0))]);
      await store.clear(n);
      expect(await store.count(n)).toBe(0);
      expect(await store.count(other)).toBe(1);
    });
  });
}
