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

  it('keeps insertion order and exact membership across the string, array and set forms', () => {
    const ix = new IdIndex();
    const ids = Array.from({ length: 40 }, (_, i) => `id-${String(39 - i).padStart(2, '0')}`);
    for (const id of ids) {
      ix.add('k', id);
      ix.add('k', id);
    }
    expect(ix.get('k')).toEqual(ids);
    expect(ix.count('k')).toBe(40);
    // delete from the middle of the set form, then add back: it goes last
    ix.delete('k', ids[5]!);
    ix.add('k', ids[5]!);
    expect(ix.get('k')).toEqual([...ids.slice(0, 5), ...ids.slice(6), ids[5]]);
    for (const id of ids) ix.delete('k', id);
    expect([ix.count('k'), ix.size]).toEqual([0, 0]);

    // the array form: deleting down to one id leaves that id; a re-add does not duplicate
    ix.add('a', 'x');
    ix.add('a', 'y');
    ix.add('a', 'z');
    ix.delete('a', 'y');
    ix.add('a', 'x');
    expect(ix.get('a')).toEqual(['x', 'z']);
    ix.delete('a', 'x');
    expect([ix.get('a'), ix.count('a')]).toEqual([['z'], 1]);
    ix.add('a', 'w');
    expect(ix.get('a')).toEqual(['z', 'w']);
    // a copy handed out does not alias the held array
    ix.get('a').push('leak');
    expect(ix.get('a')).toEqual(['z', 'w']);
  });
});
