// Asks on worker threads (`rag serve --workers N --queue M`): the same answers as on the main
// thread, the newest committed generation after a write, streams that still stream, and a full
// queue answered 503 with Retry-After while /api/info and writes go on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/http/serve.js';
import { withAskPool, type PooledService } from '../src/service/asks/pooled-service.js';
import type { RagService } from '../src/service/rag-service.js';
import { createFixtureService, SAMPLE_QUESTION } from './support/fixture-stack.js';
import { parseSse } from './support/sse.js';

let dir: string;
let service: RagService;
let pooled: PooledService;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-ask-pool-'));
  ({ service } = await createFixtureService({ dir }));
  pooled = await withAskPool(service, { workers: 1, env: {}, cwd: dir });
}, 120_000);
afterAll(async () => {
  await pooled?.pool.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the ask pool', () => {
  it('answers as the main thread does, for the default method and a retriever', async () => {
    for (const method of [undefined, 'bm25']) {
      const request = { question: SAMPLE_QUESTION, ...(method ? { method } : {}) };
      const [a, b] = await Promise.all([pooled.service.ask(request), service.ask(request)]);
      const strip = (r: typeof a) => ({ ...r, cost: { ...r.cost, wallMs: 0 }, trace: r.trace.length });
      expect(strip(a)).toEqual(strip(b));
    }
  });

  it('sends trace events back while a question runs, and refuses an unknown method with the same error', async () => {
    const events: string[] = [];
    const r = await pooled.service.ask({ question: SAMPLE_QUESTION, onEvent: (e) => events.push(JSON.stringify(e)) });
    expect(r.citations.length).toBeGreaterThan(0);
    expect(events.length).toBeGreaterThan(0);
    await expect(pooled.service.ask({ question: SAMPLE_QUESTION, method: 'nope' })).rejects.toThrow(/unknown method "nope"/);
  });

  it('answers from the newest committed generation after a write', async () => {
    const q = 'Where does the lighthouse keeper Oskar Vandermeer live?';
    const before = await pooled.service.ask({ question: q, method: 'bm25' });
    expect(before.evidence.some((e) => e.docId === 'vandermeer')).toBe(false);
    await service.ingest([{ id: 'vandermeer', title: 'Oskar Vandermeer', text: 'Oskar Vandermeer is a lighthouse keeper who lives in Kettleness.' }]);
    const after = await pooled.service.ask({ question: q, method: 'bm25' });
    expect(after.evidence[0]!.docId).toBe('vandermeer');
  });
});

describe('rag serve with a bounded ask queue', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // A bound on the expected wait far above any ask here: the queue limit is what refuses.
    server = await startServer({ service, port: 0, ui: false, asks: { workers: 1, queue: 2, maxWaitMs: 600_000, stack: { env: {}, cwd: dir } } });
  }, 120_000);
  afterAll(async () => server?.close());

  it('answers 503 with Retry-After beyond the queue, never another error, while /api/info and a write go on', async () => {
    expect(server.workers).toBe(1);
    const ask = () => fetch(`${server.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: SAMPLE_QUESTION }) });
    const burst = Array.from({ length: 12 }, ask);
    const info = await fetch(`${server.url}/api/info`);
    expect(info.status).toBe(200);
    const write = await fetch(`${server.url}/api/docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs: [{ id: 'burst-note', text: 'A note written during a burst of asks.' }] }) });
    expect(write.status).toBe(201);
    const answers = await Promise.all(burst);
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
    const refused = answers.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/server busy: .*--queue 2/);
    }
  });

  it('gives the OpenAI- and Ollama-compatible endpoints the same 503 with Retry-After beyond the queue', async () => {
    const json = { 'content-type': 'application/json' };
    const openai = () =>
      fetch(`${server.url}/v1/chat/completions`, { method: 'POST', headers: json, body: JSON.stringify({ model: 'rag', messages: [{ role: 'user', content: SAMPLE_QUESTION }] }) });
    const ollama = () =>
      fetch(`${server.url}/api/chat`, { method: 'POST', headers: json, body: JSON.stringify({ model: 'rag', stream: false, messages: [{ role: 'user', content: SAMPLE_QUESTION }] }) });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? openai() : ollama())));
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 503), statuses.join(',')).toBe(true);
    const refused = answers.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('still streams an ask as server-sent events through a worker', async () => {
    const res = await fetch(`${server.url}/api/ask/stream?${new URLSearchParams({ question: SAMPLE_QUESTION })}`);
    expect(res.status).toBe(200);
    const events = parseSse(await res.text());
    expect(events.some((e) => e.event === 'trace')).toBe(true);
    expect(events.at(-1)!.event).toBe('result');
  });
});

describe('rag serve admitting asks by their expected completion', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // 1 ms: no ask can be expected that soon, so only an idle worker admits one.
    server = await startServer({ service, port: 0, ui: false, asks: { workers: 1, queue: 100, maxWaitMs: 1, stack: { env: {}, cwd: dir } } });
  }, 120_000);
  afterAll(async () => server?.close());

  it('refuses asks expected past --max-wait-ms with 503 and Retry-After although the queue has room', async () => {
    expect(server.maxWaitMs).toBe(1);
    const ask = () => fetch(`${server.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: SAMPLE_QUESTION }) });
    const answers = await Promise.all(Array.from({ length: 8 }, ask));
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 503), statuses.join(',')).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const refused = answers.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/over the 1 ms bound \(--max-wait-ms 1\)/);
    }
  });
});
