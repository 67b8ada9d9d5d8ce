// Efficiency on multi-hop questions, A2RAG Tables II–III style: a2rag-agent vs the named peer
// IRCoT, same index, same questions, same process, embedded mode. Without a model there are no
// tokens, so both are charged in "model-equivalent calls": the calls their default LLM
// strategies would make in service mode, counted from each answer's trace —
//   a2rag-agent: per attempt 1 answer + the Triple-Check verdicts computed + 1 rewrite per retry;
//   ircot:       1 per reasoning step + 1 final answer.
// plus retrieval calls and wall latency. Run:
//   node --conditions=@rag/source --import tsx packages/agents/bench/ircot-vs-a2rag.ts
import type { Answer } from '@rag/core';
import { createA2ragAgent, createIrcotAgent } from '../src/index.js';
import { benchIndex, readDataset } from './shared.js';

const count = (a: Answer, pred: (e: Answer['trace'][number]) => boolean) => a.trace.filter(pred).length;
const a2ragCalls = (a: Answer) => ({
  model: count(a, (e) => e.kind === 'stage' && e.name === 'generate') + count(a, (e) => e.kind === 'verdict') + count(a, (e) => e.kind === 'decision' && e.name === 'rewrite'),
  retrieval: 1 + (a.retries ?? 0),
});
const ircotCalls = (a: Answer) => {
  const calls = a.trace.filter((e) => e.name === 'strategy-call').map((e) => e.data?.what);
  return { model: calls.filter((w) => w === 'reason' || w === 'answer').length, retrieval: calls.filter((w) => w === 'retrieve').length };
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

console.log('| dataset | method | model-equivalent calls (mean) | retrieval calls (mean) | latency mean ms | p95 ms |');
console.log('|---|---|---|---|---|---|');
for (const name of ['hotpotqa-train100', 'musique-train100']) {
  const index = await benchIndex(name);
  const { questions } = readDataset(name);
  const runs = [
    { label: 'a2rag-agent', agent: createA2ragAgent({ index }), calls: a2ragCalls },
    { label: 'ircot (peer)', agent: createIrcotAgent({ index }), calls: ircotCalls },
  ];
  const rows: { model: number; retrieval: number; ms: number[] }[] = [];
  // Warm-up so neither method pays one-time costs (adjacency and provenance caches).
  for (const r of runs) await r.agent.answer(questions[0]!.question);
  for (const r of runs) {
    const model: number[] = [], retrieval: number[] = [], ms: number[] = [];
    for (const q of questions) {
      const t0 = performance.now();
      const a = await r.agent.answer(q.question);
      ms.push(performance.now() - t0);
      const c = r.calls(a);
      model.push(c.model);
      retrieval.push(c.retrieval);
    }
    rows.push({ model: mean(model), retrieval: mean(retrieval), ms });
    console.log(`| ${name} | ${r.label} | ${mean(model).toFixed(2)} | ${mean(retrieval).toFixed(2)} | ${mean(ms).toFixed(1)} | ${pct(ms, 0.95).toFixed(1)} |`);
  }
  const [a, b] = rows as [(typeof rows)[0], (typeof rows)[0]];
  console.log(`| ${name} | ratio a2rag/ircot | ${(a.model / b.model).toFixed(2)} | ${(a.retrieval / b.retrieval).toFixed(2)} | ${(mean(a.ms) / mean(b.ms)).toFixed(2)} | ${(pct(a.ms, 0.95) / pct(b.ms, 0.95)).toFixed(2)} |`);
}
