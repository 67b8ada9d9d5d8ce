import { describe, expect, it } from 'vitest';
import { askedType } from '../strategies/asked-type.js';
import { askedHead, expectedAnswer } from './expected-answer.js';

describe('askedHead', () => {
  it('reads the noun the what / which governs, singular', () => {
    const heads: Record<string, string> = {
      'What is the name of the waterfall in the country where the Bubye River is found?': 'waterfall',
      'What county shares a border with the county in which Johnnycake is located?': 'county',
      'Drew Fuller starred in a series that originally broadcast on what station?': 'station',
      'What is the main international airport in the birth place of the director?': 'airport',
      'Which Danish heavy metal band from Copenhagen released a compilation album?': 'band',
      'What rivers flow through Oklahoma City?': 'river',
      "What is the most popular hotel in Gisvi's city of birth?": 'hotel',
    };
    const read = Object.fromEntries(Object.keys(heads).map((q) => [q, askedHead(q)]));
    expect(read).toEqual(heads);
  });

  it('is undefined for who / when questions and a bare what', () => {
    expect(askedHead('Who is the spouse of the director of Jump for Glory?')).toBeUndefined();
    expect(askedHead('When was the bridge built?')).toBeUndefined();
    expect(askedHead('What did he study?')).toBeUndefined();
  });
});

describe('expectedAnswer', () => {
  it('types the answer from the wh-word and its head noun', () => {
    const types: Record<string, string> = {
      'Who is the spouse of the director of Jump for Glory?': 'Person',
      'Which Danish heavy metal band from Copenhagen released a compilation album?': 'Organization',
      'In what film did Roddy Maude-Roxby play a character?': 'Work',
      'What language were books translated into during his era?': 'Language',
      'What county shares a border with McDowell County?': 'Place',
      'In what year was the bridge opened?': 'Date',
    };
    const read = Object.fromEntries(Object.keys(types).map((q) => [q, expectedAnswer(q, askedType(q)).type]));
    expect(read).toEqual(types);
  });
});
