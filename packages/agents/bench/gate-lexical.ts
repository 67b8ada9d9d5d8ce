// The coverage gate with and without `lexicalCover` (src/a2rag/lexical-cover.ts): share of each
// dataset's own questions (answerable) and of the OTHER dataset's questions (unanswerable by
// construction) the gate closes on, at the defaults (τ_g = 0.2, c_min = 0.5).
// Run: node --conditions=@rag/source --import tsx packages/agents/bench/gate-lexical.ts
import { createRunContext } from '@rag/core';
import { createCoverageGate } from '../src/a2rag/coverage-gate.js';
import { benchIndex, readDataset } from './shared.js';

const names = ['hotpotqa-train100', 'musique-train100', 'realdocs-vitest'] as const;
console.log('| corpus | questions | n | closed, eq. 1 + coverage | closed, + lexical cover |');
console.log('|---|---|---|---|---|');
for (const corpus of names) {
  const index = await benchIndex(corpus);
  const plain = createCoverageGate({ index, lexicalCover: false });
  const lexical = createCoverageGate({ index });
  for (const from of names) {
    const qs = readDataset(from).questions;
    let a = 0;
    let b = 0;
    for (const x of qs) {
      if (!(await plain.check(x.question, createRunContext())).pass) a++;
      if (!(await lexical.check(x.question, createRunContext())).pass) b++;
    }
    const label = from === corpus ? 'own (answerable)' : `${from} (unanswerable)`;
    console.log(`| ${corpus} | ${label} | ${qs.length} | ${(a / qs.length).toFixed(2)} | ${(b / qs.length).toFixed(2)} |`);
  }
}
