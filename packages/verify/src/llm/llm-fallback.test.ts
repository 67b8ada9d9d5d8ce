// The LLM Triple-Check under the misbehaving-model simulator: a fault no repair can undo leaves
// each check to its lexical validator — the lexical verdict, not a pass — with the fallback
// named in the trace (the `warning` / `fallback` events rag-eval counts); every other fault
// ends in either the model's verdict or a marked fallback, never an exception.
import { describe, expect, it } from 'vitest';
import { createRunContext, type TraceEvent } from '@rag/core';
import { createMessyChatModel, MODEL_FAULTS, type ModelFault } from '@rag/core/simulate';
import { createLlmTripleCheck } from './llm-triple-check.js';
import { createTripleCheck } from '../triple-check.js';
import { verificationOf } from '../verification.js';
import { MARIE, OFF_TOPIC } from '../test-fixtures.js';

const Q = 'Where was Marie Lindqvist born?';
// Faults the repair cannot undo: the reply is empty, a refusal, a server error, or lacks a required field.
const UNUSABLE: ModelFault[] = ['empty-output', 'refusal', 'server-error-mid-stream', 'missing-required'];
const CASES = [
  { answer: 'Uppsala', evidence: MARIE },
  { answer: 'Gothenburg', evidence: MARIE },
  { answer: 'Uppsala', evidence: OFF_TOPIC },
];

const fallbacksIn = (events: readonly TraceEvent[]) => events.filter((e) => e.kind === 'warning' && e.name === 'fallback').map((e) => e.data?.decision);

describe('LLM Triple-Check with a misbehaving model (simulator)', () => {
  for (const mode of ['per-check', 'combined'] as const)
    for (const fault of UNUSABLE)
      it(`${mode} mode, "${fault}" on every call: the lexical verdict of every check, the fallback named in the trace`, async () => {
        for (const { answer, evidence } of CASES) {
          const model = createMessyChatModel({ faults: [fault] });
          const ctx = createRunContext();
          const r = await createLlmTripleCheck({ model, mode }).check(Q, answer, evidence, ctx);
          const lexical = await createTripleCheck().check(Q, answer, evidence);
          const label = `${mode} / ${fault} / ${answer}`;
          expect(r.verdicts.map((v) => v.outcome), label).toEqual(lexical.verdicts.map((v) => v.outcome));
          expect(r.verdicts.map((v) => v.score), label).toEqual(lexical.verdicts.map((v) => v.score));
          expect(r.pass, label).toBe(lexical.pass);
          expect(r.failure, label).toBe(lexical.failure);
          expect(verificationOf(r.verdicts).status, label).toBe(verificationOf(lexical.verdicts).status);
          expect(r.verdicts.every((v) => v.reason.startsWith('embedded fallback (')), label).toBe(true);
          expect(fallbacksIn(ctx.trace.toJSON()), label).toEqual(['verify.relevance', 'verify.grounding', 'verify.adequacy']);
          // one re-ask per verdict: two calls per check, or two for the combined verdict
          expect(r.calls, label).toBe(mode === 'per-check' ? 6 : 2);
          expect(model.applied[fault], label).toBe(r.calls);
        }
      });

  it('"empty-output": an answer the evidence does not state is failed by the fallback, not passed', async () => {
    const r = await createLlmTripleCheck({ model: createMessyChatModel({ faults: ['empty-output'] }) }).check(Q, 'Gothenburg', MARIE);
    expect(r).toMatchObject({ pass: false, failure: 'grd' });
    expect(verificationOf(r.verdicts).status).toBe('failed');
    expect(verificationOf(r.verdicts).reason).toMatch(/grounding check failed: embedded fallback/);
  });

  it('every fault in rotation: no exception; each verdict is the model\'s or a marked fallback, and each fallback is in the trace', async () => {
    for (const mode of ['per-check', 'combined'] as const) {
      const model = createMessyChatModel({ faults: [...MODEL_FAULTS], slowMs: 1 });
      for (let round = 0; round < 4; round++)
        for (const { answer, evidence } of CASES) {
          const ctx = createRunContext();
          const r = await createLlmTripleCheck({ model, mode }).check(Q, answer, evidence, ctx);
          const events = ctx.trace.toJSON();
          const verdictEvents = events.filter((e) => e.kind === 'verdict');
          expect(verdictEvents).toHaveLength(3);
          for (const [i, v] of r.verdicts.entries()) {
            const marked = v.reason.startsWith('embedded fallback (');
            expect(verdictEvents[i]!.data?.fallback === true, `${mode}: ${v.check}`).toBe(marked);
            expect(['pass', 'fail', 'unknown']).toContain(v.outcome);
          }
          expect(fallbacksIn(events)).toEqual(r.verdicts.filter((v) => v.reason.startsWith('embedded fallback (')).map((v) => `verify.${v.check}`));
        }
    }
  });
});
