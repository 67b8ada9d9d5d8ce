// The OpenAI- and Ollama-compatible endpoints on the wire: response shapes (Ollama's against its
// official OpenAPI document vendored in tooling/specs, ours against /openapi.json), streaming framing,
// each dialect's error shape, and the cross-site / Host guard, which applies to them as to every
// route (they are reads: no write token needed).
import { RagError } from '@rag/core';
import { createOpenApiValidator, type OpenApiValidator } from '@rag/core/testing';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../src/http/create-app.js';
import type { RagService } from '../src/service/rag-service.js';
import { parseSse } from './support/sse.js';
import { createStreamingFixtureService, createStreamingTestModel, SAMPLE_ANSWER } from './support/streaming-stack.js';

/** Ollama's official OpenAPI document (vendored in tooling/specs; RAG_SPECS_DIR overrides). */
const OLLAMA_SPEC = join(process.env.RAG_SPECS_DIR ?? join(import.meta.dirname, '..', '..', '..', 'tooling', 'specs'), 'ollama-openapi.yaml');
const Q = 'Who directed the film that was shot in or around Leland, North Carolina in 1986?';

let dir: string;
let service: RagService;
let app: ReturnType<typeof createHttpApp>;
let ollamaSpec: OpenApiValidator;
let ours: OpenApiValidator;

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const chatBody = (extra: Record<string, unknown> = {}) => ({ model: 'rag:a2rag-agent', messages: [{ role: 'system', content: 'You are helpful.' }, { role: 'user', content: Q }], ...extra });
const ndjson = (text: string) => text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  ({ service, dir } = await createStreamingFixtureService({ model: createStreamingTestModel() }));
  app = createHttpApp({ service, maxJsonBytes: 8192 });
  ollamaSpec = await createOpenApiValidator(OLLAMA_SPEC);
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await (await app.request('/openapi.json')).json()));
  ours = await createOpenApiValidator(file);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('OpenAI-compatible endpoints', () => {
  it('lists every method as a model rag:<method>', async () => {
    const res = await app.request('/v1/models');
    const body = (await res.json()) as { object: string; data: { id: string; object: string; owned_by: string }[] };
    expect(res.status).toBe(200);
    expect(ours.response('get', '/v1/models', 200, body)).toEqual([]);
    expect(body.object).toBe('list');
    expect(body.data.map((m) => m.id)).toEqual(service.info().methods.map((m) => `rag:${m.name}`));
    expect(body.data.map((m) => m.id)).toEqual(expect.arrayContaining(['rag:a2rag-agent', 'rag:bm25']));
    const one = await app.request('/v1/models/rag:bm25');
    expect(((await one.json()) as { id: string }).id).toBe('rag:bm25');
    expect((await app.request('/v1/models/rag:nope')).status).toBe(404);
  });

  it('answers a chat completion: answer, readable sources and verification, structured result in `rag`', async () => {
    const res = await app.request('/v1/chat/completions', post(chatBody({ max_tokens: 5, temperature: 0.2 })));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { object: string; model: string; choices: { message: { role: string; content: string }; finish_reason: string }[]; usage: { total_tokens: number }; rag: { citations: { title: string; quote: string }[]; verification: { status: string } } };
    expect(ours.response('post', '/v1/chat/completions', 200, body)).toEqual([]);
    expect(body.object).toBe('chat.completion');
    expect(body.model).toBe('rag:a2rag-agent');
    const content = body.choices[0]!.message.content;
    // max_tokens is ignored: the whole answer, then its sources and verification.
    expect(content.startsWith(`${SAMPLE_ANSWER.answer}\n\nSources:\n[1] Maximum Overdrive — “${SAMPLE_ANSWER.quote}”`)).toBe(true);
    expect(content).toMatch(/\n\nVerification: verified — /);
    expect(body.rag.citations[0]).toMatchObject({ title: 'Maximum Overdrive', quote: SAMPLE_ANSWER.quote });
    expect(body.rag.verification.status).toBe('verified');
    expect(body.usage.total_tokens).toBeGreaterThan(0);
  });

  it('streams chat.completion.chunk events: tokens first, then the rest of the same reply, `rag` on the last chunk, [DONE]', async () => {
    const whole = ((await (await app.request('/v1/chat/completions', post(chatBody()))).json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
    const res = await app.request('/v1/chat/completions', post(chatBody({ stream: true, stream_options: { include_usage: true } })));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = parseSse(await res.text());
    expect(events.at(-1)!.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data) as { object: string; choices: { delta: { role?: string; content?: string }; finish_reason: string | null }[]; usage?: unknown; rag?: { status: string } });
    for (const c of chunks) expect(c.object).toBe('chat.completion.chunk');
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    const text = chunks.flatMap((c) => c.choices.map((ch) => ch.delta.content ?? '')).join('');
    expect(text).toBe(whole);
    // The answer arrived in pieces, before the sources.
    const pieces = chunks.map((c) => c.choices[0]?.delta.content ?? '').filter(Boolean);
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces[1]!.length).toBeLessThan(SAMPLE_ANSWER.answer.length);
    const stop = chunks.find((c) => c.choices[0]?.finish_reason === 'stop')!;
    expect(stop.rag?.status).toBe('answered');
    // include_usage: a last chunk with no choices and the usage.
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect(chunks.at(-1)!.usage).toMatchObject({ total_tokens: expect.any(Number) });
  });

  it('answers retriever models with their top passages', async () => {
    const res = await app.request('/v1/chat/completions', post(chatBody({ model: 'rag:bm25' })));
    const body = (await res.json()) as { choices: { message: { content: string } }[]; rag: { kind: string; evidence: unknown[] } };
    const content = body.choices[0]!.message.content;
    expect(content).toMatch(/^bm25 ranks passages and does not write an answer; the top 5 for the question:\n\n\[1\] .+ — “.+”/);
    expect(content.split('\n').filter((l) => /^\[\d\] /.test(l))).toHaveLength(5);
    expect(body.rag.kind).toBe('evidence');
  });

  it("reports errors in OpenAI's shape, naming the input", async () => {
    const check = async (init: RequestInit, status: number, param: string | null, message: RegExp, code: string | null = null) => {
      const res = await app.request('/v1/chat/completions', init);
      const body = (await res.json()) as { error: { message: string; type: string; param: string | null; code: string | null } };
      expect(res.status).toBe(status);
      expect(body.error).toEqual({ message: expect.stringMatching(message), type: expect.any(String), param, code });
      expect(ours.response('post', '/v1/chat/completions', status, body)).toEqual([]);
    };
    await check(post({ model: 'rag:a2rag-agent' }), 400, 'messages', /messages/);
    await check(post({ messages: [{ role: 'user', content: Q }] }), 400, 'model', /model/);
    await check(post(chatBody({ n: 2 })), 400, 'n', /only one choice/);
    await check(post(chatBody({ stream: 'yes' })), 400, 'stream', /stream/);
    await check(post('{"model": '), 400, 'body', /not valid JSON/);
    await check(post({ model: 'rag:a2rag-agent', messages: [{ role: 'system', content: 'hi' }] }), 400, 'messages', /no message with role "user"/);
    await check(post({ model: 'rag:a2rag-agent', messages: [{ role: 'user', content: '   ' }] }), 400, 'messages.0.content', /empty/);
    await check(post(chatBody({ model: 'gpt-4o' })), 404, 'model', /unknown model "gpt-4o".*rag:a2rag-agent/, 'model_not_found');
    await check(post(chatBody({ padding: 'x'.repeat(9000) })), 413, 'body', /larger than the 8192-byte limit/, 'request_too_large');
    // Content given as parts, as newer clients send it, is read as text.
    const parts = await app.request('/v1/chat/completions', post({ model: 'rag:bm25', messages: [{ role: 'user', content: [{ type: 'text', text: Q }] }] }));
    expect(parts.status).toBe(200);
  });
});

describe('Ollama-compatible endpoints (checked against Ollama’s OpenAPI document)', () => {
  it('answers the version probe and lists the models', async () => {
    const v = await app.request('/api/version');
    const version = await v.json();
    expect(ollamaSpec.response('get', '/api/version', 200, version)).toEqual([]);
    expect(version).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    const res = await app.request('/api/tags');
    const tags = (await res.json()) as { models: { name: string; model: string; digest: string }[] };
    expect(ollamaSpec.response('get', '/api/tags', 200, tags)).toEqual([]);
    expect(ours.response('get', '/api/tags', 200, tags)).toEqual([]);
    expect(tags.models.map((m) => m.name)).toEqual(service.info().methods.map((m) => `rag:${m.name}`));
    expect(tags.models[0]!.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('streams NDJSON by default: done:false lines with text, then one done:true line with the stats', async () => {
    const request = { model: 'rag:a2rag-agent', messages: [{ role: 'user', content: Q }] };
    expect(ollamaSpec.request('post', '/api/chat', request)).toEqual([]);
    const res = await app.request('/api/chat', post(request));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const lines = ndjson(await res.text());
    for (const l of lines) {
      expect(ollamaSpec.response('post', '/api/chat', 200, l, 'application/x-ndjson')).toEqual([]);
      expect(ours.response('post', '/api/chat', 200, l, 'application/x-ndjson')).toEqual([]);
    }
    expect(lines.slice(0, -1).every((l) => l.done === false)).toBe(true);
    expect(lines.length).toBeGreaterThan(5);
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ done: true, done_reason: 'stop', model: 'rag:a2rag-agent', message: { role: 'assistant', content: '' } });
    for (const k of ['total_duration', 'load_duration', 'prompt_eval_count', 'prompt_eval_duration', 'eval_count', 'eval_duration']) expect(Number.isInteger(last[k])).toBe(true);
    expect(last.total_duration as number).toBeGreaterThanOrEqual(last.prompt_eval_duration as number);
    const text = lines.map((l) => (l.message as { content: string }).content).join('');
    expect(text.startsWith(`${SAMPLE_ANSWER.answer}\n\nSources:\n[1] Maximum Overdrive`)).toBe(true);
    expect((last.rag as { citations: unknown[] }).citations.length).toBeGreaterThan(0);
  });

  it('answers as one JSON object with stream:false, the same text as the stream', async () => {
    const request = { model: 'rag:a2rag-agent', messages: [{ role: 'user', content: Q }], stream: false, options: { temperature: 0 }, keep_alive: '5m' };
    expect(ollamaSpec.request('post', '/api/chat', request)).toEqual([]);
    const res = await app.request('/api/chat', post(request));
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { message: { content: string }; done: boolean; rag: { verification: { status: string } } };
    expect(ollamaSpec.response('post', '/api/chat', 200, body)).toEqual([]);
    expect(ours.response('post', '/api/chat', 200, body)).toEqual([]);
    expect(body.done).toBe(true);
    expect(body.rag.verification.status).toBe('verified');
    const streamed = ndjson(await (await app.request('/api/chat', post({ ...request, stream: true }))).text());
    expect(streamed.map((l) => (l.message as { content: string }).content).join('')).toBe(body.message.content);
  });

  it("reports errors in Ollama's shape", async () => {
    const unknown = await app.request('/api/chat', post({ model: 'llama3', messages: [{ role: 'user', content: Q }] }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.stringMatching(/^model: unknown model "llama3"/) });
    const bad = await app.request('/api/chat', post({ model: 'rag:bm25', messages: [{ role: 'robot', content: Q }] }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/messages\.0\.role/);
    // "rag" without a tag (Ollama clients send "rag:latest") is the default method.
    const latest = await app.request('/api/chat', post({ model: 'rag:latest', messages: [{ role: 'user', content: Q }], stream: false }));
    expect(((await latest.json()) as { model: string }).model).toBe(`rag:${service.info().defaultMethod}`);
  });
});

describe('errors after the stream started', () => {
  it('arrive as an error data line (OpenAI) or an error object line (Ollama)', async () => {
    // A service whose ask writes two tokens, then fails: the failure comes after headers are sent.
    const failing: RagService = {
      ...service,
      ask: async (r) => {
        r.onToken?.('Stephen ', { generation: 1 });
        r.onToken?.('King', { generation: 1 });
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new RagError('RAG_SERVICE_UNAVAILABLE', 'chat model: connection reset');
      },
    };
    const broken = createHttpApp({ service: failing });
    const sse = parseSse(await (await broken.request('/v1/chat/completions', post(chatBody({ stream: true })))).text());
    expect(sse.map((e) => JSON.parse(e.data) as { error?: unknown; choices?: { delta: { content?: string } }[] }).at(-1)).toEqual({
      error: { message: 'chat model: connection reset', type: 'api_error', param: null, code: 'service_unavailable' },
    });
    expect(sse.some((e) => e.data === '[DONE]')).toBe(false);
    const lines = ndjson(await (await broken.request('/api/chat', post({ model: 'rag:a2rag-agent', messages: [{ role: 'user', content: Q }] }))).text());
    expect(lines.map((l) => (l.message as { content?: string } | undefined)?.content).slice(0, 2)).toEqual(['Stephen ', 'King']);
    expect(lines.at(-1)).toEqual({ error: 'chat model: connection reset' });
    // Before any output, the same failure is an ordinary HTTP error.
    const early = createHttpApp({ service: { ...service, ask: async () => Promise.reject(new RagError('RAG_SERVICE_UNAVAILABLE', 'chat model: down')) } });
    const res = await early.request('/v1/chat/completions', post(chatBody({ stream: true })));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('chat model: down');
  });
});

describe('the security guard applies; no write token is needed with --public-reads', () => {
  it('refuses cross-site posts and foreign Hosts, and serves reads without the token only when reads are public', async () => {
    const crossSite = await app.request('/v1/chat/completions', post(chatBody(), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }));
    expect(crossSite.status).toBe(403);
    const ollamaCross = await app.request('/api/chat', post({ model: 'rag:bm25', messages: [{ role: 'user', content: Q }] }, { origin: 'https://evil.example' }));
    expect(ollamaCross.status).toBe(403);
    const rebound = await app.request('http://evil.example/v1/models', { headers: { host: 'evil.example' } });
    expect(rebound.status).toBe(403);
    const tokenApp = createHttpApp({ service, token: 'secret', publicReads: true });
    expect((await tokenApp.request('/v1/models')).status).toBe(200);
    const closed = createHttpApp({ service, token: 'secret' });
    expect((await closed.request('/v1/models')).status).toBe(401);
    expect((await closed.request('/api/chat', post({ model: 'rag:bm25', messages: [{ role: 'user', content: Q }], stream: false }))).status).toBe(401);
    expect((await closed.request('/v1/models', { headers: { authorization: 'Bearer secret' } })).status).toBe(200);
    expect((await tokenApp.request('/api/chat', post({ model: 'rag:bm25', messages: [{ role: 'user', content: Q }], stream: false }))).status).toBe(200);
    expect((await tokenApp.request('/api/docs', post({ docs: [{ id: 'x', text: 'y' }] }))).status).toBe(401);
  });
});
