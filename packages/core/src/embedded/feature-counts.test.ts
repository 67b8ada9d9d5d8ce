import { describe, expect, it } from 'vitest';
import { FeatureCounts } from './feature-counts.js';

describe('FeatureCounts', () => {
  it('counts hashes in first-seen order through growth, like a Map', () => {
    const t = new FeatureCounts();
    const m = new Map<number, number>();
    let x = 12345;
    for (let i = 0; i < 5000; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      const h = i % 3 === 0 ? x % 97 : x; // repeats and full 32-bit values
      t.add(h);
      m.set(h, (m.get(h) ?? 0) + 1);
    }
    expect(t.size).toBe(m.size);
    expect([...t.keys.subarray(0, t.size)]).toEqual([...m.keys()]);
    expect([...t.counts.subarray(0, t.size)]).toEqual([...m.values()]);
  });

  it('starts empty again after clear', () => {
    const t = new FeatureCounts();
    for (let i = 0; i < 300; i++) t.add(i * 7919);
    t.clear();
    t.add(0xffffffff);
    t.add(7919);
    t.add(0xffffffff);
    expect(t.size).toBe(2);
    expect([...t.keys.subarray(0, 2)]).toEqual([0xffffffff, 7919]);
    expect([...t.counts.subarray(0, 2)]).toEqual([2, 1]);
  });
});
