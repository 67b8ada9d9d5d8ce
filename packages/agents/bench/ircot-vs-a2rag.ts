// Efficiency on multi-hop questions, A2RAG Tables II–III style: a2rag-agent vs the named peer
// IRCoT, same index, same questions, same process, in model mode on the oracle simulator (a
// stand-in reader that answers with the gold answer when its evidence shows it). EVERY model
// call is counted by wrapping the chat model (analysis, sufficiency, answer, Triple-Check,
// rewrite; reasoning steps and answers for IRCoT), with the tokens each call used. The figures
// are COST ONLY, NOT QUALITY. Run:
//   node --conditions=@rag/source --import tsx packages/agents/bench/ircot-vs-a2rag.ts [--limit N]
import type { ChatModel } from '@rag/core';
import { createOracleChatModel, type OracleGold } from '@rag/core/simulate';
import { createA2ragAgent, createIrcotAgent } from '../src/index.js';
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

const limitAt = process.argv.indexOf('--limit');
const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : undefined;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const shares = (xs: string[]) => {
  const out = new Map<string, number>();
  for (const x of xs) out.set(x, (out.get(x) ?? 0) + 1);
  return [...out].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${Math.round((100 * n) / xs.length)}%`).join(', ');
};

console.log('Cost only, not quality (oracle simulator).');
console.log('| dataset | method | model calls (mean) | tokens (mean) | retries (mean) | stages |');
console.log('|---|---|---|---|---|---|');
for (const name of ['hotpotqa-train100', 'musique-train100']) {
  const index = await benchIndex(name);
  const { corpus, questions: all } = readDataset(name);
  const questions = all.slice(0, limit ?? all.length);
  const passages = new Map(corpus.map((d) => [d.id, d.text]));
  let gold: OracleGold | undefined;
  const model = countCalls(createOracleChatModel({ gold: () => gold }));
  const runs = [
    { label: 'a2rag-agent', agent: createA2ragAgent({ index, model }) },
    { label: 'ircot (peer)', agent: createIrcotAgent({ index, model }) },
  ];
  const rows: { calls: number; tokens: number }[] = [];
  for (const r of runs) {
    const calls: number[] = [], tokens: number[] = [], retries: number[] = [], stages: string[] = [];
    for (const q of questions) {
      gold = { answers: q.answers, supports: q.supporting_ids.flatMap((id) => (passages.has(id) ? [passages.get(id)!] : [])) };
      model.reset();
      const a = await r.agent.answer(q.question);
      calls.push(model.calls);
      tokens.push(model.tokens);
      retries.push(a.retries ?? 0);
      stages.push(a.status === 'answered' ? (a.stage ?? '?') : a.status);
    }
    rows.push({ calls: mean(calls), tokens: mean(tokens) });
    console.log(`| ${name} | ${r.label} | ${mean(calls).toFixed(2)} | ${mean(tokens).toFixed(0)} | ${mean(retries).toFixed(2)} | ${shares(stages)} |`);
  }
  const [a, b] = rows as [(typeof rows)[0], (typeof rows)[0]];
  console.log(`| ${name} | ratio a2rag/ircot | ${(a.calls / b.calls).toFixed(2)} | ${(a.tokens / b.tokens).toFixed(2)} | | |`);
}
