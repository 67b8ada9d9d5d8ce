// The pair-list pool against a plain model (an array of pairs per list): random pushes,
// swap-removals and resets from a tiny pool, so lists move, the pool grows and compacts many
// times; every list must hold the model's pairs in the model's order after every step.
import { describe, expect, it } from 'vitest';
import { PairListPool } from './pair-list-pool.js';

const contents = (pool: PairListPool, l: number): [number, number][] => {
  const s = pool.start[l]!;
  return Array.from({ length: pool.len[l]! }, (_, i) => [pool.x[s + i]!, pool.y[s + i]!]);
};

function random(seed: number) {
  let a = seed;
  return (n: number) => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return Math.floor((a / 2 ** 32) * n);
  };
}

describe('PairListPool', () => {
  it('keeps every list equal to a plain model through moves, growth and compaction', () => {
    const rnd = random(7);
    const pool = new PairListPool(4, 2);
    const model: [number, number][][] = [];
    for (let step = 0; step < 20000; step++) {
      const op = rnd(100);
      if (model.length === 0 || op === 0) {
        expect(pool.addList()).toBe(model.length);
        model.push([]);
      } else {
        const l = rnd(model.length);
        const list = model[l]!;
        if (op <= 60) {
          const pair: [number, number] = [step, rnd(1000) + 1];
          pool.push(l, pair[0], pair[1]);
          list.push(pair);
        } else if (op <= 97 && list.length > 0) {
          const i = rnd(list.length);
          expect(pool.indexOf(l, list[i]![0])).toBe(i);
          pool.swapRemove(l, i);
          list[i] = list[list.length - 1]!;
          list.pop();
        } else if (op > 97) {
          const n = rnd(40);
          pool.reset(l, n);
          model[l] = [];
          for (let k = 0; k < n; k++) {
            pool.push(l, -step - k, k);
            model[l]!.push([-step - k, k]);
          }
        }
      }
    }
    for (let l = 0; l < model.length; l++) expect(contents(pool, l)).toEqual(model[l]);
    expect(pool.compactions).toBeGreaterThan(3);
    // garbage stays bounded: the arrays hold at most a few times the live pairs (plus list slack)
    const liveCap = Array.from({ length: pool.lists }, (_, l) => pool.cap[l]!).reduce((a, b) => a + b, 0);
    expect(pool.end - pool.garbage).toBe(liveCap);
    expect(pool.capacity).toBeLessThan(3 * liveCap + 64);
  });

  it('wraps flat arrays without copying and moves a list out when it grows', () => {
    const x = Int32Array.of(1, 2, 3, 4, 5);
    const y = Int32Array.of(10, 20, 30, 40, 50);
    const pool = PairListPool.wrap(x, y, [0, 2, 2, 5], 3);
    expect(pool.x).toBe(x);
    expect([0, 1, 2].map((l) => contents(pool, l))).toEqual([[[1, 10], [2, 20]], [], [[3, 30], [4, 40], [5, 50]]]);
    pool.push(0, 6, 60);
    expect(contents(pool, 0)).toEqual([[1, 10], [2, 20], [6, 60]]);
    expect(contents(pool, 2)).toEqual([[3, 30], [4, 40], [5, 50]]);
    // the wrapped arrays are not written: the grown list went to new arrays
    expect([...x]).toEqual([1, 2, 3, 4, 5]);
  });
});
