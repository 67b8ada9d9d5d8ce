import { describe, expect, it } from 'vitest';
import { answerChoice, choiceOptions, eventYear } from './comparison.js';
import { sentencesOf } from './test-passages.js';

describe('choiceOptions', () => {
  it.each([
    ['Between Iain Banks and Irwin Shaw, which writer has had a more diverse career?', ['Iain Banks', 'Irwin Shaw']],
    ['Which came first the forming of The Dandy Warhols or the birth of Robert Young?', ['The Dandy Warhols', 'Robert Young']],
    ['Which is older, Marie Curie or Pierre Curie?', ['Marie Curie', 'Pierre Curie']],
    // a capitalised article after the comma belongs to the name; a lower-case one does not
    ['Which band was formed first, The Exies or Circus Diablo?', ['The Exies', 'Circus Diablo']],
    ['Which is taller, the Eiffel Tower or Big Ben?', ['Eiffel Tower', 'Big Ben']],
  ])('%s', (q, options) => {
    expect(choiceOptions(q)).toEqual(options);
  });
});

describe('eventYear', () => {
  it('reads the year after the event cue, else the first date of the sentence', () => {
    expect(eventYear('The Grey Larks released their third album in 2008; the band was formed in Portland in 1994.')).toBe(2008);
    expect(eventYear('The band was formed in Portland in 1994 and toured in 2001.')).toBe(1994);
    expect(eventYear('Robert Young (1964 – 9 September 2014) was a Scottish musician.')).toBe(1964);
  });

  it('decides "which came first" by the years read', () => {
    const q = 'Which came first the forming of The Grey Larks or the birth of Ann Moray?';
    const a = answerChoice(q, choiceOptions(q)!, sentencesOf(q, 'The Grey Larks are a folk band formed in Leeds in 1994.', 'Ann Moray (1964 – 9 September 2014) was a Scottish singer.'));
    expect(a?.text).toBe('Ann Moray');
  });
});
