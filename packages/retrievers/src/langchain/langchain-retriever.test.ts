import { describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS, createFixtureIndex } from '../testing/index.js';
import { createBm25Retriever } from '../baselines/bm25-retriever.js';
import { toLangChainRetriever } from './langchain-retriever.js';

describe('toLangChainRetriever', () => {
  it('returns LangChain Documents carrying chunk id, doc id and offsets', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const lc = toLangChainRetriever(createBm25Retriever({ index }), { index, k: 2 });
    const docs = await lc.invoke('salt marshes harbour');
    expect(docs).toHaveLength(2);
    const d = docs[0]!;
    expect(d.metadata).toMatchObject({ docId: 'valdoria', retriever: 'bm25', title: 'Valdoria' });
    const chunk = index.getChunk(d.metadata.chunkId as string)!;
    expect(d.metadata.start).toBe(chunk.start);
    expect(d.metadata.end).toBe(chunk.end);
    expect(index.getDoc('valdoria')!.text.slice(chunk.start, chunk.end)).toBe(d.pageContent);
  });

  it('rejects a non-retriever and a bad k', () => {
    expect(() => toLangChainRetriever({} as never)).toThrow(/retriever/);
    expect(() => toLangChainRetriever(createBm25Retriever({ index: {} as never }))).toThrow();
  });
});
