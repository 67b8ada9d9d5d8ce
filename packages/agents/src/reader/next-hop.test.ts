import { describe, expect, it } from 'vitest';
import { createRunContext, type RankedChunk } from '@rag/core';
import { createExtractiveAnswerGenerator } from '../strategies/extractive-answer-generator.js';
import { readAnswer } from './read-answer.js';
import { nextHopSentences } from './next-hop.js';
import { pickCandidate } from './candidates.js';
import { expectedAnswer } from './expected-answer.js';
import { analyseQuestion } from './question.js';
import { sentencesOf } from './test-passages.js';

// Invented passages: the question's entity's passage names the bridge (Harlow City) without the
// asked relation; the bridge's own page (no mention of the question's entity) names the river.
const Q = 'What river flows through the city Dana Kord played for before Westbrook?';
const FIRST = 'Dana Kord is a basketball player for Westbrook. He played nine seasons in Harlow City before signing with Westbrook in 2016.';
const PAGE = 'The city is roughly bisected by the Tamsin River, which floods every spring. The city has two large lakes.';
const titles: Record<string, string> = { p0: 'Dana Kord', p1: 'Harlow City' };
const titleOf = (docId: string) => titles[docId];

function firstPick(query: string, ...texts: string[]) {
  const sents = sentencesOf(query, ...texts);
  const q = analyseQuestion(query);
  const best = pickCandidate(query, q.spanForm, sents.slice(0, 6), sents, [], q.noun, { expected: expectedAnswer(query, q.form) });
  return { sents, best: best! };
}

describe('nextHopSentences', () => {
  it('reads the bridge\'s own page (by its title) when the first name lacks the asked relation', async () => {
    const { sents, best } = firstPick(Q, FIRST, PAGE);
    expect(best.span.text).toBe('Harlow City');
    const hop = await nextHopSentences(Q, best, sents, { titleOf });
    expect(hop[0]?.text).toContain('Tamsin River');
    // Without titles (or a passage that opens with the name) the page is not known to be Harlow City's.
    expect(await nextHopSentences(Q, best, sents)).toEqual([]);
  });

  it('fetches the page from the index when the evidence lacks it', async () => {
    const { sents, best } = firstPick(Q, FIRST);
    const page: RankedChunk = { chunkId: 'x1', docId: 'x1', score: 0, text: PAGE };
    const hop = await nextHopSentences(Q, best, sents, { passagesOf: async (name) => (name === 'Harlow City' ? [page] : []), titleOf: (d) => (d === 'x1' ? 'Harlow City' : titles[d]) });
    expect(hop.map((s) => s.chunk.chunkId)).toEqual(['x1']);
  });

  it('does not hop when the name\'s passage states the asked relation', async () => {
    const q = 'What river flows through Harlow City?';
    const { sents, best } = firstPick(q, 'The Tamsin River flows through Harlow City and floods every spring.', PAGE);
    expect(await nextHopSentences(q, best, sents, { titleOf })).toEqual([]);
  });
});

describe('readAnswer with the next hop', () => {
  it('answers the next hop\'s name instead of the bridge', async () => {
    const sents = sentencesOf(Q, FIRST, PAGE);
    const without = await readAnswer({ query: Q, sents, pool: sents.slice(0, 6), exclude: [] });
    expect(without.answer?.text).toBe('Harlow City');
    const withHop = await readAnswer({ query: Q, sents, pool: sents.slice(0, 6), exclude: [], titleOf });
    expect(withHop.answer).toMatchObject({ text: 'Tamsin River', via: 'Harlow City' });
  });

  it.each([
    'The Tamsin River flows through Harlow, as the city is often called.',
    'Harlow City Rapids is a river park on the Tamsin River, which flows through the city.',
  ])('does not answer a part or a longer form of the bridge\'s name: %s', async (page) => {
    const sents = sentencesOf(Q, FIRST, page);
    const a = await readAnswer({ query: Q, sents, pool: sents.slice(0, 6), exclude: [], titleOf });
    expect(a.answer?.text).toBe('Tamsin River');
  });
});

describe('the extractive generator with an index', () => {
  it('finds the bridge\'s page by its title, cites it and records the next hop in the trace', async () => {
    const chunks: Record<string, { id: string; docId: string; text: string; start: number }> = {
      c0: { id: 'c0', docId: 'd0', text: FIRST, start: 0 },
      c1: { id: 'c1', docId: 'd1', text: PAGE, start: 0 },
    };
    const docs: Record<string, string> = { d0: 'Dana Kord', d1: 'Harlow City' };
    const index = {
      getChunk: (id: string) => chunks[id],
      getDoc: (id: string) => ({ id, title: docs[id], text: '', metadata: {}, contentHash: '' }),
      keyword: { search: async (q: string) => (q === 'Harlow City' ? [{ id: 'c1', score: 1 }] : []) },
    } as unknown as NonNullable<Parameters<typeof createExtractiveAnswerGenerator>[0]>['index'];
    const context = createRunContext();
    const evidence = { query: Q, chunks: [{ chunkId: 'c0', docId: 'd0', score: 1, text: FIRST }], trace: [] };
    const a = await createExtractiveAnswerGenerator({ index }).generate({ query: Q, evidence }, context);
    expect(a.text).toBe('Tamsin River');
    expect(a.citations[0]?.docId).toBe('d1');
    expect(context.trace.events.some((e) => e.name === 'next-hop')).toBe(true);
    // Without the index the page is out of reach: the bridge is the answer.
    expect((await createExtractiveAnswerGenerator().generate({ query: Q, evidence })).text).toBe('Harlow City');
  });
});
