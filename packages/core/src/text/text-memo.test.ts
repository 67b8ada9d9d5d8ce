import { afterEach, describe, expect, it } from 'vitest';
import { clearTextMemos, memoByText, setTextMemoEnabled } from './text-memo.js';

/** A memoised function that counts how often it really ran. */
function counted(options: Parameters<typeof memoByText<string[]>>[1] = {}) {
  const calls: string[] = [];
  const memo = memoByText((text: string) => {
    calls.push(text);
    return text.split(' ');
  }, options);
  return { memo, calls };
}

afterEach(() => setTextMemoEnabled(true));

describe('memoByText', () => {
  it('computes a text once and hands out copies a caller cannot spoil', () => {
    const { memo, calls } = counted({ copy: (v) => [...v] });
    const first = memo('a b');
    first.push('changed');
    expect(memo('a b')).toEqual(['a', 'b']);
    expect(calls).toEqual(['a b']);
  });

  it('keeps what was used in the last generation and drops what was not, within maxEntries', () => {
    const { memo, calls } = counted({ maxEntries: 4 }); // two generations of two
    memo('a');
    memo('b');
    memo('c'); // a new generation: a and b become the old one
    memo('a'); // used again: moves to the young one
    memo('d'); // a new generation: b, unused for a generation, is dropped
    expect(memo.size).toBeLessThanOrEqual(4);
    memo('a');
    memo('c');
    memo('d');
    expect(calls).toEqual(['a', 'b', 'c', 'd']);
    memo('b');
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'b']);
  });

  it('bounds the characters kept and does not keep a text over maxKeyChars or half of maxChars', () => {
    const { memo, calls } = counted({ maxChars: 12, maxKeyChars: 8 });
    memo('aaaaaaaaa'); // 9 > 8: not kept
    memo('aaaaaaaaa');
    expect(calls).toHaveLength(2);
    memo('bbbbbb'); // 6
    memo('cccccc'); // the young generation holds 6 characters: b moves to the old one
    memo('dddddd'); // and is dropped here: never more than 12 characters kept
    expect(memo.size).toBe(2);
    memo('bbbbbb');
    expect(calls.filter((c) => c === 'bbbbbb')).toHaveLength(2);
    const { memo: small, calls: smallCalls } = counted({ maxChars: 10 });
    small('eeeeeeee'); // 8 > 10 / 2: not kept
    small('eeeeeeee');
    expect(smallCalls).toHaveLength(2);
  });

  it('computes afresh while switched off, and clearTextMemos empties every memo', () => {
    const { memo, calls } = counted();
    memo('q');
    setTextMemoEnabled(false);
    memo('q');
    memo('q');
    expect(calls).toHaveLength(3);
    expect(memo.size).toBe(0);
    setTextMemoEnabled(true);
    memo('q');
    clearTextMemos();
    memo('q');
    expect(calls).toHaveLength(5);
  });

  it('keeps nothing when the function throws', () => {
    let n = 0;
    const memo = memoByText((text: string) => {
      n++;
      if (text === 'bad') throw new Error('bad text');
      return text.length;
    });
    expect(() => memo('bad')).toThrow('bad text');
    expect(() => memo('bad')).toThrow('bad text');
    expect(n).toBe(2);
    expect(memo.size).toBe(0);
  });
});
