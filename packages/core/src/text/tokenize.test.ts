import { describe, expect, it } from 'vitest';
import { countMessageTokens, countTokens } from './count-tokens.js';
import { normalizeText, stripDiacritics } from './normalize.js';
import { ENGLISH_STOP_WORDS, isStopWord } from './stop-words.js';
import { tokenize, tokenizeWords } from './tokenize.js';

describe('tokenizeWords', () => {
  it('lower-cases word tokens and reports offsets into the input', () => {
    const text = 'The Café sold 3 crêpes, didn’t it?';
    const tokens = tokenizeWords(text);
    expect(tokens.map((t) => t.token)).toEqual(['the', 'café', 'sold', '3', 'crêpes', 'didn', 't', 'it']);
    for (const t of tokens) expect(text.slice(t.start, t.end).toLowerCase()).toBe(t.token);
  });

  it('removes English stop words on request', () => {
    expect(tokenize('The cat and the hat', { removeStopWords: true })).toEqual(['cat', 'hat']);
    expect(tokenize('The cat', { stopWords: new Set(['cat']) })).toEqual(['the']);
    expect(tokenize('!!! ...')).toEqual([]);
  });
});

describe('stop words', () => {
  it('is the NLTK English list', () => {
    expect(ENGLISH_STOP_WORDS.size).toBe(179);
    expect(isStopWord('the')).toBe(true);
    expect(isStopWord('paris')).toBe(false);
  });
});

describe('countTokens', () => {
  it('is 0 for empty text and grows with length', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hi')).toBe(1);
    const short = countTokens('The quick brown fox jumps over the lazy dog.');
    expect(short).toBeGreaterThanOrEqual(9);
    expect(short).toBeLessThanOrEqual(14);
    expect(countTokens('word '.repeat(1000))).toBeGreaterThan(900);
  });

  it('counts CJK characters individually', () => {
    expect(countTokens('東京都に住んでいます')).toBeGreaterThanOrEqual(10);
  });

  it('adds a per-message overhead for transcripts', () => {
    expect(countMessageTokens([{ content: 'hi' }, { content: 'hi' }])).toBe(2 * (countTokens('hi') + 4));
  });
});

describe('normalizeText', () => {
  it('folds case, diacritics, punctuation and whitespace', () => {
    expect(normalizeText('  Beyoncé   Knowles-Carter! ')).toBe('beyonce knowles carter');
    expect(stripDiacritics('Ångström ﬁne')).toBe('Angstrom fine');
  });

  it('lets each step be switched off', () => {
    expect(normalizeText('Café, Bar', { lowercase: false, stripPunctuation: false })).toBe('Cafe, Bar');
    expect(normalizeText('Café', { stripDiacritics: false })).toBe('café');
  });
});
