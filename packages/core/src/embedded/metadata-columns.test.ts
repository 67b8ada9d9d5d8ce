// Metadata columns against a plain model (one object per slot): random appends, overwrites with
// other key sets, copies and pops; every slot must read back as written, keys in written order.
import { describe, expect, it } from 'vitest';
import { MetadataColumns, type Metadata } from './metadata-columns.js';

function random(seed: number) {
  let a = seed;
  return (n: number) => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return Math.floor((a / 2 ** 32) * n);
  };
}

const keySets = [['chunkId', 'docId'], ['docId'], ['relation', 'source', 'target'], ['docId', 'chunkId'], ['size']];

describe('MetadataColumns', () => {
  it('reads back what was written through appends, overwrites, copies and pops', () => {
    const rnd = random(3);
    const cols = new MetadataColumns();
    const model: (Metadata | undefined)[] = [];
    const make = (step: number): Metadata | undefined => {
      const pick = rnd(keySets.length + 1);
      if (pick === keySets.length) return undefined;
      return Object.fromEntries(keySets[pick]!.map((k, i) => [k, [`${k}${step}`, step + i, i % 2 === 0, null][rnd(4)]!]));
    };
    for (let step = 0; step < 5000; step++) {
      const op = rnd(10);
      if (model.length === 0 || op < 4) {
        const m = make(step);
        cols.push(m);
        model.push(m && { ...m });
      } else if (op < 7) {
        const slot = rnd(model.length);
        const m = make(step);
        cols.set(slot, m);
        model[slot] = m && { ...m };
      } else if (op < 9) {
        const from = rnd(model.length);
        const to = rnd(model.length);
        cols.copy(from, to);
        model[to] = model[from] && { ...model[from] };
      } else {
        cols.pop();
        model.pop();
      }
      const probe = rnd(model.length || 1);
      if (model.length > 0) expect(cols.get(probe)).toStrictEqual(model[probe]);
    }
    expect(cols.size).toBe(model.length);
    for (let slot = 0; slot < model.length; slot++) {
      const got = cols.get(slot);
      expect(got).toStrictEqual(model[slot]);
      if (got) expect(Object.keys(got)).toEqual(Object.keys(model[slot]!));
    }
    // a read is a copy: changing it changes nothing stored
    const first = model.findIndex((m) => m !== undefined);
    cols.get(first)!.extra = 1;
    expect(cols.get(first)).toStrictEqual(model[first]);
  });

  it('replaces every slot from decoded rows (null and undefined read as no metadata)', () => {
    const cols = new MetadataColumns();
    cols.push({ a: 1 });
    cols.replaceAll([{ b: 'x' }, null, undefined, { a: 2, b: null }]);
    expect([0, 1, 2, 3].map((s) => cols.get(s))).toStrictEqual([{ b: 'x' }, undefined, undefined, { a: 2, b: null }]);
    expect(cols.size).toBe(4);
  });
});
