// Efficiency on multi-hop questions, A2RAG Tables II–III style: a2rag-agent vs the named peer
// IRCoT, same index, same questions, same process, in model mode on the oracle simulator (a
// stand-in reader that answers with the gold answer when its evidence shows it). EVERY model
// call is counted twice: by wrapping the chat model (whoever calls it: analysis, sufficiency,
// answer, Triple-Check, rewrite; reasoning steps and the reader for IRCoT) and by the run's own
// meter, and the two counts must agree. The figures are COST ONLY, NOT QUALITY. The same figures
// come from `pnpm rag-eval --dataset <set> --methods a2rag-agent,ircot --chat oracle`. Run:
//   node --conditions=@rag/source --import tsx packages/agents/bench/ircot-vs-a2rag.ts [--limit N] [--sets a,b] [--oracle-chain per-fact|jump]
// --oracle-chain: how the oracle writes IRCoT's reasoning chain (default per-fact: one supporting
// fact per step, then the answer sentence; jump: the answer sentence as soon as the gold is shown).
import type { ChatModel } from '@rag/core';
import { createOracleChatModel, ORACLE_CHAIN_MODES, type OracleChainMode, type OracleGold } from '@rag/core/simulate';
import { createA2ragAgent, createIrcotAgent, type Agent } from '../src/index.js';
import { benchIndex, readDataset } from './shared.js';

/** Wraps a chat model so every call and its tokens are counted, whoever makes it. */
function countCalls(inner: ChatModel): ChatModel & { calls: number; tokens: number; reset(): void } {
  const counter = {
    id: inner.id,
    calls: 0,
    tokens: 0,
    reset() {
      counter.calls = 0;
      counter.tokens = 0;
    },
    async chat(request: Parameters<ChatModel['chat']>[0]) {
      counter.calls++;
      const response = await inner.chat(request);
      counter.tokens += response.usage.tokensIn + response.usage.tokensOut;
      return response;
    },
  };
  return counter;
}

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const limit = arg('--limit') !== undefined ? Number(arg('--limit')) : undefined;
// The bar's three sets; 2wiki: its first 200 questions (a reporting split, never tuned on).
const SETS: Record<string, number | undefined> = { 'hotpotqa-train100': undefined, 'musique-train100': undefined, '2wiki': 200 };
const sets = arg('--sets')?.split(',') ?? Object.keys(SETS);
const chain = (arg('--oracle-chain') ?? 'per-fact') as OracleChainMode;
if (!ORACLE_CHAIN_MODES.includes(chain)) throw new Error(`--oracle-chain: must be ${ORACLE_CHAIN_MODES.join(' or ')}, got "${chain}"`);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.95 * xs.length) - 1)] ?? 0;
const shares = (xs: string[]) => {
  const out = new Map<string, number>();
  for (const x of xs) out.set(x, (out.get(x) ?? 0) + 1);
  return [...out].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${Math.round((100 * n) / xs.length)}%`).join(', ');
};

console.log(`Cost only, not quality (oracle simulator, reasoning chains: ${chain}).`);
console.log('| dataset | method | model calls (mean) | tokens (mean) | calls per attempt (p95) | retries (mean) | calls by step (per question) | stages |');
console.log('|---|---|---|---|---|---|---|---|');
let mismatches = 0;
for (const name of sets) {
  const index = await benchIndex(name);
  const { corpus, questions: all } = readDataset(name);
  const questions = all.slice(0, limit ?? SETS[name] ?? all.length);
  const passages = new Map(corpus.map((d) => [d.id, d.text]));
  let gold: OracleGold | undefined;
  const model = countCalls(createOracleChatModel({ gold: () => gold, chain }));
  const runs: { label: string; agent: Agent }[] = [
    { label: 'a2rag-agent', agent: createA2ragAgent({ index, model }) },
    { label: 'ircot (peer)', agent: createIrcotAgent({ index, model }) },
  ];
  const rows: { calls: number; tokens: number }[] = [];
  for (const r of runs) {
    const calls: number[] = [], tokens: number[] = [], retries: number[] = [], perAttempt: number[] = [], stages: string[] = [];
    const steps = new Map<string, number>();
    for (const q of questions) {
      gold = { answers: q.answers, supports: q.supporting_ids.flatMap((id) => (passages.has(id) ? [passages.get(id)!] : [])) };
      model.reset();
      const a = await r.agent.answer(q.question);
      if (a.cost.llmCalls !== model.calls) mismatches++;
      calls.push(model.calls);
      tokens.push(model.tokens);
      retries.push(a.retries ?? 0);
      perAttempt.push(model.calls / ((a.retries ?? 0) + 1));
      stages.push(a.status === 'answered' ? (a.stage ?? '?') : a.status);
      for (const e of a.trace) if (e.kind === 'llm') steps.set(e.name, (steps.get(e.name) ?? 0) + (e.calls ?? 1));
    }
    const byStep = [...steps].sort((x, y) => y[1] - x[1]).map(([s, n]) => `${s} ${(n / questions.length).toFixed(2)}`).join(', ');
    rows.push({ calls: mean(calls), tokens: mean(tokens) });
    console.log(`| ${name} (${questions.length}) | ${r.label} | ${mean(calls).toFixed(2)} | ${mean(tokens).toFixed(0)} | ${p95(perAttempt).toFixed(2)} | ${mean(retries).toFixed(2)} | ${byStep} | ${shares(stages)} |`);
  }
  const [a, b] = rows as [(typeof rows)[0], (typeof rows)[0]];
  console.log(`| ${name} (${questions.length}) | ratio a2rag/ircot | ${(a.calls / b.calls).toFixed(2)} | ${(a.tokens / b.tokens).toFixed(2)} | | | | |`);
}
console.log(mismatches === 0 ? 'Every run: the wrapped model saw exactly the calls the run metered.' : `MISMATCH: ${mismatches} run(s) metered a different number of calls than the wrapped model saw.`);
if (mismatches > 0) process.exitCode = 1;
