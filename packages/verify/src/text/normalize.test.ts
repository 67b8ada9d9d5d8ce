import { describe, expect, it } from 'vitest';
import { contentTokens, normTokens, tokenize } from './normalize.js';
import { splitSentences } from './sentences.js';
import { extractMentions } from './mentions.js';
import { entityCoverage } from './coverage.js';

describe('normalisation', () => {
  it('folds case, diacritics, possessives, thousands separators, ordinals, number words and months', () => {
    expect(normTokens("Müller's 1,000 soldiers")).toEqual(['muller', '1000', 'soldier']);
    expect(normTokens('the 5th of Sept. 1990')).toEqual(['the', '5', 'of', 'september', '1990']);
    expect(normTokens('three cities')).toEqual(['3', 'city']);
    expect(normTokens('March 5, 1990')).toEqual(normTokens('5 March 1990').sort((a, b) => (a === 'march' ? -1 : b === 'march' ? 1 : 0)));
  });
  it('keeps offsets into the raw text and marks n\'t negation', () => {
    const text = "He wasn't born in Oslo.";
    const toks = tokenize(text);
    expect(toks.find((t) => t.norm === 'oslo')).toMatchObject({ start: 18, end: 22 });
    expect(toks.find((t) => t.negated)?.norm).toBe('was');
  });
  it('reads "constructor" and "toString" as words, not object properties', () => {
    expect(contentTokens('the constructor calls toString')).toEqual(['constructor', 'call', 'tostring']);
  });
  it('drops stop words but keeps numbers', () => {
    expect(contentTokens('Who was the 3rd king of the Danes?')).toEqual(['3', 'king', 'dane']);
  });
});

describe('sentences and mentions', () => {
  it('does not split after initials or abbreviations', () => {
    const t = 'J. R. R. Tolkien wrote it. Dr. Smith agreed; he was right.';
    expect(splitSentences(t).map((s) => t.slice(s.start, s.end))).toEqual(['J. R. R. Tolkien wrote it.', 'Dr. Smith agreed;', 'he was right.']);
  });
  it('finds names, quoted titles and numbers, and keeps "X and Y" apart', () => {
    const m = extractMentions('Are Christopher Nolan and Sathish Kalathil in "The Long Night" from 1999?');
    expect(m.map((x) => x.text)).toEqual(['The Long Night', 'Christopher Nolan', 'Sathish Kalathil', '1999']);
  });
  it('ends a name with its sentence, not at an abbreviation', () => {
    expect(extractMentions('My code is under GPLv3. Where does the notice go?').map((x) => x.text)).toEqual(['GPLv3']);
    expect(extractMentions('Did Dr. Smith serve in the U.S. Army?').map((x) => x.text)).toEqual(['Dr. Smith', 'U.S. Army']);
  });
  it('reads an imperative or a modal opening a sentence as no name', () => {
    expect(extractMentions('Does the router match case-sensitively? Give the default.').map((x) => x.text)).toEqual([]);
    expect(extractMentions('May I copy it? Name the Licensor.').map((x) => x.text)).toEqual(['Licensor']);
  });
  it('counts an acronym as found where a chunk spells it out, when given the chunks\' texts', () => {
    const chunk = 'This is the GNU General Public License, version 3.';
    const tokens = [new Set(normTokens(chunk))];
    expect(entityCoverage('Is GPLv3 a copyleft licence?', tokens).coverage).toBe(0);
    expect(entityCoverage('Is GPLv3 a copyleft licence?', tokens, [chunk]).coverage).toBe(1);
    expect(entityCoverage('Is MPL a copyleft licence?', tokens, [chunk]).coverage).toBe(0);
  });
});
