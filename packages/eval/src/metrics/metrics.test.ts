import { describe, expect, it } from 'vitest';
import { containAcc } from './contain-acc.js';
import { exactMatch } from './exact-match.js';
import { f1Score } from './f1-score.js';
import { normalizeAnswer } from './normalize-answer.js';
import { rankDocuments, recallAtK } from './recall-at-k.js';
import { fractions, meanOf, percentile } from './summary-stats.js';

describe('normalizeAnswer (SQuAD)', () => {
  it('lower-cases, drops punctuation and articles, collapses whitespace', () => {
    expect(normalizeAnswer('  The Quick,  brown FOX! ')).toBe('quick brown fox');
    expect(normalizeAnswer('An apple a day')).toBe('apple day');
    expect(normalizeAnswer("Shakespeare's \"Hamlet\"")).toBe('shakespeares hamlet');
  });
  it('keeps article letters inside words', () => {
    expect(normalizeAnswer('Theatre Anathema')).toBe('theatre anathema');
  });
  it('removes punctuation without inserting spaces (official script behaviour)', () => {
    expect(normalizeAnswer('U.S.A.')).toBe('usa');
    expect(normalizeAnswer('1,000-year')).toBe('1000year');
  });
});

describe('exactMatch', () => {
  it('matches after normalisation, max over gold answers', () => {
    expect(exactMatch('the Eiffel Tower.', ['Eiffel tower'])).toBe(1);
    expect(exactMatch('Stanley Hall', ['G. Stanley Hall', 'Stanley Hall'])).toBe(1);
    expect(exactMatch('Eiffel', ['Eiffel Tower'])).toBe(0);
    expect(exactMatch('Yes', ['yes'])).toBe(1);
  });
});

describe('f1Score', () => {
  it('is token-overlap F1: 2 of 4 predicted tokens match a 2-token gold → P .5, R 1, F1 2/3', () => {
    expect(f1Score('Barack Obama was president', ['Barack Obama'])).toBeCloseTo(2 / 3, 10);
  });
  it('counts repeated tokens at most as often as they occur in the gold', () => {
    // pred: paris paris paris (3), gold: paris france (2); common = 1 → P 1/3, R 1/2, F1 0.4
    expect(f1Score('Paris Paris Paris', ['Paris, France'])).toBeCloseTo(0.4, 10);
  });
  it('takes the max over gold answers', () => {
    expect(f1Score('G. Stanley Hall', ['Hall of fame', 'Stanley Hall'])).toBeCloseTo(0.8, 10);
  });
  it('scores yes/no only on an exact normalised match (HotpotQA special case)', () => {
    expect(f1Score('yes it is', ['yes'])).toBe(0);
    expect(f1Score('no', ['no idea'])).toBe(0);
    expect(f1Score('No.', ['no'])).toBe(1);
  });
  it('is 0 with no overlap and 0 for an empty prediction', () => {
    expect(f1Score('London', ['Paris'])).toBe(0);
    expect(f1Score('', ['Paris'])).toBe(0);
    expect(f1Score('the', ['a'])).toBe(1);
  });
});

describe('containAcc', () => {
  it('finds the normalised gold inside the normalised prediction', () => {
    expect(containAcc('It opened in 1990, I think.', ['1990'])).toBe(1);
    expect(containAcc('The answer is: the Eiffel Tower', ['Eiffel tower'])).toBe(1);
    expect(containAcc('No.', ['no'])).toBe(1);
  });
  it('matches on token boundaries only', () => {
    expect(containAcc('notable', ['no'])).toBe(0);
    expect(containAcc('in 19901', ['1990'])).toBe(0);
  });
  it('never counts an empty gold answer', () => {
    expect(containAcc('anything', ['the'])).toBe(0);
  });
});

describe('recallAtK (document level)', () => {
  const ranked = [
    { docId: 'd1' },
    { docId: 'd2' },
    { docId: 'd1' },
    { docId: 'd3' },
  ];
  it('ranks a document at its best chunk', () => {
    expect(rankDocuments(ranked)).toEqual(['d1', 'd2', 'd3']);
  });
  it('is |gold ∩ top-K| / |gold|', () => {
    const docs = rankDocuments(ranked);
    expect(recallAtK(docs, ['d3', 'd2'], 1)).toBe(0);
    expect(recallAtK(docs, ['d3', 'd2'], 2)).toBe(0.5);
    expect(recallAtK(docs, ['d3', 'd2'], 3)).toBe(1);
    expect(recallAtK(docs, ['d3', 'd2', 'd9'], 5)).toBeCloseTo(2 / 3, 10);
  });
  it('counts duplicate gold ids once and is null without gold', () => {
    expect(recallAtK(['d1'], ['d1', 'd1'], 1)).toBe(1);
    expect(recallAtK(['d1'], [], 1)).toBeNull();
  });
});

describe('summary stats', () => {
  it('nearest-rank percentiles', () => {
    const xs = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
    expect(percentile(xs, 50)).toBe(5);
    expect(percentile(xs, 95)).toBe(10);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 50)).toBe(0);
  });
  it('mean ignores nulls and is null when nothing is left', () => {
    expect(meanOf([1, null, 0, undefined])).toBe(0.5);
    expect(meanOf([null])).toBeNull();
  });
  it('stage fractions over all questions', () => {
    expect(fractions(['local', 'local', 'bridge', 'failed'])).toEqual({ bridge: 0.25, failed: 0.25, local: 0.5 });
    expect(fractions([undefined, undefined])).toEqual({});
  });
});
