// τ_g for the A2RAG entry gate (eq. 1) with the embedded hashing embedder: the max summary
// cosine of each dataset's own questions (answerable) and of the OTHER dataset's questions
// against this corpus (unanswerable by construction), and the abstention rate at several τ_g.
// Run: node --conditions=@rag/source --import tsx packages/agents/bench/gate-threshold.ts
import { createRunContext } from '@rag/core';
import { createSummaryGate } from '../src/index.js';
import { benchIndex, readDataset } from './shared.js';

const names = ['hotpotqa-train100', 'musique-train100'] as const;
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const taus = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4];
console.log('| corpus | questions | n | p05 | p25 | median | p75 | ' + taus.map((t) => `abstain@${t}`).join(' | ') + ' |');
console.log('|---|---|---|---|---|---|---|' + taus.map(() => '---').join('|') + '|');
for (const corpus of names) {
  const index = await benchIndex(corpus);
  const gate = createSummaryGate({ index, threshold: 0 });
  for (const from of names) {
    const scores: number[] = [];
    for (const x of readDataset(from).questions) scores.push((await gate.check(x.question, createRunContext())).score ?? 0);
    const label = from === corpus ? 'own (answerable)' : `${from} (unanswerable)`;
    const rates = taus.map((t) => (scores.filter((s) => s < t).length / scores.length).toFixed(2));
    console.log(`| ${corpus} | ${label} | ${scores.length} | ${[0.05, 0.25, 0.5, 0.75].map((p) => q(scores, p).toFixed(3)).join(' | ')} | ${rates.join(' | ')} |`);
  }
}
