import { describe, expect, it } from 'vitest';
import { RagError } from '@rag/core';
import { FEATURE_NAMES } from './answer-features.js';
import { correctnessScore, parseCalibrationModel } from './calibration-model.js';
import { defaultCalibrationModel } from './default-model.js';

const n = FEATURE_NAMES.length;
const selection = { answers: 10, verified: 5, precision: 0.9, coverage: 0.5 };
const valid = () => ({
  version: 1,
  kind: 'logistic',
  features: [...FEATURE_NAMES],
  mean: new Array(n).fill(0),
  scale: new Array(n).fill(1),
  weights: new Array(n).fill(0),
  bias: 0,
  threshold: 0.7,
  targetPrecision: 0.9,
  fittedAt: '2026-11-28T00:00:00.000Z',
  command: 'pnpm calibrate',
  validationMethod: '5-fold',
  datasets: [{ name: 'set', questions: 10, answers: 10 }],
  train: selection,
  validation: { ...selection, perSet: { set: selection } },
});

describe('parseCalibrationModel', () => {
  it('accepts a well-formed model, and the shipped one validates', () => {
    expect(parseCalibrationModel(valid(), 'model.json').threshold).toBe(0.7);
    expect(defaultCalibrationModel().features).toEqual([...FEATURE_NAMES]);
  });

  it('rejects a malformed file with an error naming the file and the field', () => {
    const cases: [unknown, RegExp][] = [
      [{ ...valid(), weights: undefined }, /model\.json: is not a calibration model: weights/],
      [{ ...valid(), weights: [1, 2] }, /weights: has 2 entries for \d+ features/],
      [{ ...valid(), threshold: 1.5 }, /threshold/],
      [{ ...valid(), scale: new Array(n).fill(0) }, /scale\.0: must be > 0/],
      [{ ...valid(), version: 2 }, /version/],
      ['not json object', /\(root\)/],
    ];
    for (const [value, message] of cases) {
      let error: unknown;
      try {
        parseCalibrationModel(value, 'model.json');
      } catch (e) {
        error = e;
      }
      expect(RagError.isInstance(error, 'RAG_INVALID_INPUT')).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('rejects a model fitted on other features, asking for a refit', () => {
    const other = { ...valid(), features: [...FEATURE_NAMES].reverse() };
    expect(() => parseCalibrationModel(other, 'model.json')).toThrow(/refit it with `pnpm calibrate`/);
  });
});

describe('parseCalibrationModel: boosted trees', () => {
  const { mean: _m, scale: _s, weights: _w, ...meta } = valid();
  const trees = (nodes: unknown[]) => ({ ...meta, kind: 'boosted-trees', bias: -1, trees: [{ nodes }] });
  const good = [{ feature: 3, threshold: 0.5, left: 1, right: 2 }, { value: -0.5 }, { value: 0.7 }];

  it('accepts a well-formed tree model and scores it: sigmoid(bias + the leaf each tree sends the row to)', () => {
    const model = parseCalibrationModel(trees(good), 'model.json');
    expect(model.kind).toBe('boosted-trees');
    const x = new Array(n).fill(0);
    expect(correctnessScore(model, x)).toBeCloseTo(1 / (1 + Math.exp(1.5)), 10);
    x[3] = 0.9;
    expect(correctnessScore(model, x)).toBeCloseTo(1 / (1 + Math.exp(0.3)), 10);
  });

  it('rejects trees that are not trees over the model features, naming the node', () => {
    const cases: [unknown, RegExp][] = [
      [trees([{ ...good[0], feature: n }, good[1], good[2]]), /trees\.0\.nodes\.0: splits on feature \d+, the model has \d+/],
      [trees([good[0], { feature: 0, threshold: 0, left: 1, right: 2 }, good[2]]), /trees\.0\.nodes\.1: child 1 must come after the node/],
      [trees([{ ...good[0], right: 1 }, good[1], good[2]]), /trees\.0\.nodes\.1: is the child of 2 splits/],
      [trees([{ ...good[0], right: 3 }, good[1], good[2]]), /child 3 must come after the node and be one of the 3 nodes/],
      [trees([{ value: 'high' }]), /trees\.0\.nodes\.0/],
      [trees([{ value: 1, feature: 2 }]), /trees\.0\.nodes\.0/],
      [{ ...trees(good), kind: 'forest' }, /kind/],
      [{ ...trees(good), trees: undefined }, /trees/],
    ];
    for (const [value, message] of cases) expect(() => parseCalibrationModel(value, 'model.json'), String(message)).toThrow(message);
  });
});

describe('correctnessScore', () => {
  it('is the logistic of the standardised features', () => {
    const model = { mean: [1, 0], scale: [2, 1], weights: [2, -1], bias: 0.5 };
    // z = 0.5 + 2·(3−1)/2 − 1·1 = 1.5
    expect(correctnessScore(model, [3, 1])).toBeCloseTo(1 / (1 + Math.exp(-1.5)), 10);
  });
});
