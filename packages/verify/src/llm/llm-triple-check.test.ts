import { describe, expect, it } from 'vitest';
import { createRunContext } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import { createLlmTripleCheck } from './llm-triple-check.js';
import { MARIE } from '../test-fixtures.js';

const Q = 'Where was Marie Lindqvist born?';
const rel = { verdict: 'pass', reason: 'The evidence is about Marie Lindqvist.', spans: [{ chunkId: 'c1', quote: 'Marie Lindqvist is a Swedish chemist.' }] };
const grd = { verdict: 'pass', reason: 'The evidence says she was born in Uppsala.', spans: [{ chunkId: 'c1', quote: 'born in Uppsala' }] };
const grdFail = { verdict: 'fail', reason: 'Gothenburg does not appear in the evidence.', spans: [] };
const ans = { verdict: 'pass', reason: 'A place answers a where-question.', spans: [] };

describe('createLlmTripleCheck', () => {
  it('per-check mode makes one call per check and reports the call count in the result and trace', async () => {
    const model = createScriptedChatModel([{ json: rel }, { json: grdFail }, { json: ans }]);
    const ctx = createRunContext();
    const r = await createLlmTripleCheck({ model, mode: 'per-check' }).check(Q, 'Gothenburg', MARIE, ctx);
    expect(r).toMatchObject({ pass: false, failure: 'grd', calls: 3 });
    expect(model.requests.map((q) => q.messages[0]!.content.slice(0, 80))).toHaveLength(3);
    expect(ctx.trace.toJSON().find((e) => e.kind === 'decision' && e.name === 'triple-check')?.data).toMatchObject({ calls: 3 });
  });

  it('per-check mode can stop at the first failure to save calls', async () => {
    const model = createScriptedChatModel([{ json: { verdict: 'fail', reason: 'The evidence is off-topic.', spans: [] } }]);
    const r = await createLlmTripleCheck({ model, stopAtFirstFailure: true }).check(Q, 'Uppsala', MARIE);
    expect(r).toMatchObject({ pass: false, failure: 'rel', calls: 1 });
  });

  it('combined mode judges all three checks in one call', async () => {
    const model = createScriptedChatModel([{ json: { relevance: rel, grounding: grd, adequacy: ans } }]);
    const ctx = createRunContext();
    const r = await createLlmTripleCheck({ model, mode: 'combined' }).check(Q, 'Uppsala', MARIE, ctx);
    expect(r).toMatchObject({ pass: true, failure: undefined, calls: 1 });
    expect(r.verdicts.map((v) => `${v.check}:${v.outcome}`)).toEqual(['relevance:pass', 'grounding:pass', 'adequacy:pass']);
    expect(ctx.trace.toJSON().filter((e) => e.kind === 'llm')).toEqual([expect.objectContaining({ calls: 1, name: 'verify.triple-check' })]);
    expect(ctx.trace.toJSON().filter((e) => e.kind === 'verdict').map((e) => e.data?.prompt)).toEqual(Array(3).fill('verify.triple-check@1.0.0'));
  });

  it('combined mode retries a self-contradicting part and marks it unknown if it persists', async () => {
    const bad = { verdict: 'pass', reason: 'The answer is not supported by the evidence.', spans: [{ chunkId: 'c1', quote: 'born in Uppsala' }] };
    const model = createScriptedChatModel([{ json: { relevance: rel, grounding: bad, adequacy: ans } }, { json: { relevance: rel, grounding: bad, adequacy: ans } }]);
    const r = await createLlmTripleCheck({ model, mode: 'combined' }).check(Q, 'Uppsala', MARIE);
    expect(r).toMatchObject({ pass: false, failure: 'grd', calls: 2 });
    expect(r.verdicts[0]!.outcome).toBe('pass');
    expect(r.verdicts[1]!.outcome).toBe('unknown');
  });

  it('combined mode with unusable output is unknown on every check, never a pass', async () => {
    const model = createScriptedChatModel(['pass pass pass', 'PASS']);
    const r = await createLlmTripleCheck({ model, mode: 'combined' }).check(Q, 'Uppsala', MARIE);
    expect(r.pass).toBe(false);
    expect(r.failure).toBe('rel');
    expect(r.verdicts.every((v) => v.outcome === 'unknown')).toBe(true);
  });

  it('validates its options', () => {
    const model = createScriptedChatModel([]);
    expect(() => createLlmTripleCheck({ model, mode: 'both' as never })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});
