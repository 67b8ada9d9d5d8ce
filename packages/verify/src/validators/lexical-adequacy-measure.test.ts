// "What amount of X did … handle?" (verification coverage pass 2, 2026-11-26, issue #15): the
// measure word names no relation, the noun it measures is the number's unit, a verb of another
// hop may be stated next to the answer, and "took place" says "occur". Invented text only.
import { describe, expect, it } from 'vitest';
import type { Evidence } from '@rag/core';
import { createLexicalAdequacyValidator } from './lexical-adequacy.js';
import { evidenceOf } from '../test-fixtures.js';
import { askedCountNoun, measuredNoun } from '../text/counted-noun.js';
import { lemmaTokens } from '../text/relation-cues.js';

const adequacy = createLexicalAdequacyValidator();

function cited(text: string, quote: string, evidence: Evidence) {
  const chunk = evidence.chunks.find((c) => c.text.includes(quote))!;
  const start = chunk.text.indexOf(quote);
  return { text, citations: [{ chunkId: chunk.chunkId, docId: chunk.docId, start, end: start + quote.length, quote }] };
}

const games = 'The 12th Vora Games, organized by the Vora Federation, took place between May 3 and May 20, 1990, in Kessport, Drenland.';
const q = 'What amount of TEUs did the location where the 12th Vora Games occur handle in 2011?';

describe('measure questions ("what amount of X")', () => {
  it('reads the measured noun and the measure words', () => {
    expect(measuredNoun(q)).toBe('TEUs');
    expect(measuredNoun('What is the number of stores in the state where X died?')).toBe('stores');
    expect(measuredNoun('What is the population of Kessport?')).toBeUndefined();
    expect(askedCountNoun('Which number of seats did the party win?')).toBe('seats');
  });

  it('reads "took place" as "occur"', () => {
    expect(lemmaTokens('The games took place in May.').some((t) => t.lemma === 'occur')).toBe(true);
    expect(lemmaTokens('She took the place of her sister.').some((t) => t.lemma === 'occur')).toBe(false);
  });

  it('establishes the number the chain entity handled, with the measured noun as its unit', async () => {
    const port = 'In 2011 Brellin handled 410,200 TEUs, followed by Kessport, which handled 188,430 TEUs.';
    const evidence = evidenceOf(games, port);
    const right = await adequacy.validate({ query: q, answer: cited('188,430', port, evidence), evidence });
    expect(right.outcome).toBe('pass');
    expect(right.reason).toMatch(/Kessport → "188,430"/);
    // Brellin's figure is not the one of the place where the games took place
    const wrong = await adequacy.validate({ query: q, answer: cited('410,200', port, evidence), evidence });
    expect(wrong.outcome).toBe('unknown');
  });

  it('does not establish a number that counts another noun, nor one without the other hop', async () => {
    const passengers = 'In 2011 Brellin handled 410,200 TEUs, followed by Kessport, which handled 188,430 passengers.';
    const e1 = evidenceOf(games, passengers);
    expect((await adequacy.validate({ query: q, answer: cited('188,430', passengers, e1), evidence: e1 })).outcome).toBe('unknown');
    // no sentence says the games took place in Kessport
    const port = 'In 2011 Brellin handled 410,200 TEUs, followed by Kessport, which handled 188,430 TEUs.';
    const e2 = evidenceOf('The 12th Vora Games were organized by the Vora Federation in 1990.', port);
    expect((await adequacy.validate({ query: q, answer: cited('188,430', port, e2), evidence: e2 })).outcome).toBe('unknown');
  });
});
