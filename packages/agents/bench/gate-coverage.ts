// c_min for the A2RAG coverage gate (src/a2rag/coverage-gate.ts) with the embedded index: share of
// each dataset's own questions (answerable) and of the OTHER dataset's questions (unanswerable by
// construction) the gate closes on, at τ_g = 0.2 (default) and several c_min. Rule: the gate
// closes when max summary cosine < τ_g or covered share of salient mentions < c_min.
// Run: node --conditions=@rag/source --import tsx packages/agents/bench/gate-coverage.ts
import { createRunContext } from '@rag/core';
import { createCoverageGate } from '../src/a2rag/coverage-gate.js';
import { DEFAULT_GATE_THRESHOLD } from '../src/index.js';
import { benchIndex, readDataset } from './shared.js';

const names = ['hotpotqa-train100', 'musique-train100'] as const;
const cmins = [0.25, 0.5, 0.51, 0.75, 1];
console.log(`| corpus | questions | n | no salient mention | ${cmins.map((c) => `closed@c_min=${c}`).join(' | ')} |`);
console.log(`|---|---|---|---|${cmins.map(() => '---').join('|')}|`);
for (const corpus of names) {
  const index = await benchIndex(corpus);
  // τ_g = 0 and c_min = 0 here so every question gets both scores; the rule is applied below.
  const gate = createCoverageGate({ index, threshold: 0, minCoverage: 0 });
  for (const from of names) {
    const rows: { score: number; coverage: number | undefined }[] = [];
    for (const x of readDataset(from).questions) {
      const d = await gate.check(x.question, createRunContext());
      rows.push({ score: d.score ?? 1, coverage: d.coverage });
    }
    const closed = (c: number) => rows.filter((r) => r.score < DEFAULT_GATE_THRESHOLD || (r.coverage !== undefined && r.coverage < c)).length / rows.length;
    const label = from === corpus ? 'own (answerable)' : `${from} (unanswerable)`;
    console.log(`| ${corpus} | ${label} | ${rows.length} | ${rows.filter((r) => r.coverage === undefined).length} | ${cmins.map((c) => closed(c).toFixed(2)).join(' | ')} |`);
  }
}
