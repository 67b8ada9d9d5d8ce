// Conformance suite every Retriever in this package (and third-party ones) should pass: valid
// Evidence, rankings at least k long when the corpus allows, RagErrors on bad input, a trace.
import type { Retriever } from '@rag/core';
import { RagError } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS } from './fixture-corpus.js';
import { createFixtureIndex } from './fixture-index.js';

export function runRetrieverConformance(name: string, make: (index: RagIndex) => Retriever | Promise<Retriever>): void {
  describe(`Retriever conformance: ${name}`, () => {
    let index: RagIndex;
    let retriever: Retriever;
    beforeAll(async () => {
      index = await createFixtureIndex(FIXTURE_CORPUS);
      retriever = await make(index);
    });

    it('returns evidence with a ranked chunk list of exactly k distinct chunks when the corpus has k', async () => {
      const ev = await retriever.retrieve('Who designed Zorvath Keep?', { k: 5 });
      expect(ev.query).toBe('Who designed Zorvath Keep?');
      expect(ev.chunks).toHaveLength(5);
      expect(new Set(ev.chunks.map((c) => c.chunkId)).size).toBe(5);
      for (const c of ev.chunks) {
        const chunk = index.getChunk(c.chunkId);
        expect(chunk?.docId).toBe(c.docId);
        expect(c.text).toBe(chunk?.text);
        expect(Number.isFinite(c.score)).toBe(true);
      }
      const scores = ev.chunks.map((c) => c.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    });

    it('fills to the whole corpus when k exceeds it, even for a query matching nothing', async () => {
      const ev = await retriever.retrieve('qwxz plorb', { k: 50 });
      expect(ev.chunks).toHaveLength(index.chunks().length);
    });

    it('records a trace', async () => {
      const ev = await retriever.retrieve('Valdoria harbour', { k: 3 });
      expect(ev.trace.length).toBeGreaterThan(0);
      expect(ev.trace.every((e) => typeof e.start === 'number')).toBe(true);
    });

    it('respects a docId filter', async () => {
      const ev = await retriever.retrieve('Elmira Quenton architect', { k: 3, filter: { docId: ['valdoria', 'port-ambrel'] } });
      expect(ev.chunks.length).toBeGreaterThan(0);
      expect(ev.chunks.every((c) => c.docId === 'valdoria' || c.docId === 'port-ambrel')).toBe(true);
    });

    it('rejects an empty query and a bad k with RAG_INVALID_INPUT', async () => {
      for (const bad of [retriever.retrieve('   '), retriever.retrieve('castle', { k: 0 }), retriever.retrieve('castle', { k: 1.5 })]) {
        const e = await bad.then(
          () => undefined,
          (x: unknown) => x,
        );
        expect(RagError.isInstance(e, 'RAG_INVALID_INPUT')).toBe(true);
      }
    });
  });
}
