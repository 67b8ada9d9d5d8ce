import { describe, expect, it } from 'vitest';
import { camelParts, englishKeywordTerms, identifierMentions, keywordTerms, numberTerms } from './keyword-terms.js';
import { tokenize } from './tokenize.js';
import { ENGLISH_STOP_WORDS } from './stop-words.js';

describe('keywordTerms', () => {
  it('keeps an identifier whole besides its word parts', () => {
    expect(englishKeywordTerms('Which status code does c.redirect() use by default?')).toEqual(['status', 'code', 'c', 'redirect', 'c.redirect', 'use', 'default']);
    expect(englishKeywordTerms('maxSize')).toEqual(['maxsize', 'max', 'size']);
    expect(englishKeywordTerms("from 'hono/http-exception'")).toEqual(['hono', 'http', 'exception', 'hono/http-exception']);
    expect(englishKeywordTerms('run vitest --coverage')).toEqual(['run', 'vitest', 'coverage', '--coverage']);
    expect(englishKeywordTerms('vi.mock')).toEqual(['vi', 'mock', 'vi.mock']);
    expect(englishKeywordTerms('toHaveBeenCalledWith')).toEqual(['tohavebeencalledwith', 'called']);
    expect(englishKeywordTerms('max_size')).toEqual(['max', 'size', 'max_size']);
    expect(englishKeywordTerms('@hono/zod-validator')).toEqual(['hono', 'zod', 'validator', '@hono/zod-validator']);
  });

  it('lower-cases the whole identifier, so any casing of it in a question matches', () => {
    expect(englishKeywordTerms('What is C.Redirect?')).toContain('c.redirect');
    expect(englishKeywordTerms('VI.MOCK')).toContain('vi.mock');
  });

  it('indexes prose as plain word tokens: numbers, abbreviations, hyphenated words and names', () => {
    const prose = 'In 3.5 hours on 2020-01-01 the well-known U.S. author Jean-Paul met McDonald and YouTube staff, didn’t he?';
    expect(englishKeywordTerms(prose)).toEqual(tokenize(prose, { stopWords: ENGLISH_STOP_WORDS }));
    expect(keywordTerms('The Cat')).toEqual(['the', 'cat']);
  });

  it('splits lower camel case and long Pascal case, not two-hump names', () => {
    expect(camelParts('maxSize')).toEqual(['max', 'Size']);
    expect(camelParts('getElementById')).toEqual(['get', 'Element', 'By', 'Id']);
    expect(camelParts('XMLHttpRequest')).toEqual(['XML', 'Http', 'Request']);
    expect(camelParts('HTTPException')).toEqual([]);
    expect(camelParts('McDonald')).toEqual([]);
    expect(camelParts('plain')).toEqual([]);
  });
});

describe('identifierMentions', () => {
  it('lists the identifiers a question names, as written, once each', () => {
    expect(identifierMentions('Which status code does c.redirect() use by default?')).toEqual(['c.redirect']);
    expect(identifierMentions('Does `maxSize` from hono/http-exception work with --coverage and maxSize?')).toEqual(['maxSize', 'hono/http-exception', '--coverage']);
    expect(identifierMentions('Set NODE_ENV like vi.setConfig and toHaveBeenCalledWith')).toEqual(['NODE_ENV', 'vi.setConfig', 'toHaveBeenCalledWith']);
  });

  it('finds none in prose: names, abbreviations, numbers and hyphenated words', () => {
    expect(identifierMentions('Did the U.S. author Jean-Paul meet McDonald in 2003-2004 at 3.5 km?')).toEqual([]);
  });
});

describe('numberTerms', () => {
  it('gives the plain digits of grouped numbers and of numbers with a magnitude, in order', () => {
    expect(numberTerms('a store of 1M passages and 1,000,000 rows')).toEqual(['1000000', '1000000']);
    expect(numberTerms('100k docs, then 100K more, then 2.5 million')).toEqual(['100000', '100000', '2500000']);
    expect(keywordTerms('How large is a store of 1M passages?')).toContain('1000000');
  });

  it('leaves numbers without a magnitude, lower-case m (metres, minutes) and lists alone', () => {
    expect(numberTerms('1m 30s at 3.5 km in 2003, version 1,2,3')).toEqual([]);
  });
});
