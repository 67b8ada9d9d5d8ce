import { describe, expect, it } from 'vitest';
import { fitLogistic } from './fit-logistic.js';
import { fitTrees, treesScore } from './fit-trees.js';
import { correctnessScore } from './calibration-model.js';

// A deterministic pseudo-random stream (no Math.random in tests).
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const accuracy = (score: (x: number[]) => number, rows: number[][], labels: (0 | 1)[]) => rows.filter((r, i) => (score(r) >= 0.5 ? 1 : 0) === labels[i]).length / rows.length;

describe('fitTrees', () => {
  // An interaction: right iff exactly one of two binary signals holds (x0 XOR x1), x2 is noise.
  // No weighted sum of x0 and x1 separates this; depth-2 trees do.
  const rand = lcg(11);
  const draw = (k: number) => Array.from({ length: k }, () => [rand() < 0.5 ? 0 : 1, rand() < 0.5 ? 0 : 1, rand()]);
  const rule = (r: number[]) => ((r[0]! + r[1]!) % 2 === 1 ? 1 : 0) as 0 | 1;
  const rows = draw(400);
  const labels = rows.map(rule);
  const test = draw(200);
  const testLabels = test.map(rule);

  it('fits an interaction a logistic regression cannot', () => {
    const logistic = fitLogistic(rows, labels, { l2: 0.001 });
    expect(accuracy((x) => correctnessScore(logistic, x), test, testLabels)).toBeLessThan(0.65);
    const trees = fitTrees(rows, labels, { depth: 2, rounds: 60, learningRate: 0.3, minLeaf: 5 });
    expect(accuracy((x) => treesScore(trees, x), test, testLabels)).toBe(1);
  });

  it('with stumps (depth 1) it cannot fit the interaction either', () => {
    const stumps = fitTrees(rows, labels, { depth: 1, rounds: 60, learningRate: 0.3, minLeaf: 5 });
    expect(accuracy((x) => treesScore(stumps, x), test, testLabels)).toBeLessThan(0.65);
  });

  it('is deterministic, starts from the base rate, and splits only on allowed features', () => {
    const a = fitTrees(rows, labels, { rounds: 20 });
    expect(fitTrees(rows, labels, { rounds: 20 })).toEqual(a);
    const positives = labels.filter((y) => y === 1).length;
    expect(a.bias).toBeCloseTo(Math.log(positives / (labels.length - positives)), 10);
    const onlyX2 = fitTrees(rows, labels, { rounds: 20, allowed: [2] });
    expect(onlyX2.trees.flatMap((t) => t.nodes).every((node) => !('feature' in node) || node.feature === 2)).toBe(true);
  });

  it('respects the smallest leaf, and stops when no split gains', () => {
    const fit = fitTrees(rows, labels, { rounds: 10, minLeaf: 150, depth: 2 });
    for (const tree of fit.trees)
      for (const node of tree.nodes) {
        if (!('feature' in node)) continue;
        const left = rows.filter((r) => r[node.feature]! < node.threshold).length;
        expect(Math.min(left, rows.length - left)).toBeGreaterThanOrEqual(150);
      }
    // A constant label leaves nothing to fit: no tree.
    expect(fitTrees(rows, rows.map(() => 1 as const)).trees).toHaveLength(0);
  });

  it('rejects ragged, non-finite or empty input and unknown allowed features', () => {
    expect(() => fitTrees([], [])).toThrow(/no rows/);
    expect(() => fitTrees([[1], [1, 2]], [0, 1])).toThrow(/every row must hold 1 finite numbers/);
    expect(() => fitTrees([[NaN]], [0])).toThrow(/finite/);
    expect(() => fitTrees([[1]], [0, 1])).toThrow(/labels/);
    expect(() => fitTrees([[1]], [0], { allowed: [3] })).toThrow(/allowed/);
  });
});
