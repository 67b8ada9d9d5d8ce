import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { runAgent } from './run-agent.js';

const ok = async () => ({ status: 'answered' as const, text: 'x', citations: [] });

describe('runAgent', () => {
  it('validates the question and the budget', async () => {
    await expect(runAgent('t', 42, undefined, ok)).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT', details: { input: 'question' } });
    await expect(runAgent('t', 'q', { budget: { maxTokens: Number.NaN } }, ok)).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
  });

  it('adds cost and trace to the body result', async () => {
    const a = await runAgent('t', 'q', {}, ok);
    expect(a).toMatchObject({ status: 'answered', text: 'x', cost: { llmCalls: 0 } });
    expect(a.trace[0]?.name).toBe('t');
  });

  it('turns RAG_BUDGET_EXCEEDED into a failed answer with the partial result', async () => {
    const a = await runAgent('t', 'q', {}, async (_q, _c, partial) => {
      partial.evidence = [{ chunkId: 'c', docId: 'd', score: 1 }];
      partial.text = 'draft';
      throw new RagError('RAG_BUDGET_EXCEEDED', 'budget exceeded: tokens', { details: { what: 'tokens' } });
    });
    expect(a).toMatchObject({ status: 'failed', text: 'draft', evidence: [{ chunkId: 'c' }] });
    expect(a.trace.some((e) => e.name === 'budget')).toBe(true);
  });

  it('lets other errors and aborts through', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(
      runAgent('t', 'q', { signal: ac.signal }, async (_q, c) => {
        c.meter.checkTime();
        return ok();
      }),
    ).rejects.toMatchObject({ code: 'RAG_ABORTED' });
  });
});
