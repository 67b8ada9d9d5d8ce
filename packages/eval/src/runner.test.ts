import type { RagIndex } from '@rag/indexer';
import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS, overlapMethod } from '../test/fakes.js';
import { runEval } from './runner.js';
import type { EvalDataset, EvalMethod } from './types.js';

const dataset: EvalDataset = {
  name: 'fixture',
  source: 'memory',
  format: 'jsonl-dir',
  corpus: FIXTURE_CORPUS,
  questions: Array.from({ length: 12 }, (_, i) => ({
    id: `q${i}`,
    question: i % 2 ? 'Which game is Demon Dice?' : 'Is Nolan a film director?',
    answers: ['x'],
    supportingIds: [i % 2 ? 'p5' : 'p3'],
  })),
};
const index = { docs: FIXTURE_CORPUS, graphNodes: [] } as unknown as RagIndex;
const openStack = async () => ({ stack: { mode: 'embedded' as const, index }, indexMs: 7 });

/** Finishes questions in reverse-ish order to check that results keep question order. */
const jittery: EvalMethod = {
  ...overlapMethod,
  name: 'jittery',
  create: (stack, options) => {
    const inner = overlapMethod.create(stack, options) as Awaited<ReturnType<typeof overlapMethod.create>>;
    let n = 0;
    return {
      run: async (q, o) => {
        const delay = 12 - (n++ % 12);
        await new Promise((r) => setTimeout(r, delay));
        return inner.run(q, o);
      },
    };
  },
};

describe('runEval', () => {
  it('gives the same records in question order at any concurrency', async () => {
    const seen: string[][] = [];
    for (const concurrency of [1, 4]) {
      const ids: string[] = [];
      const report = await runEval({ dataset, methods: [{ method: jittery, options: {} }], k: [1, 2], concurrency, openStack, mode: 'embedded', onRecord: (r) => ids.push(r.questionId) });
      expect(report.results[0]!.recall).toEqual({ '1': 1, '2': 1 });
      seen.push(ids);
    }
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]).toEqual(dataset.questions.map((q) => q.id));
  });

  it('records a failing question as an error with zero recall and keeps the rest', async () => {
    const flaky: EvalMethod = {
      ...overlapMethod,
      name: 'flaky',
      create: (stack, options) => {
        const inner = overlapMethod.create(stack, options) as Awaited<ReturnType<typeof overlapMethod.create>>;
        return {
          run: async (q, o) => {
            if (q.startsWith('Which')) throw new RagError('RAG_BUDGET_EXCEEDED', 'budget exceeded: llmCalls');
            return inner.run(q, o);
          },
        };
      },
    };
    const records: { error?: { code: string } }[] = [];
    const report = await runEval({ dataset, methods: [{ method: flaky, options: {} }], k: [2], openStack, mode: 'embedded', onRecord: (r) => records.push(r) });
    expect(report.results[0]).toMatchObject({ errors: 6, recall: { '2': 0.5 }, indexMs: 7 });
    expect(records[1]!.error).toEqual({ code: 'RAG_BUDGET_EXCEEDED', message: 'budget exceeded: llmCalls' });
  });

  it('asks methods for 4 × max K chunks unless --fetch-k says otherwise', async () => {
    const asked: number[] = [];
    const spy: EvalMethod = { ...overlapMethod, create: () => ({ run: async (_q, { k }) => (asked.push(k), { ranked: [], llmCalls: 0, tokensIn: 0, tokensOut: 0 }) }) };
    await runEval({ dataset, methods: [{ method: spy, options: {} }], k: [5, 2], limit: 1, openStack, mode: 'embedded' });
    await runEval({ dataset, methods: [{ method: spy, options: {} }], k: [5], fetchK: 5, limit: 1, openStack, mode: 'embedded' });
    expect(asked).toEqual([20, 5]);
  });

  it('rejects bad options by name', async () => {
    const base = { dataset, methods: [{ method: overlapMethod, options: {} }], openStack, mode: 'embedded' as const };
    await expect(runEval({ ...base, k: [] })).rejects.toThrow(/--k/);
    await expect(runEval({ ...base, k: [0] })).rejects.toThrow(/--k: cut-offs must be positive integers/);
    await expect(runEval({ ...base, k: [2], concurrency: 0 })).rejects.toThrow(/--concurrency/);
    await expect(runEval({ ...base, k: [2], limit: -1 })).rejects.toThrow(/--limit/);
    await expect(runEval({ ...base, k: [5], fetchK: 2 })).rejects.toThrow(/--fetch-k/);
    await expect(runEval({ ...base, k: [2], kgDeletion: [120] })).rejects.toThrow(/--kg-deletion/);
  });
});
