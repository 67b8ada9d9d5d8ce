// Builds the "unanswerable" pairings for the A2RAG gate / abstention measurement: each shared
// dataset's questions against the OTHER dataset's corpus (a symlink, so rag-eval's index cache is
// reused), with no supporting ids. Writes <out>/<questions>-questions-on-<corpus>/. Run:
//   node --conditions=@rag/source --import tsx packages/agents/bench/make-unanswerable.ts tmp/agents-eval
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DATASETS_DIR } from './shared.js';

const out = resolve(process.argv[2] ?? 'tmp/agents-eval');
const names = ['hotpotqa-train100', 'musique-train100'];
for (const questionsOf of names)
  for (const corpusOf of names) {
    if (questionsOf === corpusOf) continue;
    const dir = join(out, `${questionsOf}-questions-on-${corpusOf}`);
    mkdirSync(dir, { recursive: true });
    rmSync(join(dir, 'corpus.jsonl'), { force: true });
    symlinkSync(join(DATASETS_DIR, corpusOf, 'corpus.jsonl'), join(dir, 'corpus.jsonl'));
    const lines = readFileSync(join(DATASETS_DIR, questionsOf, 'questions.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.stringify({ ...(JSON.parse(l) as object), supporting_ids: [] }));
    writeFileSync(join(dir, 'questions.jsonl'), `${lines.join('\n')}\n`);
    console.log(dir);
  }
