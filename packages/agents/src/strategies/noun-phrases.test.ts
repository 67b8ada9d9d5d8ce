import { describe, expect, it } from 'vitest';
import { nounPhraseSpans, nounQuestion } from './noun-phrases.js';

describe('nounQuestion', () => {
  it.each([
    ['What position did the winner of the 2007 Golden Shoe play?', 'descriptor'],
    ['What was the profession of Amy Ardis?', 'descriptor'],
    ['What kind of university did the author attend?', 'descriptor'],
    ['If Gallu is a demon Lilu is what?', 'copular'],
    ['What is a mazurka?', 'copular'],
    ['Which film did Nell Ardis direct?', undefined],
    ['What is the population of the city where Nell Ardis was born?', undefined],
  ])('%s → %s', (q, want) => {
    expect(nounQuestion(q)).toBe(want);
  });
});

describe('nounPhraseSpans', () => {
  it('cuts noun phrases to their common-noun core and marks copular complements', () => {
    const s = 'Nell Ardis is an English musician, best known as the lead vocalist of Grey Harbour.';
    const spans = nounPhraseSpans(s);
    const byText = new Map(spans.map((x) => [x.text, x]));
    expect(byText.get('musician')?.copular).toBe(true);
    expect(byText.get('lead vocalist')?.copular).toBe(true);
    expect(spans.some((x) => /Grey|Nell/.test(x.text))).toBe(false);
    for (const x of spans) expect(s.slice(x.start, x.end)).toBe(x.text);
  });

  it('marks an apposition and leaves a plain object unmarked', () => {
    const spans = nounPhraseSpans('Vance, a sculptor from Leeds, bought the house in 1990.');
    expect(spans.find((x) => x.text === 'sculptor')?.copular).toBe(true);
    expect(spans.find((x) => x.text === 'house')?.copular).toBe(false);
    // Past a preposition the phrase is no longer the complement.
    expect(nounPhraseSpans('Gallu is a demon of the underworld.').filter((x) => x.copular).map((x) => x.text)).toEqual(['demon']);
  });
});
