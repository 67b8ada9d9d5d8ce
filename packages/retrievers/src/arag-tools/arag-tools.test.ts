import { describe, expect, it } from 'vitest';
import { RagError } from '@rag/core';
import { FIXTURE_CORPUS, createFixtureIndex } from '../testing/index.js';
import { toLangChainTools } from '../langchain/langchain-tools.js';
import { createAragTools } from './arag-tools.js';
import { aragToolDescriptors } from './descriptors.js';

describe('A-RAG tools', () => {
  it('keyword_search scores Σ count(k)·|k| and returns matching sentences as snippets', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const tools = createAragTools({ index });
    const hits = await tools.keywordSearch({ keywords: ['Elmira Quenton', 'granar'], k: 5 });
    const byDoc = new Map(hits.map((h) => [h.docId, h]));
    // "elmira quenton" (14 chars) once + "granar" (6) once in granaries → 20
    expect(byDoc.get('elmira-quenton')?.score).toBe(14 + 6);
    // chunk text only (not the title): one "granar" (Granary) + one "Elmira Quenton"
    expect(byDoc.get('granary-of-osk')?.score).toBe(6 + 14);
    const doc = index.getDoc('granary-of-osk')!;
    for (const s of byDoc.get('granary-of-osk')!.snippets) expect(doc.text.slice(s.start, s.end)).toBe(s.text);
    expect(byDoc.has('valdoria')).toBe(false);
  });

  it('semantic_search scores chunks by their best sentence and returns those sentences', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const hits = await createAragTools({ index }).semanticSearch({ query: 'paper lanterns carried to the harbour', k: 3 });
    expect(hits[0]?.docId).toBe('lantern-festival');
    expect(hits[0]?.snippets[0]?.text).toMatch(/lanterns/);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
  });

  it('chunk_read returns text once, then answers "already read"; adjacent=true adds neighbours', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS, { maxChunkChars: 60 });
    const tools = createAragTools({ index });
    const [first] = index.chunksOfDoc('zorvath-keep');
    const a = await tools.chunkRead({ ids: [first!.id], adjacent: true });
    expect(a.map((r) => r.chunkId)).toEqual([first!.id, index.adjacentChunks(first!.id).next!.id]);
    expect(a.every((r) => !r.alreadyRead && typeof r.text === 'string')).toBe(true);
    const b = await tools.chunkRead({ ids: [first!.id] });
    expect(b[0]).toMatchObject({ chunkId: first!.id, alreadyRead: true });
    expect(b[0]?.text).toBeUndefined();
    expect((await tools.chunkRead({ ids: ['nope'] }))[0]).toMatchObject({ missing: true });
    tools.tracker.reset();
    expect((await tools.chunkRead({ ids: [first!.id] }))[0]?.alreadyRead).toBe(false);
  });

  it('validates untrusted arguments with RAG_INVALID_INPUT naming the tool', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const tools = createAragTools({ index });
    const e = await tools.keywordSearch({ keywords: [], k: 3 }).catch((x: unknown) => x);
    expect(RagError.isInstance(e, 'RAG_INVALID_INPUT')).toBe(true);
    expect((e as RagError).message).toMatch(/keyword_search/);
    const e2 = await tools.chunkRead({ ids: 'x' } as unknown as { ids: string[] }).catch((x: unknown) => x);
    expect(RagError.isInstance(e2, 'RAG_INVALID_INPUT')).toBe(true);
  });

  it('descriptors carry JSON Schemas an MCP server can expose', () => {
    expect(aragToolDescriptors.map((d) => d.name)).toEqual(['keyword_search', 'semantic_search', 'chunk_read']);
    const kw = aragToolDescriptors[0]!.inputSchema as { type: string; properties: Record<string, unknown>; required: string[] };
    expect(kw.type).toBe('object');
    expect(Object.keys(kw.properties)).toEqual(['keywords', 'k']);
    expect(kw.required).toEqual(['keywords']);
  });

  it('LangChain tools validate with the zod schemas and return JSON', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const [kw, , read] = toLangChainTools(createAragTools({ index }));
    expect(kw!.name).toBe('keyword_search');
    const out = JSON.parse(String(await kw!.invoke({ keywords: ['salt marshes'], k: 2 }))) as { docId: string }[];
    expect(out[0]?.docId).toBe('valdoria');
    await expect(read!.invoke({ ids: [] })).rejects.toThrow();
  });
});
