// GET /api/ask/stream with a chat model that streams: `token` events carry the answer text as
// the model writes it, before the `result`; with the embedded default (no model) there are none.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../src/http/create-app.js';
import type { AskResult } from '../src/types.js';
import { createFixtureService } from './support/fixture-stack.js';
import { parseSse } from './support/sse.js';
import { createStreamingFixtureService, createStreamingTestModel, SAMPLE_ANSWER } from './support/streaming-stack.js';

const Q = 'Who directed the film that was shot in or around Leland, North Carolina in 1986?';

const dirs: string[] = [];
let streaming: ReturnType<typeof createHttpApp>;
let embedded: ReturnType<typeof createHttpApp>;

beforeAll(async () => {
  const s = await createStreamingFixtureService({ model: createStreamingTestModel() });
  dirs.push(s.dir);
  streaming = createHttpApp({ service: s.service });
  const dir = mkdtempSync(join(tmpdir(), 'rag-embedded-'));
  dirs.push(dir);
  embedded = createHttpApp({ service: (await createFixtureService({ dir })).service });
}, 60_000);
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('GET /api/ask/stream with a streaming chat model', () => {
  it('sends token events before the result; concatenated they are the final answer', async () => {
    const res = await streaming.request(`/api/ask/stream?${new URLSearchParams({ question: Q })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = parseSse(await res.text());
    const tokens = events.filter((e) => e.event === 'token').map((e) => JSON.parse(e.data) as { text: string; generation: number });
    const resultAt = events.findIndex((e) => e.event === 'result');
    expect(resultAt).toBe(events.length - 1);
    expect(tokens.length).toBeGreaterThan(3);
    expect(events.findLastIndex((e) => e.event === 'token')).toBeLessThan(resultAt);
    const result = JSON.parse(events[resultAt]!.data) as AskResult;
    expect(result.method).toBe('a2rag-agent');
    expect(result.answer).toBe(SAMPLE_ANSWER.answer);
    const last = Math.max(...tokens.map((t) => t.generation));
    expect(tokens.filter((t) => t.generation === last).map((t) => t.text).join('')).toBe(result.answer);
    expect(result.citations[0]?.title).toBe('Maximum Overdrive');
    expect(result.verification?.status).toBe('verified');
    // trace events still flow beside the tokens
    expect(events.some((e) => e.event === 'trace')).toBe(true);
  });

  it('retrievers and the embedded default send no tokens: the answer arrives whole', async () => {
    const bm25 = parseSse(await (await streaming.request(`/api/ask/stream?${new URLSearchParams({ question: Q, method: 'bm25' })}`)).text());
    expect(bm25.some((e) => e.event === 'token')).toBe(false);
    expect(bm25.at(-1)?.event).toBe('result');
    const plain = parseSse(await (await embedded.request(`/api/ask/stream?${new URLSearchParams({ question: Q })}`)).text());
    expect(plain.some((e) => e.event === 'token')).toBe(false);
    expect((JSON.parse(plain.at(-1)!.data) as AskResult).kind).toBe('answer');
  });
});
