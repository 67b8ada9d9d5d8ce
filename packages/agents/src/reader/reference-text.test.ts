import { describe, expect, it } from 'vitest';
import { createIndexer } from '@rag/indexer';
import { answerableSpan, asksForName, isReferenceCorpus } from './reference-text.js';
import { readAnswer } from './read-answer.js';
import { sentencesOf } from './test-passages.js';

const span = (text: string, kind: 'name' | 'number' | 'date' = 'name') => ({ kind, text, start: 0, end: text.length });

describe('answerableSpan (reference text)', () => {
  it('holds back a capitalised name the question did not ask for, only over reference text', () => {
    const q = 'What do I need to put in every file I changed?';
    expect(answerableSpan({ span: span('Copyright Holder'), fit: 1 }, q, true)).toBe(false);
    expect(answerableSpan({ span: span('Copyright Holder'), fit: 1 }, q, false)).toBe(true);
  });

  it('keeps numbers, dates, lower-case phrases, asked names and names typed as asked', () => {
    const q = 'What do I need to put in every file I changed?';
    expect(answerableSpan({ span: span('25', 'number'), fit: 1 }, q, true)).toBe(true);
    expect(answerableSpan({ span: span('August 1, 2009', 'date'), fit: 1 }, q, true)).toBe(true);
    expect(answerableSpan({ span: span('a prominent notice'), fit: 1 }, q, true)).toBe(true);
    expect(answerableSpan({ span: span('Linked Version'), fit: 1 }, 'What is the name for the release an application was linked against?', true)).toBe(true);
    expect(answerableSpan({ span: span('Mozilla Foundation'), fit: 1.3 }, 'Which organisation may publish new versions?', true)).toBe(true);
  });

  it('still refuses a span of another type everywhere (the confidence rule comes first)', () => {
    expect(answerableSpan({ span: span('Brooklyn'), fit: 0.35 }, 'Who directed the film?', false)).toBe(false);
  });

  it('reads "called", "term" and "name for" as asking for a name, a how-to as not', () => {
    expect(asksForName('What term does the licence use for the person who dedicates a work?')).toBe(true);
    expect(asksForName('What is a kernel or a compiler called in this licence?')).toBe(true);
    expect(asksForName('How do I limit the transfer rate?')).toBe(false);
    expect(asksForName('What wording should the post carry?')).toBe(true);
    expect(asksForName("The library is built on another licence's terms. Which licence may code be linked with?")).toBe(false);
    expect(asksForName('Which agreement does the licence name?')).toBe(false);
  });
});

describe('readAnswer over reference text', () => {
  const q = 'How fast does the client send data when I pass the rate limit option?';
  const sents = sentencesOf(q, 'Specify the maximum transfer rate you want the client to send data at, in bytes per second.', 'The rate limit option is applied per transfer.');

  it('answers with the best supporting sentence instead of a sentence-opening verb', async () => {
    const encyclopaedia = await readAnswer({ query: q, sents, pool: sents, exclude: [] });
    const reference = await readAnswer({ query: q, sents, pool: sents, exclude: [], referenceText: true });
    expect(encyclopaedia.answer?.form).toBe('span');
    expect(reference.answer).toMatchObject({ form: 'sentence' });
    expect(reference.answer?.text).toMatch(/bytes per second/);
  });

  it('does not answer with a heading fragment of fewer than four words', async () => {
    const h = 'What fee does the Artistic Licence let a distributor charge?';
    const frag = sentencesOf(h, 'Artistic Licence Distributors.', 'You may charge a reasonable copying fee.');
    expect(frag[0]!.text).toBe('Artistic Licence Distributors.');
    const read = await readAnswer({ query: h, sents: frag, pool: frag, exclude: [], referenceText: true });
    // The only other sentence supports the question too little: no answer rather than the fragment.
    expect(read.answer?.text).not.toBe('Artistic Licence Distributors.');
  });
});

describe('isReferenceCorpus', () => {
  const NAMES = ['Anna Vell', 'Boris Kant', 'Clara Moss', 'Dmitri Osk', 'Elena Farr', 'Felix Grau', 'Greta Holm', 'Hugo Ibsen', 'Ida Jansen', 'Jonas Kell', 'Karla Lind', 'Lukas Mohr', 'Mara Nolte', 'Nils Ortmann', 'Olga Pries', 'Paul Quast', 'Rita Sauer', 'Sven Thiel', 'Tina Ulrich', 'Uwe Vogt', 'Vera Wendt', 'Wim Xander'];
  const TOWNS = ['Kassel', 'Dijon', 'Uppsala', 'Ostrava', 'Leiden', 'Ghent', 'Turku', 'Graz', 'Brno', 'Aarhus', 'Bergen'];

  it('reads a corpus titled by headings as reference text, an encyclopaedia as not, and a small or graphless one as not', async () => {
    const articles = NAMES.map((name, i) => ({ id: `a${i}`, title: name, text: `${name} (born ${1900 + i}) was a painter from ${TOWNS[i % TOWNS.length]}. ${name} studied in ${TOWNS[(i + 3) % TOWNS.length]}.` }));
    const sections = NAMES.map((_, i) => ({ id: `d${i}`, title: `Configuration › option ${i}`, text: `The option number ${i} sets the limit of the cache. It defaults to ${i * 10} entries and accepts a number.` }));
    const encyclopaedia = createIndexer();
    await encyclopaedia.ingest(articles);
    const docs = createIndexer();
    await docs.ingest(sections);
    const small = createIndexer();
    await small.ingest(sections.slice(0, 5));
    const graphless = createIndexer({ extractor: false });
    await graphless.ingest(sections);
    expect(isReferenceCorpus(encyclopaedia)).toBe(false);
    expect(isReferenceCorpus(docs)).toBe(true);
    expect(isReferenceCorpus(small)).toBe(false);
    expect(isReferenceCorpus(graphless)).toBe(false);
    expect(isReferenceCorpus({ getChunk: () => undefined })).toBe(false);
  });
});
