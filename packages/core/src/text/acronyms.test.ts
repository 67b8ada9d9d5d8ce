import { describe, expect, it } from 'vitest';
import { acronymLetters, spellsOut, tokenEndsSentence } from './acronyms.js';

describe('acronyms against the words they stand for', () => {
  it('reads two to six capitals, with or without a version after them', () => {
    expect(acronymLetters('GPL')).toBe('gpl');
    expect(acronymLetters('GPLv3')).toBe('gpl');
    expect(acronymLetters('LGPL-2.1')).toBe('lgpl');
    expect(acronymLetters('MPL 2.0')).toBe('mpl');
    expect(acronymLetters('Paris')).toBeUndefined();
    expect(acronymLetters('G')).toBeUndefined();
    expect(acronymLetters('ABCDEFG')).toBeUndefined();
    expect(acronymLetters('GPL and MIT')).toBeUndefined();
    expect(acronymLetters('NASA', { version: false })).toBe('nasa');
    expect(acronymLetters('GPLv3', { version: false })).toBeUndefined();
  });

  it('finds a run of capitalised words whose initials spell it, small words skipped inside', () => {
    expect(spellsOut('This is the GNU General Public License, version 3.', 'gpl')).toBe(true);
    expect(spellsOut('GNU Free Documentation License', 'gfdl')).toBe(true);
    expect(spellsOut('the Bill of Rights', 'br')).toBe(true);
    expect(spellsOut('Creative Commons Attribution-ShareAlike', 'ccas')).toBe(true);
    expect(spellsOut('Mozilla Public License', 'gpl')).toBe(false);
    // lower-case words spell nothing, and a small word cannot start the run
    expect(spellsOut('general public license', 'gpl')).toBe(false);
    expect(spellsOut('of Public License', 'opl')).toBe(false);
  });

  it('tells a full stop that ends a sentence from an abbreviation\'s', () => {
    expect(tokenEndsSentence('GPLv3.')).toBe(true);
    expect(tokenEndsSentence('License.')).toBe(true);
    expect(tokenEndsSentence('U.S.')).toBe(false);
    expect(tokenEndsSentence('Dr.')).toBe(false);
    expect(tokenEndsSentence('Inc.')).toBe(false);
    expect(tokenEndsSentence('License')).toBe(false);
  });
});
