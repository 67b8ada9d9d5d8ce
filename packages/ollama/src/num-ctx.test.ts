import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { chooseNumCtx, estimateTokens } from './num-ctx.js';

describe('chooseNumCtx', () => {
  it('never goes below 2048 for a tiny prompt', () => {
    expect(chooseNumCtx({ promptTokens: 10, outputTokens: 100, maxCtx: 32768, model: 'm' })).toBe(2048);
  });

  it('rounds prompt + answer up to the next power of two', () => {
    expect(chooseNumCtx({ promptTokens: 3100, outputTokens: 1024, maxCtx: 32768, model: 'm' })).toBe(8192);
    expect(chooseNumCtx({ promptTokens: 3072, outputTokens: 1024, maxCtx: 32768, model: 'm' })).toBe(4096);
  });

  it('caps at maxCtx even when maxCtx is not a power of two', () => {
    expect(chooseNumCtx({ promptTokens: 5000, outputTokens: 1000, maxCtx: 6000, model: 'm' })).toBe(6000);
  });

  it('keeps a floor so the model is not reloaded for a smaller prompt', () => {
    expect(chooseNumCtx({ promptTokens: 10, outputTokens: 10, maxCtx: 32768, floor: 8192, model: 'm' })).toBe(8192);
  });

  it('refuses a prompt that cannot fit, naming the model and the sizes', () => {
    let err: unknown;
    try {
      chooseNumCtx({ promptTokens: 9000, outputTokens: 1024, maxCtx: 8192, model: 'qwen2.5:3b-instruct' });
    } catch (e) {
      err = e;
    }
    expect(RagError.isInstance(err, 'RAG_CONTEXT_OVERFLOW')).toBe(true);
    expect((err as RagError).message).toContain('qwen2.5:3b-instruct');
    expect((err as RagError).details).toMatchObject({ estimatedTokens: 10024, maxCtx: 8192 });
  });

  it('estimates conservatively (about one token per three characters)', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a'.repeat(300))).toBe(100);
  });
});
