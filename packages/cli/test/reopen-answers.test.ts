// One store, one answer: an index built in memory (several batches, entity merges), written to a
// store and reopened, ranks and answers every question exactly as the index that wrote it: the
// int8 vectors are held as stored from the start, and the graph lists its nodes, edges and each
// node's incident edges in id order, as a graph read back from its file does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_METHODS, createStackFromEnv, loadDataset, runEval, type QuestionRecord } from '@rag/eval';
import { createIndexer, openIndex, type RagIndex } from '@rag/indexer';

const root = mkdtempSync(join(tmpdir(), 'rag-reopen-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a reopened store', () => {
  it('ranks and answers as the in-memory index that wrote it', async () => {
    const dataset = await loadDataset(join(import.meta.dirname, 'fixtures', 'sample'));
    const stack = createStackFromEnv({});
    const built = createIndexer({ checkpointEvery: 60 });
    const report = await built.ingest(dataset.corpus);
    expect(report.merges).toBeGreaterThan(0); // the resolver merged entities: insertion order ≠ id order
    const dir = join(root, 'store');
    await built.save(dir);
    const reopened = await openIndex(dir);
    const run = async (index: RagIndex, methods: string[], limit: number) => {
      const records: QuestionRecord[] = [];
      await runEval({
        dataset,
        k: [2, 5],
        limit,
        mode: stack.mode,
        methods: BUILTIN_METHODS.filter((m) => methods.includes(m.name)).map((method) => ({ method, options: {} })),
        openStack: async () => ({ stack: { mode: stack.mode, index }, indexMs: 0 }),
        onRecord: (r) => records.push(r),
      });
      return records.map((r) => ({ method: r.method, question: r.questionId, ranked: r.retrievedDocIds, em: r.em, f1: r.f1, contain: r.containAcc, retries: r.retries, llmCalls: r.llmCalls }));
    };
    const methods = ['bm25', 'dense', 'a2rag'];
    expect(await run(reopened, methods, 10)).toEqual(await run(built, methods, 10));
    expect(await run(reopened, ['a2rag-agent'], 6)).toEqual(await run(built, ['a2rag-agent'], 6));
  }, 600_000);
});
