import { describe, expect, it } from 'vitest';
import { sentenceNameTypes } from './name-types.js';

describe('sentenceNameTypes', () => {
  it('types people and places of a sentence and finds a person inside a longer name', () => {
    const t = sentenceNameTypes('He was chief of staff to Queensland Senator Barnaby Joyce in Canberra, Australia.');
    expect(t.typesOf('Barnaby Joyce').has('person')).toBe(true);
    expect(t.typesOf('Australia').has('place')).toBe(true);
    expect(t.typesOf('Australia').has('person')).toBe(false);
    expect(t.personInside('Queensland Senator Barnaby Joyce')).toBe('Barnaby Joyce');
    expect(t.personInside('Barnaby Joyce')).toBeUndefined();
    expect(t.typesOf('').size).toBe(0);
  });
});
