// `rag compact --store DIR` on a real store left with delta segments by an interrupted build
// (a 40-passage build in batches of 5, stopped after its sixth commit), and the one-line note
// `rag ask` / `rag serve` / `rag mcp` print on stderr while the store needs it.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createHash } from 'node:crypto';
import { encodeBinaryFile, encodeBm25Columns, type Bm25Index } from '@rag/core';
import { createIndexer, openIndex } from '@rag/indexer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '../src/commands/format-bytes.js';
import { runRagCli, type CliIo, type RagCliDeps } from '../src/commands/rag-cli.js';
import type { StoreBackend } from '../src/commands/store-backend.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';
import type { AskResult } from '../src/types.js';
import { readSampleCorpus } from './support/fixture-stack.js';

let root: string;
/** The interrupted build (copy it before changing it). */
let built: string;

const QUESTION = 'Which movies were shot in or around Leland, North Carolina?';

async function run(argv: string[], backend: StoreBackend = createIndexerBackend({ env: {} })) {
  let out = '';
  let err = '';
  const sink = (f: (s: string) => void) => new Writable({ write: (c, _e, cb) => (f(String(c)), cb()) });
  const io: CliIo = { stdout: sink((s) => (out += s)), stderr: sink((s) => (err += s)), env: {}, cwd: root };
  // serve and MCP stdio stop at once: the tests look at what opening the store printed
  const deps: RagCliDeps = { backend, serve: async () => undefined, mcpStdio: async () => undefined };
  const code = await runRagCli(argv, io, deps);
  return { code, out, err };
}

const copy = (name: string) => {
  const dir = join(root, name);
  cpSync(built, dir, { recursive: true });
  return dir;
};

interface Ref {
  file: string;
  bytes: number;
}
interface Files {
  state: Ref;
  stateDeltas: Ref[];
  graph: Ref;
  graphDeltas: Ref[];
  keyword?: Ref;
  keywordDeltas: Ref[];
  vectors: Record<string, Ref & { deltas: Ref[] }>;
}
const current = (dir: string) => readFileSync(join(dir, 'CURRENT'), 'utf8').trim();
const manifestText = (dir: string) => readFileSync(join(dir, current(dir), 'manifest.json'), 'utf8');
const filesOf = (dir: string) => (JSON.parse(manifestText(dir)) as { files: Files }).files;
const deltasOf = (f: Files) => [...f.stateDeltas, ...f.graphDeltas, ...f.keywordDeltas, ...Object.values(f.vectors).flatMap((v) => v.deltas)];
const segmentsOf = (f: Files) => [f.state, f.graph, ...(f.keyword ? [f.keyword] : []), ...Object.values(f.vectors), ...deltasOf(f)];
const sizeOf = (dir: string, refs: Ref[]) => refs.reduce((n, r) => n + statSync(join(dir, 'seg', r.file)).size, 0);

async function countsOf(dir: string) {
  const m = (await openIndex(dir)).manifest();
  return { docs: m.docs, chunks: m.chunks, nodes: m.nodes, edges: m.edges };
}

async function bm25Ids(dir: string) {
  const r = await run(['ask', QUESTION, '--store', dir, '--method', 'bm25', '--json', '--k', '5']);
  expect(r.code, r.err).toBe(0);
  return { ids: (JSON.parse(r.out) as AskResult).evidence.map((e) => e.chunkId), err: r.err };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'rag-compact-'));
  built = join(root, 'built');
  const indexer = createIndexer({ dir: built, checkpointEvery: 5 });
  const stop = new AbortController();
  let commits = 0;
  await expect(
    indexer.ingest(readSampleCorpus(40), {
      signal: stop.signal,
      onProgress: (e) => {
        if (e.stage === 'persist' && ++commits === 6) stop.abort();
      },
    }),
  ).rejects.toThrow(/aborted/);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('rag compact', () => {
  it('folds every delta into new bases, states the figures, keeps the content, and a second run has nothing to fold', async () => {
    const dir = copy('store');
    const before = filesOf(dir);
    const deltas = deltasOf(before);
    expect(deltas.length).toBeGreaterThan(0);
    const deltaBytes = sizeOf(dir, deltas);
    const counts = await countsOf(dir);
    const asked = await bm25Ids(dir);
    expect(asked.ids.length).toBeGreaterThan(0);
    const onDisk = new Set(readdirSync(join(dir, 'seg')));

    const r = await run(['compact', '--store', 'store']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(new RegExp(`^compacting ${dir}: folding ${deltas.length} delta segments`));

    const after = filesOf(dir);
    expect(deltasOf(after)).toEqual([]);
    const written = segmentsOf(after).filter((s) => !onDisk.has(s.file));
    expect(written.length).toBeGreaterThan(0);
    expect(r.out).toContain(`folded ${deltas.length} delta segments (${formatBytes(deltaBytes)}) into new bases`);
    expect(r.out).toMatch(/^Compacted .* in \d+\.\d s: /);
    expect(r.out).toContain(`Wrote ${formatBytes(sizeOf(dir, written))}; the live generation is ${formatBytes(sizeOf(dir, segmentsOf(after)))} on disk`);
    expect(r.out).toContain('0 delta segments left');

    expect(await countsOf(dir)).toEqual(counts);
    const again = await bm25Ids(dir);
    expect(again.ids).toEqual(asked.ids);

    const gen = current(dir);
    const files = readdirSync(join(dir, 'seg')).sort();
    const second = await run(['compact', '--store', 'store']);
    expect(second.code, second.err).toBe(0);
    expect(second.out).toMatch(/^Nothing to fold: .* holds no delta segments \(.* on disk\) and no segment in an older format\. Nothing was written\.$/m);
    expect(current(dir)).toBe(gen);
    expect(readdirSync(join(dir, 'seg')).sort()).toEqual(files);
  }, 60_000);

  it('rewrites a segment written in an older format version (here a version-3 keyword segment) even with no delta to fold', async () => {
    const dir = copy('older');
    await openIndex(dir).then((idx) => idx.compact());
    // the keyword segment as the previous release wrote it (document-major columns, version 3)
    const idx = await openIndex(dir);
    const kw = idx.keyword as Bm25Index;
    const expected = await kw.search('Leland North Carolina movies', 5);
    const bytes = encodeBinaryFile('RAGKWD02', 3, encodeBm25Columns(kw.toColumns()), { compression: [] });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const file = `keyword-${sha256.slice(0, 24)}.bin`;
    writeFileSync(join(dir, 'seg', file), bytes);
    for (const path of [join(dir, current(dir), 'manifest.json'), join(dir, 'manifest.json')]) {
      const m = JSON.parse(readFileSync(path, 'utf8')) as { files: { keyword: unknown } };
      m.files.keyword = { file, bytes: bytes.byteLength, sha256 };
      writeFileSync(path, JSON.stringify(m, null, 2));
    }
    const version = () => new DataView(readFileSync(join(dir, 'seg', filesOf(dir).keyword!.file)).buffer).getUint32(8, true);
    expect(version()).toBe(3);
    const r = await run(['compact', '--store', 'older']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('segments in an older format: keyword (version 3 → 4)');
    expect(r.out).toContain('no delta segment to fold; rewrote in the current format: keyword (version 3 → 4)');
    expect(version()).toBe(4);
    expect(await (await openIndex(dir)).keyword.search('Leland North Carolina movies', 5)).toEqual(expected);
    const again = await run(['compact', '--store', 'older']);
    expect(again.out).toMatch(/^Nothing to fold: /);
  }, 60_000);

  it('notes on stderr (never stdout) that a store needs it, for ask, serve and mcp, and not once it is compacted', async () => {
    const dir = copy('hint');
    const n = deltasOf(filesOf(dir)).length;
    const note = `note: this store holds ${n} delta segments (${formatBytes(sizeOf(dir, deltasOf(filesOf(dir))))}) left by an interrupted build; \`rag compact --store hint\` makes it open faster\n`;
    // the command to paste back names the store as it was given
    expect((await bm25Ids('hint')).err).toBe(note);
    expect((await bm25Ids(dir)).err).toBe(note.replace('--store hint', `--store ${dir}`));
    for (const cmd of [['serve', '--store', 'hint'], ['mcp', '--store', 'hint']]) {
      const r = await run(cmd);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toBe(note);
      expect(r.out).not.toContain('note:');
    }
    expect((await run(['compact', '--store', 'hint'])).code).toBe(0);
    expect((await bm25Ids(dir)).err).toBe('');
    expect((await run(['mcp', '--store', 'hint'])).err).toBe('');

    // a finished build leaves no delta; a small update after it keeps its deltas within the
    // steady budget: they are no reason for the note
    mkdirSync(join(root, 'few'));
    const sample = readSampleCorpus(6);
    for (const d of sample.slice(0, 5)) writeFileSync(join(root, 'few', `${d.id}.md`), `# ${d.title}\n\n${d.text}\n`);
    expect((await run(['index', 'few', '--store', 'finished'])).code).toBe(0);
    expect(deltasOf(filesOf(join(root, 'finished')))).toEqual([]);
    const last = sample[5]!;
    writeFileSync(join(root, 'few', `${last.id}.md`), `# ${last.title}\n\n${last.text}\n`);
    expect((await run(['index', 'few', '--store', 'finished'])).code).toBe(0);
    expect(deltasOf(filesOf(join(root, 'finished'))).length).toBeGreaterThan(0);
    expect((await run(['ask', QUESTION, '--store', 'finished', '--method', 'bm25'])).err).toBe('');
  }, 60_000);

  it('is a clear error naming --store and the path for a missing directory, an empty one, and a directory that is not a store', async () => {
    const missing = await run(['compact', '--store', 'no-such-store']);
    expect(missing.code).toBe(1);
    expect(missing.err).toBe(`rag: error: --store ${join(root, 'no-such-store')}: directory does not exist (create one with \`rag index <paths> --store ${join(root, 'no-such-store')}\`)\n`);
    mkdirSync(join(root, 'empty'));
    const empty = await run(['compact', '--store', 'empty']);
    expect(empty.code).toBe(1);
    expect(empty.err).toMatch(new RegExp(`^rag: error: --store ${join(root, 'empty')}: not a rag store`));
    mkdirSync(join(root, 'notes'));
    writeFileSync(join(root, 'notes', 'a.md'), '# A\n');
    const notStore = await run(['compact', '--store', 'notes']);
    expect(notStore.code).toBe(1);
    expect(notStore.err).toMatch(new RegExp(`^rag: error: --store ${join(root, 'notes')}: not a rag store`));
  });

  it('says a store whose backend cannot compact does not support it, and leaves it as it is', async () => {
    const dir = copy('unsupported');
    const real = createIndexerBackend({ env: {} });
    // a backend whose stacks lack the optional capability (as a test double or another backend's)
    const backend: StoreBackend = { ...real, open: async (d) => new Proxy(await real.open(d), { get: (t, k) => (k === 'compact' ? undefined : Reflect.get(t, k)) }) };
    const text = manifestText(dir);
    const r = await run(['compact', '--store', 'unsupported'], backend);
    expect(r.code).toBe(1);
    expect(r.err).toBe('rag: error: --store unsupported: this store does not support compaction (its backend offers no compact)\n');
    expect(manifestText(dir)).toBe(text);
  });

  it('a compaction that fails (a delta segment altered on disk) leaves the previous generation live, with the same counts', async () => {
    const dir = copy('failing');
    const counts = await countsOf(dir);
    const gen = current(dir);
    const text = manifestText(dir);
    const ns = Object.values(filesOf(dir).vectors).find((v) => v.deltas.length > 0)!;
    const path = join(dir, 'seg', ns.deltas[0]!.file);
    const good = readFileSync(path);
    const altered = Buffer.from(good);
    altered[altered.length - 12]! ^= 0xff;
    writeFileSync(path, altered);

    const r = await run(['compact', '--store', 'failing']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`^rag: error: .*${ns.deltas[0]!.file}: checksum mismatch`, 'm'));
    expect(current(dir)).toBe(gen);
    expect(manifestText(dir)).toBe(text);
    expect(await countsOf(dir)).toEqual(counts);

    // with the segment repaired it compacts, and its commit drops what the failed one had written
    writeFileSync(path, good);
    expect((await run(['compact', '--store', 'failing'])).code).toBe(0);
    const live = new Set(segmentsOf(filesOf(dir)).map((s) => s.file));
    const previous = JSON.parse(readFileSync(join(dir, gen, 'manifest.json'), 'utf8')) as { files: Files };
    for (const s of segmentsOf(previous.files)) live.add(s.file);
    expect(readdirSync(join(dir, 'seg')).filter((f) => !live.has(f))).toEqual([]);
    expect(await countsOf(dir)).toEqual(counts);
  }, 60_000);
});
