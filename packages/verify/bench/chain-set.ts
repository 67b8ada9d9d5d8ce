// How often the embedded adequacy check (relation-aware, one sentence or a chain of sentences)
// verifies the gold answer, and how often it verifies a wrong answer taken from the same
// supporting passages (the bridge entities and other names or numbers a reader could pick),
// built at run time from the shared dev sets (never copied into the repo). Each answer is cited
// the way the extractive reader cites: the first supporting sentence that contains it.
//
// Run from the repo root (`--verbose` prints the chains found and every wrong answer verified):
//   node --conditions=@rag/source --import tsx packages/verify/bench/chain-set.ts [--datasets DIR] [--verbose]
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Citation, Evidence } from '@rag/core';
import { createLexicalAdequacyValidator } from '../src/index.js';
import { extractMentions } from '../src/text/mentions.js';
import { matchAnswer } from '../src/text/match.js';
import { splitSentences } from '../src/text/sentences.js';
import { contentTokens } from '../src/text/normalize.js';

const here = dirname(fileURLToPath(import.meta.url));
const argDir = process.argv.indexOf('--datasets');
const root = argDir > 0 ? resolve(process.argv[argDir + 1] ?? '') : resolve(here, '../../../../shared/datasets');
const DATASETS = ['hotpotqa-train100', 'musique-train100'];
/** Wrong answers tried per question (the first names and numbers of the supporting passages). */
const WRONG_PER_QUESTION = 8;

const Passage = z.object({ id: z.string(), title: z.string(), text: z.string() });
const Question = z.object({ id: z.string(), question: z.string(), answers: z.array(z.string()).min(1), supporting_ids: z.array(z.string()) });
const readJsonl = <T>(file: string, schema: z.ZodType<T>): T[] =>
  readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => schema.parse(JSON.parse(l)));

const adequacy = createLexicalAdequacyValidator();

function citeFirst(answer: string, evidence: Evidence): Citation[] {
  for (const c of evidence.chunks)
    for (const s of splitSentences(c.text)) {
      const text = c.text.slice(s.start, s.end);
      if (matchAnswer(answer, text)?.contiguous) return [{ chunkId: c.chunkId, start: s.start, end: s.end, quote: text }];
    }
  return [];
}

interface Tally { n: number; single: number; chain: number }
const tally = (): Tally => ({ n: 0, single: 0, chain: 0 });

async function verdict(query: string, answer: string, evidence: Evidence, t: Tally, show: 'chains' | 'all' | false) {
  const citations = citeFirst(answer, evidence);
  if (citations.length === 0) return;
  t.n++;
  const v = await adequacy.validate({ query, answer: { text: answer, citations }, evidence });
  if (v.outcome !== 'pass') return;
  const chained = v.reason.includes('the evidence chains');
  if (chained) t.chain++;
  else t.single++;
  if (show === 'all' || (show && chained)) console.log(`  ${query} → ${answer}\n     ${v.reason.slice(0, 400)}`);
}

const verbose = process.argv.includes('--verbose');
const rows: string[] = [];
for (const dataset of DATASETS) {
  const dir = join(root, dataset);
  const byId = new Map(readJsonl(join(dir, 'corpus.jsonl'), Passage).map((p) => [p.id, p]));
  const gold = tally();
  const wrong = tally();
  for (const q of readJsonl(join(dir, 'questions.jsonl'), Question)) {
    const evidence: Evidence = {
      query: q.question,
      chunks: q.supporting_ids.map((id, i) => ({ chunkId: id, docId: id, score: 1 / (i + 1), text: byId.get(id)!.text })),
      trace: [],
    };
    if (verbose) console.log(`[gold] ${dataset}`);
    await verdict(q.question, q.answers[0]!, evidence, gold, verbose && 'chains');
    const goldWords = new Set(q.answers.flatMap((a) => contentTokens(a)));
    const questionWords = new Set(contentTokens(q.question));
    const seen = new Set<string>();
    const picks = evidence.chunks
      .flatMap((c) => extractMentions(c.text))
      .map((m) => m.text)
      .filter((m) => {
        const t = contentTokens(m);
        if (t.length === 0 || t.some((w) => goldWords.has(w)) || t.every((w) => questionWords.has(w)) || seen.has(m)) return false;
        seen.add(m);
        return true;
      })
      .slice(0, WRONG_PER_QUESTION);
    if (verbose) console.log(`[wrong] ${dataset}`);
    // Every wrong answer verified is shown: some are the gold answer under another name.
    for (const m of picks) await verdict(q.question, m, evidence, wrong, verbose && 'all');
  }
  const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
  rows.push(
    `| ${dataset} | ${gold.n} | ${pct(gold.single, gold.n)} | ${pct(gold.single + gold.chain, gold.n)} | ${wrong.n} | ${pct(wrong.single, wrong.n)} | ${pct(wrong.single + wrong.chain, wrong.n)} | ${pct(gold.single + gold.chain, gold.single + gold.chain + wrong.single + wrong.chain)} |`,
  );
}
console.log('| dataset | gold answers | verified (one sentence) | verified (with chains) | wrong answers | verified (one sentence) | verified (with chains) | verified precision (with chains) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
