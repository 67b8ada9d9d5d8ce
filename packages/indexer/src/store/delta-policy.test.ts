// The delta budget: the steady-state ratio, the growth allowance (up to the base's size, in at
// most MAX_GROWTH_DELTAS files), and how a build that commits a quarter of the store at a time
// writes a component whole about once per doubling instead of every other commit.
import { describe, expect, it } from 'vitest';
import { MAX_GROWTH_DELTAS, withinDeltaBudget } from './delta-policy.js';

describe('withinDeltaBudget', () => {
  it('allows deltas up to the ratio of the component when it does not grow', () => {
    expect(withinDeltaBudget({ deltaRecords: 250, deltaCount: 40, current: 1000, base: 1000, ratio: 0.25 })).toBe(true);
    expect(withinDeltaBudget({ deltaRecords: 251, deltaCount: 2, current: 1000, base: 1000, ratio: 0.25 })).toBe(false);
    expect(withinDeltaBudget({ deltaRecords: 1, deltaCount: 1, current: 1000, base: 1000, ratio: 0 })).toBe(false);
  });

  it('adds the growth since the base, at most the base, in at most MAX_GROWTH_DELTAS files', () => {
    // grew from 1000 to 1500: 0.25 × 1500 + 500
    expect(withinDeltaBudget({ deltaRecords: 875, deltaCount: 3, current: 1500, base: 1000, ratio: 0.25 })).toBe(true);
    expect(withinDeltaBudget({ deltaRecords: 876, deltaCount: 3, current: 1500, base: 1000, ratio: 0.25 })).toBe(false);
    // grew to 4000: the allowance stops at the base's size
    expect(withinDeltaBudget({ deltaRecords: 2001, deltaCount: 3, current: 4000, base: 1000, ratio: 0.25 })).toBe(false);
    expect(withinDeltaBudget({ deltaRecords: 2000, deltaCount: 3, current: 4000, base: 1000, ratio: 0.25 })).toBe(true);
    expect(withinDeltaBudget({ deltaRecords: 600, deltaCount: MAX_GROWTH_DELTAS + 1, current: 1500, base: 1000, ratio: 0.25 })).toBe(false);
    // no base (the last commit of an ingest call, or a store opened from disk): the steady-state budget only
    expect(withinDeltaBudget({ deltaRecords: 600, deltaCount: 2, current: 1500, base: undefined, ratio: 0.25 })).toBe(false);
  });

  it('writes a growing component whole about once per doubling with quarter-of-the-store batches', () => {
    const simulate = (budget: (deltaRecords: number, deltaCount: number, current: number, base: number) => boolean) => {
      let docs = 2000;
      let base = docs;
      let deltas: number[] = [];
      let whole = 0;
      while (docs < 100_000) {
        const batch = Math.max(500, Math.floor(docs / 4));
        docs += batch;
        const records = deltas.reduce((a, b) => a + b, 0) + batch;
        if (budget(records, deltas.length + 1, docs, base)) deltas.push(batch);
        else {
          whole += 1;
          base = docs;
          deltas = [];
        }
      }
      return whole;
    };
    const before = simulate((records, _count, current) => records <= 0.25 * current);
    const now = simulate((records, count, current, base) => withinDeltaBudget({ deltaRecords: records, deltaCount: count, current, base, ratio: 0.25 }));
    expect(now).toBeLessThanOrEqual(Math.ceil(Math.log2(100_000 / 2000)) + 1);
    expect(before).toBeGreaterThan(2 * now);
  });
});
