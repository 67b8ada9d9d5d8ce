import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { isRetryableOllamaError, toOllamaError } from './errors.js';

const ctx = { host: 'http://127.0.0.1:11434', model: 'qwen2.5:3b-instruct', operation: 'chat', timeoutMs: 1000 };
function responseError(message: string, status: number): Error {
  return Object.assign(new Error(message), { name: 'ResponseError', status_code: status });
}

describe('toOllamaError', () => {
  it('model not pulled -> RAG_MODEL_NOT_FOUND with the pull command', () => {
    const e = toOllamaError(responseError('model "qwen2.5:3b-instruct" not found, try pulling it first', 404), ctx);
    expect(e.code).toBe('RAG_MODEL_NOT_FOUND');
    expect(e.message).toContain('ollama pull qwen2.5:3b-instruct');
    expect(isRetryableOllamaError(e)).toBe(false);
  });

  it('connection refused -> RAG_SERVICE_UNAVAILABLE with the host, retryable', () => {
    const e = toOllamaError(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }), ctx);
    expect(e.code).toBe('RAG_SERVICE_UNAVAILABLE');
    expect(e.message).toContain(ctx.host);
    expect(e.details).toMatchObject({ host: ctx.host, errno: 'ECONNREFUSED' });
    expect(isRetryableOllamaError(e)).toBe(true);
  });

  it('5xx is retryable, 4xx is not', () => {
    expect(isRetryableOllamaError(toOllamaError(responseError('boom', 503), ctx))).toBe(true);
    expect(isRetryableOllamaError(toOllamaError(responseError('bad', 400), ctx))).toBe(false);
  });

  it('context errors from the server -> RAG_CONTEXT_OVERFLOW', () => {
    expect(toOllamaError(responseError('the input length exceeds the context length', 400), ctx).code).toBe('RAG_CONTEXT_OVERFLOW');
  });

  it('a timeout is RAG_SERVICE_TIMEOUT, but the caller aborting is RAG_ABORTED', () => {
    const timeout = new DOMException('t', 'TimeoutError');
    expect(toOllamaError(timeout, ctx).code).toBe('RAG_SERVICE_TIMEOUT');
    const ac = new AbortController();
    ac.abort();
    expect(toOllamaError(new DOMException('a', 'AbortError'), { ...ctx, signal: ac.signal }).code).toBe('RAG_ABORTED');
  });

  it('passes RagErrors through unchanged', () => {
    const original = new RagError('RAG_INVALID_INPUT', 'x');
    expect(toOllamaError(original, ctx)).toBe(original);
  });
});
