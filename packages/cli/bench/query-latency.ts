// In-process question latency on opened stores: each store is opened once through the CLI's
// backend and service (as `rag serve` does), then the dev questions are asked one after the other
// per method; prints p50 / p95 per store and method and, for two stores, the ratio of the second
// to the first (how latency grows with the store). The first question of each method pays its
// lazy loads, as a served store's first user does. `measureQueries` is also scale.ts's.
//
//   node --conditions=@rag/source --import tsx packages/cli/bench/query-latency.ts --stores /tmp/lead-100k-s3,/tmp/lead-1m-c [--queries 40] [--methods bm25,a2rag]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRagService } from '../src/service/rag-service.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';

export const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Milliseconds per question, per method, on the store in `dir` opened once. */
export async function measureQueries(dir: string, questions: readonly string[], methods: readonly string[]): Promise<Map<string, number[]>> {
  const service = createRagService({ stack: await createIndexerBackend({ env: {} }).open(dir) });
  const out = new Map<string, number[]>();
  for (const method of methods) {
    const ms: number[] = [];
    for (const question of questions) {
      const s = performance.now();
      await service.ask({ question, method });
      ms.push(performance.now() - s);
    }
    out.set(method, ms);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const here = dirname(fileURLToPath(import.meta.url));
  const arg = (name: string, dflt: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1]! : dflt;
  };
  const stores = arg('--stores', '').split(',').filter(Boolean).map((s) => resolve(s));
  if (stores.length === 0) throw new Error('usage: query-latency.ts --stores DIR[,DIR] [--queries 40] [--methods bm25,a2rag]');
  const methods = arg('--methods', 'bm25,a2rag').split(',');
  const questions = readFileSync(join(here, '..', '..', '..', '..', 'shared', 'datasets', 'hotpotqa-train100', 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { question: string }).question)
    .slice(0, Number(arg('--queries', '40')));
  const fmt = (x: number) => x.toFixed(1);
  const results: Map<string, number[]>[] = [];
  for (const dir of stores) {
    console.log(`${dir}: ${questions.length} questions per method, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
    const r = await measureQueries(dir, questions, methods);
    for (const [method, ms] of r) console.log(`  ${method}: p50 ${fmt(percentile(ms, 50))} ms, p95 ${fmt(percentile(ms, 95))} ms, first ${fmt(ms[0]!)} ms`);
    results.push(r);
  }
  if (results.length === 2)
    for (const method of methods) {
      const [a, b] = [results[0]!.get(method)!, results[1]!.get(method)!];
      console.log(`ratio second / first store, ${method}: p50 ${(percentile(b, 50) / percentile(a, 50)).toFixed(2)}×, p95 ${(percentile(b, 95) / percentile(a, 95)).toFixed(2)}×`);
    }
}
