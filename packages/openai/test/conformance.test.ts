// The shared @rag/core conformance suites against the OpenAI-compatible wire fake; the same
// suites run against a real server in conformance.int.test.ts (OPENAI_BASE_URL).
import { runChatModelConformance, runEmbedderConformance } from '@rag/core/testing';
import { afterAll, beforeAll } from 'vitest';
import { createOpenAIChatModel } from '../src/chat-model.js';
import { createOpenAIEmbedder } from '../src/embedder.js';
import { startOpenAIWireFake, type OpenAIWireFake } from './openai-wire-fake.js';

let fake: OpenAIWireFake;
beforeAll(async () => {
  fake = await startOpenAIWireFake();
});
afterAll(async () => {
  await fake.close();
});

runChatModelConformance('openai-compatible (wire-format fake)', () => createOpenAIChatModel({ baseURL: fake.url, model: 'gpt-4o-mini', maxRetries: 0 }), { tools: true, json: true, stream: true });
runEmbedderConformance('openai-compatible (wire-format fake)', () => createOpenAIEmbedder({ baseURL: fake.url, model: 'text-embedding-3-small', maxRetries: 0 }));
