// Labelled check set for the embedded validators, built at run time from the shared dev sets
// (HotpotQA, MuSiQue; never copied into the repo). For every question:
//   (a) gold answer + its supporting passages               → supported   (should pass)
//   (b) gold answer + BM25 top non-supporting passages      → unsupported (should fail grounding)
//   (c) another question's answer of the same question form
//       + the supporting passages                           → unsupported (should fail)
//   (d) another question's answer of a *different* form
//       + the supporting passages                           → wrong type (extra: adequacy's target)
// It prints precision / recall of each validator and of Triple-Check for *rejecting* the
// unsupported cases, next to a named peer: exact lower-cased substring match of the answer.
//
// Run from the repo root:
//   node --conditions=@rag/source --import tsx packages/verify/bench/check-set.ts [--datasets DIR]
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Evidence, Validator } from '@rag/core';
import {
  createLexicalAdequacyValidator,
  createLexicalGroundingValidator,
  createLexicalRelevanceValidator,
  createTripleCheck,
  questionForm,
} from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const argDir = process.argv.indexOf('--datasets');
const root = argDir > 0 ? resolve(process.argv[argDir + 1] ?? '') : resolve(here, '../../../../shared/datasets');
const DATASETS = ['hotpotqa-train100', 'musique-train100'];

const Passage = z.object({ id: z.string(), title: z.string(), text: z.string() });
const Question = z.object({ id: z.string(), question: z.string(), answers: z.array(z.string()).min(1), supporting_ids: z.array(z.string()), type: z.string().optional() });
const readJsonl = <T>(file: string, schema: z.ZodType<T>): T[] =>
  readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => schema.parse(JSON.parse(l)));

// A plain Okapi BM25 (k1 = 1.2, b = 0.75) for picking hard negatives, as in the datasets README.
const STOP = new Set('a an the and or of in on at to for from by with is are was were be been who what which when where how did does do that this as its it his her their'.split(' '));
const words = (s: string) => (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w));
function bm25(passages: { id: string; text: string }[]) {
  const docs = passages.map((p) => { const tf = new Map<string, number>(); const w = words(p.text); for (const t of w) tf.set(t, (tf.get(t) ?? 0) + 1); return { id: p.id, tf, len: w.length }; });
  const avg = docs.reduce((s, d) => s + d.len, 0) / docs.length;
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  return (query: string, k: number, exclude: Set<string>) => {
    const q = [...new Set(words(query))];
    return docs
      .filter((d) => !exclude.has(d.id))
      .map((d) => ({ id: d.id, s: q.reduce((s, t) => { const f = d.tf.get(t) ?? 0; if (!f) return s; const n = df.get(t) ?? 0; const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5)); return s + idf * (f * 2.2) / (f + 1.2 * (0.25 + 0.75 * d.len / avg)); }, 0) }))
      .sort((a, b) => b.s - a.s)
      .slice(0, k)
      .map((x) => x.id);
  };
}

type Label = 'a' | 'b' | 'c' | 'd';
interface Case { dataset: string; label: Label; query: string; answer: string; evidence: Evidence }

function buildCases(dataset: string): Case[] {
  const dir = join(root, dataset);
  const corpus = readJsonl(join(dir, 'corpus.jsonl'), Passage);
  const questions = readJsonl(join(dir, 'questions.jsonl'), Question);
  const byId = new Map(corpus.map((p) => [p.id, p]));
  const search = bm25(corpus.map((p) => ({ id: p.id, text: `${p.title} ${p.text}` })));
  const evidenceOf = (q: string, ids: string[]): Evidence => ({
    query: q,
    chunks: ids.map((id, i) => { const p = byId.get(id)!; return { chunkId: id, docId: id, score: 1 / (i + 1), text: `${p.title}\n${p.text}` }; }),
    trace: [],
  });
  const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const cases: Case[] = [];
  questions.forEach((q, i) => {
    const gold = q.answers[0]!;
    cases.push({ dataset, label: 'a', query: q.question, answer: gold, evidence: evidenceOf(q.question, q.supporting_ids) });
    const negatives = search(q.question, q.supporting_ids.length, new Set(q.supporting_ids));
    cases.push({ dataset, label: 'b', query: q.question, answer: gold, evidence: evidenceOf(q.question, negatives) });
    // Deterministic pick: the next question (cyclically) with the same question form and a different answer.
    const form = questionForm(q.question);
    const golds = new Set(q.answers.map(norm));
    for (let step = 1; step < questions.length; step++) {
      const other = questions[(i + step * 7) % questions.length]!;
      if (other.id === q.id || questionForm(other.question) !== form || golds.has(norm(other.answers[0]!))) continue;
      cases.push({ dataset, label: 'c', query: q.question, answer: other.answers[0]!, evidence: evidenceOf(q.question, q.supporting_ids) });
      break;
    }
    // (d): the next question whose form differs (yes/no vs. not, number vs. name, …).
    for (let step = 1; step < questions.length; step++) {
      const other = questions[(i + step * 7) % questions.length]!;
      const otherForm = questionForm(other.question);
      const constrained = (f: string) => f === 'yesno' || f === 'number' || f === 'date';
      if (otherForm === form || !(constrained(form) || constrained(otherForm)) || golds.has(norm(other.answers[0]!))) continue;
      cases.push({ dataset, label: 'd', query: q.question, answer: other.answers[0]!, evidence: evidenceOf(q.question, q.supporting_ids) });
      break;
    }
  });
  return cases;
}

// Named peer: "answer appears as a lower-cased substring of some chunk" (what many pipelines use).
const substringPeer: Validator = {
  check: 'grounding',
  async validate({ answer, evidence }) {
    const a = (answer?.text ?? '').toLowerCase().trim();
    const hit = a.length > 0 && evidence.chunks.some((c) => c.text.toLowerCase().includes(a));
    return { check: 'grounding', outcome: hit ? 'pass' : 'fail', score: hit ? 1 : 0, reason: '', spans: [] };
  },
};

interface Tally { tp: number; fp: number; fn: number; tn: number; rejB: number; nB: number; rejC: number; nC: number; rejD: number; nD: number }
const empty = (): Tally => ({ tp: 0, fp: 0, fn: 0, tn: 0, rejB: 0, nB: 0, rejC: 0, nC: 0, rejD: 0, nD: 0 });
function add(t: Tally, label: Label, rejected: boolean) {
  if (label === 'a') rejected ? t.fp++ : t.tn++;
  else if (label === 'd') { t.nD++; if (rejected) t.rejD++; }
  else {
    rejected ? t.tp++ : t.fn++;
    if (label === 'b') { t.nB++; if (rejected) t.rejB++; } else { t.nC++; if (rejected) t.rejC++; }
  }
}
const pct = (n: number, d: number) => (d === 0 ? '–' : (n / d).toFixed(3));
const row = (name: string, t: Tally) =>
  `| ${name} | ${pct(t.tp, t.tp + t.fp)} | ${pct(t.tp, t.tp + t.fn)} | ${pct(t.rejB, t.nB)} | ${pct(t.rejC, t.nC)} | ${pct(t.fp, t.fp + t.tn)} | ${pct(t.rejD, t.nD)} | ${pct(t.rejD, t.rejD + t.fp)} |`;

async function evaluate(cases: Case[], validators: Record<string, Validator>) {
  const tallies: Record<string, Tally> = {};
  for (const name of [...Object.keys(validators), 'triple-check', 'triple-check (fail only)']) tallies[name] = empty();
  const triple = createTripleCheck({ relevance: validators.relevance!, grounding: validators.grounding!, adequacy: validators.adequacy! });
  for (const c of cases) {
    const input = { query: c.query, answer: { text: c.answer, citations: [] }, evidence: c.evidence };
    for (const [name, v] of Object.entries(validators)) add(tallies[name]!, c.label, (await v.validate(input)).outcome !== 'pass');
    const result = await triple.check(c.query, c.answer, c.evidence);
    // "triple-check" rejects anything not verified (fail or unsure); "fail only" rejects only
    // what a check found wrong, so the gap between them is the share labelled unsure.
    add(tallies['triple-check']!, c.label, !result.pass);
    add(tallies['triple-check (fail only)']!, c.label, result.verdicts.some((v) => v.outcome === 'fail'));
  }
  return tallies;
}

const header =
  '| validator | precision (reject b+c) | recall (reject b+c) | rejects (b) | rejects (c) | false rejects (a) | rejects (d) | precision (reject d) |\n|---|---|---|---|---|---|---|---|';
const all: Case[] = [];
for (const ds of DATASETS) all.push(...buildCases(ds));
const counts = (cs: Case[]) => (['a', 'b', 'c', 'd'] as const).map((l) => `${l}=${cs.filter((c) => c.label === l).length}`).join(', ');
const embedded = { relevance: createLexicalRelevanceValidator(), grounding: createLexicalGroundingValidator(), adequacy: createLexicalAdequacyValidator() };
// Label noise worth knowing: (b) cases whose non-gold passages still contain the gold answer.
const noisyB = all.filter((c) => c.label === 'b' && c.evidence.chunks.some((ch) => ch.text.toLowerCase().includes(c.answer.toLowerCase()))).length;

for (const scope of [...DATASETS, 'both']) {
  const cs = scope === 'both' ? all : all.filter((c) => c.dataset === scope);
  const t = await evaluate(cs, embedded);
  const peer = await evaluate(cs, { ...embedded, grounding: substringPeer });
  console.log(`\n### ${scope} (${counts(cs)})\n\n${header}`);
  for (const [name, tally] of Object.entries(t)) console.log(row(name, tally));
  console.log(row('peer: substring grounding', peer.grounding!));
  console.log(row('peer: triple-check with substring grounding', peer['triple-check']!));
}
console.log(
  '\nThe cases carry no quoted citations, so the adequacy check reads every evidence sentence holding the answer;' +
    ' a gold answer no single sentence (or bridge) states in the asked relation is unsure, which "triple-check" counts as a reject.',
);
console.log(`\n(b) cases whose non-gold passages contain the gold answer verbatim: ${noisyB} of ${all.filter((c) => c.label === 'b').length}`);

// Where the peer's extra (c) rejections come from: yes/no questions, whose polarity we cannot see.
const grounding0 = createLexicalGroundingValidator();
for (const yn of [true, false]) {
  const cs = all.filter((c) => c.label === 'c' && (questionForm(c.query) === 'yesno') === yn);
  let ours = 0;
  let peer = 0;
  for (const c of cs) {
    const input = { query: c.query, answer: { text: c.answer, citations: [] }, evidence: c.evidence };
    if ((await grounding0.validate(input)).outcome !== 'pass') ours++;
    if ((await substringPeer.validate(input)).outcome !== 'pass') peer++;
  }
  console.log(`(c) ${yn ? 'yes/no' : 'other'} questions: grounding rejects ${ours} of ${cs.length}, substring peer rejects ${peer} of ${cs.length}`);
}

console.log(`\n### grounding threshold sweep (both)\n\n| threshold | precision | recall | false rejects (a) |\n|---|---|---|---|`);
for (const threshold of [0.4, 0.5, 0.6, 0.7, 0.8, 1]) {
  const t = await evaluate(all, { ...embedded, grounding: createLexicalGroundingValidator({ threshold }) });
  const g = t.grounding!;
  console.log(`| ${threshold} | ${pct(g.tp, g.tp + g.fp)} | ${pct(g.tp, g.tp + g.fn)} | ${pct(g.fp, g.fp + g.tn)} |`);
}
