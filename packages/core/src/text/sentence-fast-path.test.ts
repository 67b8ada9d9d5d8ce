import { mulberry32 } from '../random.js';
import { describe, expect, it } from 'vitest';
import { fastSentenceRanges } from './sentence-fast-path.js';
import { libraryRanges } from './sentences.js';

// Tokens chosen to hit every rule of the fast path and of the library's markers.
const TOKENS = [
  'word', 'The', 'city', 'river.', 'end.', 'Paris.', 'x.', '1775.', '3.5', '12.', 'Mr.', 'Dr.', 'St.', 'Mt.', 'Gen.',
  'Inc.', 'Co.', 'No.', 'May.', 'Is.', 'U.S.', 'U.K.', 'a.b.c.', 'A.B.C.', 'J.', 'e.g.', 'i.e.', '...', 'wait..', '.5',
  '(born', '1950)', '(', ')', '"Quote', 'said."', '"', '[1]', '[note.', ']', '{a.', '}', 'Yahoo!', 'why?', 'ok!',
  '.', '—', 'naïve.', 'Émile.', '🎉.', '2020s.', 'p.m.', 'vs.',
];
const SEPARATORS = [' ', ' ', ' ', ' ', '  ', '\n', '\t', '\u00a0', ' \n '];


function randomText(rand: () => number): string {
  const n = 1 + Math.floor(rand() * 30);
  let s = rand() < 0.2 ? ' ' : '';
  for (let i = 0; i < n; i++) {
    s += TOKENS[Math.floor(rand() * TOKENS.length)]!;
    if (i < n - 1 || rand() < 0.3) s += SEPARATORS[Math.floor(rand() * SEPARATORS.length)]!;
  }
  return s;
}

describe('fastSentenceRanges', () => {
  it('decides plain encyclopedic text itself, with the library’s ranges', () => {
    const text = 'Paris is the capital of France. It has (about 2.1 million) people in 2020. The "Seine." flows west.';
    const fast = fastSentenceRanges(text);
    expect(fast).toBeDefined();
    expect(fast).toEqual(libraryRanges(text));
    // like the library, "2020." is read as a list index here; splitSentences' post-pass splits it
    expect(fast!.map(([s, e]) => text.slice(s, e))).toEqual([
      'Paris is the capital of France.',
      'It has (about 2.1 million) people in 2020. The "Seine." flows west.',
    ]);
  });

  it('leaves neighbour-dependent abbreviations, initials and other punctuation to the library', () => {
    expect(fastSentenceRanges('He moved to the U.S. in 1990.')).toBeUndefined();
    expect(fastSentenceRanges('It was J. Smith.')).toBeUndefined();
    expect(fastSentenceRanges('Acme Inc. makes things.')).toBeUndefined();
    expect(fastSentenceRanges('Why? Because.')).toBeUndefined();
    expect(fastSentenceRanges('東京. Tokyo.')).toBeUndefined();
    expect(fastSentenceRanges('A lone . here')).toBeUndefined();
  });

  it('agrees with sentence-splitter on 3,000 generated texts whenever it decides', () => {
    const rand = mulberry32(20240613);
    let decided = 0;
    for (let k = 0; k < 3000; k++) {
      const text = randomText(rand);
      const fast = fastSentenceRanges(text);
      if (!fast) continue;
      decided++;
      expect({ text, ranges: fast }).toEqual({ text, ranges: libraryRanges(text) });
    }
    // the comparison only means something if the fast path decided a good share of them
    expect(decided).toBeGreaterThan(300);
  });
});
