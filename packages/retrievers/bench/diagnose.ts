// Prints, for questions where a method misses gold passages in its top 5, the seeds and ranking.
//   node --conditions=@rag/source --import tsx packages/retrievers/bench/diagnose.ts DATASET_DIR [method] [max]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createIndexer } from '@rag/indexer';
import { createMethod } from './methods.js';

const dir = process.argv[2] ?? resolve(import.meta.dirname, '../../../../shared/datasets/hotpotqa-train100');
const method = process.argv[3] ?? 'a2rag';
const max = Number(process.argv[4] ?? 15);
const readJsonl = (f: string) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
const corpus = readJsonl('corpus.jsonl') as { id: string; title: string; text: string }[];
const title = new Map(corpus.map((d) => [d.id, d.title]));
const questions = readJsonl('questions.jsonl') as { question: string; supporting_ids: string[] }[];
const index = createIndexer();
await index.ingest(corpus.map((d) => ({ id: d.id, title: d.title, text: d.text })));
const r = createMethod(method, index);
let shown = 0;
for (const q of questions) {
  const ev = await r.retrieve(q.question, { k: 5 });
  const top = ev.chunks.map((c) => c.docId);
  const K = Number(process.env.DIAG_K ?? 5);
  const miss = q.supporting_ids.filter((g) => !top.slice(0, K).includes(g));
  if (miss.length === 0) continue;
  const seeds = ev.trace.find((e) => e.name === 'seeds')?.data?.seeds as { id: string; how: string }[] | undefined;
  console.log(`\nQ: ${q.question}  [stage ${ev.stage}]`);
  console.log(`  gold: ${q.supporting_ids.map((g) => title.get(g)).join(' | ')}   missed: ${miss.map((g) => title.get(g)).join(' | ')}`);
  console.log(`  seeds: ${(seeds ?? []).map((s) => `${s.id}(${s.how})`).join(', ')}`);
  console.log(`  top: ${ev.chunks.map((c) => `${(q.supporting_ids.includes(c.docId) ? "*" : "") + title.get(c.docId)}[${c.source}:${c.score.toFixed(2)}]`).join(' | ')}`);
  if (++shown >= max) break;
}
