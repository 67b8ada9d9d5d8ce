// Conformance suite for KeywordIndex implementations.
import { describe, expect, it } from 'vitest';
import type { KeywordIndex } from '../contracts/keyword-index.js';
import { expectRagError } from './expect-rag-error.js';

export function runKeywordIndexConformance(name: string, make: () => KeywordIndex | Promise<KeywordIndex>): void {
  const corpus = [
    { id: 'd1', text: 'The quick brown fox jumps over the lazy dog.' },
    { id: 'd2', text: 'A lazy afternoon by the river with a dog.' },
    { id: 'd3', text: 'Zebras graze on the savanna in large herds.' },
    { id: 'd4', text: 'The fox, the fox, the fox again: a story about a fox.' },
    { id: 'd5', text: 'Café culture in Paris and the river Seine.' },
  ];

  describe(`KeywordIndex conformance: ${name}`, () => {
    it('finds documents by term, best first, at most k, with positive scores', async () => {
      const idx = await make();
      await idx.add(corpus);
      expect(await idx.size()).toBe(corpus.length);
      const hits = await idx.search('fox', 10);
      expect(hits.map((h) => h.id).sort()).toEqual(['d1', 'd4']);
      expect(hits[0]!.id).toBe('d4'); // more occurrences
      for (const h of hits) expect(h.score).toBeGreaterThan(0);
      for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
      expect(await idx.search('lazy dog river', 1)).toHaveLength(1);
    });

    it('matches case-insensitively, including non-ASCII words', async () => {
      const idx = await make();
      await idx.add(corpus);
      expect((await idx.search('ZEBRAS', 5)).map((h) => h.id)).toEqual(['d3']);
      expect((await idx.search('café', 5)).map((h) => h.id)).toEqual(['d5']);
    });

    it('weighs rare terms above common ones', async () => {
      const idx = await make();
      await idx.add(corpus);
      // "lazy" is in two documents, "savanna" in one.
      const hits = await idx.search('lazy savanna', 5);
      expect(hits[0]!.id).toBe('d3');
    });

    it('returns [] for a term found nowhere', async () => {
      const idx = await make();
      await idx.add(corpus);
      expect(await idx.search('xylophone', 5)).toEqual([]);
    });

    it('replaces a document added again under the same id', async () => {
      const idx = await make();
      await idx.add(corpus);
      await idx.add([{ id: 'd3', text: 'Penguins live in Antarctica.' }]);
      expect(await idx.size()).toBe(corpus.length);
      expect(await idx.search('zebras', 5)).toEqual([]);
      expect((await idx.search('penguins', 5)).map((h) => h.id)).toEqual(['d3']);
    });

    it('removes documents; removing an unknown id is a no-op', async () => {
      const idx = await make();
      await idx.add(corpus);
      await idx.remove(['d4', 'not-there']);
      expect(await idx.size()).toBe(corpus.length - 1);
      expect((await idx.search('fox', 5)).map((h) => h.id)).toEqual(['d1']);
    });

    it('refuses a batch with an invalid document and keeps the index unchanged', async () => {
      const idx = await make();
      await idx.add(corpus);
      await expectRagError(idx.add([{ id: 'ok', text: 'penguins' }, { id: '', text: 'bad id' }]), ['RAG_INVALID_INPUT']);
      expect(await idx.size()).toBe(corpus.length);
      expect(await idx.search('penguins', 5)).toEqual([]);
    });

    it('refuses an empty query and a negative k', async () => {
      const idx = await make();
      await idx.add(corpus);
      await expectRagError(idx.search('   ', 5), ['RAG_EMPTY_TEXT', 'RAG_INVALID_INPUT']);
      await expectRagError(idx.search('fox', -1), ['RAG_INVALID_INPUT']);
    });
  });
}
