import { describe, expect, it } from 'vitest';
import { numberSpans, numberValue } from './spans.js';

describe('numberSpans', () => {
  it('does not read the day next to a month name as a quantity', () => {
    const s = 'It took place between November 18 and December 5, 1984, and drew 18 teams; the 2 May rally had 7 buses.';
    expect(numberSpans(s).map((n) => n.text)).toEqual(['18', '7']);
    expect(numberSpans('It took place between 12–25 November 2008; there were 146 teams.').map((n) => n.text)).toEqual(['146']);
  });

  it('reads twice and thrice as counts of times', () => {
    expect(numberSpans('He was the Premier of South Australia twice, from 1885 until 1887.').map((n) => n.text)).toEqual(['twice']);
    expect(numberValue('twice')).toBe(2);
  });
});
