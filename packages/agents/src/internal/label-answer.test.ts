import { describe, expect, it } from 'vitest';
import { createRunContext, type Evidence } from '@rag/core';
import { labelAnswer, SENTENCE_ANSWER_REASON } from './label-answer.js';

const evidence = (...texts: string[]): Evidence => ({ query: 'q', chunks: texts.map((text, i) => ({ chunkId: `c${i}`, docId: `d${i}`, score: 1, text })), trace: [] });

describe('labelAnswer', () => {
  const E = evidence('Ostrava Rising is a 2004 drama film directed by Tomas Brandt.', 'Tomas Brandt (born 1950 in Brno) is a Czech director.');
  it('verifies an answer the evidence states in the asked relation', async () => {
    const l = await labelAnswer({ query: 'Who directed Ostrava Rising?', text: 'Tomas Brandt', citations: [], evidence: E }, createRunContext());
    expect(l.verification).toMatchObject({ status: 'verified' });
    expect(l.verdicts).toHaveLength(3);
  });
  it('labels a grounded bridge entity unsure, with what could not be established', async () => {
    const l = await labelAnswer({ query: 'Who is the spouse of the director of Ostrava Rising?', text: 'Tomas Brandt', citations: [], evidence: E }, createRunContext());
    expect(l.verification?.status).toBe('unsure');
    expect(l.verification?.reason).toMatch(/spouse/);
  });
  it('labels a sentence answer unsure with the reason in words, even when every check passes', async () => {
    const text = 'Ostrava Rising is a 2004 drama film directed by Tomas Brandt.';
    const asSpan = await labelAnswer({ query: 'Who directed Ostrava Rising?', text, citations: [], evidence: E }, createRunContext());
    const l = await labelAnswer({ query: 'Who directed Ostrava Rising?', text, citations: [], evidence: E, form: 'sentence' }, createRunContext());
    expect(asSpan.form).toBeUndefined();
    expect(l).toMatchObject({ form: 'sentence', verification: { status: 'unsure', reason: SENTENCE_ANSWER_REASON } });
    expect(SENTENCE_ANSWER_REASON).toBe('no phrase of the asked type was found; the best supporting sentence is shown');
    expect(l.verdicts).toHaveLength(3);
  });
  it('gives an abstention a reason in words', async () => {
    const l = await labelAnswer({ query: 'When was Vic Darchinyan born?', text: '', citations: [], evidence: E }, createRunContext());
    expect(l.verification).toEqual({ status: 'unsure', reason: 'no passage mentions Vic Darchinyan' });
    const m = await labelAnswer({ query: 'Who is the spouse of Tomas Brandt?', text: '', citations: [], evidence: E }, createRunContext());
    expect(m.verification?.reason).toMatch(/mentions Tomas Brandt but no passage says "spouse"/);
  });
});
