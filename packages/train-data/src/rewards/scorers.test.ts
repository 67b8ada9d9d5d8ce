import { createRunContext } from '@rag/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLogprobServer, tokenLogprob, type FakeServer } from '../../test/helpers/fake-logprob-server.js';
import { createOllamaScorer } from './ollama-scorer.js';
import { createOpenAiCompletionsScorer } from './openai-completions-scorer.js';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeLogprobServer();
});
afterAll(() => server.close());

const prompt = 'Reference text:\nMarta Quill was born in Lindenport.\n\nQuestion: Where was she born?\nAnswer:';

describe('createOpenAiCompletionsScorer (vLLM wire format)', () => {
  it('sends echo + logprobs and sums the continuation tokens only', async () => {
    const scorer = createOpenAiCompletionsScorer({ baseUrl: `${server.url}/v1/`, model: 'm' });
    const context = createRunContext();
    const s = await scorer.score({ prompt, continuation: ' Lindenport' }, context);
    // " Lindenport" was seen earlier in the prompt: −1
    expect(s).toEqual({ logprob: -1, tokens: 1, approximate: false });
    const unseen = await scorer.score({ prompt, continuation: ' Paris France' });
    expect(unseen.logprob).toBe(-8);
    expect(unseen.tokens).toBe(2);
    const req = server.requests.at(-1)!;
    expect(req.path).toBe('/v1/completions');
    expect(req.body).toMatchObject({ model: 'm', echo: true, logprobs: 1, max_tokens: 1, prompt: `${prompt} Paris France` });
    expect(context.meter.snapshot().llmCalls).toBe(1);
  });
  it('scores a graph-augmented prompt higher when the graph states the answer', async () => {
    const scorer = createOpenAiCompletionsScorer({ baseUrl: `${server.url}/v1`, model: 'm' });
    const withGraph = `Reference text:\nMarta Quill was born in Lindenport.\n\nKnowledge graph:\nMarta Quill —born_in→ Lindenport\n\nQuestion: Where?\nAnswer:`;
    expect((await scorer.score({ prompt: withGraph, continuation: ' Lindenport' })).logprob).toBe(tokenLogprob(withGraph, ' Lindenport'));
    expect(tokenLogprob(withGraph, ' Lindenport')).toBeGreaterThan(-1);
  });
  it('turns HTTP errors and malformed replies into RagErrors', async () => {
    const bad = await startFakeLogprobServer({ status: 500 });
    try {
      await expect(createOpenAiCompletionsScorer({ baseUrl: `${bad.url}/v1`, model: 'm' }).score({ prompt, continuation: ' x' })).rejects.toMatchObject({ code: 'RAG_SERVICE_ERROR' });
    } finally {
      await bad.close();
    }
    await expect(createOpenAiCompletionsScorer({ baseUrl: `${server.url}/nope`, model: 'm' }).score({ prompt, continuation: ' x' })).rejects.toMatchObject({ code: 'RAG_MODEL_NOT_FOUND' });
    await expect(createOpenAiCompletionsScorer({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }).score({ prompt, continuation: ' x' })).rejects.toMatchObject({ code: 'RAG_SERVICE_UNAVAILABLE' });
    const junk = createOpenAiCompletionsScorer({ baseUrl: 'http://x/v1', model: 'm', fetch: async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ choices: [{ text: 'a' }] }) }) });
    await expect(junk.score({ prompt, continuation: ' x' })).rejects.toMatchObject({ code: 'RAG_SERVICE_ERROR' });
    expect(() => createOpenAiCompletionsScorer({ baseUrl: '', model: 'm' })).toThrow(/baseUrl/);
  });
});

describe('createOllamaScorer (teacher forcing over /api/generate)', () => {
  it('walks the continuation token by token with raw prompts and exact top-logprob matches', async () => {
    const scorer = createOllamaScorer({ host: server.url.replace('http://', ''), model: 'llama', topLogprobs: 50 });
    const before = server.requests.length;
    const s = await scorer.score({ prompt, continuation: ' Marta Quill' });
    expect(s).toEqual({ logprob: -2, tokens: 2, approximate: false });
    const reqs = server.requests.slice(before);
    expect(reqs).toHaveLength(2);
    expect(reqs[0]!.body).toMatchObject({ raw: true, stream: false, logprobs: true, top_logprobs: 50, prompt, options: { num_predict: 1 } });
    expect(reqs[1]!.body.prompt).toBe(`${prompt} Marta`);
  });
  it('bounds pieces missing from the alternatives and says the score is approximate', async () => {
    const s = await createOllamaScorer({ host: server.url, model: 'llama' }).score({ prompt, continuation: ' Zanzibar' });
    expect(s.approximate).toBe(true);
    expect(s.note).toMatch(/upper bound/);
    expect(s.logprob).toBeLessThanOrEqual(-1);
  });
  it('says plainly when the server returns no log-probabilities', async () => {
    const old = await startFakeLogprobServer({ omitOllamaLogprobs: true });
    try {
      await expect(createOllamaScorer({ host: old.url, model: 'llama' }).score({ prompt, continuation: ' x' })).rejects.toMatchObject({ code: 'RAG_UNSUPPORTED' });
    } finally {
      await old.close();
    }
  });
});
