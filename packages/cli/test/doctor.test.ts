// `rag doctor` against stubbed HTTP answers shaped like the services' documented responses
// (no server runs here): what it reports, and what it tells the user to fix.
import { describe, expect, it } from 'vitest';
import { formatDoctor, runDoctor, type FetchLike } from '../src/doctor/doctor.js';

type Route = (body: Record<string, unknown>) => [number, unknown];
function stub(routes: Record<string, Route>): FetchLike & { calls: string[] } {
  const calls: string[] = [];
  const f = (async (url: string, init: { method?: string; body?: string } = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    calls.push(key);
    const route = routes[key];
    if (!route) throw Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    const [status, body] = route(init.body ? (JSON.parse(init.body) as Record<string, unknown>) : {});
    return { ok: status < 300, status, json: async () => body };
  }) as FetchLike & { calls: string[] };
  f.calls = calls;
  return f;
}

const O = 'http://ollama:11434';
const ollamaOk: Record<string, Route> = {
  [`GET ${O}/api/version`]: () => [200, { version: '0.12.3' }],
  [`GET ${O}/api/tags`]: () => [200, { models: [{ name: 'qwen2.5:3b-instruct' }, { name: 'nomic-embed-text:latest' }] }],
  [`POST ${O}/api/show`]: () => [200, { capabilities: ['completion', 'tools'], model_info: { 'qwen2.context_length': 32768 } }],
  [`POST ${O}/api/embed`]: () => [200, { model: 'nomic-embed-text', embeddings: [Array(768).fill(0.1)] }],
};

describe('rag doctor', () => {
  it('says embedded mode needs nothing when no service is configured', async () => {
    const checks = await runDoctor({}, stub({}));
    expect(checks).toEqual([expect.objectContaining({ status: 'skip', service: 'config' })]);
  });

  it('passes a healthy Ollama and checks the Qdrant collection against its embedding dimension', async () => {
    const Q = 'http://qdrant:6333';
    const f = stub({
      ...ollamaOk,
      [`GET ${Q}/`]: () => [200, { title: 'qdrant', version: '1.16.0' }],
      [`GET ${Q}/collections/rag`]: () => [200, { result: { config: { params: { vectors: { size: 384, distance: 'Cosine' } } } } }],
    });
    const checks = await runDoctor({ OLLAMA_HOST: O, QDRANT_URL: Q }, f);
    expect(checks.filter((c) => c.service === 'ollama').every((c) => c.status === 'ok')).toBe(true);
    expect(checks.find((c) => c.name === 'embedding dimension')!.detail).toBe('nomic-embed-text: 768');
    const coll = checks.find((c) => c.service === 'qdrant' && c.name === 'collection')!;
    expect(coll).toMatchObject({ status: 'fail' });
    expect(coll.detail).toMatch(/384.*768/);
    expect(formatDoctor(checks)).toMatch(/✗ qdrant {2}collection/);
  });

  it('tells the user what to fix: pull a missing model, use a model with tools, start the server', async () => {
    const f = stub({
      ...ollamaOk,
      [`GET ${O}/api/tags`]: () => [200, { models: [{ name: 'qwen2.5:3b-instruct' }] }],
      [`POST ${O}/api/show`]: () => [200, { capabilities: ['completion'], model_info: { 'llama.context_length': 2048 } }],
      [`POST ${O}/api/embed`]: () => [404, { error: 'model "nomic-embed-text" not found, try pulling it first' }],
    });
    const checks = await runDoctor({ OLLAMA_HOST: O }, f);
    expect(checks.find((c) => c.name === 'embedding model')).toMatchObject({ status: 'fail', fix: 'ollama pull nomic-embed-text' });
    expect(checks.find((c) => c.name === 'tool calling')).toMatchObject({ status: 'warn' });
    expect(checks.find((c) => c.name === 'context length')).toMatchObject({ status: 'fail' });
    const down = await runDoctor({ OLLAMA_HOST: 'http://nowhere:1' }, stub({}));
    expect(down).toEqual([expect.objectContaining({ name: 'reachable', status: 'fail', detail: expect.stringContaining('ECONNREFUSED') })]);
  });

  it('checks an OpenAI-compatible server: models, embeddings, structured output, reported context', async () => {
    const B = 'http://vllm:8000/v1';
    const f = stub({
      [`GET ${B}/models`]: () => [200, { object: 'list', data: [{ id: 'qwen', object: 'model', max_model_len: 8192 }, { id: 'bge', object: 'model' }] }],
      [`POST ${B}/embeddings`]: () => [200, { object: 'list', data: [{ index: 0, embedding: Array(384).fill(0.1) }] }],
      [`POST ${B}/chat/completions`]: (body) => [200, { choices: [{ index: 0, message: { role: 'assistant', content: body.response_format ? '{"ok": true}' : 'ok' }, finish_reason: 'stop' }] }],
    });
    const checks = await runDoctor({ OPENAI_BASE_URL: B, OPENAI_CHAT_MODEL: 'qwen', OPENAI_EMBED_MODEL: 'bge' }, f);
    expect(checks.map((c) => [c.name, c.status])).toEqual([
      ['reachable', 'ok'],
      ['chat model', 'ok'],
      ['embedding model', 'ok'],
      ['context length', 'ok'],
      ['embedding dimension', 'ok'],
      ['structured output', 'ok'],
    ]);
  });
});
