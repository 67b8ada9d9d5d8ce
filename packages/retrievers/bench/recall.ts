// Document-level Recall@K of the retrievers on a shared dataset folder, in embedded mode
// (fixture index, zero LLM calls), with retrieval latency p50/p95 per method.
//   node --conditions=@rag/source --import tsx packages/retrievers/bench/recall.ts [DATASET_DIR] [methods] [limit] [indexer|fixture]
// The default index is @rag/indexer's (as rag-eval builds it); "fixture" uses this package's
// small fixture index (faster to build, simpler extraction).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Retriever } from '@rag/core';
import { createIndexer } from '@rag/indexer';
import { createFixtureIndex } from '../src/testing/fixture-index.js';
import { createMethod, METHOD_NAMES } from './methods.js';

const dir = process.argv[2] ?? resolve(import.meta.dirname, '../../../../shared/datasets/hotpotqa-train100');
const methods = (process.argv[3] ?? METHOD_NAMES.join(',')).split(',');
const limit = Number(process.argv[4] ?? 1e9);
const which = process.argv[5] ?? 'indexer';
const readJsonl = (f: string) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
const corpus = readJsonl('corpus.jsonl') as { id: string; title: string; text: string }[];
const questions = (readJsonl('questions.jsonl') as { id: string; question: string; supporting_ids: string[] }[]).slice(0, limit);

const t0 = performance.now();
const index =
  which === 'fixture'
    ? await createFixtureIndex(corpus)
    : await (async () => {
        const ix = createIndexer();
        await ix.ingest(corpus.map((d) => ({ id: d.id, title: d.title, text: d.text })));
        return ix;
      })();
console.log(`${dir} [${which}]: ${corpus.length} docs, ${index.manifest().nodes} nodes, ${index.manifest().edges} edges, index built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
// Latency is reported against a named peer in the same run: the first method (bm25 by default).
let peer: { name: string; p50: number } | undefined;
for (const m of methods) {
  const r: Retriever = createMethod(m, index);
  // One warm-up query builds the per-index caches (adjacency, name index, π map) outside the timing.
  await r.retrieve('warm up', { k: 5 });
  const rec = { 2: 0, 5: 0 } as Record<number, number>;
  const lat: number[] = [];
  const cpu: number[] = [];
  const stages = new Map<string, number>();
  for (const q of questions) {
    const s = performance.now();
    const c0 = process.cpuUsage();
    const ev = await r.retrieve(q.question, { k: 20 });
    const c1 = process.cpuUsage(c0);
    lat.push(performance.now() - s);
    cpu.push((c1.user + c1.system) / 1000);
    if (ev.stage) stages.set(ev.stage, (stages.get(ev.stage) ?? 0) + 1);
    const docs: string[] = [];
    for (const c of ev.chunks) if (!docs.includes(c.docId)) docs.push(c.docId);
    for (const K of [2, 5]) rec[K]! += q.supporting_ids.filter((g) => docs.slice(0, K).includes(g)).length / q.supporting_ids.length;
  }
  const n = questions.length;
  const p50 = pct(lat, 50);
  peer ??= { name: m, p50 };
  const ratio = peer.name === m ? '' : `  (p50 ×${(p50 / Math.max(peer.p50, 1e-3)).toFixed(1)} vs ${peer.name})`;
  console.log(
    `${m.padEnd(14)} R@2 ${((100 * rec[2]!) / n).toFixed(1)}  R@5 ${((100 * rec[5]!) / n).toFixed(1)}  p50 ${pct(lat, 50).toFixed(1)} ms  p95 ${pct(lat, 95).toFixed(1)} ms  cpu p50 ${pct(cpu, 50).toFixed(1)} p95 ${pct(cpu, 95).toFixed(1)} ms` +
      ratio +
      (stages.size ? `  stages ${[...stages].map(([k, v]) => `${k}:${v}`).join(' ')}` : ''),
  );
}
