import { describe, expect, it } from 'vitest';
import { placeLevelFit, placeLevelMismatch, placeLevelOf } from './place-level.js';

describe('place level', () => {
  it('reads the level compromise knows for a whole name', () => {
    expect(placeLevelOf('Philadelphia')).toBe('City');
    expect(placeLevelOf('Pennsylvania')).toBe('Region');
    expect(placeLevelOf('Germany')).toBe('Country');
    // "Oklahoma City": one word read as a state, one not at all: no single level.
    expect(placeLevelOf('Oklahoma City')).toBeUndefined();
  });
  it('reports a mismatch only for a level head noun and a name read at another level', () => {
    expect(placeLevelMismatch('state', 'Philadelphia')).toEqual({ asked: 'Region', read: 'City' });
    expect(placeLevelMismatch('country', 'Pennsylvania')).toEqual({ asked: 'Country', read: 'Region' });
    expect(placeLevelMismatch('state', 'Pennsylvania')).toBeUndefined();
    expect(placeLevelMismatch('river', 'Philadelphia')).toBeUndefined();
    expect(placeLevelMismatch(undefined, 'Philadelphia')).toBeUndefined();
  });
});

describe('placeLevelFit (the reader\'s ranking signal)', () => {
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
