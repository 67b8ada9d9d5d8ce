import { describe, expect, it } from 'vitest';
import { createRunContext } from '@rag/core';
import type { Validator, VerdictOutcome } from '@rag/core';
import { createTripleCheck } from './triple-check.js';
import { MARIE, OFF_TOPIC } from './test-fixtures.js';

const fixed = (check: string, outcome: VerdictOutcome): Validator & { calls: number } => {
  const v = {
    check,
    calls: 0,
    async validate() {
      v.calls++;
      return { check, outcome, score: outcome === 'pass' ? 1 : 0, reason: 'fixed', spans: [] };
    },
  };
  return v;
};

describe('createTripleCheck (A2RAG eq. 5)', () => {
  it('passes only when all three checks pass', async () => {
    const tc = createTripleCheck();
    const r = await tc.check('Where was Marie Lindqvist born?', 'Uppsala', MARIE);
    expect(r).toMatchObject({ pass: true, failure: undefined, calls: 0 });
    expect(r.verdicts.map((v) => v.check)).toEqual(['relevance', 'grounding', 'adequacy']);
  });
  it('names the first violated check in the order rel, grd, ans', async () => {
    const tc = createTripleCheck();
    expect((await tc.check('Where was Marie Lindqvist born?', 'Uppsala', OFF_TOPIC)).failure).toBe('rel');
    expect((await tc.check('Where was Marie Lindqvist born?', 'Gothenburg', MARIE)).failure).toBe('grd');
    expect((await tc.check('When was Marie Lindqvist born?', 'Uppsala', MARIE)).failure).toBe('ans');
    const all = createTripleCheck({ relevance: fixed('relevance', 'pass'), grounding: fixed('grounding', 'fail'), adequacy: fixed('adequacy', 'fail') });
    expect((await all.check('q?', 'a', MARIE)).failure).toBe('grd');
  });
  it('never counts "unknown" as a pass', async () => {
    const tc = createTripleCheck({ relevance: fixed('relevance', 'pass'), grounding: fixed('grounding', 'unknown'), adequacy: fixed('adequacy', 'pass') });
    expect(await tc.check('q?', 'a', MARIE)).toMatchObject({ pass: false, failure: 'grd' });
  });
  it('can stop at the first failure', async () => {
    const adequacy = fixed('adequacy', 'pass');
    const tc = createTripleCheck({ relevance: fixed('relevance', 'fail'), grounding: fixed('grounding', 'pass'), adequacy, stopAtFirstFailure: true });
    const r = await tc.check('q?', 'a', MARIE);
    expect(r.verdicts).toHaveLength(1);
    expect(adequacy.calls).toBe(0);
    expect(r.failure).toBe('rel');
  });
  it('records a stage and its decision in the trace', async () => {
    const ctx = createRunContext();
    await createTripleCheck().check('Where was Marie Lindqvist born?', 'Gothenburg', MARIE, ctx);
    const events = ctx.trace.toJSON();
    expect(events[0]).toMatchObject({ kind: 'stage', name: 'triple-check' });
    expect(events.at(-1)).toMatchObject({ kind: 'decision', name: 'triple-check', decision: 'fail: grd' });
  });
  it('rejects a validator that is not one', () => {
    expect(() => createTripleCheck({ grounding: {} as Validator })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});
