// Crash safety: SIGKILL a child process at several points of ingestion; after each kill the
// index directory must load and be consistent, and re-running ingestion must resume without
// duplicating anything.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIndexer, loadPath, openIndex, type Indexer } from '../src/index.js';

const CORPUS = resolve(import.meta.dirname, 'fixtures/hotpotqa-60.jsonl');
const N = 60;
const EVERY = 15;
const child = resolve(import.meta.dirname, 'fixtures/ingest-child.ts');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rag-kill-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Run the child until `line` appears on stdout (then SIGKILL after `delayMs`), or to the end. */
function runChild(killAt?: { line: RegExp; delayMs: number }, args: string[] = [dir, CORPUS, String(N), String(EVERY)]): Promise<{ killed: boolean; out: string }> {
  return new Promise((res, rej) => {
    const p = spawn(process.execPath, ['--conditions=@rag/source', '--import', 'tsx', child, ...args], {
      cwd: resolve(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let armed = false;
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (killAt && !armed && killAt.line.test(out)) {
        armed = true;
        setTimeout(() => p.kill('SIGKILL'), killAt.delayMs);
      }
    });
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', rej);
    p.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') res({ killed: true, out });
      else if (code === 0) res({ killed: false, out });
      else rej(new Error(`child exited ${code}: ${err}`));
    });
  });
}

async function expectConsistent(index: Indexer, wholeBatches = true): Promise<void> {
  const m = index.manifest();
  const docs = index.docs();
  const chunks = index.chunks();
  expect(m.docs).toBe(docs.length);
  expect(m.chunks).toBe(chunks.length);
  expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length);
  for (const d of docs) expect(index.chunksOfDoc(d.id).length).toBeGreaterThan(0);
  expect(await index.keyword.size()).toBe(chunks.length);
  expect(await index.vectors.count(index.namespaceOf('chunks'))).toBe(chunks.length);
  expect(await index.vectors.count(index.namespaceOf('sentences'))).toBe(chunks.reduce((s, c) => s + c.sentences.length, 0));
  expect(await index.vectors.count(index.namespaceOf('summaries'))).toBe(docs.length);
  const ids = new Set(chunks.map((c) => c.id));
  for (const n of index.graph.nodes()) for (const p of n.provenance) expect(ids.has(p.chunkId)).toBe(true);
  for (const e of index.graph.edges()) for (const p of e.provenance) expect(ids.has(p.chunkId)).toBe(true);
  for (let h = 0; h < m.gearHeads; h++) expect(await index.vectors.count(index.gearNamespace('node', h))).toBe(index.graph.nodeCount);
  // committed state is whole batches, in order
  if (wholeBatches) expect(docs.length % EVERY === 0 || docs.length === N).toBe(true);
}

describe('kill and resume', () => {
  it('leaves a loadable, consistent index at every kill point and resumes without duplicates', async () => {
    const killPoints = [
      { line: /progress embed 15\n/, delayMs: 0 }, // first batch, before anything is committed
      { line: /progress persist 15\n/, delayMs: 0 }, // right after a commit
      { line: /progress extract \d+\n[\s\S]*progress extract/, delayMs: 0 }, // mid-extraction of a later batch
      { line: /progress summaries \d+\n/, delayMs: 15 }, // around snapshot writing
      { line: /progress gear|progress summaries/, delayMs: 40 },
    ];
    let lastDocs = -1;
    let kills = 0;
    for (const kp of killPoints) {
      const r = await runChild(kp);
      if (!r.killed) break;
      kills++;
      const index = await openIndex(dir);
      await expectConsistent(index);
      expect(index.manifest().docs).toBeGreaterThanOrEqual(Math.max(0, lastDocs));
      lastDocs = index.manifest().docs;
    }
    expect(kills).toBeGreaterThanOrEqual(3);
    const final = await runChild();
    expect(final.out).toMatch(new RegExp(`done docs=${N}`));
    const index = await openIndex(dir);
    await expectConsistent(index);
    expect(index.manifest().docs).toBe(N);
    expect(index.interrupted).toEqual([]);
    // the resumed index holds exactly what an uninterrupted build holds
    const { docs } = await loadPath(CORPUS);
    const fresh = createIndexer({ checkpointEvery: EVERY });
    await fresh.ingest(docs.slice(0, N));
    const { createdAt: _a, updatedAt: _b, ...resumedCounts } = index.manifest();
    const { createdAt: _c, updatedAt: _d, ...freshCounts } = fresh.manifest();
    expect(resumedCounts).toEqual(freshCounts);
    expect([...index.graph.nodes()].map((n) => n.id).sort()).toEqual([...fresh.graph.nodes()].map((n) => n.id).sort());
    expect([...index.graph.edges()].map((e) => e.id).sort()).toEqual([...fresh.graph.edges()].map((e) => e.id).sort());
    expect((await index.ingest(docs.slice(0, N))).unchanged).toHaveLength(N);
  }, 180_000);

  it('stays consistent when killed during incremental (delta) adds and removals on an existing store', async () => {
    const base = await mkdtemp(join(tmpdir(), 'rag-kill-delta-'));
    try {
      const { docs } = await loadPath(CORPUS);
      // an existing store of 40 passages; then add 20 in batches of 5 (each commit a delta), then remove 6
      await createIndexer({ dir: base, checkpointEvery: 40 }).ingest(docs.slice(0, 40));
      const args = [base, CORPUS, String(N), '5', '1', '6'];
      const killPoints = [
        { line: /progress persist 5\n/, delayMs: 0 },
        { line: /progress summaries 10\n/, delayMs: 10 },
        { line: /removed /, delayMs: 0 },
        { line: /removed [\s\S]*removed /, delayMs: 5 },
      ];
      let kills = 0;
      for (const kp of killPoints) {
        const r = await runChild(kp, args);
        if (!r.killed) break;
        kills++;
        await expectConsistent(await openIndex(base), false);
      }
      expect(kills).toBeGreaterThanOrEqual(3);
      expect((await runChild(undefined, args)).out).toMatch(/done docs=54/);
      const index = await openIndex(base);
      await expectConsistent(index, false);
      expect(index.interrupted).toEqual([]);
      // the same operations without interruption, in memory
      const fresh = createIndexer({ checkpointEvery: 40 });
      await fresh.ingest(docs.slice(0, 40));
      await fresh.ingest(docs.slice(40, N));
      for (const d of docs.slice(0, 6)) await fresh.remove(d.id);
      const { createdAt: _a, updatedAt: _b, ...got } = index.manifest();
      const { createdAt: _c, updatedAt: _d, ...want } = fresh.manifest();
      expect(got).toEqual(want);
      expect(index.docs().map((d) => d.id).sort()).toEqual(fresh.docs().map((d) => d.id).sort());
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  }, 180_000);
});

