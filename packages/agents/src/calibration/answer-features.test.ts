import { describe, expect, it } from 'vitest';
import type { Verdict } from '@rag/core';
import { answerFeatures, containsTokens, featureVector, FEATURE_NAMES, relativeClauses } from './answer-features.js';

const verdict = (check: string, outcome: Verdict['outcome'], score: number): Verdict => ({ check, outcome, score, reason: '', spans: [] });
const verdicts = [verdict('relevance', 'pass', 0.8), verdict('grounding', 'pass', 1), verdict('adequacy', 'unknown', 0.5)];
const evidence = [
  { chunkId: 'a#0', docId: 'a', score: 10, text: 'Brooklyn is a 2015 romantic drama film produced by Finola Dwyer and Amanda Posey.' },
  { chunkId: 'b#0', docId: 'b', score: 5, text: 'Brooklyn is a borough of New York City.' },
  { chunkId: 'c#0', docId: 'c', score: 4, text: 'Finola Dwyer is a British film producer.' },
];

describe('answerFeatures', () => {
  it('reads agreement, proximity, support and the checks from plain data', () => {
    const f = answerFeatures({
      question: 'What 2015 romantic drama was Finola Dwyer a producer of?',
      answer: 'Brooklyn',
      citations: [{ chunkId: 'a#0', start: 0, end: 82, quote: evidence[0]!.text }],
      verdicts,
      evidence,
      retries: 0,
      titleOf: (d) => ({ a: 'Brooklyn (film)', b: 'Brooklyn', c: 'Finola Dwyer' })[d],
      corpusHits: { count: 2, cap: 50 },
    });
    expect(f.relevancePass).toBe(1);
    expect(f.adequacyPass).toBe(0.5);
    expect(f.groundingScore).toBe(1);
    expect(f.firstAttempt).toBe(1);
    expect(f.citedRank).toBe(1);
    expect(f.scoreMargin).toBeCloseTo(0.5);
    // "Brooklyn" is in chunks a and b, two documents out of the top ten.
    expect(f.supportingChunks).toBeCloseTo(Math.log(3) / Math.log(11));
    expect(f.supportingDocs).toBeCloseTo(Math.log(3) / Math.log(11));
    expect(f.answerIsEvidenceTitle).toBe(1);
    expect(f.answerInQuestion).toBe(0);
    expect(f.answerCapitalised).toBe(1);
    expect(f.questionInSentence).toBeGreaterThan(0.5);
    // "2015" is three tokens after "Brooklyn" in the cited chunk.
    expect(f.questionNearAnswer).toBeCloseTo(1 / (1 + 3 / 5));
    expect(f.answerRarity).toBeGreaterThan(0.6);
    expect(featureVector(f)).toHaveLength(FEATURE_NAMES.length);
    expect(featureVector(f).every((x) => Number.isFinite(x) && x >= 0 && x <= 1)).toBe(true);
  });

  it('marks a person answer to a what-film question, an answer taken from the question, and a later attempt', () => {
    const f = answerFeatures({
      question: 'Who directed Brooklyn?',
      answer: 'Brooklyn',
      citations: [{ chunkId: 'zz', start: 0, end: 1 }],
      verdicts: [],
      evidence,
      retries: 2,
    });
    expect(f.answerInQuestion).toBe(1);
    expect(f.firstAttempt).toBe(0);
    expect(f.citedRank).toBe(0);
    expect(f.askedSpecificType).toBe(1);
    expect(f.relevancePass).toBe(0.5);
    expect(f.answerRarity).toBe(0.5);
  });
});

describe('answerFeatures: question shape and reader signals', () => {
  const base = { citations: [], verdicts: [], evidence, retries: 0 };
  it('marks a choice question answered with one of its options, or with neither', () => {
    const q = 'Which is older, Brooklyn or Queens?';
    expect(answerFeatures({ ...base, question: q, answer: 'Brooklyn' })).toMatchObject({ askedChoice: 1, answerIsOption: 1 });
    expect(answerFeatures({ ...base, question: q, answer: 'Finola Dwyer' })).toMatchObject({ askedChoice: 1, answerIsOption: 0 });
    expect(answerFeatures({ ...base, question: 'Who produced Brooklyn?', answer: 'Finola Dwyer' })).toMatchObject({ askedChoice: 0, answerIsOption: 0, answerNo: 0 });
    expect(answerFeatures({ ...base, question: 'Is Brooklyn a film?', answer: 'no' }).answerNo).toBe(1);
  });

  it('turns the re-readings into features, all 0 without them', () => {
    const q = 'What film did Finola Dwyer produce?';
    const none = answerFeatures({ ...base, question: q, answer: 'Brooklyn' });
    expect([none.readerAgrees, none.readerMargin, none.passageVoteShare, none.keywordReaderAgrees, none.pathNextHop]).toEqual([0, 0, 0, 0, 0]);
    const reader = { path: 'next-hop' as const, agrees: true, margin: 0.5, score: 1, share: 0.6, fit: 1.5, passagesRead: 4, passageVotes: 2, docVotes: 2, topTwoAgrees: true, keywordAgrees: true };
    const f = answerFeatures({ ...base, question: q, answer: 'Brooklyn', reader });
    expect(f).toMatchObject({ readerAgrees: 1, readerMargin: 0.5, readerScore: 0.5, readerShare: 0.6, readerFit: 1, passageVoteShare: 0.5, topTwoAgrees: 1, keywordReaderAgrees: 1, pathNextHop: 1, pathDocs: 0 });
    expect(f.docVotes).toBeCloseTo(Math.log(3) / Math.log(6));
    expect(featureVector(f).every((x) => Number.isFinite(x) && x >= 0 && x <= 1)).toBe(true);
  });

  it('counts the clauses a question nests past its wh-word', () => {
    expect(relativeClauses('Who directed Brooklyn?')).toBe(0);
    expect(relativeClauses('What was the 1900 population of the city in the county that contains Helvetia?')).toBe(1);
    expect(relativeClauses('Who is the spouse of the person who founded the company that makes the iPhone?')).toBe(2);
  });
});

describe('containsTokens', () => {
  it('matches whole token runs only', () => {
    expect(containsTokens(['new', 'york', 'city'], ['york', 'city'])).toBe(true);
    expect(containsTokens(['new', 'york'], ['york', 'city'])).toBe(false);
    expect(containsTokens(['a'], [])).toBe(false);
  });
});
