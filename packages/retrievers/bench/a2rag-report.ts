// A2RAG-specific measurements on one dataset, embedded mode, @rag/indexer's index:
//   stage breakdown (A2RAG Fig. 4), relation-seed ablation (Table IV), and Recall@5 under
//   0–40 % KG node deletion (Fig. 5) for a2rag vs a graph-only local retriever vs dense.
//   node --conditions=@rag/source --import tsx packages/retrievers/bench/a2rag-report.ts DATASET_DIR
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Retriever } from '@rag/core';
import { simulateExtractionLoss } from '@rag/graph-store';
import { createIndexer, type RagIndex } from '@rag/indexer';
import { createMethod } from './methods.js';

const dir = process.argv[2] ?? resolve(import.meta.dirname, '../../../../shared/datasets/hotpotqa-train100');
const readJsonl = (f: string) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
const corpus = readJsonl('corpus.jsonl') as { id: string; title: string; text: string }[];
const questions = readJsonl('questions.jsonl') as { question: string; supporting_ids: string[] }[];
const indexer = createIndexer();
await indexer.ingest(corpus.map((d) => ({ id: d.id, title: d.title, text: d.text })));

async function measure(r: Retriever): Promise<{ r2: number; r5: number; stages: Map<string, number> }> {
  let r2 = 0;
  let r5 = 0;
  const stages = new Map<string, number>();
  for (const q of questions) {
    const ev = await r.retrieve(q.question, { k: 20 });
    if (ev.stage) stages.set(ev.stage, (stages.get(ev.stage) ?? 0) + 1);
    const docs: string[] = [];
    for (const c of ev.chunks) if (!docs.includes(c.docId)) docs.push(c.docId);
    r2 += q.supporting_ids.filter((g) => docs.slice(0, 2).includes(g)).length / q.supporting_ids.length;
    r5 += q.supporting_ids.filter((g) => docs.slice(0, 5).includes(g)).length / q.supporting_ids.length;
  }
  return { r2: (100 * r2) / questions.length, r5: (100 * r5) / questions.length, stages };
}
const pct = (n: number) => `${((100 * n) / questions.length).toFixed(0)}%`;

console.log(`# ${dir} (${questions.length} questions)`);
const full = await measure(createMethod('a2rag', indexer));
console.log(`stage breakdown (a2rag): ${['local', 'bridge', 'ppr'].map((s) => `${s} ${pct(full.stages.get(s) ?? 0)}`).join(', ')}`);
const nodeOnly = await measure(createMethod('a2rag-node-only', indexer));
console.log(`relation-seed ablation: a2rag R@2 ${full.r2.toFixed(1)} R@5 ${full.r5.toFixed(1)} | node-only R@2 ${nodeOnly.r2.toFixed(1)} R@5 ${nodeOnly.r5.toFixed(1)}`);
console.log('KG node deletion → Recall@5 (a2rag / graph-local / dense)');
for (const level of [0, 10, 20, 30, 40]) {
  const index: RagIndex =
    level === 0
      ? indexer
      : (() => {
          const { store } = simulateExtractionLoss(indexer.graph, { fraction: level / 100, seed: 42 });
          return new Proxy(indexer, {
            get(target, prop) {
              if (prop === 'graph') return store;
              const v = Reflect.get(target, prop, target) as unknown;
              return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
            },
          }) as RagIndex;
        })();
  const row = await Promise.all(['a2rag', 'graph-local', 'dense'].map(async (m) => (await measure(createMethod(m, index))).r5.toFixed(1)));
  console.log(`  ${String(level).padStart(2)}%: ${row.join(' / ')}`);
}
