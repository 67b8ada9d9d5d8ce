import { describe, expect, it } from 'vitest';
import { readAnswer } from './read-answer.js';
import { sentencesOf } from './test-passages.js';

describe('readAnswer', async () => {
  const q = 'How many albums did Grey Orchard release?';
  const sents = sentencesOf(q, 'Grey Orchard released their albums on Rough Trade, the label that signed Grey Orchard.', 'Their catalogue counts seven albums.');

  it('widens the pool once before giving up on a typed span, then answers with the best supporting sentence', async () => {
    expect(sents[0]!.text).toMatch(/^Grey Orchard released/);
    expect((await readAnswer({ query: q, sents, pool: sents.slice(0, 1), exclude: [] })).answer).toMatchObject({ form: 'sentence', text: sents[0]!.text });
    expect((await readAnswer({ query: q, sents, pool: sents.slice(0, 1), widerPool: sents, exclude: [] })).answer).toMatchObject({ form: 'span', text: 'seven' });
  });

  it('abstains when no sentence supports the question (score below the minimum)', async () => {
    const off = 'How many bridges cross the Tolla?';
    const weak = sentencesOf(off, 'Anna Vell (born 1901) was a painter.');
    expect(weak[0]!.score).toBeLessThan(0.34);
    expect((await readAnswer({ query: off, sents: weak, pool: weak, exclude: [] })).answer).toBeUndefined();
  });

  it('routes a choice question to the comparison and a yes/no question to the yes/no reader', async () => {
    const choice = 'Which is older, Anna Vell or Boris Kant?';
    const c = await readAnswer({ query: choice, sents: sentencesOf(choice, 'Anna Vell (born 1901) was a painter.', 'Boris Kant (born 1950) was a poet.'), pool: [], exclude: [] });
    expect(c.question.choice).toEqual(['Anna Vell', 'Boris Kant']);
    expect(c.answer?.text).toBe('Anna Vell');
    const yes = 'Are Anna Vell and Boris Kant both painters?';
    const y = await readAnswer({ query: yes, sents: sentencesOf(yes, 'Anna Vell (born 1901) was a painter.', 'Boris Kant (born 1950) was a poet.'), pool: [], exclude: [] });
    expect(y.question.form).toBe('yesno');
    expect(y.answer?.text).toBe('no');
  });
});
