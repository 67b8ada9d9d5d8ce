// Index format 2: lazy open (a question reads only what its method touches), content-addressed
// segments (unchanged components are not rewritten), named errors for damaged segments with the
// previous generation still openable, format-1 stores still open, and the plugin contract.
import { cpSync, mkdtempSync, rmSync, readdirSync, statSync, truncateSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBm25Index, createMemoryVectorStore, type MemoryVectorStore } from '@rag/core';
import type { GraphViewExtras } from '@rag/graph-store';
import { describe, expect, it } from 'vitest';
import { fixtureCorpus, useBuiltStore } from '../../test/support/built-store.js';
import { openIndex } from '../open-index.js';
import { isLoaded } from './lazy.js';
import { readWholeFileSync } from './format2.js';

const fixture = join(import.meta.dirname, '..', '..', 'test', 'fixtures');
const corpus = fixtureCorpus();
const store = useBuiltStore('rag-format2-', corpus);
const copy = (name: string) => store.copy(name);
const segments = (d: string) => readdirSync(join(d, 'seg')).sort();

describe('index format 2', () => {
  it("writes binary segments and a generation that holds only its manifest", () => {
    const files = segments(store.built);
    expect(files.some((f) => f.startsWith('state-'))).toBe(true);
    expect(files.some((f) => f.startsWith('graph-'))).toBe(true);
    expect(files.some((f) => f.startsWith('vec-idx-sentences-'))).toBe(true);
    const gen = readFileSync(join(store.built, 'CURRENT'), 'utf8').trim();
    expect(readdirSync(join(store.built, gen))).toEqual(['manifest.json']);
  });

  it('opens lazily: a keyword question reads neither the graph nor any vector namespace', async () => {
    const idx = await openIndex(copy('lazy'));
    expect(isLoaded(idx.graph)).toBe(false);
    expect(isLoaded(idx.keyword)).toBe(false);
    expect((await idx.keyword.search('film director', 3)).length).toBeGreaterThan(0);
    expect(isLoaded(idx.graph)).toBe(false);
    const vectors = idx.vectors as MemoryVectorStore;
    expect(vectors.namespaces().every((ns) => !vectors.isLoaded(ns))).toBe(true);
    // a graph query builds the read view, still without graphology
    expect(idx.graph.nodeCount).toBeGreaterThan(0);
    expect((idx.graph as unknown as GraphViewExtras).isMaterialized()).toBe(false);
    const q = (await idx.embedder.embed(['a film']))[0]!;
    await idx.vectors.search(idx.namespaceOf('chunks'), q, 2);
    expect(vectors.isLoaded(idx.namespaceOf('chunks'))).toBe(true);
    expect(vectors.isLoaded(idx.namespaceOf('sentences'))).toBe(false);
  });

  it('rewrites only what changed: removing a document keeps the untouched GEAR view files', async () => {
    const d = copy('incremental');
    const before = new Set(segments(d));
    const idx = await openIndex(d);
    await idx.remove(corpus[0]!.id);
    const after = segments(d);
    const kept = after.filter((f) => before.has(f));
    // the generation before is kept as the last good state, so both sets of files are there
    expect(after.filter((f) => f.startsWith('state-'))).toHaveLength(2);
    expect(kept.length).toBeGreaterThan(0);
    const reopened = await openIndex(d);
    expect(reopened.getDoc(corpus[0]!.id)).toBeUndefined();
    expect(reopened.manifest().docs).toBe(corpus.length - 1);
  });

  it('names a truncated or altered segment, and the previous generation still opens', async () => {
    const d = copy('corrupt');
    const idx = await openIndex(d);
    await idx.ingest([{ id: 'extra', title: 'Extra', text: 'Extra Passage is a test document about Lake Geneva in Switzerland.' }]);
    const gen = readFileSync(join(d, 'CURRENT'), 'utf8').trim();
    const manifest = JSON.parse(readFileSync(join(d, gen, 'manifest.json'), 'utf8')) as { files: { stateDeltas: { file: string }[] } };
    // the commit appended a state delta; damage it (the file only this generation has)
    const newest = manifest.files.stateDeltas.at(-1)!.file;
    const state = join(d, 'seg', newest);
    truncateSync(state, statSync(state).size - 5);
    await expect(openIndex(d)).rejects.toThrow(new RegExp(`${newest}.*(bytes|truncated)`));
    const previous = await openIndex(d, { generation: 'previous' });
    expect(previous.getDoc('extra')).toBeUndefined();
    expect(previous.manifest().docs).toBe(corpus.length);
    // an altered graph file is caught by its checksum when the graph is first read
    const d2 = copy('altered');
    const m2 = JSON.parse(readFileSync(join(d2, readFileSync(join(d2, 'CURRENT'), 'utf8').trim(), 'manifest.json'), 'utf8')) as { files: { graph: { file: string } } };
    const graph = join(d2, 'seg', m2.files.graph.file);
    const bytes = readFileSync(graph);
    bytes[bytes.length - 10]! ^= 0xff;
    writeFileSync(graph, bytes);
    const opened = await openIndex(d2);
    expect(() => opened.graph.nodeCount).toThrow(new RegExp(`${m2.files.graph.file}: checksum mismatch`));
  });

  it('opens a store written by release 0.1.0 (format 1) and writes format 2 at its next commit', async () => {
    const d = join(store.root, 'format1');
    cpSync(join(fixture, 'format1-store'), d, { recursive: true });
    const idx = await openIndex(d);
    expect(idx.openedFormat).toBe(1);
    expect(idx.manifest().docs).toBe(8);
    expect((await idx.keyword.search('Demon Dice game', 3)).length).toBeGreaterThan(0);
    await idx.ingest([{ id: 'new', title: 'New', text: 'A new passage about the River Thames in London.' }]);
    const again = await openIndex(d);
    expect(again.openedFormat).toBe(2);
    expect(again.manifest().docs).toBe(9);
    expect(again.graph.nodeCount).toBe(idx.graph.nodeCount);
  });

  it('opens a format-2 store whose segments are deflated whole (state 1, graph 3, keyword 2) and rewrites them per section at compact()', async () => {
    const d = join(store.root, 'format2-v1');
    cpSync(join(fixture, 'format2-v1-store'), d, { recursive: true });
    const versionOf = (kind: string) => {
      const m = JSON.parse(readFileSync(join(d, readFileSync(join(d, 'CURRENT'), 'utf8').trim(), 'manifest.json'), 'utf8')) as { files: Record<string, { file: string }> };
      return readFileSync(join(d, 'seg', m.files[kind]!.file)).readUInt32LE(8);
    };
    expect([versionOf('state'), versionOf('graph'), versionOf('keyword')]).toEqual([1, 3, 2]);
    const read = async (idx: Awaited<ReturnType<typeof openIndex>>) => ({
      docs: JSON.parse(JSON.stringify(idx.docs())) as unknown,
      chunks: JSON.parse(JSON.stringify(idx.chunks())) as unknown,
      graph: idx.graph.toJSON(),
      hits: await idx.keyword.search('Demon Dice game', 3),
      neighbors: [...idx.graph.nodes()].slice(0, 5).map((n) => idx.graph.neighbors(n.id)),
    });
    const old = await openIndex(d);
    const before = await read(old);
    expect(before.graph.nodes.length).toBeGreaterThan(0);
    await old.graph.setSchema(old.graph.schema);
    await old.compact();
    expect([versionOf('state'), versionOf('graph'), versionOf('keyword')]).toEqual([2, 5, 4]);
    expect(await read(await openIndex(d))).toEqual(before);
  });

  it('names the file when a segment was written by a newer version', async () => {
    const d = copy('newer');
    const m = JSON.parse(readFileSync(join(d, readFileSync(join(d, 'CURRENT'), 'utf8').trim(), 'manifest.json'), 'utf8')) as { files: { graph: { file: string }; state: { file: string } } };
    // the version word is in the header, outside the checksum: only the version check can catch it
    const bump = (file: string) => {
      const bytes = readFileSync(join(d, 'seg', file));
      bytes.writeUInt32LE(99, 8);
      writeFileSync(join(d, 'seg', file), bytes);
    };
    bump(m.files.graph.file);
    const idx = await openIndex(d);
    expect(() => idx.graph.nodeCount).toThrow(new RegExp(`${m.files.graph.file}: graph file version 99`));
    bump(m.files.state.file);
    await expect(openIndex(d)).rejects.toMatchObject({ code: 'RAG_STORE_VERSION', message: expect.stringMatching(new RegExp(`${m.files.state.file}: state file version 99`)) });
  });

  it('rebuilds an empty plugin keyword index from the stored chunks and refuses an empty plugin vector store', async () => {
    const d = copy('plugins');
    const plugin = createBm25Index();
    const idx = await openIndex(d, { keyword: plugin });
    expect(await plugin.size()).toBe(idx.chunks().length);
    expect((await idx.keyword.search('film', 2)).length).toBeGreaterThan(0);
    await expect(openIndex(d, { vectors: createMemoryVectorStore({ id: 'empty-plugin' }) })).rejects.toThrow(/"empty-plugin" passed in holds none of its \d+ chunk vectors/);
  });

  it('appends vector changes as delta segments, reopens them, and compacts them into a base', async () => {
    const d = copy('deltas');
    const manifestOf = (dir: string) =>
      JSON.parse(readFileSync(join(dir, readFileSync(join(dir, 'CURRENT'), 'utf8').trim(), 'manifest.json'), 'utf8')) as {
        files: { vectors: Record<string, { file: string; count: number; deltas: { file: string; records: number; deleted: number }[] }> };
      };
    const vecBytes = (files: string[]) => files.filter((f) => f.startsWith('vec-')).reduce((n, f) => n + statSync(join(d, 'seg', f)).size, 0);
    const before = new Set(segments(d));
    const idx = await openIndex(d);
    const ns = idx.namespaceOf('chunks');
    await idx.ingest([{ id: 'delta-doc', title: 'Delta Doc', text: 'Delta Doc is a passage about the harbour of Valletta in Malta.' }]);
    const m1 = manifestOf(d);
    expect(m1.files.vectors[ns]!.deltas).toHaveLength(1);
    expect(m1.files.vectors[ns]!.deltas[0]!.records).toBe(1);
    // the commit wrote the new document's vectors, not the namespaces again (a rewrite would be
    // at least the size of the namespaces it rewrote; one small document is a fraction of it)
    const added = segments(d).filter((f) => !before.has(f));
    expect(vecBytes(added)).toBeLessThan(vecBytes([...before]) / 5);
    expect(idx.lastCommitBytes()).toBe(added.reduce((n, f) => n + statSync(join(d, 'seg', f)).size, 0));
    await idx.remove(corpus[1]!.id);
    const m2 = manifestOf(d);
    expect(m2.files.vectors[ns]!.deltas).toHaveLength(2);
    expect(m2.files.vectors[ns]!.deltas[1]!.deleted).toBeGreaterThan(0);

    // the state went as deltas too: a changed document, then reopen gives the live index's state
    await idx.ingest([{ ...corpus[2]!, text: `${corpus[2]!.text} It was revised.` }]);
    const m3 = JSON.parse(readFileSync(join(d, readFileSync(join(d, 'CURRENT'), 'utf8').trim(), 'manifest.json'), 'utf8')) as { files: { stateDeltas: unknown[] } };
    expect(m3.files.stateDeltas).toHaveLength(3);
    const live = { docs: idx.docs(), chunks: idx.chunks(), summaries: idx.docs().map((x) => idx.summaryOf(x.id)), communities: idx.communities() };
    const again = await openIndex(d);
    expect({ docs: again.docs(), chunks: again.chunks(), summaries: again.docs().map((x) => again.summaryOf(x.id)), communities: again.communities() }).toEqual(live);
    expect(again.manifest()).toEqual(idx.manifest());
    // the keyword index went as chunk-id deltas, replayed from the stored text at open
    const m4 = JSON.parse(readFileSync(join(d, readFileSync(join(d, 'CURRENT'), 'utf8').trim(), 'manifest.json'), 'utf8')) as { files: { keywordDeltas: unknown[] } };
    expect(m4.files.keywordDeltas).toHaveLength(3);
    expect(await again.keyword.size()).toBe(again.chunks().length);
    for (const text of ['harbour of Valletta', 'It was revised', corpus[1]!.title ?? 'film'])
      expect(await again.keyword.search(text, 5)).toEqual(await idx.keyword.search(text, 5));

    const q = (await idx.embedder.embed(['harbour of Valletta Malta']))[0]!;
    const want = (await idx.vectors.search(ns, q, 5)).map((h) => h.id);
    const reopened = await openIndex(d);
    expect(await reopened.vectors.count(ns)).toBe(reopened.chunks().length);
    expect(await reopened.vectors.count(reopened.namespaceOf('sentences'))).toBe(reopened.manifest().sentences);
    expect((await reopened.vectors.search(ns, q, 5)).map((h) => h.id)).toEqual(want);
    expect(want[0]).toMatch(/^delta-doc/);
    expect(await reopened.vectors.count(ns, { docId: corpus[1]!.id })).toBe(0);

    await reopened.compact();
    expect(manifestOf(d).files.vectors[ns]!.deltas).toHaveLength(0);
    const compacted = await openIndex(d);
    expect(compacted.docs()).toEqual(live.docs);
    expect(compacted.chunks()).toEqual(live.chunks);
    expect((await compacted.vectors.search(ns, q, 5)).map((h) => h.id)).toEqual(want);
    expect(await compacted.vectors.count(ns)).toBe(compacted.chunks().length);
  });

  it('names a truncated delta segment when opening', async () => {
    const d = copy('bad-delta');
    const idx = await openIndex(d);
    await idx.ingest([{ id: 'delta-doc', title: 'Delta Doc', text: 'Delta Doc is a passage about the harbour of Valletta in Malta.' }]);
    const delta = readdirSync(join(d, 'seg')).find((f) => f.startsWith('vec-idx-chunks-d-'))!;
    expect(delta).toBeDefined();
    truncateSync(join(d, 'seg', delta), 10);
    await expect(openIndex(d)).rejects.toThrow(new RegExp(delta));
    expect((await openIndex(d, { generation: 'previous' })).getDoc('delta-doc')).toBeUndefined();
  });
});


describe('readWholeFileSync', () => {
  it('reads a file in pieces and returns every byte in order (files over 2 GiB are read this way)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rag-read-'));
    const bytes = Uint8Array.from({ length: 10_007 }, (_, i) => (i * 31 + (i >> 8)) & 255);
    const path = join(dir, 'f.bin');
    writeFileSync(path, bytes);
    for (const piece of [1, 7, 4096, 10_007, 1 << 20]) expect(Buffer.compare(readWholeFileSync(path, piece), Buffer.from(bytes))).toBe(0);
    writeFileSync(path, new Uint8Array(0));
    expect(readWholeFileSync(path, 7).byteLength).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });
});
