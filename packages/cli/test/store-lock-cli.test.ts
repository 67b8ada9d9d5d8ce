// One writer per store through the CLI: while another running process holds a store's lock,
// `rag index`, `rag delete` and `rag compact` are refused naming its PID and command, nothing is
// written, and reading commands still answer.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, releaseStoreLock } from '@rag/indexer';
import { runRagCli, type CliIo } from '../src/commands/rag-cli.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';
import { readSampleCorpus } from './support/fixture-stack.js';

let dir: string;
const run = async (...argv: string[]) => {
  let out = '';
  let err = '';
  const sink = (f: (s: string) => void) => new Writable({ write: (c, _e, cb) => (f(String(c)), cb()) });
  const io: CliIo = { stdout: sink((s) => (out += s)), stderr: sink((s) => (err += s)), env: {}, cwd: dir };
  const code = await runRagCli(argv, io, { backend: createIndexerBackend({ env: {} }) });
  return { code, out, err };
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rag-cli-lock-'));
  mkdirSync(join(dir, 'docs'));
  mkdirSync(join(dir, 'more'));
  const corpus = readSampleCorpus(12);
  for (const d of corpus.slice(0, 10)) writeFileSync(join(dir, 'docs', `${d.id}.md`), `# ${d.title}\n\n${d.text}\n`);
  for (const d of corpus.slice(10)) writeFileSync(join(dir, 'more', `${d.id}.md`), `# ${d.title}\n\n${d.text}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rag CLI on a store another process writes', () => {
  it('refuses index, delete and compact naming the holder; ask and methods still work', async () => {
    expect((await run('index', 'docs', '--store', 'store')).code).toBe(0);
    const store = join(dir, 'store');
    releaseStoreLock(store);
    // the parent of this test process is alive: it stands for a running `rag serve`
    writeFileSync(join(store, LOCK_FILE), JSON.stringify({ pid: process.ppid, hostname: hostname(), command: 'rag serve --store store', startedAt: new Date().toISOString(), token: 't' }));
    const files = readdirSync(store).sort();
    const current = readFileSync(join(store, 'CURRENT'), 'utf8');
    for (const argv of [['index', 'more', '--store', 'store'], ['delete', 'x', '--store', 'store'], ['compact', '--store', 'store']]) {
      const r = await run(...argv);
      expect(r.code, argv[0]).toBe(1);
      expect(r.err).toContain(`locked by another writer: PID ${process.ppid}`);
      expect(r.err).toContain('rag serve --store store');
    }
    expect(readdirSync(store).sort()).toEqual(files);
    expect(readFileSync(join(store, 'CURRENT'), 'utf8')).toBe(current);
    expect((await run('methods', '--store', 'store')).code).toBe(0);
    const ask = await run('ask', 'what is in the store?', '--store', 'store', '--method', 'bm25');
    expect(ask.code).toBe(0);
    rmSync(join(store, LOCK_FILE));
  }, 60_000);
});
