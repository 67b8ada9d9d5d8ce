import { describe, expect, it } from 'vitest';
import { graphRewards } from './reward.js';

describe('graphRewards (TAdaRAG eq. 7)', () => {
  it('rewards a candidate by how much it beats the mean improvement, never below zero', () => {
    // L_base = 3; L_graph = 1, 2, 3.6 → advantages 2, 1, −0.6; mean 0.8 → R = 1.2, 0.2, 0
    const r = graphRewards(3, [1, 2, 3.6]);
    expect(r.advantages).toEqual([2, 1, expect.closeTo(-0.6, 10)]);
    expect(r.mean).toBeCloseTo(0.8, 10);
    expect(r.rewards[0]).toBeCloseTo(1.2, 10);
    expect(r.rewards[1]).toBeCloseTo(0.2, 10);
    expect(r.rewards[2]).toBe(0);
  });
  it('gives zero to every candidate when all are equal', () => {
    expect(graphRewards(2, [1, 1, 1]).rewards).toEqual([0, 0, 0]);
  });
  it('refuses non-finite losses', () => {
    expect(() => graphRewards(Number.NaN, [1])).toThrow(RangeError);
    expect(() => graphRewards(1, [])).toThrow(RangeError);
  });
});
