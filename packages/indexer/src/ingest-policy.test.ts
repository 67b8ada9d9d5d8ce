// What a multi-batch build does per commit: the GEAR views are synced from the ids a batch
// changed (not a walk of the whole graph), are derived on first use instead of embedded at each
// batch while nobody reads them, and stay exactly in line with the graph through additions,
// replacements and removals; communities are recomputed only once enough of the store
// changed, keeping the previous ones (less the nodes the graph lost) in between.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryVectorStore } from '@rag/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCorpus } from '../test/support/built-store.js';
import { createIndexer } from './indexer.js';
import { openIndex } from './open-index.js';
import { createEntityResolver, type EntityResolver } from './resolution/entity-resolver.js';
import { buildCommunities } from './summaries/community-summaries.js';
import type { Indexer } from './types.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rag-ingest-policy-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const SKIP = new Set(['co_occurs_with', 'mentions']);
async function gearIds(idx: Indexer, kind: 'node' | 'edge'): Promise<string[]> {
  const ns = idx.gearNamespace(kind, 0);
  const q = new Float32Array(idx.gearEmbedders[0]!.dimensions ?? 128).fill(1);
  return (await idx.vectors.search(ns, q, 1_000_000)).map((h) => h.id).sort();
}
const graphIds = (idx: Indexer, kind: 'node' | 'edge') =>
  (kind === 'node' ? [...idx.graph.nodes()].map((n) => n.id) : [...idx.graph.edges()].filter((e) => !SKIP.has(e.relation)).map((e) => e.id)).sort();

interface ManifestFiles {
  graph: { file: string };
  graphDeltas: { records: number }[];
  stateDeltas: unknown[];
  keywordDeltas: unknown[];
  vectors: Record<string, { deltas: unknown[] }>;
}
const manifestFiles = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, readFileSync(join(dir, 'CURRENT'), 'utf8').trim(), 'manifest.json'), 'utf8')) as { files: ManifestFiles }).files;

describe('ingest policy', () => {
  it('lets a growing build keep its graph as deltas between commits, and ends it compacted', async () => {
    const corpus = fixtureCorpus(48);
    const dir = join(root, 'growth');
    const idx = createIndexer({ dir, gearHeads: 0, checkpointEvery: 6 });
    const seen: { base: string; deltas: number; size: number }[] = [];
    await idx.ingest(corpus, {
      onProgress: (e) => {
        if (e.stage !== 'persist') return;
        const f = manifestFiles(dir);
        seen.push({ base: f.graph.file, deltas: f.graphDeltas.reduce((n, d) => n + d.records, 0), size: idx.graph.nodeCount + idx.graph.edgeCount });
      },
    });
    expect(seen).toHaveLength(8);
    const wholeWrites = seen.filter((s, i) => i === 0 || s.base !== seen[i - 1]!.base).length;
    // the graph grows about 8× over the build: written whole about once per doubling, not at every other commit
    expect(wholeWrites).toBeLessThanOrEqual(4);
    // between commits the deltas went past the steady budget (a quarter of the graph) …
    expect(seen.slice(0, -1).some((s) => s.deltas > 0.25 * s.size)).toBe(true);
    // … and the call's last commit folded them: a finished build replays no delta at open
    const last = seen.at(-1)!;
    expect(last.deltas).toBe(0);
    expect(last.base).not.toBe(seen.at(-2)!.base);
    const files = manifestFiles(dir);
    expect(files.stateDeltas).toEqual([]);
    expect(files.keywordDeltas).toEqual([]);
    for (const v of Object.values(files.vectors)) expect(v.deltas).toEqual([]);
    const again = await openIndex(dir, { gearHeads: 0 });
    expect(again.graph.toJSON()).toEqual(idx.graph.toJSON());
  });

  it('keeps the GEAR views in line with the graph from the changed ids alone, across commits, removals and a reopen', async () => {
    const corpus = fixtureCorpus(40);
    const dir = join(root, 'gear');
    const idx = createIndexer({ dir, gearHeads: 1, checkpointEvery: 7 });
    await idx.ingest(corpus.slice(0, 30));
    // nobody read the views during the build: they were not embedded batch by batch but wait to be derived
    const loaded = (kind: 'node' | 'edge') => (idx.vectors as MemoryVectorStore).isLoaded(idx.gearNamespace(kind, 0));
    expect(loaded('node') || loaded('edge')).toBe(false);
    for (const kind of ['node', 'edge'] as const) expect(await gearIds(idx, kind)).toEqual(graphIds(idx, kind));
    // once read, they are updated in place
    expect(loaded('node') && loaded('edge')).toBe(true);
    await idx.remove(corpus[3]!.id);
    expect(loaded('node') && loaded('edge')).toBe(true);
    await idx.ingest([{ ...corpus[5]!, text: 'Entirely new text about Lisbon and the Tagus estuary, written by Ana Sousa.' }, ...corpus.slice(30)]);
    for (const kind of ['node', 'edge'] as const) expect(await gearIds(idx, kind)).toEqual(graphIds(idx, kind));
    const again = await openIndex(dir, { gearHeads: 1 });
    for (const kind of ['node', 'edge'] as const) expect(await gearIds(again, kind)).toEqual(graphIds(idx, kind));
    // an in-memory index (no change tracking: the whole graph is compared) holds the same views
    const memory = createIndexer({ gearHeads: 1, checkpointEvery: 7 });
    await memory.ingest(corpus.slice(0, 30));
    await memory.remove(corpus[3]!.id);
    await memory.ingest([{ ...corpus[5]!, text: 'Entirely new text about Lisbon and the Tagus estuary, written by Ana Sousa.' }, ...corpus.slice(30)]);
    for (const kind of ['node', 'edge'] as const) expect(await gearIds(memory, kind)).toEqual(await gearIds(idx, kind));
  });

  it('resolves entities from a name index kept up to date across batches exactly as from one rebuilt at each batch', async () => {
    const corpus = fixtureCorpus(60);
    const run = async (resolver: EntityResolver) => {
      const idx = createIndexer({ gearHeads: 0, communities: false, checkpointEvery: 6, resolver });
      const report = await idx.ingest(corpus.slice(0, 50));
      await idx.remove(corpus[2]!.id);
      const again = await idx.ingest([{ ...corpus[7]!, text: `${corpus[7]!.text} Revised.` }, ...corpus.slice(50)]);
      // the merge and edit logs carry wall-clock times: compare without them
      const graph = JSON.parse(JSON.stringify(idx.graph.toJSON(), (k, v: unknown) => (k === 'at' ? undefined : v))) as unknown;
      return { graph, merges: report.merges + again.merges };
    };
    const calls: boolean[] = [];
    const incremental = createEntityResolver({ embedder: createIndexer().embedder });
    const kept = await run({ resolve: (g, c, ctx, changed) => (calls.push(changed !== undefined), incremental.resolve(g, c, ctx, changed)) });
    const rebuilt = createEntityResolver({ embedder: createIndexer().embedder });
    const full = await run({ resolve: (g, c, ctx) => rebuilt.resolve(g, c, ctx) });
    // every batch after the first of each call updated the index; the first after the removal rebuilt it
    expect(calls.filter(Boolean).length).toBeGreaterThan(5);
    expect(calls.filter((x) => !x).length).toBe(2);
    expect(kept.merges).toBeGreaterThan(0);
    expect(kept).toEqual(full);
  });

  it('recomputes communities once a quarter of the store changed, and keeps them in between', async () => {
    const corpus = fixtureCorpus(40);
    const idx = createIndexer({ dir: join(root, 'communities'), gearHeads: 0 });
    await idx.ingest(corpus.slice(0, 32));
    const first = idx.communities();
    expect(first.length).toBeGreaterThan(0);
    expect(first).toEqual(buildCommunities(idx.graph));
    // 2 documents of 34: the communities are kept (their members all still in the graph)
    await idx.ingest(corpus.slice(32, 34));
    expect(idx.communities().map((c) => c.id)).toEqual(first.map((c) => c.id));
    expect(idx.communities().map((c) => c.summary)).toEqual(first.map((c) => c.summary));
    for (const c of idx.communities()) for (const m of c.members) expect(idx.graph.getNode(m)).toBeDefined();
    // 8 of 40 documents changed, then 9 of 39: still kept
    await idx.ingest(corpus.slice(34, 40));
    expect(idx.communities().map((c) => c.summary)).toEqual(first.map((c) => c.summary));
    await idx.remove(corpus[0]!.id);
    await idx.remove(corpus[1]!.id);
    // 10 of 38 documents changed: recomputed over the graph as it is now
    expect(idx.communities()).toEqual(buildCommunities(idx.graph));

    const every = createIndexer({ dir: join(root, 'communities-every'), gearHeads: 0, communityRefresh: 0 });
    await every.ingest(corpus.slice(0, 32));
    await every.ingest(corpus.slice(32, 34));
    expect(every.communities()).toEqual(buildCommunities(every.graph));
    expect(() => createIndexer({ communityRefresh: -1 })).toThrow(/communityRefresh/);
  });
});
