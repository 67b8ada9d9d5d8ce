// Live: the shared conformance suites against a real OpenAI-compatible server. Runs only when
// OPENAI_BASE_URL is set (see tooling/vitest.shared.ts); OPENAI_CHAT_MODEL / OPENAI_EMBED_MODEL
// name the models, OPENAI_API_KEY the key.
import { runChatModelConformance, runEmbedderConformance } from '@rag/core/testing';
import { describe, it } from 'vitest';
import { openaiFromEnv } from '../src/from-env.js';

const stack = openaiFromEnv(process.env);
if (stack) {
  runChatModelConformance(`openai-compatible live (${stack.describe})`, () => stack.chat, { tools: true, json: true, stream: true });
  runEmbedderConformance(`openai-compatible live (${stack.describe})`, () => stack.embedder);
} else {
  describe.skip('openai-compatible live', () => it('needs OPENAI_BASE_URL', () => {}));
}
