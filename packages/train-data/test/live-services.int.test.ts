// Against a REAL Ollama server; runs only when OLLAMA_HOST is set (the root vitest config
// includes *.int.test.ts only then). Model: OLLAMA_CHAT_MODEL (default qwen2.5:3b-instruct),
// pulled first. Checks the wire formats end to end, not the quality of any output.
import { describe, expect, it } from 'vitest';
import { createOllamaScorer } from '../src/rewards/ollama-scorer.js';
import { createOpenAiChatModel } from '../src/teacher/openai-chat-model.js';

const host = process.env.OLLAMA_HOST;
const model = process.env.OLLAMA_CHAT_MODEL || 'qwen2.5:3b-instruct';

describe.runIf(Boolean(host))(`live Ollama at ${host ?? '(OLLAMA_HOST unset)'}`, () => {
  it('scores a continuation by teacher forcing (or says the server has no logprobs)', async () => {
    const scorer = createOllamaScorer({ host: host!, model, maxSteps: 8 });
    try {
      const s = await scorer.score({ prompt: 'The capital of France is', continuation: ' Paris' });
      expect(s.tokens).toBeGreaterThan(0);
      expect(s.logprob).toBeLessThanOrEqual(0);
    } catch (error) {
      expect(error).toMatchObject({ code: 'RAG_UNSUPPORTED' });
    }
  }, 120_000);

  it('uses Ollama\'s OpenAI-compatible /v1 endpoint as a teacher', async () => {
    const base = /^https?:\/\//.test(host!) ? host! : `http://${host!}`;
    const teacher = createOpenAiChatModel({ baseUrl: `${base.replace(/\/+$/, '')}/v1`, model });
    const r = await teacher.chat({ messages: [{ role: 'user', content: 'Reply with the JSON {"ok":true} only.' }], jsonSchema: { type: 'object' }, temperature: 0 });
    expect(r.text.length).toBeGreaterThan(0);
  }, 120_000);
});
