// Retrieved corpus tokens per question (A-RAG Table 3) for the A-RAG agent with the scripted
// policy, against the named peer "naive RAG": the full text of BM25's top-5 chunks, as a
// fixed-k retriever hands to a model. Same index and questions, embedded mode. Run:
//   node --conditions=@rag/source --import tsx packages/agents/bench/arag-tokens.ts
import { countTokens } from '@rag/core';
import { createBm25Retriever } from '@rag/retrievers';
import { createAragAgent, retrievedTokensOf } from '../src/index.js';
import { benchIndex, readDataset } from './shared.js';

console.log('| dataset | A-RAG (scripted policy) tokens/question | naive RAG (BM25 top-5 full text) tokens/question | ratio | A-RAG tool calls/question |');
console.log('|---|---|---|---|---|');
for (const name of ['hotpotqa-train100', 'musique-train100']) {
  const index = await benchIndex(name);
  const { questions } = readDataset(name);
  const agent = createAragAgent({ index });
  const bm25 = createBm25Retriever({ index });
  let arag = 0, naive = 0, steps = 0;
  for (const q of questions) {
    const a = await agent.answer(q.question);
    arag += retrievedTokensOf(a.trace);
    steps += a.trace.filter((e) => e.kind === 'stage' && e.name.startsWith('tool:')).length;
    const ev = await bm25.retrieve(q.question, { k: 5 });
    naive += ev.chunks.slice(0, 5).reduce((n, c) => n + countTokens(c.text), 0);
  }
  const n = questions.length;
  console.log(`| ${name} | ${(arag / n).toFixed(0)} | ${(naive / n).toFixed(0)} | ${(arag / naive).toFixed(2)} | ${(steps / n).toFixed(2)} |`);
}
