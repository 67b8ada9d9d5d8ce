import { describe, expect, it } from 'vitest';
import { createRunContext, type Verdict } from '@rag/core';
import { FEATURE_NAMES } from './answer-features.js';
import type { CalibrationModel, LogisticCalibrationModel } from './calibration-model.js';
import { createCalibrator, usesReaderSignals } from './calibrator.js';

const chunks: Record<string, { id: string; docId: string; text: string }> = {
  'a#0': { id: 'a#0', docId: 'a', text: 'Brooklyn is a 2015 romantic drama film produced by Finola Dwyer.' },
  'b#0': { id: 'b#0', docId: 'b', text: 'Finola Dwyer is a British film producer.' },
};
const index = {
  getChunk: (id: string) => chunks[id] as never,
  getDoc: (id: string) => ({ id, title: id === 'a' ? 'Brooklyn (film)' : 'Finola Dwyer' }) as never,
  keyword: { search: async () => Object.keys(chunks).map((id) => ({ id, score: 1 })) } as never,
};

// A model that trusts exactly one feature: whether grounding passed (score = σ(4·(x − 0.5))).
function model(threshold: number): LogisticCalibrationModel {
  const weights = FEATURE_NAMES.map((n) => (n === 'groundingPass' ? 4 : 0));
  const selection = { answers: 1, verified: 1, precision: 1, coverage: 1 };
  return {
    version: 1, kind: 'logistic', features: [...FEATURE_NAMES], mean: FEATURE_NAMES.map((n) => (n === 'groundingPass' ? 0.5 : 0)),
    scale: FEATURE_NAMES.map(() => 1), weights, bias: 0, threshold, targetPrecision: 0.9, fittedAt: '2026-11-28T00:00:00Z', command: 'test', validationMethod: 'none',
    datasets: [{ name: 'test', questions: 1, answers: 1 }], train: selection, validation: { ...selection, perSet: {} },
  };
}

const verdict = (check: string, outcome: Verdict['outcome']): Verdict => ({ check, outcome, score: outcome === 'pass' ? 1 : 0.5, reason: check, spans: [] });
const result = (grounding: Verdict['outcome'], extra: object = {}) => ({
  status: 'answered' as const,
  text: 'Brooklyn',
  citations: [{ chunkId: 'a#0', start: 0, end: 10 }],
  verdicts: [verdict('relevance', 'pass'), verdict('grounding', grounding), verdict('adequacy', 'pass')],
  verification: { status: grounding === 'fail' ? ('failed' as const) : grounding === 'pass' ? ('verified' as const) : ('unsure' as const), reason: 'checks' },
  evidence: [{ chunkId: 'a#0', docId: 'a', score: 2 }, { chunkId: 'b#0', docId: 'b', score: 1 }],
  retries: 0,
  ...extra,
});

describe('createCalibrator', () => {
  it('verifies an answer iff its score reaches the threshold, and explains the label in the reason and the trace', async () => {
    const calibrator = createCalibrator({ model: model(0.8), index });
    const context = createRunContext();
    const high = await calibrator.apply('What film did Finola Dwyer produce?', result('pass'), context);
    expect(high.verification?.status).toBe('verified');
    expect(high.verification?.reason).toMatch(/calibrated correctness 0\.881 ≥ threshold 0\.8.*checks: checks/);
    const low = await calibrator.apply('What film did Finola Dwyer produce?', result('unknown'), context);
    expect(low.verification?.status).toBe('unsure');
    expect(low.verification?.reason).toMatch(/calibrated correctness 0\.5 < threshold 0\.8/);
    const events = context.trace.toJSON().filter((e) => e.name === 'calibration');
    expect(events.map((e) => e.decision)).toEqual(['VERIFIED', 'UNSURE']);
    expect(Object.keys(events[0]!.data!.features as object)).toEqual([...FEATURE_NAMES]);
  });

  it('verifies nothing with threshold 1 (no threshold reached the target), even a score of 1', async () => {
    const saturated = { ...model(1), weights: FEATURE_NAMES.map((n) => (n === 'groundingPass' ? 1000 : 0)) };
    const out = await createCalibrator({ model: saturated, index }).apply('What film did Finola Dwyer produce?', result('pass'), createRunContext());
    expect(out.verification?.status).toBe('unsure');
    expect(out.verification?.reason).toMatch(/calibrated correctness 1; the model verifies nothing .*no threshold reached precision 0\.9/);
  });

  it('keeps an answer a check found wrong failed, even above the threshold', async () => {
    const out = await createCalibrator({ model: model(0.01), index }).apply('q?', result('fail'), createRunContext());
    expect(out.verification?.status).toBe('failed');
  });

  it('does not score sentence answers, abstentions or failures', async () => {
    const calibrator = createCalibrator({ model: model(0), index });
    const context = createRunContext();
    const sentence = result('pass', { form: 'sentence', verification: { status: 'unsure', reason: 'sentence' } });
    expect(await calibrator.apply('q?', sentence, context)).toBe(sentence);
    const abstained = { ...result('pass'), status: 'abstained' as const, text: '' };
    expect(await calibrator.apply('q?', abstained, context)).toBe(abstained);
    const failed = { ...result('pass'), status: 'failed' as const };
    expect(await calibrator.apply('q?', failed, context)).toBe(failed);
    expect(context.trace.toJSON().some((e) => e.name === 'calibration')).toBe(false);
  });
});

describe('usesReaderSignals', () => {
  it('is true only when a re-reading feature has a weight (else scoring skips the re-reading)', () => {
    const weights = FEATURE_NAMES.map(() => 0);
    const withWeights = () => ({ ...model(0.5), weights: [...weights] });
    expect(usesReaderSignals(withWeights())).toBe(false);
    weights[FEATURE_NAMES.indexOf('groundingScore')] = 1;
    expect(usesReaderSignals(withWeights())).toBe(false);
    weights[FEATURE_NAMES.indexOf('topTwoAgrees')] = 0.3;
    expect(usesReaderSignals(withWeights())).toBe(true);
  });

  it('for boosted trees, is true only when a split reads a re-reading feature', () => {
    const { mean: _m, scale: _s, weights: _w, ...meta } = model(0.5);
    const split = (name: string) => ({ feature: FEATURE_NAMES.indexOf(name as never), threshold: 0.5, left: 1, right: 2 });
    const trees = (name: string): CalibrationModel => ({ ...meta, kind: 'boosted-trees', bias: 0, trees: [{ nodes: [split(name), { value: -1 }, { value: 1 }] }] });
    expect(usesReaderSignals(trees('adequacyScore'))).toBe(false);
    expect(usesReaderSignals(trees('passageVoteShare'))).toBe(true);
  });
});
