// "Who was president when X became a state?" (verification coverage pass 2, 2026-11-26, issue
// #15): the role is the relation asked, a title on the answer states it, and the event must be
// stated with the answer. Invented text only.
import { describe, expect, it } from 'vitest';
import type { Evidence } from '@rag/core';
import { createLexicalAdequacyValidator } from './lexical-adequacy.js';
import { evidenceOf } from '../test-fixtures.js';
import { roleAtEvent } from '../text/role-at-event.js';

const adequacy = createLexicalAdequacyValidator();

function cited(text: string, quote: string, evidence: Evidence) {
  const chunk = evidence.chunks.find((c) => c.text.includes(quote))!;
  const start = chunk.text.indexOf(quote);
  return { text, citations: [{ chunkId: chunk.chunkId, docId: chunk.docId, start, end: start + quote.length, quote }] };
}

const farm = 'The Kessa Wind Farm consists of 90 wind turbines, located in Lor County in western Drenmark.';
const q = 'Who was president when the area where Kessa Wind Farm is located became a state?';

describe('who held a role when an event happened', () => {
  it('reads the role and the event predicate', () => {
    expect(roleAtEvent(q)).toEqual({ role: 'president', event: ['become', 'state'] });
    expect(roleAtEvent('Who was president of the club?')).toBeUndefined();
    expect(roleAtEvent('Who was born when the war ended?')).toBeUndefined();
  });

  it('establishes the titled holder named with the event', async () => {
    const admitted = 'On May 2, 1850, Drenmark became the 20th state in the Union when President Aldo Brask signed the admission bill into law.';
    const evidence = evidenceOf(farm, admitted);
    const v = await adequacy.validate({ query: q, answer: cited('President Aldo Brask', admitted, evidence), evidence });
    expect(v.outcome).toBe('pass');
    expect(v.reason).toMatch(/through Drenmark/);
  });

  it('does not establish a holder named without the event', async () => {
    const visit = 'In 1852 President Tomas Olm visited Drenmark and opened its first railway.';
    const evidence = evidenceOf(farm, visit);
    expect((await adequacy.validate({ query: q, answer: cited('President Tomas Olm', visit, evidence), evidence })).outcome).toBe('unknown');
  });
});
