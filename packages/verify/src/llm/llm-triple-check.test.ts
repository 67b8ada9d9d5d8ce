import { describe, expect, it } from 'vitest';
import { createRunContext } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import { createLlmTripleCheck } from './llm-triple-check.js';
import { MARIE } from '../test-fixtures.js';
import { createTripleCheck } from '../triple-check.js';

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
    expect(ctx.trace.toJSON().filter((e) => e.kind === 'verdict').map((e) => e.data?.prompt)).toEqual(Array(3).fill('verify.triple-check@1.1.0'));
  });

  it('combined mode retries a self-contradicting part and hands that check alone to its lexical validator if it persists', async () => {
    const bad = { verdict: 'pass', reason: 'The answer is not supported by the evidence.', spans: [{ chunkId: 'c1', quote: 'born in Uppsala' }] };
    const model = createScriptedChatModel([{ json: { relevance: rel, grounding: bad, adequacy: ans } }, { json: { relevance: rel, grounding: bad, adequacy: ans } }]);
    const ctx = createRunContext();
    const r = await createLlmTripleCheck({ model, mode: 'combined' }).check(Q, 'Gothenburg', MARIE, ctx);
    // relevance and adequacy are the model's; grounding is the lexical validator's, which fails "Gothenburg"
    expect(r).toMatchObject({ pass: false, failure: 'grd', calls: 2 });
    expect(r.verdicts[0]).toMatchObject({ outcome: 'pass', reason: rel.reason });
    expect(r.verdicts[1]!.outcome).toBe('fail');
    expect(r.verdicts[1]!.reason).toMatch(/^embedded fallback \(inconsistent model verdict after 2 call\(s\): .*argues the opposite/);
    expect(r.verdicts[2]).toMatchObject({ outcome: 'pass', reason: ans.reason });
    const events = ctx.trace.toJSON();
    expect(events.filter((e) => e.kind === 'warning' && e.name === 'fallback').map((e) => e.data?.decision)).toEqual(['verify.grounding']);
    expect(events.filter((e) => e.kind === 'verdict').map((e) => [e.name, e.data?.fallback === true])).toEqual([['relevance', false], ['grounding', true], ['adequacy', false]]);
    expect(events.find((e) => e.kind === 'decision' && e.name === 'triple-check')?.data).toMatchObject({ fallbacks: ['grounding'] });
  });

  it('combined mode with unusable output gives the lexical verdict on every check, marked as the fallback', async () => {
    for (const answer of ['Uppsala', 'Gothenburg']) {
      const model = createScriptedChatModel(['pass pass pass', 'PASS']);
      const ctx = createRunContext();
      const r = await createLlmTripleCheck({ model, mode: 'combined' }).check(Q, answer, MARIE, ctx);
      const lexical = await createTripleCheck().check(Q, answer, MARIE);
      expect(r.verdicts.map((v) => v.outcome), answer).toEqual(lexical.verdicts.map((v) => v.outcome));
      expect(r).toMatchObject({ pass: lexical.pass, failure: lexical.failure, calls: 2 });
      expect(r.verdicts.every((v) => v.reason.startsWith('embedded fallback (no usable model verdict after 2 call(s)'))).toBe(true);
      const decisions = ctx.trace.toJSON().filter((e) => e.kind === 'warning' && e.name === 'fallback').map((e) => e.data?.decision);
      expect(decisions).toEqual(['verify.relevance', 'verify.grounding', 'verify.adequacy']);
    }
    // "Gothenburg" is not in the evidence: the fallback fails it, it does not pass it
    const r = await createLlmTripleCheck({ model: createScriptedChatModel(['', '']), mode: 'combined' }).check(Q, 'Gothenburg', MARIE);
    expect(r).toMatchObject({ pass: false, failure: 'grd' });
  });

  it('combined mode with a spent budget stays unknown on every check (not a fallback)', async () => {
    const model = createScriptedChatModel([]);
    const ctx = createRunContext({ budget: { maxLlmCalls: 0 } });
    const r = await createLlmTripleCheck({ model, mode: 'combined' }).check(Q, 'Uppsala', MARIE, ctx);
    expect(r).toMatchObject({ pass: false, failure: 'rel', calls: 0 });
    expect(r.verdicts.every((v) => v.outcome === 'unknown' && /budget/.test(v.reason))).toBe(true);
    expect(ctx.trace.toJSON().some((e) => e.name === 'fallback')).toBe(false);
  });

  it('combined mode still fails an empty answer on grounding and adequacy without asking the fallback', async () => {
    const model = createScriptedChatModel(['', '']);
    const ctx = createRunContext();
    const r = await createLlmTripleCheck({ model, mode: 'combined' }).check(Q, '', MARIE, ctx);
    expect(r.verdicts.slice(1).map((v) => [v.outcome, v.reason])).toEqual([['fail', 'the answer is empty'], ['fail', 'the answer is empty']]);
    expect(ctx.trace.toJSON().filter((e) => e.name === 'fallback').map((e) => e.data?.decision)).toEqual(['verify.relevance']);
  });

  it('validates its options', () => {
    const model = createScriptedChatModel([]);
    expect(() => createLlmTripleCheck({ model, mode: 'both' as never })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => createLlmTripleCheck({ model, fallback: { adequacy: { check: 'grounding' } as never } })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});
