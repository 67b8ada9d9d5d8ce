import { describe, expect, it } from 'vitest';
import { mulberry32 } from './algorithms/random.js';
import { normalizeFull, normalizeName } from './entity-id.js';

describe('normalizeName', () => {
  it('gives the same result through the plain-ASCII shortcut as through the full Unicode passes', () => {
    const rng = mulberry32(7);
    const alphabet = 'aZ09 mQ  x';
    for (let k = 0; k < 2000; k++) {
      const len = Math.floor(rng() * 12);
      let s = '';
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(rng() * alphabet.length)];
      expect(normalizeName(s)).toBe(normalizeFull(s));
    }
    for (const s of ['Marie Curie', '  Ada   Lovelace ', 'R2D2', '', '   ', 'ÉCOLE', 'Köln', 'a-b', 'a\tb', 'x_y']) {
      expect(normalizeName(s)).toBe(normalizeFull(s));
    }
  });
});
