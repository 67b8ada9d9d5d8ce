// The official `openai` and `ollama` npm clients against `rag serve` (the real server on a free
// port): list the methods as models, chat without and with streaming. The store's agents use a
// chat model that streams (a scripted test double), so streamed replies arrive in pieces.
import { rmSync } from 'node:fs';
import { Ollama } from 'ollama';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/http/serve.js';
import type { RagService } from '../src/service/rag-service.js';
import { createStreamingFixtureService, createStreamingTestModel, SAMPLE_ANSWER } from './support/streaming-stack.js';

const Q = 'Who directed the film that was shot in or around Leland, North Carolina in 1986?';

let dir: string;
let service: RagService;
let server: RunningServer;
let openai: OpenAI;
let ollama: Ollama;

beforeAll(async () => {
  ({ service, dir } = await createStreamingFixtureService({ model: createStreamingTestModel() }));
  server = await startServer({ service, port: 0, ui: false });
  openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'x', maxRetries: 0 });
  ollama = new Ollama({ host: server.url });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the openai client', () => {
  it('lists the methods as models', async () => {
    const ids: string[] = [];
    for await (const m of openai.models.list()) ids.push(m.id);
    expect(ids).toEqual(service.info().methods.map((m) => `rag:${m.name}`));
    expect((await openai.models.retrieve('rag:a2rag-agent')).id).toBe('rag:a2rag-agent');
  });

  it('gets a cited, verified answer', async () => {
    const r = await openai.chat.completions.create({ model: 'rag:a2rag-agent', messages: [{ role: 'user', content: Q }], max_tokens: 20 });
    const content = r.choices[0]!.message.content ?? '';
    expect(content.startsWith(SAMPLE_ANSWER.answer)).toBe(true);
    expect(content).toContain(`[1] Maximum Overdrive — “${SAMPLE_ANSWER.quote}”`);
    expect(r.choices[0]!.finish_reason).toBe('stop');
    const rag = (r as unknown as { rag: { verification: { status: string }; citations: { docId: string }[] } }).rag;
    expect(rag.verification.status).toBe('verified');
    expect(rag.citations[0]!.docId).toBe('hpt-00030');
  });

  it('streams the answer in pieces, ending with the same reply', async () => {
    const whole = (await openai.chat.completions.create({ model: 'rag:a2rag-agent', messages: [{ role: 'user', content: Q }] })).choices[0]!.message.content;
    const stream = await openai.chat.completions.create({ model: 'rag:a2rag-agent', messages: [{ role: 'user', content: Q }], stream: true });
    const pieces: string[] = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      const c = chunk.choices[0];
      if (c?.delta.content) pieces.push(c.delta.content);
      if (c?.finish_reason) finish = c.finish_reason;
    }
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces.join('')).toBe(whole);
    expect(finish).toBe('stop');
  });

  it('raises the API errors OpenAI clients expect', async () => {
    await expect(openai.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: Q }] })).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
    await expect(openai.chat.completions.create({ model: 'rag:bm25', messages: [] })).rejects.toMatchObject({ status: 400, param: 'messages' });
  });
});

describe('the ollama client', () => {
  it('lists the methods as models', async () => {
    const { models } = await ollama.list();
    expect(models.map((m) => m.name)).toEqual(service.info().methods.map((m) => `rag:${m.name}`));
    expect((await ollama.version()).version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('chats without streaming', async () => {
    const r = await ollama.chat({ model: 'rag:a2rag-agent', messages: [{ role: 'user', content: Q }] });
    expect(r.done).toBe(true);
    expect(r.message.content.startsWith(SAMPLE_ANSWER.answer)).toBe(true);
    expect(r.message.content).toContain('[1] Maximum Overdrive — “');
    expect(r.eval_count).toBeGreaterThan(0);
  });

  it('streams the answer in pieces', async () => {
    const stream = await ollama.chat({ model: 'rag:a2rag-agent', messages: [{ role: 'user', content: Q }], stream: true });
    const pieces: string[] = [];
    let done = false;
    for await (const part of stream) {
      if (part.message.content) pieces.push(part.message.content);
      done = part.done;
    }
    expect(done).toBe(true);
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces.join('').startsWith(`${SAMPLE_ANSWER.answer}\n\nSources:`)).toBe(true);
  });

  it('answers retriever models with passages, and raises ResponseError for an unknown model', async () => {
    const r = await ollama.chat({ model: 'rag:bm25', messages: [{ role: 'user', content: Q }] });
    expect(r.message.content).toMatch(/^bm25 ranks passages/);
    await expect(ollama.chat({ model: 'llama3', messages: [{ role: 'user', content: Q }] })).rejects.toMatchObject({ name: 'ResponseError', status_code: 404 });
  });
});
