import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHashingEmbedder, type DocInput } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIndexer } from './indexer.js';
import { createLlmTripleExtractor } from './extraction/llm-extractor.js';
import { openIndex } from './open-index.js';
import type { IngestProgress } from './types.js';

const corpus: DocInput[] = [
  { id: 'curie', title: 'Marie Curie', text: 'Marie Curie was a Polish physicist. She was born in Warsaw. She worked at the University of Paris with Pierre Curie.' },
  { id: 'pierre', title: 'Pierre Curie', text: 'Pierre Curie was a French physicist. He married Marie Curie in 1895. He taught at the University of Paris.' },
  { id: 'warsaw', title: 'Warsaw', text: 'Warsaw is the capital of Poland. The Vistula River flows through Warsaw.' },
  { id: 'paris', title: 'University of Paris', text: 'The University of Paris was a university in Paris. Marie Curie and Pierre Curie taught there.' },
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rag-indexer-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const chunkIdsIn = (idx: ReturnType<typeof createIndexer>) => new Set(idx.chunks().map((c) => c.id));
function graphChunkIds(idx: ReturnType<typeof createIndexer>): Set<string> {
  const out = new Set<string>();
  for (const n of idx.graph.nodes()) for (const p of n.provenance) out.add(p.chunkId);
  for (const e of idx.graph.edges()) for (const p of e.provenance) out.add(p.chunkId);
  return out;
}

describe('createIndexer', () => {
  it('indexes docs three ways: keyword (with titles), chunk + sentence vectors, and a graph with provenance', async () => {
    const idx = createIndexer();
    const events: IngestProgress[] = [];
    const report = await idx.ingest(corpus, { onProgress: (e) => events.push(e) });
    expect(report.added).toEqual(['curie', 'pierre', 'warsaw', 'paris']);
    expect(report.chunks).toBe(4);
    const m = idx.manifest();
    expect(m).toMatchObject({ docs: 4, chunks: 4, gearHeads: 3, embedderId: idx.embedder.id });
    expect(m.sentences).toBe(report.sentences);
    expect(new Set(events.map((e) => e.stage))).toEqual(new Set(['chunk', 'keyword', 'embed', 'extract', 'resolve', 'summaries', 'gear', 'communities']));
    // the title is part of the keyword text: "Warsaw" doc is found by its title word even for the body-only query
    const hits = await idx.keyword.search('capital Poland', 2);
    expect(hits[0]!.id).toBe('warsaw::0');
    expect(await idx.vectors.count(idx.namespaceOf('chunks'))).toBe(4);
    expect(await idx.vectors.count(idx.namespaceOf('sentences'))).toBe(m.sentences);
    const q = (await idx.embedder.embed(['Vistula River flows']))[0]!;
    const [top] = await idx.vectors.search(idx.namespaceOf('sentences'), q, 1);
    expect(top).toMatchObject({ id: 'warsaw::0#1', metadata: { chunkId: 'warsaw::0', docId: 'warsaw' } });
    expect(idx.summaryOf('warsaw')?.text).toMatch(/^Warsaw is the capital of Poland/);
    expect(await idx.vectors.count(idx.namespaceOf('summaries'))).toBe(4);
    expect(m.nodes).toBeGreaterThan(5);
    for (let h = 0; h < 3; h++) {
      expect(await idx.vectors.count(idx.gearNamespace('node', h))).toBe(idx.graph.nodeCount);
      expect(await idx.vectors.count(idx.gearNamespace('edge', h))).toBeGreaterThan(0);
    }
    const curie = idx.graph.findByName('Marie Curie');
    expect(curie.length).toBe(1);
    expect(new Set(idx.graph.chunksOfNode(curie[0]!.id))).toEqual(new Set(['curie::0', 'pierre::0', 'paris::0']));
    expect([...graphChunkIds(idx)].every((c) => chunkIdsIn(idx).has(c))).toBe(true);
    expect(idx.adjacentChunks('curie::0')).toEqual({});
  });

  it('is incremental: unchanged docs are no-ops, changed docs replace, removal deletes exactly what only that doc supported', async () => {
    const idx = createIndexer();
    await idx.ingest(corpus);
    const before = { m: idx.manifest(), sentences: await idx.vectors.count(idx.namespaceOf('sentences')) };
    const again = await idx.ingest(corpus);
    expect(again.unchanged).toEqual(['curie', 'pierre', 'warsaw', 'paris']);
    expect(again.added).toEqual([]);
    expect(idx.manifest()).toMatchObject({ docs: 4, chunks: 4, nodes: before.m.nodes, edges: before.m.edges });

    const changed = await idx.ingest([{ id: 'warsaw', title: 'Warsaw', text: 'Warsaw is the largest city of Poland. It hosts the Palace of Culture.' }]);
    expect(changed.updated).toEqual(['warsaw']);
    expect((await idx.keyword.search('Vistula', 5)).length).toBe(0);
    expect(idx.graph.findByName('Vistula River')).toEqual([]);
    expect(idx.getDoc('warsaw')?.text).toMatch(/largest city/);
    expect(await idx.vectors.count(idx.namespaceOf('sentences'))).toBe(idx.manifest().sentences);

    const pierreSentences = idx.getChunk('pierre::0')!.sentences.length;
    const total = await idx.vectors.count(idx.namespaceOf('sentences'));
    expect(await idx.remove('pierre')).toBe(true);
    expect(await idx.remove('pierre')).toBe(false);
    expect(idx.getChunk('pierre::0')).toBeUndefined();
    expect(await idx.vectors.count(idx.namespaceOf('sentences'))).toBe(total - pierreSentences);
    expect(await idx.vectors.count(idx.namespaceOf('chunks'))).toBe(3);
    expect(await idx.vectors.count(idx.namespaceOf('summaries'))).toBe(3);
    expect((await idx.keyword.search('married 1895', 5)).map((h) => h.id)).not.toContain('pierre::0');
    expect(graphChunkIds(idx).has('pierre::0')).toBe(false);
    // Pierre Curie is still supported by the other docs, so the node survives
    expect(idx.graph.findByName('Pierre Curie').length).toBe(1);
    // a node only the removed doc mentioned is gone, and so are its GEAR vectors
    expect(idx.graph.findByName('1895').length).toBe(0);
    for (let h = 0; h < 3; h++) expect(await idx.vectors.count(idx.gearNamespace('node', h))).toBe(idx.graph.nodeCount);
  });

  it('reports bad documents and indexes the rest', async () => {
    const idx = createIndexer();
    const report = await idx.ingest([corpus[0]!, { id: '', text: 'no id' } as DocInput, { id: 'blank', text: '   ' }, 42 as unknown as DocInput, corpus[2]!]);
    expect(report.added).toEqual(['curie', 'warsaw']);
    expect(report.failed.map((f) => f.id)).toEqual(['', 'blank', '#3']);
    expect(report.failed[0]!.reason).toMatch(/id/);
    await expect(idx.ingest('nope' as unknown as DocInput[])).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    expect(() => createIndexer({ gearHeads: -1 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });

  it('ingests paths, reporting skipped files by name while indexing the rest', async () => {
    const src = join(dir, 'files');
    await mkdir(src, { recursive: true });
    await writeFile(join(src, 'ok.md'), '# Oslo\n\nOslo is the capital of Norway.');
    await writeFile(join(src, 'empty.txt'), '');
    await writeFile(join(src, 'bin.txt'), Buffer.from([0, 1, 2, 3]));
    const idx = createIndexer();
    const report = await idx.ingestPaths([src]);
    expect(report.added).toEqual(['ok.md']);
    expect(report.problems.map((p) => [p.path.split('/').pop(), p.reason])).toEqual([
      ['bin.txt', 'binary'],
      ['empty.txt', 'empty'],
    ]);
    expect(idx.getDoc('ok.md')?.title).toBe('Oslo');
  });

  it('counts a batch whose generation is current as committed, even when the crash struck before its commit record', async () => {
    const d = join(dir, 'torn-commit');
    const idx = createIndexer({ dir: d });
    await idx.ingest(corpus);
    // the journal as a kill between switching CURRENT and appending the commit record leaves it,
    // followed by a later batch that had only begun
    const journal = join(d, 'journal.jsonl');
    const records = (await readFile(journal, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { t: string; txn: number });
    const txn = Math.max(...records.filter((r) => r.t === 'commit').map((r) => r.txn));
    const lines = records.filter((r) => !(r.t === 'commit' && r.txn === txn)).map((r) => JSON.stringify(r));
    lines.push(JSON.stringify({ t: 'begin', txn: txn + 1, op: 'ingest', docs: ['later'], at: new Date().toISOString() }));
    await writeFile(journal, `${lines.join('\n')}\n`);
    const reopened = await openIndex(d);
    expect(reopened.interrupted).toEqual([{ txn: txn + 1, op: 'ingest', docs: ['later'] }]);
  });

  it('saves and reopens an index with the same content and search results', async () => {
    const d = join(dir, 'roundtrip');
    const idx = createIndexer({ dir: d });
    await idx.ingest(corpus);
    const reopened = await openIndex(d);
    expect(reopened.manifest()).toEqual(idx.manifest());
    expect(reopened.interrupted).toEqual([]);
    expect(await reopened.keyword.search('Vistula', 3)).toEqual(await idx.keyword.search('Vistula', 3));
    const q = (await idx.embedder.embed(['physicist born in Warsaw']))[0]!;
    // vectors are stored int8-quantised: the same hits in the same order, scores within 0.01
    const [after, before] = [await reopened.vectors.search(reopened.namespaceOf('sentences'), q, 3), await idx.vectors.search(idx.namespaceOf('sentences'), q, 3)];
    expect(after.map((h) => [h.id, h.docId, h.metadata])).toEqual(before.map((h) => [h.id, h.docId, h.metadata]));
    after.forEach((h, i) => expect(Math.abs(h.score - before[i]!.score)).toBeLessThan(0.01));
    expect(reopened.communities()).toEqual(idx.communities());
    expect(reopened.graph.toJSON()).toEqual(idx.graph.toJSON());
    // reopened indexes keep working incrementally
    expect((await reopened.ingest(corpus)).unchanged).toHaveLength(4);
    await expect(openIndex(d, { embedder: createHashingEmbedder({ dimensions: 64 }) })).rejects.toMatchObject({ code: 'RAG_CONFIG' });
    await expect(openIndex(join(dir, 'missing'))).rejects.toMatchObject({ code: 'RAG_NOT_FOUND' });
  });

  it('enforces the budget during LLM extraction and still indexes the text of skipped chunks', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reply = { json: { entities: [{ name: 'Marie Curie', type: 'Person' }, { name: 'Warsaw', type: 'Place' }], relations: [{ head: 'Marie Curie', relation: 'born in', tail: 'Warsaw' }] } };
    const model = createScriptedChatModel(() => reply);
    const idx = createIndexer({ extractor: createLlmTripleExtractor({ model }), resolver: false });
    const report = await idx.ingest(corpus, { budget: { maxLlmCalls: 2 } });
    expect(report.cost.llmCalls).toBe(2);
    expect(report.extractionSkipped).toBe(2);
    expect(report.warnings.join('\n')).toMatch(/RAG_BUDGET_EXCEEDED/);
    expect(idx.manifest().chunks).toBe(4);
    expect(idx.graph.findByName('Marie Curie')[0]!.type).toBe('Person');
    vi.restoreAllMocks();
  });
});
