import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fakeBackend, fakeWithKgDeletion, fakeRegistry, writeFixtureDataset } from '../../test/fakes.js';
import type { EvalStack } from '../stack.js';
import { runCli, type CliDeps } from './main.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

const embeddedStack = (): EvalStack => ({ mode: 'embedded', describe: 'embedded mode: test', configKey: 'test' });

async function setup() {
  const cwd = await mkdtemp(join(tmpdir(), 'rag-eval-cli-'));
  await writeFixtureDataset(cwd);
  const counter = { builds: 0, opens: 0 };
  const deps: CliDeps = {
    registry: fakeRegistry(),
    createStack: embeddedStack,
    createBackend: () => fakeBackend(counter),
    withKgDeletion: fakeWithKgDeletion,
  };
  const run = async (argv: string[]) => {
    const out = capture();
    const err = capture();
    const code = await runCli(argv, { stdout: out.stream, stderr: err.stream, env: {}, cwd }, deps);
    return { code, stdout: out.text(), stderr: err.text() };
  };
  return { cwd, run, counter };
}

describe('rag-eval CLI', () => {
  it('writes the issue-5 report schema and per-question records', async () => {
    const { cwd, run } = await setup();
    const res = await run(['--dataset', '.', '--methods', 'overlap,staged-agent', '--k', '1,2', '--out', 'r.json']);
    expect(res.stderr).not.toMatch(/error/i);
    expect(res.code).toBe(0);
    const report = JSON.parse(await readFile(join(cwd, 'r.json'), 'utf8'));
    expect(report).toMatchObject({ questions: 3, corpus: 5, mode: 'embedded' });
    expect(typeof report.dataset).toBe('string');
    const [overlap, agent] = report.results;
    // Hand-computed word-overlap rankings (see test/fakes.ts): R@1 = (½ + ½ + 1)/3, R@2 = 1.
    expect(overlap).toMatchObject({ method: 'overlap', recall: { '1': 0.6667, '2': 1 }, em: null, f1: null, containAcc: null, llmCalls: 0, tokens: 0, stages: {} });
    expect(Object.keys(overlap.latencyMs)).toEqual(expect.arrayContaining(['p50', 'p95']));
    expect(typeof overlap.indexMs).toBe('number');
    expect(agent).toMatchObject({
      method: 'staged-agent',
      em: 0.3333,
      f1: 0.3333,
      containAcc: 0.3333,
      llmCalls: 2,
      tokens: 110,
      stages: { local: 0.6667, ppr: 0.3333 },
      retries: 0.3333,
    });
    const lines = (await readFile(join(cwd, 'r.questions.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(6);
    expect(lines.map((l) => `${l.method}:${l.questionId}`)).toEqual(['overlap:q1', 'overlap:q2', 'overlap:q3', 'staged-agent:q1', 'staged-agent:q2', 'staged-agent:q3']);
    expect(lines[5]).toMatchObject({ answer: 'Dice', em: 1, stage: 'local', recall: { '1': 1, '2': 1 } });
  });

  it('reuses the cached index on a second run and gets the same recall', async () => {
    const { cwd, run, counter } = await setup();
    await run(['--dataset', '.', '--methods', 'overlap', '--out', 'a.json']);
    const second = await run(['--dataset', '.', '--methods', 'overlap', '--out', 'b.json']);
    expect(counter.builds).toBe(1);
    expect(second.stderr).toMatch(/corpus unchanged, reusing the cached index/);
    const a = JSON.parse(await readFile(join(cwd, 'a.json'), 'utf8'));
    const b = JSON.parse(await readFile(join(cwd, 'b.json'), 'utf8'));
    expect(b.results[0].recall).toEqual(a.results[0].recall);
    expect(b.results[0].indexMs).toBe(a.results[0].indexMs);
  });

  it('rebuilds when the corpus changes', async () => {
    const { cwd, run, counter } = await setup();
    await run(['--dataset', '.', '--methods', 'overlap']);
    await writeFile(join(cwd, 'corpus.jsonl'), (await readFile(join(cwd, 'corpus.jsonl'), 'utf8')) + JSON.stringify({ id: 'p6', title: 'New', text: 'A new passage.' }) + '\n');
    const res = await run(['--dataset', '.', '--methods', 'overlap']);
    expect(counter.builds).toBe(2);
    expect(res.stderr).not.toMatch(/reusing/);
  });

  it('does not start on a malformed dataset line and names the line', async () => {
    const { cwd, run, counter } = await setup();
    const q = await readFile(join(cwd, 'questions.jsonl'), 'utf8');
    await writeFile(join(cwd, 'questions.jsonl'), q.replace('"answers": ["yes"]', '"answers": "yes"').replace('"answers":["yes"]', '"answers":"yes"'));
    const res = await run(['--dataset', '.', '--methods', 'overlap', '--out', 'r.json']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/RAG_INVALID_INPUT: .*questions\.jsonl:2: malformed line: answers:/);
    expect(counter.builds).toBe(0);
  });

  it('lists the known methods for an unknown name', async () => {
    const { run } = await setup();
    const res = await run(['--dataset', '.', '--methods', 'overlap,nope']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/RAG_EVAL_UNKNOWN_METHOD: --methods: unknown method "nope"; known methods: overlap, staged-agent, graphy/);
  });

  it('rejects an undocumented method option and bad numbers', async () => {
    const { run } = await setup();
    let res = await run(['--dataset', '.', '--methods', 'staged-agent', '--method-option', 'staged-agent.nope=1']);
    expect(res.stderr).toMatch(/staged-agent has no option "nope"; it has: answerPrefix/);
    res = await run(['--dataset', '.', '--k', '2,x']);
    expect(res.stderr).toMatch(/--k: expected comma-separated numbers/);
    res = await run(['--dataset', '.', '--limit', 'abc']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/--limit must be an integer/);
  });

  it('passes method options and honours --limit', async () => {
    const { cwd, run } = await setup();
    await run(['--dataset', '.', '--methods', 'staged-agent', '--method-option', 'staged-agent.answerPrefix=The ', '--limit', '2', '--out', 'o.json']);
    const report = JSON.parse(await readFile(join(cwd, 'o.json'), 'utf8'));
    expect(report.questions).toBe(2);
    expect(report.results[0].options).toEqual({ answerPrefix: 'The ' });
  });

  it('re-runs graph methods per KG-deletion level and writes a Markdown report with SVG charts', async () => {
    const { cwd, run } = await setup();
    const res = await run(['--dataset', '.', '--methods', 'overlap,graphy,staged-agent', '--k', '1,2', '--kg-deletion', '0,40,80', '--out', 'kg.json', '--md', 'kg.md', '--no-cache']);
    expect(res.code).toBe(0);
    const report = JSON.parse(await readFile(join(cwd, 'kg.json'), 'utf8'));
    expect(report.kgDeletion).toEqual([0, 40, 80]);
    const rows = report.results.map((r: { method: string; kgDeletion?: number }) => `${r.method}@${r.kgDeletion ?? '-'}`);
    expect(rows).toEqual(['overlap@-', 'graphy@0', 'staged-agent@-', 'graphy@40', 'graphy@80']);
    const graphy = report.results.filter((r: { method: string }) => r.method === 'graphy');
    expect(graphy[0].recall['2']).toBe(1);
    expect(graphy[2].recall['2']).toBeLessThan(graphy[0].recall['2']);
    const md = await readFile(join(cwd, 'kg.md'), 'utf8');
    expect(md).toMatch(/## Recall under KG deletion/);
    expect(md).toMatch(/\| overlap \(text only\) \| 100\.0 \| 100\.0 \| 100\.0 \|/);
    expect(md.match(/<svg /g)).toHaveLength(2);
  });
});
