import { beforeAll, describe, expect, it } from 'vitest';
import type { Indexer } from '@rag/indexer';
import { fixtureIndex } from '../../test/fixture.js';
import { createA2ragAgent } from '../a2rag/a2rag-agent.js';
import { FEATURE_NAMES } from './answer-features.js';
import { defaultCalibrationModel } from './default-model.js';

let index: Indexer;
beforeAll(async () => {
  index = await fixtureIndex();
});

const question = 'What is the population of the city where Gustave Eiffel was born?';

describe('a2rag-agent with the calibrated "verified"', () => {
  it('labels by the shipped model by default and records the score and features in the trace', async () => {
    const a = await createA2ragAgent({ index, gate: false }).answer(question);
    const event = a.trace.find((e) => e.name === 'calibration');
    expect(event?.data?.threshold).toBe(defaultCalibrationModel().threshold);
    expect(Object.keys(event?.data?.features as object)).toEqual([...FEATURE_NAMES]);
    const score = event?.data?.score as number;
    expect(a.verification?.status).toBe(score >= defaultCalibrationModel().threshold ? 'verified' : 'unsure');
  });

  it('follows the threshold of the model it is given; calibration: false keeps Triple-Check\'s label', async () => {
    const model = defaultCalibrationModel();
    const never = await createA2ragAgent({ index, gate: false, calibration: { ...model, threshold: 1, bias: -50 } }).answer(question);
    expect(never.verification?.status).toBe('unsure');
    const always = await createA2ragAgent({ index, gate: false, calibration: { ...model, threshold: 0 } }).answer(question);
    expect(always.verification?.status).toBe('verified');
    const raw = await createA2ragAgent({ index, gate: false, calibration: false }).answer(question);
    expect(raw.trace.some((e) => e.name === 'calibration')).toBe(false);
    expect(raw.verification?.status).toBe('verified');
  });
});

describe('calibrationFor', () => {
  it('applies the shipped model only to the embedded reader and checks it was fitted on', async () => {
    const { calibrationFor } = await import('./calibrated-body.js');
    expect(calibrationFor({})).toBe(defaultCalibrationModel());
    expect(calibrationFor({ model: {} })).toBe(false);
    expect(calibrationFor({ generator: {} })).toBe(false);
    expect(calibrationFor({ tripleCheck: {} })).toBe(false);
    expect(calibrationFor({ model: {}, calibration: defaultCalibrationModel() })).toBe(defaultCalibrationModel());
    expect(calibrationFor({ calibration: false })).toBe(false);
  });
});
