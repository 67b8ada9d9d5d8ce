import { describe, expect, it } from 'vitest';
import { placeLevelMismatch, placeLevelOf } from './place-level.js';

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
