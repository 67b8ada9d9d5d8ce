import { describe, expect, it } from 'vitest';
import { RagError } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { FIXTURE_CORPUS, createFixtureIndex, runRetrieverConformance } from '../testing/index.js';
import { createBm25Retriever } from './bm25-retriever.js';
import { createDenseRetriever } from './dense-retriever.js';
import { createHybridRetriever, reciprocalRankFusion } from './hybrid-retriever.js';

runRetrieverConformance('bm25', (index) => createBm25Retriever({ index }));
runRetrieverConformance('dense', (index) => createDenseRetriever({ index }));
runRetrieverConformance('hybrid', (index) => createHybridRetriever({ index }));

describe('baselines', () => {
  it('bm25 ranks the passage that shares the rare terms first', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const ev = await createBm25Retriever({ index }).retrieve('lantern festival autumn', { k: 3 });
    expect(ev.chunks[0]?.docId).toBe('lantern-festival');
    expect(ev.chunks[0]?.source).toBe('bm25');
  });

  it('fills past the method’s own hits from BM25 then corpus order, marking the source', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const ev = await createBm25Retriever({ index }).retrieve('fishermen', { k: 4 });
    expect(ev.chunks).toHaveLength(4);
    expect(ev.chunks.slice(1).every((c) => c.source?.startsWith('fill:'))).toBe(true);
  });

  it('reciprocal-rank fusion sums w / (k + rank)', () => {
    const s = reciprocalRankFusion(
      [
        { ids: ['a', 'b'], weight: 1 },
        { ids: ['b', 'c'], weight: 2 },
      ],
      10,
    );
    expect(s.get('a')).toBeCloseTo(1 / 11);
    expect(s.get('b')).toBeCloseTo(1 / 12 + 2 / 11);
    expect(s.get('c')).toBeCloseTo(2 / 12);
  });

  it('hybrid with the dense weight at 0 orders like bm25', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const q = 'stone bridge toll river';
    const a = await createHybridRetriever({ index, weights: { dense: 0 } }).retrieve(q, { k: 3 });
    const b = await createBm25Retriever({ index }).retrieve(q, { k: 3 });
    expect(a.chunks.map((c) => c.chunkId)).toEqual(b.chunks.map((c) => c.chunkId));
  });

  it('factories reject a missing index and bad weights, naming the option', () => {
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const e1 = err(() => createBm25Retriever({} as { index: RagIndex }));
    expect(RagError.isInstance(e1, 'RAG_INVALID_INPUT')).toBe(true);
    expect((e1 as RagError).message).toMatch(/options\.index/);
    const e2 = err(() => createHybridRetriever({ index: {} as RagIndex, weights: { bm25: -1 } }));
    expect(RagError.isInstance(e2, 'RAG_INVALID_INPUT')).toBe(true);
  });
});
