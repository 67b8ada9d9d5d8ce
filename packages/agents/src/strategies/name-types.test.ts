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

describe('personInside', () => {
  it('does not cut a hyphenated given name ("Kim Il" inside "Kim Il-sung")', () => {
    const s = "Kim Jong-il's mother, Kim Jong-suk, was Kim Il-sung's first wife.";
    const t = sentenceNameTypes(s);
    for (const name of ['Kim Il-sung', 'Kim Jong-suk']) {
      const inner = t.personInside(name);
      expect(inner === undefined || name.startsWith(inner) && !/^[-\p{L}]/u.test(name.slice(inner.length))).toBe(true);
      expect(inner).not.toBe('Kim Il');
    }
  });
});
