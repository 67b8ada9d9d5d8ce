// The README example, runnable: node --conditions=@rag/source --import tsx packages/agents/bench/readme-example.ts
import { createIndexer } from '@rag/indexer';
import { createA2ragAgent } from '../src/index.js';

const index = createIndexer();
await index.ingest([{ id: 'eiffel', title: 'Gustave Eiffel', text: 'Gustave Eiffel was a French engineer. He was born in Dijon in 1832.' }]);
const agent = createA2ragAgent({ index });
const answer = await agent.answer('Where was Gustave Eiffel born?', { budget: { maxLlmCalls: 8, maxWallMs: 30_000 } });
console.log(answer.status, answer.text, answer.citations[0]);
