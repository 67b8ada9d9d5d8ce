// createOllamaChatModel against the Ollama wire-format fake (see ollama-wire-fake.ts).
import { RagError, type ChatStreamChunk } from '@rag/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOllamaChatModel } from '../src/chat-model.js';
import { startOllamaWireFake, type ChatRequestBody, type OllamaWireFake } from './ollama-wire-fake.js';

let fake: OllamaWireFake;
beforeAll(async () => {
  fake = await startOllamaWireFake({
    models: [
      { name: 'qwen2.5:3b-instruct', kind: 'chat', capabilities: ['completion', 'tools'], contextLength: 32768 },
      { name: 'plain:1b', kind: 'chat', capabilities: ['completion'], contextLength: 4096 },
      { name: 'nomic-embed-text:latest', kind: 'embed', capabilities: ['embedding'], dimensions: 8 },
    ],
  });
});
afterAll(async () => {
  // held to Ollama's official OpenAPI document: what the adapter sent and what the fake answered
  expect(fake.violations).toEqual([]);
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.setResponder((b) => ({ content: `echo ${b.messages.at(-1)?.content ?? ''}` }));
});

const chatBodies = () => fake.requests.filter((r) => r.path === '/api/chat').map((r) => r.body as ChatRequestBody);
const model = (extra: Partial<Parameters<typeof createOllamaChatModel>[0]> = {}) =>
  createOllamaChatModel({ host: fake.url, model: 'qwen2.5:3b-instruct', retryBaseDelayMs: 1, ...extra });

describe('createOllamaChatModel', () => {
  it('chats and reports token usage from prompt_eval_count / eval_count', async () => {
    const res = await model().chat({ messages: [{ role: 'user', content: 'hello there' }] });
    expect(res.text).toBe('echo hello there');
    expect(res.finishReason).toBe('stop');
    expect(res.usage.tokensIn).toBeGreaterThan(0);
    expect(res.usage.tokensOut).toBe(3);
    expect(res.model).toBe('qwen2.5:3b-instruct');
    const [body] = chatBodies();
    expect(body?.stream).toBe(false);
    expect(body?.options?.num_ctx).toBe(2048);
  });

  it('sizes num_ctx to the prompt and never shrinks it again (no model reloads)', async () => {
    const m = model();
    await m.chat({ messages: [{ role: 'user', content: 'x '.repeat(6000) }] });
    await m.chat({ messages: [{ role: 'user', content: 'short' }] });
    expect(chatBodies().map((b) => b.options?.num_ctx)).toEqual([8192, 8192]);
  });

  it('refuses a prompt larger than maxContextTokens before sending it', async () => {
    const err = await model({ maxContextTokens: 2048 })
      .chat({ messages: [{ role: 'user', content: 'y'.repeat(9000) }] })
      .catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_CONTEXT_OVERFLOW')).toBe(true);
    expect(chatBodies()).toHaveLength(0);
  });

  it('takes the context limit from /api/show when not configured', async () => {
    const err = await createOllamaChatModel({ host: fake.url, model: 'plain:1b' })
      .chat({ messages: [{ role: 'user', content: 'z'.repeat(12_000) }] })
      .catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_CONTEXT_OVERFLOW')).toBe(true);
    expect((err as RagError).details.maxCtx).toBe(4096);
  });

  it('passes keep_alive, temperature, seed and maxTokens through', async () => {
    await model({ keepAlive: '10m' }).chat({ messages: [{ role: 'user', content: 'q' }], temperature: 0, seed: 7, maxTokens: 64 });
    const [body] = chatBodies();
    expect(body?.keep_alive).toBe('10m');
    expect(body?.options).toMatchObject({ temperature: 0, seed: 7, num_predict: 64 });
  });

  it('maps native tool calls both ways and generates ids when Ollama gives none', async () => {
    fake.setResponder((b: ChatRequestBody) =>
      b.messages.at(-1)?.role === 'tool'
        ? { content: `answer from ${b.messages.at(-1)?.tool_name}: ${b.messages.at(-1)?.content}` }
        : { toolCalls: [{ name: 'lookup', arguments: { q: 'paris' } }] },
    );
    const m = model();
    const tools = [{ name: 'lookup', description: 'look up', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }];
    const first = await m.chat({ messages: [{ role: 'user', content: 'capital?' }], tools });
    expect(first.finishReason).toBe('tool_calls');
    expect(first.toolCalls).toHaveLength(1);
    const call = first.toolCalls[0]!;
    expect(call).toMatchObject({ name: 'lookup', arguments: { q: 'paris' } });
    expect(call.id).toMatch(/^call_\d+$/);
    expect(chatBodies()[0]?.tools?.[0]).toMatchObject({ type: 'function', function: { name: 'lookup' } });

    const second = await m.chat({
      messages: [
        { role: 'user', content: 'capital?' },
        { role: 'assistant', content: '', toolCalls: first.toolCalls },
        { role: 'tool', content: 'Paris is the capital', toolCallId: call.id },
      ],
      tools,
    });
    expect(second.text).toBe('answer from lookup: Paris is the capital');
    expect(chatBodies()[1]?.messages[1]?.tool_calls).toEqual([{ function: { name: 'lookup', arguments: { q: 'paris' } } }]);
  });

  it('refuses tools for a model without the tools capability', async () => {
    const err = await createOllamaChatModel({ host: fake.url, model: 'plain:1b' })
      .chat({ messages: [{ role: 'user', content: 'q' }], tools: [{ name: 't', description: '', parameters: { type: 'object' } }] })
      .catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_UNSUPPORTED')).toBe(true);
  });

  it('structured output: sends the JSON schema as `format` with think: false', async () => {
    fake.setResponder((b) => ({ content: JSON.stringify({ answer: 'Paris', confidence: 0.9, echo: typeof b.format }) }));
    const schema = { type: 'object', properties: { answer: { type: 'string' }, confidence: { type: 'number' } }, required: ['answer'] };
    const res = await model({ think: true }).chat({ messages: [{ role: 'user', content: 'q' }], jsonSchema: schema });
    expect(JSON.parse(res.text)).toMatchObject({ answer: 'Paris', echo: 'object' });
    const [body] = chatBodies();
    expect(body?.format).toEqual(schema);
    expect(body?.think).toBe(false);
  });

  it('structured output with no JSON value in it is RAG_MODEL_OUTPUT_INVALID; near-miss JSON is left for the caller to repair', async () => {
    fake.setResponder(() => ({ content: 'Sure! The capital is Paris.' }));
    const err = await model()
      .chat({ messages: [{ role: 'user', content: 'q' }], jsonSchema: { type: 'object' } })
      .catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_MODEL_OUTPUT_INVALID')).toBe(true);
    fake.setResponder(() => ({ content: '```json\n{"answer": "Paris",}\n```' }));
    const r = await model().chat({ messages: [{ role: 'user', content: 'q' }], jsonSchema: { type: 'object' } });
    expect(r.text).toBe('```json\n{"answer": "Paris",}\n```');
  });

  it('streams NDJSON deltas and ends with the full response', async () => {
    fake.setResponder(() => ({ content: 'one two three' }));
    const chunks: ChatStreamChunk[] = [];
    for await (const c of model().stream!({ messages: [{ role: 'user', content: 'count' }] })) chunks.push(c);
    expect(chunks.slice(0, -1).map((c) => c.text)).toEqual(['one ', 'two ', 'three']);
    const done = chunks.at(-1)?.done;
    expect(done?.text).toBe('one two three');
    expect(done?.usage.tokensOut).toBe(3);
    expect(chatBodies()[0]?.stream).toBe(true);
  });

  it('streams tool calls', async () => {
    fake.setResponder(() => ({ toolCalls: [{ name: 'lookup', arguments: { q: 'x' } }] }));
    let done;
    for await (const c of model().stream!({
      messages: [{ role: 'user', content: 'q' }],
      tools: [{ name: 'lookup', description: '', parameters: { type: 'object' } }],
    }))
      done = c.done ?? done;
    expect(done).toMatchObject({ finishReason: 'tool_calls', toolCalls: [{ name: 'lookup', arguments: { q: 'x' } }] });
  });

  it('a model that is not pulled is RAG_MODEL_NOT_FOUND with the pull command', async () => {
    const err = await createOllamaChatModel({ host: fake.url, model: 'llama9:70b' })
      .chat({ messages: [{ role: 'user', content: 'q' }] })
      .catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_MODEL_NOT_FOUND')).toBe(true);
    expect((err as RagError).message).toContain('ollama pull llama9:70b');
  });

  it('validates its input', async () => {
    expect(() => createOllamaChatModel({ host: fake.url, model: ' ' })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    await expect(model().chat({ messages: [] })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    await expect(model().chat({ messages: [{ role: 'wizard' as 'user', content: 'x' }] })).rejects.toMatchObject({
      code: 'RAG_INVALID_INPUT',
      message: expect.stringContaining('messages[0]'),
    });
  });
});
