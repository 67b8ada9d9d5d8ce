// Qdrant sparse BM25 (createQdrantKeywordIndex) against the embedded BM25 index on a dev corpus:
// Recall@2 / @5 of the supporting passages, mean over questions, and how often the two top-5
// lists are identical. The Qdrant side runs against the wire-format fake (test/qdrant-wire-fake.ts),
// which scores sparse queries with Qdrant's documented IDF; no live server is involved, so this
// measures the encoding (hashed term ids, fixed avgDocLength), not Qdrant's engine.
//   node --conditions=@rag/source --import tsx packages/qdrant/bench/keyword-recall.ts \
//     --dataset ../shared/datasets/hotpotqa-train100
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBm25Index, ENGLISH_STOP_WORDS, tokenize, type KeywordIndex } from '@rag/core';
import { z } from 'zod';
import { createQdrantKeywordIndex } from '../src/keyword-index.js';
import { startQdrantWireFake } from '../test/qdrant-wire-fake.js';

const { values } = parseArgs({ options: { dataset: { type: 'string', multiple: true } } });
const sets = values.dataset ?? ['../shared/datasets/hotpotqa-train100', '../shared/datasets/musique-train100'];
const Passage = z.object({ id: z.string(), title: z.string().default(''), text: z.string() });
const Question = z.object({ question: z.string(), supporting_ids: z.array(z.string()) });
const jsonl = <T>(file: string, schema: z.ZodType<T>): T[] =>
  readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l, i) => {
    const r = schema.safeParse(JSON.parse(l));
    if (!r.success) throw new Error(`${file}:${i + 1}: ${r.error.issues[0]?.message}`);
    return r.data;
  });

async function recall(index: KeywordIndex, questions: z.infer<typeof Question>[]): Promise<{ r2: number; r5: number; top5: string[][] }> {
  let r2 = 0;
  let r5 = 0;
  const top5: string[][] = [];
  for (const q of questions) {
    const ids = (await index.search(q.question, 5)).map((h) => h.id);
    top5.push(ids);
    const gold = new Set(q.supporting_ids);
    r2 += ids.slice(0, 2).filter((id) => gold.has(id)).length / gold.size;
    r5 += ids.filter((id) => gold.has(id)).length / gold.size;
  }
  return { r2: (100 * r2) / questions.length, r5: (100 * r5) / questions.length, top5 };
}

const fake = await startQdrantWireFake({ validate: false }); // the tests hold it to the OpenAPI document
try {
  for (const set of sets) {
    const passages = jsonl(join(set, 'corpus.jsonl'), Passage);
    const questions = jsonl(join(set, 'questions.jsonl'), Question);
    const docs = passages.map((p) => ({ id: p.id, text: `${p.title}\n${p.text}` }));
    const mean = docs.reduce((s, d) => s + tokenize(d.text, { stopWords: ENGLISH_STOP_WORDS }).length, 0) / docs.length;
    const embedded = createBm25Index();
    await embedded.add(docs);
    const name = set.split('/').pop()!.replace(/[^A-Za-z0-9_-]/g, '_');
    const byDefault = createQdrantKeywordIndex({ url: fake.url, collection: `${name}_default` });
    const byMean = createQdrantKeywordIndex({ url: fake.url, collection: `${name}_mean`, avgDocLength: mean });
    await byDefault.add(docs);
    await byMean.add(docs);
    const base = await recall(embedded, questions);
    console.log(`${name}: ${passages.length} passages, ${questions.length} questions, mean passage ${mean.toFixed(1)} terms`);
    console.log(`  embedded BM25 (@rag/core)                    R@2 ${base.r2.toFixed(1)}  R@5 ${base.r5.toFixed(1)}`);
    for (const [label, index] of [
      ['qdrant sparse, avgDocLength 60 (default)', byDefault],
      [`qdrant sparse, avgDocLength ${mean.toFixed(1)} (mean)`, byMean],
    ] as const) {
      const r = await recall(index, questions);
      const same = r.top5.filter((ids, i) => ids.join() === base.top5[i]!.join()).length;
      console.log(
        `  ${label.padEnd(44)} R@2 ${r.r2.toFixed(1)}  R@5 ${r.r5.toFixed(1)}  (Δ ${(r.r2 - base.r2).toFixed(1)} / ${(r.r5 - base.r5).toFixed(1)}; same top-5 as embedded for ${same} of ${questions.length})`,
      );
    }
  }
} finally {
  await fake.close();
}
