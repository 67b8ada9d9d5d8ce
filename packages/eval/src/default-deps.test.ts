// The real embedded stack end to end on a tiny corpus: @rag/indexer builds and saves the
// index, the cache reopens it, and every registered method gives the same results twice.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS, FIXTURE_QUESTIONS } from '../test/fakes.js';
import { createIndexerBackend } from './default-deps.js';
import { openCachedIndex } from './index-cache.js';
import { BUILTIN_METHODS } from './methods/builtin-methods.js';
import { runEval } from './runner.js';
import { createStackFromEnv } from './stack.js';
import type { EvalDataset } from './types.js';

const dataset: EvalDataset = {
  name: 'fixture',
  source: 'memory',
  format: 'jsonl-dir',
  corpus: FIXTURE_CORPUS,
  questions: FIXTURE_QUESTIONS.map((q) => ({ id: q.id, question: q.question, answers: q.answers, supportingIds: q.supporting_ids, type: q.type })),
};

describe('embedded stack through the index cache', () => {
  it('gives identical results for every built-in method on a fresh and on a reopened index', async () => {
    const stack = createStackFromEnv({});
    const backend = createIndexerBackend(stack);
    const cacheRoot = await mkdtemp(join(tmpdir(), 'rag-eval-real-'));
    const first = await openCachedIndex({ docs: dataset.corpus, backend, cacheRoot });
    const second = await openCachedIndex({ docs: dataset.corpus, backend, cacheRoot });
    expect([first.reused, second.reused]).toEqual([false, true]);
    const run = (index: typeof first.index) =>
      runEval({
        dataset,
        k: [1, 2],
        mode: stack.mode,
        methods: BUILTIN_METHODS.map((method) => ({ method, options: {} })),
        openStack: async () => ({ stack: { mode: stack.mode, index }, indexMs: 0 }),
      });
    const a = await run(first.index);
    const b = await run(second.index);
    const c = await run(second.index);
    const view = (r: typeof a) => r.results.map((x) => ({ method: x.method, recall: x.recall, stages: x.stages, errors: x.errors }));
    expect(view(b)).toEqual(view(a));
    expect(view(c)).toEqual(view(a));
    expect(a.results.map((r) => r.method)).toEqual(BUILTIN_METHODS.map((m) => m.name));
    for (const r of a.results) expect(r.errors).toBe(0);
    // The word-level question q3 names its passage's title: BM25 must rank it first.
    expect(a.results.find((r) => r.method === 'bm25')!.recall['2']).toBeGreaterThan(0.5);
  });
});
