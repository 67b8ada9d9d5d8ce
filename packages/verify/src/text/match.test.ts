import { describe, expect, it } from 'vitest';
import { matchAnswer } from './match.js';

describe('matchAnswer', () => {
  it('finds an in-order span and flags a negation cue just before it', () => {
    const m = matchAnswer('Blue Velvet', 'Lynch did not direct Blue Velvet in 1990.');
    expect(m).toMatchObject({ contiguous: true, coverage: 1, negated: true });
    expect(matchAnswer('Blue Velvet', 'Lynch directed Blue Velvet in 1986.')?.negated).toBe(false);
  });

  it('does not carry a negation across a sentence boundary', () => {
    const text = '`pnpm install` links them without warnings. Publish with pnpm (`pnpm publish -r`).';
    expect(matchAnswer('pnpm publish -r', text)).toMatchObject({ contiguous: true, negated: false });
    // within one sentence the cue still counts
    expect(matchAnswer('pnpm publish -r', 'Never publish with `pnpm publish -r`.')?.negated).toBe(true);
    // a negation word of the answer itself is no cue; one before it still is
    expect(matchAnswer('His Name Is Nobody', 'The western His Name Is Nobody was made in 1973.')?.negated).toBe(false);
    expect(matchAnswer('His Name Is Nobody', 'Leone did not direct His Name Is Nobody.')?.negated).toBe(true);
  });

  it('reports answer numbers missing from the best window', () => {
    const m = matchAnswer('7,531 people in 1900', 'In 1900 the city had 535,000 people.');
    expect(m?.contiguous).toBe(false);
    expect(m?.missingNumbers.length).toBeGreaterThan(0);
  });
});
