import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefaultCliDeps, runCli } from '@rag/eval';
import { NO_TEACHER_MESSAGE, runTrainDataCli } from '@rag/train-data';
import { runRagCli, type CliIo } from '../src/commands/rag-cli.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';
import type { AskResult } from '../src/types.js';
import { readSampleCorpus } from './support/fixture-stack.js';

function capture(): { io: CliIo; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const sink = (f: (s: string) => void) => new Writable({ write: (c, _e, cb) => (f(String(c)), cb()) });
  return {
    io: { stdout: sink((s) => (out += s)), stderr: sink((s) => (err += s)), env: {}, cwd: dir },
    out: () => out,
    err: () => err,
  };
}

let dir: string;
const run = async (...argv: string[]) => {
  const c = capture();
  const code = await runRagCli(argv, c.io, {
    backend: createIndexerBackend({ env: {} }),
    runEval: (a, io) => runCli(a, io, createDefaultCliDeps()),
    runTrainData: (a, io) => runTrainDataCli(a, io),
  });
  return { code, out: c.out(), err: c.err() };
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rag-cli-'));
  mkdirSync(join(dir, 'docs'));
  for (const d of readSampleCorpus(40)) writeFileSync(join(dir, 'docs', `${d.id}.md`), `# ${d.title}\n\n${d.text}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rag CLI on a real @rag/indexer store', () => {
  it('prints help for every command', async () => {
    for (const cmd of [[], ['index'], ['ask'], ['delete'], ['graph'], ['compact'], ['serve'], ['mcp'], ['methods'], ['train-data']]) {
      const r = await run(...cmd, '--help');
      expect(r.code, cmd.join(' ')).toBe(0);
      expect(r.out).toMatch(/Usage: rag(-train-data)?/);
    }
  });

  it('delegates `rag eval` to rag-eval', async () => {
    const r = await run('eval', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Usage: rag-eval/);
    expect(r.out).toMatch(/--dataset/);
    const bad = await run('eval', '--dataset', 'nowhere', '--methods', 'bm25');
    expect(bad.code).toBe(1);
  });

  it('a store directory that does not exist is one clear error line and exit 1', async () => {
    const r = await run('ask', 'anything', '--store', 'no-such-store');
    expect(r.code).toBe(1);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^rag: error: --store .*no-such-store: directory does not exist/);
    mkdirSync(join(dir, 'empty'));
    const e = await run('ask', 'anything', '--store', 'empty');
    expect(e.err).toMatch(/not a rag store/);
  });

  it('indexes files with a preflight and a summary', async () => {
    const r = await run('index', 'docs', '--store', 'store');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/Preflight: 40 documents .* embedded typed \(no LLM\), ~0 LLM calls/);
    expect(r.out).toMatch(/Indexed 40 new, 0 changed, 0 unchanged documents/);
    const again = await run('index', 'docs', '--store', 'store');
    expect(again.out).toMatch(/Indexed 0 new, 0 changed, 40 unchanged/);
  }, 60_000);

  it('asks with the A2RAG agent by default: answer, citations, stage, retries, verdicts, cost', async () => {
    const r = await run('ask', 'Which movies were shot in or around Leland, North Carolina?', '--store', 'store');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^ {2}(Answer \((answered|failed)\): |Abstained)/m);
    expect(r.out).toMatch(/^ {4}\[1\] Leland, North Carolina/m);
    expect(r.out).toMatch(/^ {2}Stage: \S+ {3}Retries: \d+$/m);
    expect(r.out).toMatch(/^ {2}Verdicts: relevance /m);
    const methods = await run('methods', '--store', 'store');
    expect(methods.out).toMatch(/^\* a2rag-agent +agent/m);
    for (const name of ['arag', 'academic', 'tadarag', 'ircot', 'a2rag', 'hybrid', 'bm25', 'dense']) expect(methods.out).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it('delegates `rag train-data` to @rag/train-data: the review queue lives in the store, no teacher is a clear message', async () => {
    const list = await run('train-data', 'review', 'list', '--queue', join(dir, 'store'));
    expect(list.code, list.err).toBe(0);
    expect(list.out).toMatch(/no review items|\tpending\t/);
    const sft = await run('train-data', 'sft', '--store', join(dir, 'store'), '--out', join(dir, 'sft-out'));
    expect(sft.code).not.toBe(0);
    expect(sft.err).toContain(NO_TEACHER_MESSAGE);
  });

  it('asks with a method and prints JSON with citations', async () => {
    const r = await run('ask', 'Which movies were shot in or around Leland, North Carolina?', '--store', 'store', '--method', 'bm25', '--json', '--k', '3');
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out) as AskResult;
    expect(result.method).toBe('bm25');
    expect(result.evidence).toHaveLength(3);
    expect(result.citations[0]!.title).toBe('Leland, North Carolina');
    const text = await run('ask', 'Who directed Maximum Overdrive?', '--store', 'store', '--method', 'hybrid');
    expect(text.out).toMatch(/Evidence \(method "hybrid" ranks passages/);
    expect(text.out).toMatch(/Citations:\n {4}\[1\] /);
    expect(text.out).toMatch(/Stage: \S+ {3}Retries: 0\n {2}Verdicts: —\n {2}Cost: 0 LLM calls/);
  });

  it('rejects an unknown method naming the known ones, with --debug adding the stack', async () => {
    const r = await run('ask', 'q', '--store', 'store', '--method', 'magic');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/unknown method "magic" \(known: .*bm25/);
    expect(r.err).not.toMatch(/\n\s+at /);
    const d = await run('ask', 'q', '--store', 'store', '--method', 'magic', '--debug');
    expect(d.err).toMatch(/\n\s+at /);
  });

  it('exports the graph and deletes a document', async () => {
    const g = await run('graph', '--store', 'store', '--export', 'gexf', '--out', 'g.gexf');
    expect(g.code, g.err).toBe(0);
    expect(readFileSync(join(dir, 'g.gexf'), 'utf8')).toContain('<gexf');
    expect((await run('graph', '--store', 'store', '--export', 'dot')).code).not.toBe(0);
    const before = JSON.parse((await run('ask', 'Leland North Carolina movies', '--store', 'store', '--method', 'bm25', '--json')).out) as AskResult;
    const id = before.citations[0]!.docId;
    const del = await run('delete', id, '--store', 'store');
    expect(del.code, del.err).toBe(0);
    const after = JSON.parse((await run('ask', 'Leland North Carolina movies', '--store', 'store', '--method', 'bm25', '--json')).out) as AskResult;
    expect(after.evidence.map((e) => e.docId)).not.toContain(id);
    const again = await run('delete', id, '--store', 'store');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/not found/);
  }, 60_000);
});
