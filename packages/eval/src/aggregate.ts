// Per-method aggregates over per-question records: the `results[]` entries of the report.
import { calibrationOf } from './metrics/calibration.js';
import { riskCoverageOf } from './metrics/risk-coverage.js';
import { fractions, meanOf, percentile } from './metrics/summary-stats.js';
import type { LlmStepCost, MethodOptions, MethodResult, QuestionRecord } from './types.js';

export function aggregateRecords(input: {
  method: string;
  kind: 'retriever' | 'agent';
  records: readonly QuestionRecord[];
  k: readonly number[];
  indexMs: number;
  kgDeletion?: number;
  options?: MethodOptions;
}): MethodResult {
  const r = input.records;
  const recall: Record<string, number> = {};
  for (const k of input.k) recall[String(k)] = round(meanOf(r.map((x) => x.recall[String(k)])) ?? 0);
  const latencies = r.map((x) => x.latencyMs);
  const calls = r.map((x) => x.llmCalls);
  const tokens = r.map((x) => x.tokensIn + x.tokensOut);
  const perAttempt = r.map((x) => x.llmCalls / (x.retries + 1));
  const nullable = (v: number | null) => (v === null ? null : round(v));
  const calibration = calibrationOf(r);
  const riskCoverage = input.kind === 'agent' ? riskCoverageOf(r) : undefined;
  return {
    method: input.method,
    kind: input.kind,
    ...(input.kgDeletion !== undefined ? { kgDeletion: input.kgDeletion } : {}),
    recall,
    em: nullable(meanOf(r.map((x) => x.em))),
    f1: nullable(meanOf(r.map((x) => x.f1))),
    containAcc: nullable(meanOf(r.map((x) => x.containAcc))),
    llmAcc: nullable(meanOf(r.map((x) => x.llmAcc))),
    latencyMs: { mean: round(meanOf(latencies) ?? 0, 3), p50: round(percentile(latencies, 50), 3), p95: round(percentile(latencies, 95), 3) },
    llmCalls: round(meanOf(calls) ?? 0),
    tokens: round(meanOf(tokens) ?? 0, 1),
    tokensIn: round(meanOf(r.map((x) => x.tokensIn)) ?? 0, 1),
    tokensOut: round(meanOf(r.map((x) => x.tokensOut)) ?? 0, 1),
    llmCallsP50: percentile(calls, 50),
    llmCallsP95: percentile(calls, 95),
    llmCallsPerAttempt: { mean: round(meanOf(perAttempt) ?? 0), p95: round(percentile(perAttempt, 95)) },
    tokensP50: percentile(tokens, 50),
    tokensP95: percentile(tokens, 95),
    stages: mapValues(fractions(r.map((x) => x.stage)), (v) => round(v)),
    retries: round(meanOf(r.map((x) => x.retries)) ?? 0),
    abstained: round(r.length === 0 ? 0 : r.filter((x) => x.status === 'abstained').length / r.length),
    errors: r.filter((x) => x.error !== undefined).length,
    ...(input.kind === 'agent' && calibration ? { calibration } : {}),
    ...(riskCoverage ? { riskCoverage } : {}),
    statuses: countBy(r.map((x) => (x.error ? 'error' : (x.status ?? 'retrieved')))),
    fallbacks: sumCounts(r.map((x) => x.fallbacks)),
    totalLlmCalls: calls.reduce((a, b) => a + b, 0),
    totalTokens: tokens.reduce((a, b) => a + b, 0),
    budgetExceeded: r.filter((x) => x.budgetExceeded).length,
    ...(r.some((x) => x.retrievedTokens !== undefined) ? { retrievedTokens: round(meanOf(r.map((x) => x.retrievedTokens ?? 0)) ?? 0, 1) } : {}),
    ...stepMeans(r),
    indexMs: Math.round(input.indexMs),
    ...(input.options && Object.keys(input.options).length > 0 ? { options: input.options } : {}),
  };
}

/** Mean calls and tokens per question by step, over all questions (a question that skipped a step counts 0). */
function stepMeans(r: readonly QuestionRecord[]): { llmSteps?: Record<string, LlmStepCost> } {
  const sum: Record<string, LlmStepCost> = {};
  for (const x of r)
    for (const [name, c] of Object.entries(x.llmSteps ?? {})) {
      const s = (sum[name] ??= { calls: 0, tokens: 0 });
      s.calls += c.calls;
      s.tokens += c.tokens;
    }
  if (Object.keys(sum).length === 0 || r.length === 0) return {};
  return { llmSteps: mapValues2(sum, (c) => ({ calls: round(c.calls / r.length), tokens: round(c.tokens / r.length, 1) })) };
}

function mapValues2<T, U>(o: Record<string, T>, fn: (v: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, fn(v)]));
}

function round(v: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

function mapValues(o: Record<string, number>, fn: (v: number) => number): Record<string, number> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, fn(v)]));
}

function countBy(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

function sumCounts(list: readonly (Record<string, number> | undefined)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of list) for (const [k, v] of Object.entries(c ?? {})) out[k] = (out[k] ?? 0) + v;
  return out;
}
