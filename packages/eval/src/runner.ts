// The benchmark runner: every selected method over the (limited) questions of one dataset,
// on one index, with bounded concurrency and results in question order. Under
// --kg-deletion the graph methods are re-run on a fresh copy of the index per level
// (A2RAG Section IV-F); text-only methods see the same text at every level and run once.
import { RagError } from '@rag/core';
import { aggregateRecords } from './aggregate.js';
import type { LlmJudge } from './metrics/llm-judge.js';
import { mapPool } from './pool.js';
import { scoreQuestion } from './score-question.js';
import type { EvalDataset, EvalMethod, EvalReport, MethodOptions, MethodResult, MethodStack, QuestionRecord } from './types.js';

export interface SelectedMethod {
  method: EvalMethod;
  options: MethodOptions;
}

export interface OpenedStack {
  stack: MethodStack;
  /** Time it took to build the index this stack reads (from the cache record when reused). */
  indexMs: number;
}

export interface RunProgress {
  method: string;
  kgDeletion?: number;
  done: number;
  total: number;
}

export interface RunEvalOptions {
  dataset: EvalDataset;
  methods: SelectedMethod[];
  /** Cut-offs for Recall@K. */
  k: number[];
  /**
   * How many chunks each method is asked for (default 4 × the largest K): documents rank at
   * their best chunk, so a ranking needs more chunks than K to hold K distinct documents
   * when documents are split into several chunks.
   */
  fetchK?: number;
  /**
   * Opens the stack for a deletion level (undefined = the intact index). Each call must
   * return an independent index so a deletion never leaks into another level.
   */
  openStack(kgDeletion: number | undefined): Promise<OpenedStack>;
  limit?: number;
  concurrency?: number;
  kgDeletion?: number[];
  judge?: LlmJudge;
  mode: MethodStack['mode'];
  /** Said at the top of the report, e.g. that figures are cost only (oracle simulator). */
  note?: string;
  onProgress?(progress: RunProgress): void;
  /** Every per-question record, in question order per method. */
  onRecord?(record: QuestionRecord): void;
  /** Runs one question's work inside a scope (the oracle simulator learns that question's gold this way). */
  questionScope?<T>(question: EvalDataset['questions'][number], run: () => Promise<T>): Promise<T>;
  signal?: AbortSignal;
}

export async function runEval(options: RunEvalOptions): Promise<EvalReport> {
  const k = validateK(options.k);
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RagError('RAG_INVALID_INPUT', `--concurrency: must be a positive integer, got ${concurrency}`, { details: { input: 'concurrency' } });
  if (options.limit !== undefined && (!Number.isInteger(options.limit) || options.limit < 1))
    throw new RagError('RAG_INVALID_INPUT', `--limit: must be a positive integer, got ${options.limit}`, { details: { input: 'limit' } });
  if (options.methods.length === 0) throw new RagError('RAG_INVALID_INPUT', '--methods: no method selected', { details: { input: 'methods' } });
  const levels = options.kgDeletion ? validateLevels(options.kgDeletion) : undefined;
  const questions = options.dataset.questions.slice(0, options.limit ?? options.dataset.questions.length);
  const results: MethodResult[] = [];
  const fetchK = options.fetchK ?? 4 * Math.max(...k);
  if (!Number.isInteger(fetchK) || fetchK < Math.max(...k))
    throw new RagError('RAG_INVALID_INPUT', `--fetch-k: must be an integer ≥ the largest K (${Math.max(...k)}), got ${fetchK}`, { details: { input: 'fetchK' } });

  const runOne = async (selected: SelectedMethod, opened: OpenedStack, level: number | undefined) => {
    const { method } = selected;
    const instance = await method.create(opened.stack, selected.options);
    let done = 0;
    options.onProgress?.({ method: method.name, ...(level !== undefined ? { kgDeletion: level } : {}), done, total: questions.length });
    const records = await mapPool(questions, concurrency, async (q) => {
      if (options.signal?.aborted) throw new RagError('RAG_ABORTED', 'the evaluation was aborted');
      const t0 = performance.now();
      let record: QuestionRecord;
      try {
        const ask = () => instance.run(q.question, { k: fetchK, ...(options.signal ? { signal: options.signal } : {}) });
        const run = await (options.questionScope ? options.questionScope(q, ask) : ask());
        record = scoreQuestion({ method: method.name, question: q, run, k, latencyMs: performance.now() - t0, ...(level !== undefined ? { kgDeletion: level } : {}) });
        if (options.judge && run.answer !== undefined && q.answers.length > 0) {
          const verdict = await options.judge.judge({ question: q.question, prediction: run.answer, golds: q.answers, ...(options.signal ? { signal: options.signal } : {}) });
          record.llmAcc = verdict.score;
        }
      } catch (error) {
        // A failed question scores zero recall and is reported; one bad question must not
        // lose the other results. Aborts stop the run.
        if (RagError.isInstance(error, 'RAG_ABORTED')) throw error;
        record = scoreQuestion({
          method: method.name,
          question: q,
          run: { ranked: [], llmCalls: 0, tokensIn: 0, tokensOut: 0 },
          k,
          latencyMs: performance.now() - t0,
          ...(level !== undefined ? { kgDeletion: level } : {}),
        });
        record.error = RagError.isInstance(error)
          ? { code: error.code, message: error.message }
          : { code: 'RAG_EVAL_METHOD_FAILED', message: error instanceof Error ? error.message : String(error) };
      }
      done += 1;
      options.onProgress?.({ method: method.name, ...(level !== undefined ? { kgDeletion: level } : {}), done, total: questions.length });
      return record;
    });
    for (const r of records) options.onRecord?.(r);
    results.push(
      aggregateRecords({
        method: method.name,
        kind: method.kind,
        records,
        k,
        indexMs: opened.indexMs,
        ...(level !== undefined ? { kgDeletion: level } : {}),
        options: selected.options,
      }),
    );
  };

  if (levels === undefined) {
    const opened = await options.openStack(undefined);
    for (const m of options.methods) await runOne(m, opened, undefined);
  } else {
    for (const [i, level] of levels.entries()) {
      const opened = await options.openStack(level);
      for (const m of options.methods) {
        if (!m.method.usesGraph && i > 0) continue;
        await runOne(m, opened, m.method.usesGraph ? level : undefined);
      }
    }
  }

  return {
    dataset: options.dataset.name,
    questions: questions.length,
    corpus: options.dataset.corpus.length,
    mode: options.mode,
    ...(options.note ? { note: options.note } : {}),
    k,
    ...(levels ? { kgDeletion: levels } : {}),
    results,
    createdAt: new Date().toISOString(),
  };
}

export function validateK(k: readonly number[]): number[] {
  if (k.length === 0) throw new RagError('RAG_INVALID_INPUT', '--k: give at least one cut-off, e.g. --k 2,5', { details: { input: 'k' } });
  for (const v of k)
    if (!Number.isInteger(v) || v < 1) throw new RagError('RAG_INVALID_INPUT', `--k: cut-offs must be positive integers, got ${v}`, { details: { input: 'k', value: v } });
  return [...new Set(k)].sort((a, b) => a - b);
}

function validateLevels(levels: readonly number[]): number[] {
  for (const v of levels)
    if (!Number.isFinite(v) || v < 0 || v >= 100)
      throw new RagError('RAG_INVALID_INPUT', `--kg-deletion: levels are percentages in [0, 100), got ${v}`, { details: { input: 'kgDeletion', value: v } });
  return [...new Set(levels)].sort((a, b) => a - b);
}
