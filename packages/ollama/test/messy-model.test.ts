// The Ollama wire fake in misbehaving-model mode: the adapter plus the structured-output path
// of @rag/core (repair, one re-ask, fallback) against each named text fault, with every request
// and 2xx response still held to Ollama's official OpenAPI document.
import { decide } from '@rag/core';
import { MODEL_FAULTS, sampleFromSchema } from '@rag/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOllamaChatModel } from '../src/chat-model.js';
import { startOllamaWireFake, type OllamaWireFake } from './ollama-wire-fake.js';

const Schema = z.object({ answer: z.string(), confidence: z.number().min(0).max(1) });
const TEXT_FAULTS = MODEL_FAULTS.filter((f) => !['tool-args-as-string', 'unknown-tool', 'repeated-tool-call'].includes(f));
const REPAIRABLE = ['fenced-json', 'prose-around-json', 'think-preamble', 'trailing-commas-single-quotes', 'renamed-keys', 'array-for-object', 'extra-fields', 'slow-first-token'];

let fake: OllamaWireFake;
beforeAll(async () => {
  fake = await startOllamaWireFake();
  fake.setResponder((b) => ({ content: JSON.stringify(sampleFromSchema(b.format, b.format as Record<string, unknown>, () => 'Paris')) }));
});
afterAll(async () => {
  expect(fake.violations).toEqual([]);
  await fake.close();
});

describe('ollama wire fake, misbehaving-model mode', () => {
  for (const fault of TEXT_FAULTS)
    it(`"${fault}": repaired or fallen back, never thrown`, async () => {
      fake.misbehave([fault]);
      const model = createOllamaChatModel({ host: fake.url, model: 'qwen2.5:3b-instruct', retries: 0 });
      const out = await decide({ decision: 'test', model, schema: Schema, messages: [{ role: 'user', content: 'Capital of France?' }], map: (v) => v.answer, fallback: () => 'embedded' });
      if (REPAIRABLE.includes(fault)) expect(out).toEqual({ value: 'Paris', source: 'model' });
      else expect(['Paris', 'embedded']).toContain(out.value);
      if (['empty-output', 'refusal', 'server-error-mid-stream', 'missing-required'].includes(fault)) expect(out.source).toBe('fallback');
      fake.misbehave([]);
    });
});
