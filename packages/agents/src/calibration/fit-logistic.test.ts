import { describe, expect, it } from 'vitest';
import { fitLogistic } from './fit-logistic.js';
import { correctnessScore } from './calibration-model.js';
import { selectThreshold, selectThresholdPerSet, selectionAt } from './select-threshold.js';

// A deterministic pseudo-random stream (no Math.random in tests).
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('fitLogistic', () => {
  it('recovers a separating rule on synthetic data: the label is x0 + x1 > 1, x2 is noise', () => {
    const rand = lcg(7);
    const rows = Array.from({ length: 400 }, () => [rand(), rand(), rand()]);
    const labels = rows.map((r) => (r[0]! + r[1]! > 1 ? 1 : 0) as 0 | 1);
    const fit = fitLogistic(rows, labels, { l2: 0.001, iterations: 4000 });
    const accuracy = rows.filter((r, i) => (correctnessScore(fit, r) >= 0.5 ? 1 : 0) === labels[i]).length / rows.length;
    expect(accuracy).toBeGreaterThan(0.95);
    // Both informative features weigh alike and positively; the noise feature far less.
    expect(fit.weights[0]).toBeGreaterThan(1);
    expect(fit.weights[1]).toBeGreaterThan(1);
    expect(Math.abs(fit.weights[0]! - fit.weights[1]!) / fit.weights[0]!).toBeLessThan(0.25);
    expect(Math.abs(fit.weights[2]!)).toBeLessThan(fit.weights[0]! / 5);
    // On held-out points of the same rule.
    const test = Array.from({ length: 200 }, () => [rand(), rand(), rand()]);
    const right = test.filter((r) => (correctnessScore(fit, r) >= 0.5) === r[0]! + r[1]! > 1).length;
    expect(right / test.length).toBeGreaterThan(0.93);
  });

  it('weighs rows: weight 2 fits as the row given twice, and weight 0 as the row left out', () => {
    const rand = lcg(11);
    const rows = Array.from({ length: 120 }, () => [rand(), rand()]);
    const labels = rows.map((r) => (r[0]! + 0.3 * rand() > 0.6 ? 1 : 0) as 0 | 1);
    const weights = rows.map((_, i) => (i % 3 === 0 ? 2 : i % 3 === 1 ? 0 : 1));
    const weighted = fitLogistic(rows, labels, { rowWeights: weights });
    const repeated = rows.flatMap((r, i) => Array.from({ length: weights[i]! }, () => r));
    const repeatedLabels = labels.flatMap((y, i) => Array.from({ length: weights[i]! }, () => y));
    const plain = fitLogistic(repeated, repeatedLabels);
    for (const [i, w] of plain.weights.entries()) expect(weighted.weights[i]).toBeCloseTo(w, 6);
    expect(weighted.bias).toBeCloseTo(plain.bias, 6);
    expect(weighted.mean[0]).toBeCloseTo(plain.mean[0]!, 9);
    // Unweighted is the same as every weight 1.
    expect(fitLogistic(rows, labels, { rowWeights: rows.map(() => 1) })).toEqual(fitLogistic(rows, labels));
    expect(() => fitLogistic(rows, labels, { rowWeights: [1] })).toThrow(/rowWeights.*120/);
    expect(() => fitLogistic(rows, labels, { rowWeights: rows.map(() => 0) })).toThrow(/rowWeights.*all be 0/);
  });

  it('keeps a constant feature at weight 0 and rejects ragged or empty input', () => {
    const rows = [[0, 5], [1, 5], [0, 5], [1, 5]];
    const fit = fitLogistic(rows, [0, 1, 0, 1]);
    expect(fit.weights[1]).toBe(0);
    expect(fit.scale[1]).toBe(1);
    expect(() => fitLogistic([], [])).toThrow(/no rows/);
    expect(() => fitLogistic([[1], [1, 2]], [0, 1])).toThrow(/2 finite numbers|1 finite numbers/);
    expect(() => fitLogistic([[1]], [0, 1])).toThrow(/labels/);
  });
});

describe('selectThreshold', () => {
  const scored = [
    { score: 0.95, correct: true },
    { score: 0.9, correct: true },
    { score: 0.8, correct: true },
    { score: 0.7, correct: false },
    { score: 0.6, correct: true },
    { score: 0.5, correct: false },
    { score: 0.4, correct: false },
  ];

  it('keeps the largest coverage whose precision reaches the target', () => {
    // Top 3: 3/3; top 4: 3/4; top 5: 4/5 = 0.8; top 6: 4/6.
    expect(selectThreshold(scored, 0.8, 1)).toMatchObject({ threshold: 0.6, verified: 5, precision: 0.8, reached: true });
    expect(selectThreshold(scored, 0.9, 1)).toMatchObject({ threshold: 0.8, verified: 3, precision: 1 });
  });

  it('needs a minimum number of verified answers, and says when the target is out of reach', () => {
    expect(selectThreshold(scored, 1, 4)).toMatchObject({ threshold: 1, verified: 0, precision: null, reached: false });
    expect(selectThreshold(scored, 1, 4).threshold).toBeGreaterThan(0.95);
  });

  it('verifies tied scores together', () => {
    const tied = [
      { score: 0.9, correct: true },
      { score: 0.8, correct: true },
      { score: 0.8, correct: false },
    ];
    expect(selectThreshold(tied, 0.9, 1)).toMatchObject({ threshold: 0.9, verified: 1 });
    expect(selectionAt(tied, 0.8)).toEqual({ verified: 3, precision: 2 / 3, coverage: 1 });
  });
});

describe('selectThresholdPerSet', () => {
  // Set a is right at every score; set b is wrong at 0.85 and 0.65.
  const scored = [
    { set: 'a', score: 0.95, correct: true },
    { set: 'b', score: 0.9, correct: true },
    { set: 'a', score: 0.85, correct: true },
    { set: 'b', score: 0.85, correct: false },
    { set: 'a', score: 0.8, correct: true },
    { set: 'a', score: 0.75, correct: true },
    { set: 'a', score: 0.7, correct: true },
    { set: 'b', score: 0.65, correct: false },
    { set: 'a', score: 0.6, correct: true },
  ];

  it('holds every set to the target, not only the pool', () => {
    // Pooled, 0.6 keeps 7 of 9 right (0.78) and 0.7 keeps 6 of 7 (0.86): the pooled rule stops at 0.7,
    // where set b has 1 of 2 right.
    expect(selectThreshold(scored, 0.85, 1).threshold).toBe(0.7);
    expect(selectThresholdPerSet(scored, 0.85, { minVerified: 1, minSetVerified: 1 })).toMatchObject({ threshold: 0.9, verified: 2, precision: 1 });
  });

  it('leaves a set with fewer verified answers than minSetVerified to the pooled rule', () => {
    expect(selectThresholdPerSet(scored, 0.85, { minVerified: 1, minSetVerified: 3 }).threshold).toBe(0.7);
  });

  it('says when no threshold reaches the target', () => {
    expect(selectThresholdPerSet(scored, 0.85, { minVerified: 10, minSetVerified: 1 })).toMatchObject({ threshold: 1, verified: 0, reached: false });
  });
});
