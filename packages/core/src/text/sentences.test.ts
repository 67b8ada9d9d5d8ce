import { describe, expect, it } from 'vitest';
import { sentenceSpans, splitSentences } from './sentences.js';

const texts = (t: string) => splitSentences(t).map((s) => s.text);

describe('splitSentences', () => {
  it('keeps title and honorific abbreviations inside the sentence', () => {
    expect(texts('Dr. Smith went to Washington. Mr. J. R. R. Tolkien wrote it.')).toEqual([
      'Dr. Smith went to Washington.',
      'Mr. J. R. R. Tolkien wrote it.',
    ]);
  });

  it('handles "U.S." mid-sentence and re-joins "U.K. is" that the library splits', () => {
    expect(texts('The U.S. Army was founded in 1775. It is large.')).toEqual([
      'The U.S. Army was founded in 1775.',
      'It is large.',
    ]);
    expect(texts('The U.S. is big. The U.K. is small.')).toEqual(['The U.S. is big.', 'The U.K. is small.']);
  });

  it('keeps "No. 5" and "Vol. 3" together and decimals intact', () => {
    expect(texts('See item No. 5 in the list. It costs $3.50 today.')).toEqual([
      'See item No. 5 in the list.',
      'It costs $3.50 today.',
    ]);
    expect(texts('Vol. 3 was published in Jan. 2001. Next.')).toEqual(['Vol. 3 was published in Jan. 2001.', 'Next.']);
    expect(texts('Pi is about 3.14159. E is 2.718.')).toEqual(['Pi is about 3.14159.', 'E is 2.718.']);
  });

  it('splits after a year that ends a sentence (the library takes "1775." for a list index)', () => {
    expect(texts('The band formed in 1999. They split in 2004.')).toEqual(['The band formed in 1999.', 'They split in 2004.']);
  });

  it('does not split a numbered list item from its text', () => {
    expect(texts('Steps:\n1. Open the box.\n2. Take it out.')).toEqual(['Steps:', '1. Open the box.', '2. Take it out.']);
  });

  it('re-joins "p.m." followed by a lower-case word', () => {
    expect(texts('He arrived at 5 p.m. on Monday. She left.')).toEqual(['He arrived at 5 p.m. on Monday.', 'She left.']);
  });

  it('keeps quoted sentences whole and splits after the closing quote', () => {
    expect(texts('He said "This is a pen. I like it." Then he left.')).toEqual([
      'He said "This is a pen. I like it."',
      'Then he left.',
    ]);
  });

  it('splits on ? and ! and on blank lines', () => {
    expect(texts('What? Really! Yes.')).toEqual(['What?', 'Really!', 'Yes.']);
    expect(texts('A heading\n\nBody text here.\n\n\nLast')).toEqual(['A heading', 'Body text here.', 'Last']);
  });

  it('returns offsets that slice back to the sentence text, with whitespace trimmed', () => {
    const text = '  Héllo wörld 🎉. Second one!\r\n\r\nThird ';
    const spans = sentenceSpans(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['Héllo wörld 🎉.', 'Second one!', 'Third']);
    for (const s of splitSentences(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('returns nothing for empty or blank text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences(' \n\t ')).toEqual([]);
  });
});
