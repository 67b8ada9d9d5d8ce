// lazy(): a component read on first use; unload(): let go after a whole write, read again from
// the new loader on next use.
import { describe, expect, it } from 'vitest';
import { isLoaded, lazy, unload } from './lazy.js';

describe('lazy and unload', () => {
  it('loads on first use, and again from the new loader after unload', () => {
    const loads: string[] = [];
    const box = lazy<{ value: number; twice(): number }>(() => (loads.push('first'), { value: 1, twice: () => 2 }));
    expect(isLoaded(box)).toBe(false);
    expect(loads).toEqual([]);
    expect(box.value).toBe(1);
    expect(box.twice()).toBe(2);
    expect(isLoaded(box)).toBe(true);
    expect(unload(box, () => (loads.push('second'), { value: 3, twice: () => 6 }))).toBe(true);
    expect(isLoaded(box)).toBe(false);
    expect(loads).toEqual(['first']);
    expect(box.value).toBe(3);
    expect(box.twice()).toBe(6);
    expect(loads).toEqual(['first', 'second']);
  });

  it('does nothing to an object that is not a lazy proxy', () => {
    const plain = { value: 1 };
    expect(unload(plain, () => ({ value: 2 }))).toBe(false);
    expect(plain.value).toBe(1);
    expect(isLoaded(plain)).toBe(true);
  });
});
