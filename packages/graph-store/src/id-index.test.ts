import { describe, expect, it } from 'vitest';
import { IdIndex } from './id-index.js';

describe('IdIndex', () => {
  it('holds one id as a string, more as a set, and forgets a key when its last id goes', () => {
    const ix = new IdIndex();
    ix.add('k', 'a');
    ix.add('k', 'a');
    expect(ix.get('k')).toEqual(['a']);
    ix.add('k', 'b');
    ix.add('k', 'c');
    expect(ix.get('k')).toEqual(['a', 'b', 'c']);
    expect([ix.count('k'), ix.count('none')]).toEqual([3, 0]);
    ix.delete('k', 'a');
    ix.delete('k', 'zzz');
    expect(ix.get('k')).toEqual(['b', 'c']);
    ix.delete('k', 'b');
    ix.delete('k', 'c');
    expect([ix.get('k'), ix.size, [...ix.keys()]]).toEqual([[], 0, []]);
    ix.add('j', 'x');
    ix.delete('j', 'y');
    expect([ix.get('j'), ix.count('j')]).toEqual([['x'], 1]);
    ix.delete('j', 'x');
    ix.delete('nothing', 'x');
    expect(ix.size).toBe(0);
  });

  it('hands out copies', () => {
    const ix = new IdIndex();
    ix.add('k', 'a');
    ix.get('k').push('b');
    ix.add('m', 'a');
    ix.add('m', 'b');
    ix.get('m').pop();
    expect([ix.get('k'), ix.get('m')]).toEqual([['a'], ['a', 'b']]);
  });
});
