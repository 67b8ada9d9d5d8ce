import { describe, expect, it } from 'vitest';
import { subjectPhrase } from './subject-phrase.js';

describe('subjectPhrase', () => {
  it('splits a do-support question into its subject phrase and main verb, skipping title words', () => {
    expect(subjectPhrase('Who did the producer of Songs I Wrote with Amy write the song "Thinking Out Loud" for?')).toEqual({
      subject: 'the producer of Songs I Wrote with Amy',
      main: 'write the song Thinking Out Loud for',
    });
    expect(subjectPhrase('When did the man who wrote Nots die?')?.main).toBe('die');
  });
  it('leaves copula, passive and subject questions alone', () => {
    expect(subjectPhrase('What is the name of the pop band founded by one of the stars of Aisa Yeh Jahaan?')).toBeUndefined();
    expect(subjectPhrase('When was the director of Ostrava Rising born?')).toBeUndefined();
    expect(subjectPhrase('Who produced the song "Thinking Out Loud"?')).toBeUndefined();
  });
});
