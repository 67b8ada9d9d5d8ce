import { describe, expect, it } from 'vitest';
import { RagError } from '../errors.js';
import { createCostMeter } from './cost-meter.js';
import { createRunContext } from './run-context.js';

describe('createCostMeter', () => {
  it('counts calls and tokens', () => {
    const m = createCostMeter();
    m.recordLlm({ tokensIn: 10, tokensOut: 5 });
    m.recordEmbedding(2);
    expect(m.snapshot()).toMatchObject({ llmCalls: 1, tokensIn: 10, tokensOut: 5, embeddingCalls: 2, retries: 0 });
  });

  it('refuses the call that would exceed the LLM-call budget', () => {
    const m = createCostMeter({ maxLlmCalls: 2 });
    m.assertCanSpend('llm');
    m.recordLlm({ tokensIn: 1, tokensOut: 1 });
    m.recordLlm({ tokensIn: 1, tokensOut: 1 });
    expect(() => m.assertCanSpend('llm')).toThrowError(expect.objectContaining({ code: 'RAG_BUDGET_EXCEEDED' }));
  });

  it('throws when a response pushes tokens over the limit', () => {
    const m = createCostMeter({ maxTokens: 100 });
    let err: unknown;
    try {
      m.recordLlm({ tokensIn: 90, tokensOut: 20 });
    } catch (e) {
      err = e;
    }
    expect(RagError.isInstance(err, 'RAG_BUDGET_EXCEEDED')).toBe(true);
    expect((err as RagError).details).toMatchObject({ what: 'tokens', limit: 100, used: 110 });
  });

  it('enforces retries and wall time', async () => {
    const m = createCostMeter({ maxRetries: 1, maxWallMs: 5 });
    m.recordRetry();
    expect(() => m.recordRetry()).toThrow(/retries/);
    await new Promise((r) => setTimeout(r, 15));
    expect(() => m.checkTime()).toThrow(/wallMs/);
  });

  it('stops on abort', () => {
    const ac = new AbortController();
    const m = createCostMeter({}, { signal: ac.signal });
    ac.abort();
    expect(() => m.checkTime()).toThrowError(expect.objectContaining({ code: 'RAG_ABORTED' }));
  });
});

describe('trace', () => {
  it('records stages with end times even when they throw, and streams events', async () => {
    const seen: string[] = [];
    const ctx = createRunContext({ onEvent: (e) => seen.push(`${e.kind}:${e.name}`) });
    await ctx.trace.stage('local', async () => 1);
    await expect(ctx.trace.stage('bridge', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    ctx.trace.decision('judge', 'stage 1 sufficient: stop');
    const events = ctx.trace.toJSON();
    expect(events.map((e) => e.name)).toEqual(['local', 'bridge', 'judge']);
    expect(events.every((e) => typeof e.end === 'number' && e.end >= e.start)).toBe(true);
    expect(events[2]?.decision).toBe('stage 1 sufficient: stop');
    expect(seen).toEqual(['stage:local', 'stage:bridge', 'decision:judge']);
  });
});
