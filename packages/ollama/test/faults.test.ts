// Fault behaviour against the Ollama wire-format fake: retries on 5xx and dropped connections,
// a server that dies mid-batch, a server that accepts connections and never answers.
import { RagError } from '@rag/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOllamaChatModel } from '../src/chat-model.js';
import { createOllamaEmbedder } from '../src/embedder.js';
import { startOllamaWireFake, type OllamaWireFake } from './ollama-wire-fake.js';

let fake: OllamaWireFake | undefined;
afterEach(async () => {
  // the requests that did get through, and the answers to them, still match the official spec
  expect(fake?.violations ?? []).toEqual([]);
  await fake?.close();
  fake = undefined;
});
const user = [{ role: 'user' as const, content: 'hi' }];

describe('retries', () => {
  it('retries HTTP 5xx with backoff and succeeds', async () => {
    fake = await startOllamaWireFake();
    fake.failNext(2, 503, '/api/chat');
    const retries: number[] = [];
    const chat = createOllamaChatModel({ host: fake.url, model: 'qwen2.5:3b-instruct', retries: 2, retryBaseDelayMs: 1, onRetry: (_e, n) => retries.push(n) });
    const res = await chat.chat({ messages: user });
    expect(res.text).toContain('hi');
    expect(retries).toEqual([1, 2]);
    expect(fake.requests.filter((r) => r.path === '/api/chat')).toHaveLength(3);
  });

  it('gives up after the bounded number of retries with the status', async () => {
    fake = await startOllamaWireFake();
    fake.failNext(10, 500, '/api/chat');
    const chat = createOllamaChatModel({ host: fake.url, model: 'qwen2.5:3b-instruct', retries: 2, retryBaseDelayMs: 1 });
    const err = await chat.chat({ messages: user }).catch((e: unknown) => e);
    expect(RagError.isInstance(err, 'RAG_SERVICE_ERROR')).toBe(true);
    expect((err as RagError).details).toMatchObject({ status: 500, attempts: 3 });
    expect(fake.requests.filter((r) => r.path === '/api/chat')).toHaveLength(3);
  });

  it('a proxy answering a 502 as HTML is a quiet, retried RAG_SERVICE_ERROR with the status', async () => {
    let calls = 0;
    const proxy: typeof fetch = async () => {
      calls++;
      return new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    };
    const log = vi.spyOn(console, 'log');
    const e = createOllamaEmbedder({ host: 'http://ollama.internal:11434', model: 'nomic-embed-text', fetch: proxy, retries: 1, retryBaseDelayMs: 1 });
    await expect(e.embed(['x'])).rejects.toMatchObject({ code: 'RAG_SERVICE_ERROR', details: { status: 502 }, message: expect.stringContaining('Bad Gateway') });
    expect(calls).toBe(2);
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('does not retry a 4xx', async () => {
    fake = await startOllamaWireFake();
    fake.failNext(1, 400, '/api/chat');
    const chat = createOllamaChatModel({ host: fake.url, model: 'qwen2.5:3b-instruct', retries: 3, retryBaseDelayMs: 1 });
    await expect(chat.chat({ messages: user })).rejects.toMatchObject({ code: 'RAG_SERVICE_ERROR', details: { status: 400 } });
    expect(fake.requests.filter((r) => r.path === '/api/chat')).toHaveLength(1);
  });
});

describe('server unreachable or dying', () => {
  it('no server at the host: RAG_SERVICE_UNAVAILABLE naming the host tried', async () => {
    fake = await startOllamaWireFake();
    const url = fake.url;
    await fake.close();
    fake = undefined;
    const e = createOllamaEmbedder({ host: url, model: 'nomic-embed-text', retries: 1, retryBaseDelayMs: 1 });
    const err = await e.embed(['x']).catch((x: unknown) => x);
    expect(RagError.isInstance(err, 'RAG_SERVICE_UNAVAILABLE')).toBe(true);
    expect((err as RagError).message).toContain(url);
    expect((err as RagError).details).toMatchObject({ host: url, errno: 'ECONNREFUSED', attempts: 2 });
  });

  it('server dying mid-batch: clear error saying how many texts were embedded before it', async () => {
    fake = await startOllamaWireFake();
    fake.dieAfter(2); // two /api/embed batches answer, then every connection is dropped
    const e = createOllamaEmbedder({ host: fake.url, model: 'nomic-embed-text', batchSize: 3, retries: 1, retryBaseDelayMs: 1 });
    const texts = Array.from({ length: 10 }, (_, i) => `text ${i}`);
    const err = await e.embed(texts).catch((x: unknown) => x);
    expect(RagError.isInstance(err, 'RAG_SERVICE_UNAVAILABLE')).toBe(true);
    // Batches [0..2] and [3..5] were embedded; the batch starting at 6 failed. Nothing partial is returned.
    expect((err as RagError).details).toMatchObject({ embeddedBeforeFailure: 6, total: 10, operation: 'embed' });
  });

  it('server dying mid-stream: RAG_SERVICE_UNAVAILABLE, not a silent short answer', async () => {
    fake = await startOllamaWireFake();
    fake.setResponder(() => ({ content: 'a b c d' }));
    fake.stallStreams(true);
    const chat = createOllamaChatModel({ host: fake.url, model: 'qwen2.5:3b-instruct', timeoutMs: 5_000 });
    const seen: string[] = [];
    const run = (async () => {
      for await (const c of chat.stream!({ messages: user })) {
        seen.push(c.text);
        await fake!.close(); // kill the server after the first delta
      }
    })();
    const err = await run.catch((x: unknown) => x);
    expect(seen).toEqual(['a ']);
    expect(RagError.isInstance(err, 'RAG_SERVICE_UNAVAILABLE')).toBe(true);
    fake = undefined;
  }, 10_000);
});

describe('hung server', () => {
  it('a server that never answers hits the timeout (RAG_SERVICE_TIMEOUT), without retries', async () => {
    fake = await startOllamaWireFake();
    fake.hang(true);
    const chat = createOllamaChatModel({ host: fake.url, model: 'qwen2.5:3b-instruct', timeoutMs: 150, retries: 3 });
    const err = await chat.chat({ messages: user }).catch((x: unknown) => x);
    expect(RagError.isInstance(err, 'RAG_SERVICE_TIMEOUT')).toBe(true);
    expect((err as RagError).details).toMatchObject({ timeoutMs: 150, host: fake.url });
    expect(fake.requests).toHaveLength(0);
  }, 5_000);

  it('a stream that goes silent hits the idle timeout', async () => {
    fake = await startOllamaWireFake();
    fake.setResponder(() => ({ content: 'first second' }));
    fake.stallStreams(true);
    const chat = createOllamaChatModel({ host: fake.url, model: 'qwen2.5:3b-instruct', timeoutMs: 150 });
    const seen: string[] = [];
    const err = await (async () => {
      for await (const c of chat.stream!({ messages: user })) seen.push(c.text);
    })().catch((x: unknown) => x);
    expect(seen).toEqual(['first ']);
    expect(RagError.isInstance(err, 'RAG_SERVICE_TIMEOUT')).toBe(true);
  }, 5_000);

  it('the caller aborting is RAG_ABORTED', async () => {
    fake = await startOllamaWireFake();
    fake.hang(true);
    const ac = new AbortController();
    const chat = createOllamaChatModel({ host: fake.url, model: 'qwen2.5:3b-instruct', timeoutMs: 10_000, maxContextTokens: 4096 });
    // /api/show is needed first and hangs too; abort while it waits.
    setTimeout(() => ac.abort(), 50);
    await expect(chat.chat({ messages: user, signal: ac.signal })).rejects.toMatchObject({ code: 'RAG_ABORTED' });
  }, 5_000);

  it('an already-aborted signal is RAG_ABORTED without any request', async () => {
    fake = await startOllamaWireFake();
    const ac = new AbortController();
    ac.abort();
    const chat = createOllamaChatModel({ host: fake.url, model: 'qwen2.5:3b-instruct' });
    await expect(chat.chat({ messages: user, signal: ac.signal })).rejects.toMatchObject({ code: 'RAG_ABORTED' });
    const e = createOllamaEmbedder({ host: fake.url, model: 'nomic-embed-text' });
    await expect(e.embed(['x'], { signal: ac.signal })).rejects.toMatchObject({ code: 'RAG_ABORTED' });
    expect(fake.requests).toHaveLength(0);
  });
});
