import { generateObject } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FetchLike } from '../rewards/http.js';
import { createOpenAiChatModel } from './openai-chat-model.js';

function fakeFetch(reply: unknown, status = 200) {
  const calls: { url: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, body: JSON.parse(init.body) as Record<string, unknown>, headers: init.headers });
    return { ok: status < 400, status, text: async () => JSON.stringify(reply) };
  };
  return { fetch, calls };
}

describe('createOpenAiChatModel', () => {
  it('speaks /v1/chat/completions and asks for JSON when a schema is requested', async () => {
    const f = fakeFetch({ model: 'qwen', choices: [{ message: { content: '{"a":1}' }, finish_reason: 'stop' }], usage: { prompt_tokens: 12, completion_tokens: 3 } });
    const model = createOpenAiChatModel({ baseUrl: 'http://h/v1/', model: 'qwen', apiKey: 'k', fetch: f.fetch });
    const r = await generateObject({ model, schema: z.object({ a: z.number() }), messages: [{ role: 'user', content: 'hi' }], temperature: 0.2, seed: 3 });
    expect(r.object).toEqual({ a: 1 });
    expect(r.usage).toEqual({ tokensIn: 12, tokensOut: 3 });
    expect(f.calls[0]!.url).toBe('http://h/v1/chat/completions');
    expect(f.calls[0]!.headers.authorization).toBe('Bearer k');
    expect(f.calls[0]!.body).toMatchObject({ model: 'qwen', temperature: 0.2, seed: 3, response_format: { type: 'json_object' }, messages: [{ role: 'user', content: 'hi' }] });
  });
  it('passes the JSON Schema on in json_schema mode, and maps errors', async () => {
    const f = fakeFetch({ choices: [{ message: { content: '{}' } }] });
    await createOpenAiChatModel({ baseUrl: 'http://h/v1', model: 'm', structuredOutput: 'json_schema', fetch: f.fetch }).chat({ messages: [{ role: 'user', content: 'x' }], jsonSchema: { type: 'object' } });
    expect(f.calls[0]!.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'reply', schema: { type: 'object' } } });
    await expect(createOpenAiChatModel({ baseUrl: 'http://h/v1', model: 'm', fetch: fakeFetch({ error: 'x' }, 500).fetch }).chat({ messages: [] })).rejects.toMatchObject({ code: 'RAG_SERVICE_ERROR' });
    await expect(createOpenAiChatModel({ baseUrl: 'http://h/v1', model: 'm', fetch: fakeFetch({ nope: 1 }).fetch }).chat({ messages: [] })).rejects.toMatchObject({ code: 'RAG_SERVICE_ERROR' });
  });
});
