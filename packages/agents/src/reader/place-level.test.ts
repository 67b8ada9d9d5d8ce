import { describe, expect, it } from 'vitest';
import { placeLevelFit } from './place-level.js';

describe('placeLevelFit', () => {
  it('lowers a name of another level, and lifts a country for a country question', () => {
    expect(placeLevelFit('country', 'United States')).toBeGreaterThan(1);
    expect(placeLevelFit('country', 'Arkansas')).toBeLessThan(1);
    expect(placeLevelFit('state', 'Arkansas')).toBe(1);
    expect(placeLevelFit('city', 'Boston')).toBe(1);
    expect(placeLevelFit('state', 'Paris')).toBeLessThan(1);
  });

  it('treats an unknown name as a non-country, but as neutral for an open set of cities or states', () => {
    expect(placeLevelFit('country', 'Crossett')).toBeLessThan(1);
    expect(placeLevelFit('city', 'Crossett')).toBe(1);
    expect(placeLevelFit('river', 'Arkansas')).toBe(1);
    expect(placeLevelFit(undefined, 'Arkansas')).toBe(1);
  });
});
