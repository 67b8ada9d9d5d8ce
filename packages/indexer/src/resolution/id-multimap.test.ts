import { describe, expect, it } from 'vitest';
import { IdMultimap } from './id-multimap.js';

describe('IdMultimap', () => {
  it('keeps ids per key in insertion order through singleton and set forms', () => {
    const m = new IdMultimap();
    m.add('k', 'a');
    m.add('k', 'a');
    expect([...m.get('k')!]).toEqual(['a']);
    m.add('k', 'b');
    m.add('k', 'c');
    expect([...m.get('k')!]).toEqual(['a', 'b', 'c']);
    expect(m.count('k')).toBe(3);
    m.remove('k', 'a');
    m.remove('k', 'c');
    expect([...m.get('k')!]).toEqual(['b']);
    m.add('k', 'd');
    expect([...m.get('k')!]).toEqual(['b', 'd']);
    m.remove('k', 'b');
    m.remove('k', 'd');
    expect(m.get('k')).toBeUndefined();
    expect(m.count('k')).toBe(0);
    m.add('', 'x');
    expect(m.get('')).toBeUndefined();
    m.remove('missing', 'x');
  });
});
