import { createRunContext } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { aggregateRecords } from '../aggregate.js';
import { agentInstance } from '../methods/adapters.js';
import { renderMarkdownReport } from '../report/markdown-report.js';
import type { QuestionRecord } from '../types.js';
import { simulatedChat } from './simulated-chat.js';

describe('--chat scripted|messy', () => {
  it('builds the simulators and rejects unknown kinds and faults', async () => {
    expect(simulatedChat('scripted', 'all').describe).toMatch(/not a model/);
    const messy = simulatedChat('messy', 'refusal').chat;
    expect((await messy.chat({ messages: [{ role: 'user', content: 'q' }] })).text).toMatch(/sorry/i);
    expect(() => simulatedChat('gpt', 'all')).toThrow(/--chat/);
    expect(() => simulatedChat('messy', 'bogus')).toThrow(/unknown fault/);
  });

  it('accepts the oracle only with a dataset whose questions all have gold answers, and scopes the gold per question', async () => {
    const q = (id: string, answers: string[]) => ({ id, question: `Where is ${id}?`, answers, supportingIds: ['d1'] });
    const dataset = { name: 'toy', source: 'toy', format: 'jsonl-dir' as const, corpus: [{ id: 'd1', text: 'Ada lived in Paris.' }], questions: [q('a', ['Paris']), q('b', [])] };
    expect(() => simulatedChat('oracle', 'all')).toThrow(/gold answer/);
    expect(() => simulatedChat('oracle', 'all', dataset)).toThrow(/1 question\(s\) without one \(first: b\)/);
    const sim = simulatedChat('oracle', 'all', dataset, 1);
    expect(sim.costOnly).toBe(true);
    expect(sim.describe).toMatch(/COST ONLY, NOT QUALITY/);
    const request = { messages: [{ role: 'user' as const, content: '<data id="c1">\nAda lived in Paris.\n</data>\nQuestion: Where?' }] };
    await expect(sim.chat.chat(request)).rejects.toMatchObject({ code: 'RAG_CONFIG' });
    const reply = await sim.questionScope!(dataset.questions[0]!, () => sim.chat.chat(request));
    expect(reply.text).toBe('Paris');
  });

  it('passes --oracle-chain to the oracle only, and rejects unknown modes', async () => {
    const dataset = {
      name: 'toy',
      source: 'toy',
      format: 'jsonl-dir' as const,
      corpus: [{ id: 'd1', text: 'Ada lived in Paris for many years.' }],
      questions: [{ id: 'a', question: 'Where did Ada live?', answers: ['Paris'], supportingIds: ['d1'] }],
    };
    const request = { messages: [{ role: 'user' as const, content: 'Paragraphs:\n<data id="c1">\nAda lived in Paris for many years.\n</data>\n\nQuestion: Where did Ada live?\nReasoning so far: (none)\nNext sentence:' }] };
    const ask = (sim: ReturnType<typeof simulatedChat>) => sim.questionScope!(dataset.questions[0]!, () => sim.chat.chat(request));
    expect((await ask(simulatedChat('oracle', 'all', dataset))).text).toBe('Ada lived in Paris for many years.');
    expect((await ask(simulatedChat('oracle', 'all', dataset, undefined, 'jump'))).text).toBe('Paris');
    expect(simulatedChat('oracle', 'all', dataset, undefined, 'jump').describe).toMatch(/reasoning chains: jump/);
    expect(() => simulatedChat('oracle', 'all', dataset, undefined, 'hop')).toThrow(/--oracle-chain: must be per-fact or jump/);
    expect(() => simulatedChat('scripted', 'all', dataset, undefined, 'jump')).toThrow(/only with --chat oracle/);
  });
});

describe('model use in the report', () => {
  it('counts fallbacks per decision from the trace, statuses, calls, tokens and budget stops', async () => {
    const context = createRunContext();
    context.trace.add({ kind: 'warning', name: 'fallback', data: { decision: 'answer' } });
    context.trace.add({ kind: 'warning', name: 'fallback', data: { decision: 'answer' } });
    context.trace.decision('budget', 'budget exceeded: FAIL');
    const agent = { answer: async () => ({ status: 'failed' as const, text: '', citations: [], evidence: [], cost: { ...context.meter.snapshot(), llmCalls: 3, tokensIn: 10, tokensOut: 5 }, trace: context.trace.toJSON() }) };
    const run = await agentInstance(agent).run('q', { k: 2 });
    expect(run).toMatchObject({ fallbacks: { answer: 2 }, budgetExceeded: true });
    const rec = (status: string, extra: Partial<QuestionRecord> = {}): QuestionRecord => ({ method: 'm', questionId: status, question: 'q', gold: [], supportingIds: [], retrievedDocIds: [], recall: { '2': 0 }, status, em: 0, f1: 0, containAcc: 0, llmAcc: null, retries: 0, llmCalls: 3, tokensIn: 10, tokensOut: 5, latencyMs: 1, ...extra });
    const result = aggregateRecords({ method: 'm', kind: 'agent', records: [rec('failed', { fallbacks: { answer: 2 }, budgetExceeded: true }), rec('answered', { fallbacks: { answer: 1, rewrite: 1 } }), rec('x', { error: { code: 'E', message: 'e' } })], k: [2], indexMs: 0 });
    expect(result).toMatchObject({ statuses: { failed: 1, answered: 1, error: 1 }, fallbacks: { answer: 3, rewrite: 1 }, totalLlmCalls: 9, totalTokens: 45, budgetExceeded: 1 });
    const md = renderMarkdownReport({ dataset: 'd', questions: 3, corpus: 1, mode: 'embedded', k: [2], results: [result], createdAt: 'now' } as never);
    expect(md).toContain('| m | failed: 1, answered: 1, error: 1 | 9 | 45 | 1 | answer: 3, rewrite: 1 |');
  });
});
