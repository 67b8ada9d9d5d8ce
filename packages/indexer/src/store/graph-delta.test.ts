// Graph deltas in an index: a commit that changes part of the graph appends a graph delta
// segment (not the whole graph), a reopened index replays it to the live graph, compaction folds
// the deltas into a new base, and a truncated or altered graph delta is named while the previous
// generation still opens.
import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocInput } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { fixtureCorpus, useBuiltStore } from '../../test/support/built-store.js';
import { openIndex } from '../open-index.js';

const extra: DocInput = { id: 'delta-doc', title: 'Delta Doc', text: 'Delta Doc is a passage about the harbour of Valletta in Malta, written by Anna Rossi.' };

const corpus = fixtureCorpus();
const store = useBuiltStore('rag-graph-delta-', corpus);
const copy = (name: string) => store.copy(name);
interface Files {
  graph: { file: string; bytes: number };
  graphDeltas: { file: string; bytes: number; records: number }[];
}
const filesOf = (dir: string) => (JSON.parse(readFileSync(join(dir, readFileSync(join(dir, 'CURRENT'), 'utf8').trim(), 'manifest.json'), 'utf8')) as { files: Files }).files;
const graphOf = (idx: { graph: { toJSON(): unknown } }) => idx.graph.toJSON();

describe('graph delta segments', () => {
  it('appends the changed part of the graph, replays it on open, and compacts', async () => {
    const d = copy('deltas');
    const base = filesOf(d).graph;
    const idx = await openIndex(d);
    await idx.ingest([extra]);
    const f1 = filesOf(d);
    expect(f1.graph).toEqual(base);
    expect(f1.graphDeltas).toHaveLength(1);
    expect(f1.graphDeltas[0]!.records).toBeGreaterThan(0);
    expect(f1.graphDeltas[0]!.bytes).toBeLessThan(base.bytes / 4);
    await idx.remove(corpus[1]!.id);
    const node = idx.graph.findByName('Valletta')[0]!;
    idx.graph.updateEntity(node.id, { description: 'capital of Malta' }, { reason: 'test' });
    await idx.ingest([{ ...corpus[2]!, text: `${corpus[2]!.text} It was revised.` }]);
    expect(filesOf(d).graphDeltas).toHaveLength(3);
    const live = graphOf(idx);
    const again = await openIndex(d);
    expect(graphOf(again)).toEqual(live);
    expect(again.manifest()).toEqual(idx.manifest());
    expect(again.graph.getNode(node.id)?.description).toBe('capital of Malta');
    // edits on the reopened (replayed) graph go on as deltas
    again.graph.undoEdit();
    await again.ingest([{ id: 'delta-doc-2', title: 'Second', text: 'Second Doc mentions Valletta and the Grand Harbour.' }]);
    expect(filesOf(d).graphDeltas).toHaveLength(4);
    expect(graphOf(await openIndex(d))).toEqual(graphOf(again));

    await again.compact();
    const f2 = filesOf(d);
    expect(f2.graphDeltas).toHaveLength(0);
    expect(f2.graph.file).not.toBe(base.file);
    expect(graphOf(await openIndex(d))).toEqual(graphOf(again));
  });

  it('writes the graph whole once its deltas exceed compactRatio of it', async () => {
    const d = copy('ratio');
    const idx = await openIndex(d, { compactRatio: 0 });
    await idx.ingest([extra]);
    expect(filesOf(d).graphDeltas).toHaveLength(0);
    expect(filesOf(d).graph.file).not.toBe(filesOf(store.built).graph.file);
    expect(graphOf(await openIndex(d))).toEqual(graphOf(idx));
  });

  it('names a truncated or altered graph delta, and the previous generation still opens', async () => {
    const d = copy('bad');
    const idx = await openIndex(d);
    await idx.ingest([extra]);
    const delta = filesOf(d).graphDeltas[0]!.file;
    const path = join(d, 'seg', delta);
    const good = readFileSync(path);
    truncateSync(path, statSync(path).size - 7);
    await expect(openIndex(d)).rejects.toThrow(new RegExp(`${delta}.*(bytes|truncated)`));
    const previous = await openIndex(d, { generation: 'previous' });
    expect(previous.getDoc('delta-doc')).toBeUndefined();
    expect(previous.graph.nodeCount).toBeGreaterThan(0);
    // same size, one byte changed: caught by the checksum when the graph is first read
    const altered = Buffer.from(good);
    altered[altered.length - 12]! ^= 0xff;
    writeFileSync(path, altered);
    const opened = await openIndex(d);
    expect(() => opened.graph.nodeCount).toThrow(new RegExp(`${delta}: checksum mismatch`));
    expect((await openIndex(d, { generation: 'previous' })).graph.findByName('Valletta')).toEqual([]);
  });
});
