import { decide, RagError } from '@rag/core';
import { expectRagError } from '@rag/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAIChatModel } from '../src/chat-model.js';
import { createOpenAIEmbedder } from '../src/embedder.js';
import { openaiFromEnv } from '../src/from-env.js';
import { startOpenAIWireFake, type OpenAIWireFake } from './openai-wire-fake.js';

let fake: OpenAIWireFake;
beforeAll(async () => {
  fake = await startOpenAIWireFake();
});
afterAll(async () => {
  await fake.close();
});
const chat = () => createOpenAIChatModel({ baseURL: fake.url, model: 'gpt-4o-mini', maxRetries: 0 });
const last = () => fake.requests.at(-1)!.body;

describe('createOpenAIChatModel', () => {
  it('sends the schema as response_format json_schema, tools as functions, and tool history with ids', async () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
    await chat().chat({ messages: [{ role: 'user', content: 'Capital of France?' }], jsonSchema: schema, temperature: 0, maxTokens: 50, seed: 3 });
    expect(last()).toMatchObject({ model: 'gpt-4o-mini', response_format: { type: 'json_schema', json_schema: { name: 'reply', schema, strict: false } }, temperature: 0, max_tokens: 50, seed: 3 });
    await chat().chat({
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'search', arguments: { q: 'x' } }] },
        { role: 'tool', toolCallId: 'c1', name: 'search', content: 'result' },
      ],
      tools: [{ name: 'search', description: 'search', parameters: { type: 'object', properties: { q: { type: 'string' } } } }],
    });
    expect(last().messages).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{"q":"x"}' } }] },
      { role: 'tool', content: 'result', tool_call_id: 'c1' },
    ]);
    expect(last().tools).toEqual([{ type: 'function', function: { name: 'search', description: 'search', parameters: { type: 'object', properties: { q: { type: 'string' } } } } }]);
  });

  it('assembles streamed tool-call fragments into parsed arguments', async () => {
    const tools = [{ name: 'get_weather', description: 'w', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }];
    let done;
    for await (const c of chat().stream({ messages: [{ role: 'user', content: 'Weather in Paris?' }], tools })) if (c.done) done = c.done;
    expect(done).toMatchObject({ finishReason: 'tool_calls', toolCalls: [{ name: 'get_weather', arguments: { city: 'Weather' } }] });
    expect(last().stream_options).toEqual({ include_usage: true });
  });

  it('maps a missing model to RAG_MODEL_NOT_FOUND, a dead server to RAG_SERVICE_UNAVAILABLE, a 500 to RAG_SERVICE_ERROR', async () => {
    await expectRagError(createOpenAIChatModel({ baseURL: fake.url, model: 'nope', maxRetries: 0 }).chat({ messages: [{ role: 'user', content: 'hi' }] }), ['RAG_MODEL_NOT_FOUND']);
    await expectRagError(createOpenAIChatModel({ baseURL: 'http://127.0.0.1:9/v1', model: 'x', maxRetries: 0 }).chat({ messages: [{ role: 'user', content: 'hi' }] }), ['RAG_SERVICE_UNAVAILABLE']);
    fake.faults = ['server-error-mid-stream'];
    try {
      await expectRagError(chat().chat({ messages: [{ role: 'user', content: 'hi' }] }), ['RAG_SERVICE_ERROR']);
      await expect(
        (async () => {
          for await (const _ of chat().stream({ messages: [{ role: 'user', content: 'Count to five' }] })) void _;
        })(),
      ).rejects.toSatisfy((e) => RagError.isInstance(e));
    } finally {
      fake.faults = [];
    }
  });

  it('structured output survives a misbehaving server through the structured-output path', async () => {
    const Schema = z.object({ city: z.string() });
    fake.faults = ['fenced-json', 'think-preamble', 'renamed-keys', 'array-for-object'];
    try {
      for (let i = 0; i < 4; i++) {
        const out = await decide({ decision: 'test', model: chat(), schema: Schema, messages: [{ role: 'user', content: 'Where is Paris?' }], map: (v) => v.city, fallback: () => 'fallback' });
        expect(out.source).toBe('model');
      }
    } finally {
      fake.faults = [];
    }
  });
});

describe('createOpenAIEmbedder / openaiFromEnv', () => {
  it('sends the texts in batches, in order, as floats', async () => {
    const e = createOpenAIEmbedder({ baseURL: fake.url, model: 'text-embedding-3-small', batchSize: 2, maxRetries: 0 });
    const v = await e.embed(['a', 'b', 'c']);
    expect(v).toHaveLength(3);
    expect(e.dimensions).toBe(64);
    expect(fake.requests.filter((r) => r.path === '/embeddings').at(-1)!.body).toEqual({ model: 'text-embedding-3-small', input: ['c'], encoding_format: 'float' });
  });

  it('is selected by OPENAI_BASE_URL or OPENAI_API_KEY, otherwise absent', () => {
    expect(openaiFromEnv({})).toBeUndefined();
    const s = openaiFromEnv({ OPENAI_BASE_URL: 'http://localhost:8000/v1', OPENAI_CHAT_MODEL: 'qwen', OPENAI_EMBED_MODEL: 'bge' })!;
    expect(s.chat.id).toBe('openai:qwen@http://localhost:8000/v1');
    expect(s.embedder.id).toBe('openai:bge@http://localhost:8000/v1');
    expect(openaiFromEnv({ OPENAI_API_KEY: 'sk-x' })!.describe).toContain('api.openai.com');
  });
});
