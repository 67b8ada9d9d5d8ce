// `pnpm demo` end to end on the real @rag/indexer: builds the bundled corpus, answers every
// sample question with the A2RAG agent (answer, citations, stage, retries, verdicts, cost), then
// reuses the store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createIndexerBackend, loadSample, runDemo } from '@rag/cli';

const dataDir = resolve(import.meta.dirname, '..', 'data');
const dir = mkdtempSync(join(tmpdir(), 'rag-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function demo() {
  let out = '';
  let err = '';
  const sink = (f: (s: string) => void) => new Writable({ write: (c, _e, cb) => (f(String(c)), cb()) });
  const backend = createIndexerBackend({ env: {} });
  await runDemo({
    dataDir,
    storeDir: join(dir, 'store'),
    backend,
    configKey: backend.stack.configKey,
    io: { stdout: sink((s) => (out += s)), stderr: sink((s) => (err += s)), env: {}, cwd: dir },
  });
  return { out, err };
}

describe('pnpm demo', () => {
  it('ships 300 passages and 10 questions whose gold passages are in the corpus', async () => {
    const { corpus, questions } = await loadSample(dataDir);
    expect(corpus).toHaveLength(300);
    expect(questions).toHaveLength(10);
    const ids = new Set(corpus.map((d) => d.id));
    for (const q of questions) for (const s of q.supporting_ids) expect(ids.has(s)).toBe(true);
  });

  it('indexes with progress, answers every sample question, then reuses the store', async () => {
    const { questions } = await loadSample(dataDir);
    const first = await demo();
    expect(first.err).toMatch(/chunk\s+\d+\/\d+ done/);
    expect(first.out).toMatch(/indexed 300 passages → \d+ chunks, \d+ entities, \d+ relations/);
    for (const q of questions) expect(first.out).toContain(q.question);
    expect(first.out.match(/^ {2}Citations:$/gm)).toHaveLength(10);
    expect(first.out.match(/^ {4}\[1\] /gm)).toHaveLength(10);
    // The default method is the A2RAG controller: an answer, its verdicts, stage, retries and cost per question.
    expect(first.out).toMatch(/^Method: a2rag-agent — /m);
    expect(first.out.match(/^ {2}Answer \((answered|abstained|failed)\): /gm)).toHaveLength(10);
    expect(first.out.match(/^ {2}Stage: \S+ {3}Retries: \d+$/gm)).toHaveLength(10);
    expect(first.out.match(/^ {2}Verdicts: (\w+ (pass|fail|unknown) \d\.\d\d( · )?)+$/gm)).toHaveLength(10);
    expect(first.out.match(/^ {2}Cost: \d+ LLM calls, \d+ tokens, \d+ embedding calls, \d+ ms$/gm)).toHaveLength(10);
    expect(first.out.match(/^ {2}Verification: (VERIFIED|UNSURE|FAILED) — .+$/gm)).toHaveLength(10);
    // the closing line counts verified answers and how many of them are right, and the unsure ones
    const summary = /^(\d+) of 10 answers verified \((\d+) of them match the gold answer\), (\d+) unsure; \d+ of 10 match the gold answer/m.exec(first.out);
    expect(summary).not.toBeNull();
    expect(Number(summary![2])).toBeLessThanOrEqual(Number(summary![1]));
    expect(first.out).toMatch(/HITL review queue: \d+ pending/);
    expect(first.out).toMatch(/pnpm rag serve --store/);
    expect(first.out).toMatch(/OLLAMA_HOST=.* QDRANT_URL=/);
    const second = await demo();
    expect(second.out).toContain('reusing the saved index');
    expect(second.out.match(/Cited (\d+) of 20 gold passages/)?.[1]).toBe(first.out.match(/Cited (\d+) of 20 gold passages/)?.[1]);
  }, 120_000);
});
