// Builds apps/demo/data/{corpus,questions}.jsonl from the shared HotpotQA dev subset.
// Run once from the repo root: node apps/demo/scripts/make-sample-corpus.mjs [path/to/hotpotqa-train100]
// The output is committed; this script documents exactly how it was made.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = process.argv[2] ?? '/work/shared/datasets/hotpotqa-train100';
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');
const PASSAGES = 300;
// Ten questions whose gold passages fall inside the first 300 passages: a mix of bridge
// and comparison questions with short, checkable answers.
const SAMPLE_QUESTION_INDEXES = [0, 1, 2, 3, 6, 7, 10, 17, 19, 27];

const readJsonl = (file) =>
  readFileSync(join(source, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));

const corpus = readJsonl('corpus.jsonl').slice(0, PASSAGES);
const ids = new Set(corpus.map((p) => p.id));
const all = readJsonl('questions.jsonl');
const questions = SAMPLE_QUESTION_INDEXES.map((i) => all[i]);
for (const q of questions) {
  for (const s of q.supporting_ids) {
    if (!ids.has(s)) throw new Error(`question ${q.id}: gold passage ${s} is outside the first ${PASSAGES} passages`);
  }
}
const toJsonl = (rows) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
writeFileSync(join(out, 'corpus.jsonl'), toJsonl(corpus.map(({ id, title, text }) => ({ id, title, text }))));
writeFileSync(
  join(out, 'questions.jsonl'),
  toJsonl(questions.map(({ id, question, answers, supporting_ids, type }) => ({ id, question: question.replace(/\s+/g, ' ').trim(), answers, supporting_ids, type }))),
);
console.log(`wrote ${corpus.length} passages and ${questions.length} questions to ${out}`);
