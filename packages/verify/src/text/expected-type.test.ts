import { describe, expect, it } from 'vitest';
import { expectedType, headNoun, questionWordAt } from './expected-type.js';
import { askedClause } from './relation-cues.js';

describe('expected answer type', () => {
  it('maps the wh-word and its head noun to an entity type', () => {
    expect(expectedType('In which city was Marie Curie born?')).toMatchObject({ form: 'place', type: 'Place', head: 'city' });
    expect(expectedType('Dick Humbert played for an NFL team based in what state?')).toMatchObject({ type: 'Place', head: 'state' });
    expect(expectedType('Which 2004 film did Tomas Brandt direct?')).toMatchObject({ type: 'Work', head: 'film' });
    expect(expectedType('What is the native language of the salt-law protester?')).toMatchObject({ type: 'Language', head: 'language' });
    expect(expectedType('What actresses were involved in the scandal?')).toMatchObject({ type: 'Person', head: 'actress' });
    expect(expectedType('How many staff does the institute have?')).toMatchObject({ type: 'Number' });
    expect(expectedType('Kate Ramsay is a character created by who?')).toMatchObject({ form: 'person', type: 'Person' });
    expect(expectedType('What did the director study?').type).toBe('Thing');
  });
  it('reads a lexicon noun before another noun as a modifier ("what area code")', () => {
    expect(expectedType('What is the area code for Ostrava in the state where the church is?')).toMatchObject({ type: 'Thing' });
    expect(headNoun('Which country singer recorded Ostrava Rising?')).toBe('singer');
    expect(expectedType('Mount Ostra is part of what mountain range?')).toMatchObject({ head: 'range', type: 'Place' });
    expect(expectedType('What river flows through the city where Lena Fiala played?')).toMatchObject({ head: 'river', type: 'Place' });
  });
  it('finds the interrogative word, not a relative one or a title', () => {
    expect(headNoun('Steve Johnson coaches at a University which also has a campus in which California city?')).toBe('city');
    expect(questionWordAt('How to Eat, released in which year, is a book')?.word).toBe('which');
  });
  it('reads the clause the question word asks in', () => {
    expect(askedClause('Who produced the single that the reggae singer was known for?')).toBe('produced the single');
    expect(askedClause('The soundtrack was produced by a man born in what year?')).toBe('a man born in what year?');
    // The last verb before the question word governs it; the relative clause before is another hop.
    expect(askedClause('The state where Henry Worrall died has how many congressional districts?')).toBe('has how many congressional districts?');
    // A participle phrase after the asked noun narrows the answer; the verb after it is the asked relation.
    expect(askedClause('What landlocked country located in Eastern Europe is the birth place of the painter Lena Fiala?')).toBe('landlocked country is the birth place of the');
    expect(askedClause('What company founded in 1998 owns Ostrava Rising?')).toBe('company owns Ostrava Rising');
    expect(askedClause('Which city hosted the 1988 Olympics?')).toBe('city hosted the 1988 Olympics?');
  });
});
