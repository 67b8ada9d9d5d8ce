// The shared @rag/core conformance suites, run against the Ollama wire-format fake (see
// ollama-wire-fake.ts). The same suites run against a real server in conformance.int.test.ts.
import { runChatModelConformance, runEmbedderConformance } from '@rag/core/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { createOllamaChatModel } from '../src/chat-model.js';
import { createOllamaEmbedder } from '../src/embedder.js';
import { startOllamaWireFake, type OllamaWireFake } from './ollama-wire-fake.js';

let fake: OllamaWireFake;
beforeAll(async () => {
  fake = await startOllamaWireFake();
});
afterAll(async () => {
  // held to Ollama's official OpenAPI document: what the adapter sent and what the fake answered
  expect(fake.violations).toEqual([]);
  await fake.close();
});

runChatModelConformance('ollama (wire-format fake)', () => createOllamaChatModel({ host: fake.url, model: 'qwen2.5:3b-instruct' }), {
  tools: true,
  json: true,
  stream: true,
});
runEmbedderConformance('ollama (wire-format fake)', () => createOllamaEmbedder({ host: fake.url, model: 'nomic-embed-text' }));
