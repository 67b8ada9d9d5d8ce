import { describe, expect, it } from 'vitest';
import { relationWords, sameRelation } from './relation-cues.js';

describe('relationWords (the reader\'s cue words, from the same groups sameRelation uses)', () => {
  it('gives the words evidence uses for a relation a question word names', () => {
    expect(relationWords('spouse')).toEqual(expect.arrayContaining(['married', 'wife', 'husband', 'wed']));
    expect(relationWords('director')).toEqual(expect.arrayContaining(['directed']));
    expect(relationWords('headquartered')).toEqual(expect.arrayContaining(['based', 'headquarters']));
    expect(relationWords('Spouse')).not.toContain('spouse');
  });

  it('states a family relation from the other side too', () => {
    expect(relationWords('father')).toEqual(expect.arrayContaining(['son', 'daughter']));
    expect(relationWords('child')).toEqual(expect.arrayContaining(['father', 'mother']));
  });

  it('is empty for a word that names no listed relation, and agrees with sameRelation', () => {
    expect(relationWords('river')).toEqual([]);
    for (const w of relationWords('founder')) if (w !== 'founder') expect(sameRelation('founder', w)).toBe(true);
  });
});
