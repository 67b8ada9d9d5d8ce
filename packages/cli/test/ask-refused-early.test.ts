// A refused ask costs the server little: when no method would be admitted, POST /api/ask answers
// 503 with Retry-After before its body is read (an invalid body included), so under a burst the
// main thread stays free for health, info and writes. When some method would be admitted, the
// body is read and checked as usual.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RagError } from '@rag/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../src/http/create-app.js';
import type { RagService } from '../src/service/rag-service.js';
import { createFixtureService } from './support/fixture-stack.js';

let dir: string;
let service: RagService;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-refused-early-'));
  service = (await createFixtureService({ dir })).service;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const busy = () => new RagError('RAG_SERVICE_UNAVAILABLE', 'server busy: test; retry in 3 s', { details: { retryAfterSeconds: 3 } });
const post = (app: ReturnType<typeof createHttpApp>, body: string) => app.request('/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('POST /api/ask when no method would be admitted', () => {
  it('answers 503 with Retry-After without reading the body', async () => {
    let asked = 0;
    const app = createHttpApp({ service: { ...service, ask: (r) => (asked++, service.ask(r)) }, asks: { overloaded: busy, overloadedForAny: busy } });
    const refused = await post(app, '{"question": not json');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('3');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RAG_SERVICE_UNAVAILABLE');
    expect(asked).toBe(0);
  });

  it('does the same on the OpenAI- and Ollama-compatible chat endpoints, in their error shapes', async () => {
    const app = createHttpApp({ service, asks: { overloaded: busy, overloadedForAny: busy } });
    const json = { 'content-type': 'application/json' };
    const openai = await app.request('/v1/chat/completions', { method: 'POST', headers: json, body: '{"model": not json' });
    expect(openai.status).toBe(503);
    expect(openai.headers.get('retry-after')).toBe('3');
    expect(((await openai.json()) as { error: { message: string } }).error.message).toMatch(/server busy/);
    const ollama = await app.request('/api/chat', { method: 'POST', headers: json, body: '{"model": not json' });
    expect(ollama.status).toBe(503);
    expect(ollama.headers.get('retry-after')).toBe('3');
    expect(((await ollama.json()) as { error: string }).error).toMatch(/server busy/);
  });

  it('reads and checks the body when some method would be admitted', async () => {
    const app = createHttpApp({ service, asks: { overloaded: () => undefined, overloadedForAny: () => undefined } });
    expect((await post(app, '{"question": not json')).status).toBe(400);
    expect((await app.request('/v1/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model": not json' })).status).toBe(400);
    const ok = await post(app, JSON.stringify({ question: 'Who directed Maximum Overdrive?', method: 'bm25' }));
    expect(ok.status).toBe(200);
  });
});
