// Conformance suite for ChatModel implementations: shape checks that hold for any real model
// (they do not judge answer quality). Run it against a live service in *.int.test.ts files.
import { describe, expect, it } from 'vitest';
import type { ChatModel, ChatResponse } from '../contracts/chat-model.js';

export interface ChatModelConformanceOptions {
  /** Check tool calling (default true). */
  tools?: boolean;
  /** Check JSON-schema output (default true). */
  json?: boolean;
  /** Check streaming when `stream` is implemented (default true). */
  stream?: boolean;
}

const FINISH = ['stop', 'length', 'tool_calls', 'error'];

function expectResponseShape(r: ChatResponse): void {
  expect(typeof r.text).toBe('string');
  expect(Array.isArray(r.toolCalls)).toBe(true);
  expect(typeof r.model).toBe('string');
  expect(FINISH).toContain(r.finishReason);
  for (const n of [r.usage.tokensIn, r.usage.tokensOut]) {
    expect(Number.isInteger(n)).toBe(true);
    expect(n).toBeGreaterThanOrEqual(0);
  }
}

export function runChatModelConformance(
  name: string,
  make: () => ChatModel | Promise<ChatModel>,
  options: ChatModelConformanceOptions = {},
): void {
  describe(`ChatModel conformance: ${name}`, () => {
    it('answers a simple prompt with non-empty text and token usage', async () => {
      const model = await make();
      expect(model.id.length).toBeGreaterThan(0);
      const r = await model.chat({
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: 'Reply with the single word: hello' },
        ],
        temperature: 0,
        maxTokens: 32,
      });
      expectResponseShape(r);
      expect(r.text.trim().length).toBeGreaterThan(0);
      expect(r.usage.tokensIn).toBeGreaterThan(0);
    });

    if (options.tools ?? true)
      it('returns tool calls with id, offered name and parsed arguments when it calls a tool', async () => {
        const model = await make();
        const r = await model.chat({
          messages: [{ role: 'user', content: 'What is the weather in Paris? Use the get_weather tool.' }],
          tools: [
            {
              name: 'get_weather',
              description: 'Current weather for a city',
              parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
            },
          ],
          temperature: 0,
        });
        expectResponseShape(r);
        // A model may decline to call the tool; then it must have answered in text.
        if (r.toolCalls.length === 0) expect(r.text.trim().length).toBeGreaterThan(0);
        for (const call of r.toolCalls) {
          expect(typeof call.id).toBe('string');
          expect(call.id.length).toBeGreaterThan(0);
          expect(call.name).toBe('get_weather');
          expect(typeof call.arguments).toBe('object');
          expect(call.arguments).not.toBeNull();
        }
      });

    if (options.json ?? true)
      it('returns parseable JSON when a JSON schema is requested', async () => {
        const model = await make();
        const r = await model.chat({
          messages: [{ role: 'user', content: 'Give the capital of France as JSON with the field "answer".' }],
          jsonSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
          temperature: 0,
        });
        expectResponseShape(r);
        const parsed: unknown = JSON.parse(r.text);
        expect(typeof parsed).toBe('object');
        expect(parsed).not.toBeNull();
      });

    if (options.stream ?? true)
      it('streams text deltas and ends with a chunk carrying the full response (when stream exists)', async () => {
        const model = await make();
        if (!model.stream) return expect(model.stream).toBeUndefined();
        let text = '';
        let done: ChatResponse | undefined;
        let afterDone = 0;
        for await (const chunk of model.stream({ messages: [{ role: 'user', content: 'Count from one to five in words.' }], temperature: 0 })) {
          if (done) afterDone++;
          expect(typeof chunk.text).toBe('string');
          text += chunk.text;
          if (chunk.done) done = chunk.done;
        }
        expect(afterDone).toBe(0);
        expect(done).toBeDefined();
        expectResponseShape(done!);
        expect(done!.text).toBe(text);
        expect(text.trim().length).toBeGreaterThan(0);
      });

    it('rejects a request whose signal is already aborted', async () => {
      const model = await make();
      const ac = new AbortController();
      ac.abort();
      await expect(model.chat({ messages: [{ role: 'user', content: 'hello' }], signal: ac.signal })).rejects.toBeDefined();
    });
  });
}
