import type { Answer, Retriever } from '@rag/core';
import { emptyCost } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { agentInstance, llmStepsOf, readerPathOf, retrieverInstance } from './adapters.js';

describe('retrieverInstance', () => {
  it('maps evidence to a ranking and reads LLM cost off the run context it passes in', async () => {
    const retriever: Retriever = {
      name: 'r',
      async retrieve(query, options) {
        options?.context?.meter.recordLlm({ tokensIn: 30, tokensOut: 5 });
        return { query, stage: 'bridge', trace: [], chunks: [{ chunkId: 'c1', docId: 'd1', score: 2, text: 't' }] };
      },
    };
    const run = await retrieverInstance(retriever).run('q', { k: 5 });
    expect(run).toMatchObject({ ranked: [{ chunkId: 'c1', docId: 'd1', score: 2 }], stage: 'bridge', llmCalls: 1, tokensIn: 30, tokensOut: 5 });
  });
});

describe('agentInstance', () => {
  it('maps an Answer: text, status, stage, retries, cost, evidence ranking', async () => {
    const answer: Answer = {
      status: 'abstained',
      text: 'unknown',
      citations: [],
      evidence: [{ chunkId: 'c', docId: 'd', score: 1 }],
      stage: 'failed',
      retries: 2,
      cost: { ...emptyCost(), llmCalls: 3, tokensIn: 100, tokensOut: 20 },
      trace: [],
    };
    const seen: unknown[] = [];
    const run = await agentInstance({ answer: async (_q, o) => (seen.push(o), answer) }, { maxLlmCalls: 4 }).run('q', { k: 5 });
    // ABSTAIN (and FAIL) score as unanswered, whatever text the agent kept.
    expect(run).toMatchObject({ answer: '', status: 'abstained', stage: 'failed', retries: 2, llmCalls: 3, tokensIn: 100, tokensOut: 20, ranked: [{ docId: 'd' }] });
    expect(seen[0]).toEqual({ budget: { maxLlmCalls: 4 } });
    const failed = await agentInstance({ answer: async () => ({ ...answer, status: 'failed' }) }).run('q', { k: 5 });
    expect(failed.answer).toBe('');
    const answered = await agentInstance({ answer: async () => ({ ...answer, status: 'answered' }) }).run('q', { k: 5 });
    expect(answered.answer).toBe('unknown');
  });
});

describe('llmStepsOf', () => {
  it('groups every model call of a trace by step, with its tokens; other events do not count', () => {
    const trace = [
      { kind: 'llm', name: 'answer', calls: 1, tokensIn: 100, tokensOut: 10 },
      { kind: 'llm', name: 'verify.triple-check', calls: 1, tokensIn: 50, tokensOut: 20 },
      { kind: 'llm', name: 'answer', calls: 1, tokensIn: 90, tokensOut: 5 },
      // a failed call is traced without tokens and still counts as a call
      { kind: 'llm', name: 'rewrite', calls: 1 },
      { kind: 'decision', name: 'answer', calls: 3 },
    ];
    expect(llmStepsOf(trace)).toEqual({
      llmSteps: { answer: { calls: 2, tokens: 205 }, 'verify.triple-check': { calls: 1, tokens: 70 }, rewrite: { calls: 1, tokens: 0 } },
    });
    expect(llmStepsOf([])).toEqual({});
  });
});

describe('readerPathOf', () => {
  it("takes the reader step of the decision that gave the answer's text, not a later attempt's", () => {
    const decision = (text: string, path: string) => ({ kind: 'decision', name: 'extractive-answer', data: { text, path } });
    const trace = [decision('8787', 'docs-entry'), { kind: 'decision', name: 'rewrite' }, decision('/w/NAME/', 'docs')];
    expect(readerPathOf(trace, '8787')).toEqual({ readerPath: 'docs-entry' });
    expect(readerPathOf(trace, '/w/NAME/')).toEqual({ readerPath: 'docs' });
    expect(readerPathOf(trace, 'other')).toEqual({});
    expect(readerPathOf(undefined, '8787')).toEqual({});
  });
});
