import { describe, expect, it } from 'vitest';
import { askedCountNouns, countFit, countsOtherNoun, singularOf } from './counted-noun.js';

const at = (s: string, n: string) => ({ end: s.indexOf(n) + n.length });

describe('askedCountNouns', () => {
  it('reads the counted noun of how many / amount of / population', () => {
    expect(askedCountNouns('How many congressional districts does Kansas have?')).toEqual(['district']);
    expect(askedCountNouns('What amount of TEUs did the port handle in 2010?')?.[0]).toMatch(/^teus?$/);
    expect(askedCountNouns('What is the population of the state where X is located?')).toContain('people');
    expect(askedCountNouns('When was the clock built?')).toBeUndefined();
  });
});

describe('countFit', () => {
  const teus = askedCountNouns('What amount of TEUs did the port handle in 2010?');
  it('lifts a number of the counted noun and lowers one of another noun', () => {
    const s = 'In 2010 Piraeus handled 513,319 TEUs, followed by Thessaloniki, which handled 273,282 TEUs.';
    expect(countFit(teus, s, at(s, '273,282'))).toBeGreaterThan(1);
    const t = 'He was Captain of the US Team in six Chess Olympiads.';
    expect(countFit(teus, t, at(t, 'six'))).toBeLessThan(1);
  });

  it('reads a population as people, lifts a number right after the counted noun, and leaves a bare number alone', () => {
    const people = askedCountNouns('What is the population of Kansas?');
    const s = 'The airport is three miles east of Dodge City.';
    expect(countFit(people, s, at(s, 'three'))).toBeLessThan(1);
    const t = 'As of the 2010 census, the city population was 27,340.';
    expect(countFit(people, t, at(t, '27,340'))).toBeGreaterThan(1);
    const u = 'Ranked 15th; Total 82,278 sq mi; Population Ranked 35th Total 2,913,123 (2017 est.)';
    expect(countFit(people, u, at(u, '2,913,123'))).toBeGreaterThan(1);
    const v = 'The town was founded in 1880 and has 12 churches.';
    expect(countFit(people, v, { end: v.indexOf('1880') + 4 })).toBe(1);
    expect(countFit(undefined, s, at(s, 'three'))).toBe(1);
  });
});

describe('singularOf and countsOtherNoun (the verdict)', () => {
  it('singularises regular plurals and leaves -ss / -us / -is words', () => {
    expect(['stores', 'TEUs', 'churches', 'cities', 'status', 'class'].map(singularOf)).toEqual(['store', 'teu', 'church', 'city', 'status', 'class']);
  });

  it('names the noun a cited number counts when it is not the asked one', () => {
    expect(countsOtherNoun('How many times was he premier?', 'four', 'He led one of the top four teams of the league.')).toBe('teams');
    expect(countsOtherNoun('How many teams reached the final?', 'four', 'Four teams reached the final.')).toBeUndefined();
  });
});
