// Accuracy by query type of the academic agent on the synthetic scholarly graph (embedded mode).
// Run: node --conditions=@rag/source --import tsx packages/agents/bench/academic.ts [seed]
// An answer is correct when its items equal the gold items (set questions: all of them, any
// order) or, for single answers, equal one gold item; numbers compare as numbers.
import { createAcademicAgent, generateScholarlyGraph } from '../src/index.js';

// Variants: "clean" mentions; "noisy" (30% of mentions with a typo → similarity lookup of v*);
// "flat-plan" (hop budget forced to 0, so only S_suf-driven expansion can reach the facts);
// "flat-plan, no expansion" (the same with maxExpansions = 0, the ablation).
import { createHeuristicQueryPlanner, type QueryPlanner } from '../src/index.js';
const seed = Number(process.argv[2] ?? 7);
const base = createHeuristicQueryPlanner();
const flat: QueryPlanner = { plan: async (q) => ({ ...(await base.plan(q)), hops: 0 }) };
const variants = [
  { name: 'clean', noise: 0, planner: base, maxExpansions: 2 },
  { name: 'noisy mentions (30%)', noise: 0.3, planner: base, maxExpansions: 2 },
  { name: 'flat plan (h=0), ≤2 expansions', noise: 0, planner: flat, maxExpansions: 2 },
  { name: 'flat plan (h=0), no expansion', noise: 0, planner: flat, maxExpansions: 0 },
];
for (const v of variants) {
const fx = generateScholarlyGraph({ seed, authors: 200, papers: 600, venues: 20, questionsPerType: 100, mentionNoise: v.noise });
const agent = createAcademicAgent({ graph: fx.graph, planner: v.planner, maxExpansions: v.maxExpansions });
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const by: Record<string, { n: number; ok: number; abstained: number; expanded: number }> = {};
const t0 = performance.now();
for (const q of fx.questions) {
  const a = await agent.answer(q.question);
  const got = a.text ? a.text.split(', ').map(norm) : [];
  const gold = q.answers.map(norm);
  // Titles and names contain no ", " in the fixture, so splitting the joined answer is exact.
  const ok = q.set ? got.length === gold.length && gold.every((g) => got.includes(g)) : got.length >= 1 && got.every((g) => gold.includes(g));
  const s = (by[q.type] ??= { n: 0, ok: 0, abstained: 0, expanded: 0 });
  s.n++;
  s.ok += ok ? 1 : 0;
  s.abstained += a.status === 'abstained' ? 1 : 0;
  s.expanded += a.trace.filter((e) => e.name === 'sufficiency' && e.decision?.endsWith('expand')).length > 0 ? 1 : 0;
}
const ms = performance.now() - t0;
console.log(`\n### ${v.name}\nseed ${seed}: ${fx.graph.nodeCount} nodes, ${fx.graph.edgeCount} edges, ${fx.questions.length} questions, ${(ms / fx.questions.length).toFixed(2)} ms/question`);
console.log('| type | questions | accuracy | abstained | expanded ≥ once |');
console.log('|---|---|---|---|---|');
for (const [t, s] of Object.entries(by)) console.log(`| ${t} | ${s.n} | ${(s.ok / s.n).toFixed(3)} | ${s.abstained} | ${s.expanded} |`);
}
