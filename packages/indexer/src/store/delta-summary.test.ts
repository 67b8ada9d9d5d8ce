// Indexer.deltaSummary(): the live generation's delta segments as its manifest states them (no
// segment read at open), components past the steady allowance named only for a build that was
// interrupted between its batches, and nothing left to name once compact() folded them.
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryVectorStore } from '@rag/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCorpus } from '../../test/support/built-store.js';
import { createIndexer } from '../indexer.js';
import { openIndex } from '../open-index.js';
import type { Manifest2 } from './format2.js';
import { isLoaded } from './lazy.js';
import { summarizeDeltas } from './delta-summary.js';
import { deltaPasses, graphLoader } from './segment-loaders.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rag-delta-summary-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const liveManifest = (dir: string) => JSON.parse(readFileSync(join(dir, readFileSync(join(dir, 'CURRENT'), 'utf8').trim(), 'manifest.json'), 'utf8')) as Manifest2;

/** Delta segments, their bytes and every segment's bytes, counted from the manifest and the files on disk. */
function countOnDisk(dir: string) {
  const f = liveManifest(dir).files;
  const deltas = [...f.stateDeltas, ...f.graphDeltas, ...f.keywordDeltas, ...Object.values(f.vectors).flatMap((v) => v.deltas)];
  const bases = [f.state, f.graph, ...(f.keyword ? [f.keyword] : []), ...Object.values(f.vectors)];
  const size = (file: string) => statSync(join(dir, 'seg', file)).size;
  return {
    segments: deltas.length,
    deltaBytes: deltas.reduce((n, d) => n + size(d.file), 0),
    liveBytes: [...bases, ...deltas].reduce((n, d) => n + size(d.file), 0),
  };
}

/** A build of 40 passages in batches of 5, stopped after its sixth commit (as a killed build is). */
async function interruptedBuild(dir: string): Promise<void> {
  const idx = createIndexer({ dir, gearHeads: 1, checkpointEvery: 5 });
  const stop = new AbortController();
  let commits = 0;
  const run = idx.ingest(fixtureCorpus(40), {
    signal: stop.signal,
    onProgress: (e) => {
      if (e.stage === 'persist' && ++commits === 6) stop.abort();
    },
  });
  await expect(run).rejects.toThrow(/aborted/);
}

describe('Indexer.deltaSummary', () => {
  it("names the components an interrupted build left past the steady allowance, from the manifest alone; compact() folds them", async () => {
    const dir = join(root, 'interrupted');
    await interruptedBuild(dir);
    const idx = await openIndex(dir);
    const s = idx.deltaSummary()!;
    expect({ segments: s.segments, deltaBytes: s.deltaBytes, liveBytes: s.liveBytes }).toEqual(countOnDisk(dir));
    expect(s.segments).toBeGreaterThan(0);
    expect(s.overBudget).toEqual(expect.arrayContaining(['state', 'graph', 'keyword', idx.namespaceOf('chunks')]));
    // nothing was read to tell: the graph, the keyword index and every vector namespace are still on disk only
    expect(isLoaded(idx.graph)).toBe(false);
    expect(isLoaded(idx.keyword)).toBe(false);
    const vectors = idx.vectors as MemoryVectorStore;
    for (const ns of vectors.namespaces()) expect(vectors.isLoaded!(ns), ns).toBe(false);

    // the same generation judged with a larger ratio is within its allowance
    expect(summarizeDeltas(liveManifest(dir), 100).overBudget).toEqual([]);

    const counts = idx.manifest();
    const query = idx.chunks()[3]!.text.split(/\s+/).slice(0, 6).join(' ');
    const before = { keyword: await idx.keyword.search(query, 5), vectors: await vectors.search(idx.namespaceOf('chunks'), (await idx.embedder.embed([query]))[0]!, 5), nodes: [...idx.graph.nodes()].map((n) => n.id) };
    await idx.compact();
    // compaction holds one component at a time: each is let go once written whole, and read back
    // from its new file on next use (so the answers are the same)
    expect(isLoaded(idx.graph)).toBe(false);
    expect(isLoaded(idx.keyword)).toBe(false);
    for (const ns of vectors.namespaces()) expect(vectors.isLoaded!(ns), ns).toBe(false);
    expect({ keyword: await idx.keyword.search(query, 5), vectors: await vectors.search(idx.namespaceOf('chunks'), (await idx.embedder.embed([query]))[0]!, 5), nodes: [...idx.graph.nodes()].map((n) => n.id) }).toEqual(before);
    const after = idx.deltaSummary()!;
    expect(after).toEqual({ segments: 0, deltaBytes: 0, liveBytes: countOnDisk(dir).liveBytes, overBudget: [] });
    expect((await openIndex(dir)).deltaSummary()).toEqual(after);
    expect((await openIndex(dir)).manifest()).toEqual({ ...counts, updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    // the indexer goes on after it: an edit reads the graph back and commits as deltas again
    await idx.ingest(fixtureCorpus(44).slice(40));
    expect(idx.deltaSummary()!.segments).toBeGreaterThan(0);
    const reopened = await openIndex(dir);
    expect(reopened.manifest()).toEqual(idx.manifest());
    expect(reopened.graph.toJSON()).toEqual(idx.graph.toJSON());
  });

  it('names nothing for a finished build, nor for the deltas the steady allowance keeps after it', async () => {
    const dir = join(root, 'finished');
    const corpus = fixtureCorpus(41);
    const idx = createIndexer({ dir, gearHeads: 1, checkpointEvery: 5 });
    await idx.ingest(corpus.slice(0, 40));
    expect(idx.deltaSummary()).toEqual({ segments: 0, deltaBytes: 0, liveBytes: countOnDisk(dir).liveBytes, overBudget: [] });
    // one more passage: a small commit that stays as deltas within the allowance
    await idx.ingest(corpus.slice(40));
    const s = idx.deltaSummary()!;
    expect(s.segments).toBeGreaterThan(0);
    expect(s.overBudget).toEqual([]);
    expect({ segments: s.segments, deltaBytes: s.deltaBytes, liveBytes: s.liveBytes }).toEqual(countOnDisk(dir));
    expect((await openIndex(dir)).deltaSummary()).toEqual(s);
  });

  it('leaves the deltas of a build called with fold: false for compact(), which folds them', async () => {
    const corpus = fixtureCorpus(40);
    const folded = createIndexer({ dir: join(root, 'fold-default'), gearHeads: 1, checkpointEvery: 5 });
    await folded.ingest(corpus);
    const dir = join(root, 'fold-later');
    const idx = createIndexer({ dir, gearHeads: 1, checkpointEvery: 5 });
    await idx.ingest(corpus, { fold: false });
    const s = idx.deltaSummary()!;
    expect(s.segments).toBeGreaterThan(0);
    expect(liveManifest(dir).files.graphDeltas.length).toBeGreaterThan(0);
    const unfolded = await openIndex(dir);
    expect(unfolded.manifest()).toEqual({ ...folded.manifest(), createdAt: expect.stringMatching(/^\d{4}-/), updatedAt: expect.stringMatching(/^\d{4}-/) });
    expect(unfolded.graph.toJSON()).toEqual(idx.graph.toJSON());
    await idx.compact();
    expect(idx.deltaSummary()!.segments).toBe(0);
    const reopened = await openIndex(dir);
    expect(reopened.manifest()).toEqual({ ...folded.manifest(), createdAt: expect.stringMatching(/^\d{4}-/), updatedAt: expect.stringMatching(/^\d{4}-/) });
    expect(reopened.graph.toJSON().edges).toEqual(folded.graph.toJSON().edges);
  });

  it("adds no delta segment for a save that follows the ingest's own commit (the CLI saves after every ingest)", async () => {
    const dir = join(root, 'saved');
    const corpus = fixtureCorpus(12);
    const idx = createIndexer({ dir, gearHeads: 1 });
    await idx.ingest(corpus.slice(0, 10));
    const committed = liveManifest(dir).files;
    await idx.save();
    expect(idx.lastCommitBytes()).toBe(0);
    expect(liveManifest(dir).files).toEqual(committed);
    expect(idx.deltaSummary()!.segments).toBe(0);
    // a change is still written as a delta, and a save after it again adds nothing
    await idx.ingest(corpus.slice(10));
    const after = liveManifest(dir).files;
    expect(after.stateDeltas).toHaveLength(1);
    await idx.save();
    expect(liveManifest(dir).files).toEqual(after);
    const opened = await openIndex(dir);
    expect(opened.docs()).toHaveLength(12);
    // nor does a save of an opened store read its graph (the counts come from the live manifest)
    await opened.save();
    expect(isLoaded(opened.graph)).toBe(false);
    expect(opened.manifest()).toEqual(idx.manifest());
  });

  it('is undefined before the first commit', () => {
    expect(createIndexer({ dir: join(root, 'never') }).deltaSummary()).toBeUndefined();
    expect(createIndexer().deltaSummary()).toBeUndefined();
  });
});

describe('deltaPasses', () => {
  it('reads the same graph whether the deltas are applied in one pass or one pass each', async () => {
    const dir = join(root, 'passes');
    const idx = createIndexer({ dir, gearHeads: 1, checkpointEvery: 5, compactRatio: 100 });
    await idx.ingest(fixtureCorpus(20), { fold: false });
    const files = liveManifest(dir).files;
    expect(files.graphDeltas.length).toBeGreaterThan(1);
    expect(deltaPasses(files.graphDeltas, 0)).toHaveLength(files.graphDeltas.length);
    const want = idx.graph.toJSON();
    expect(graphLoader(dir, files.graph, files.graphDeltas, Infinity)().toJSON()).toEqual(want);
    expect(graphLoader(dir, files.graph, files.graphDeltas, 0)().toJSON()).toEqual(want);
  });

  it('groups consecutive deltas within the limit, at least one a pass', () => {
    const d = (records: number) => ({ records });
    expect(deltaPasses([d(3), d(4), d(2), d(9), d(1)], 7)).toEqual([[d(3), d(4)], [d(2)], [d(9)], [d(1)]]);
    expect(deltaPasses([d(1), d(1), d(1)], 100)).toEqual([[d(1), d(1), d(1)]]);
    expect(deltaPasses([], 10)).toEqual([]);
  });
});
