import { describe, expect, it } from 'vitest';
import { mainClause, noveltyOf, placeParts, questionVerbStems, rankCandidates } from './candidates.js';
import { expectedAnswer } from './expected-answer.js';
import { sentencesOf } from './test-passages.js';

describe('relation cue', () => {
  it('takes the verbs of the main clause only', () => {
    const q = 'When was the astronomical clock built in the city where Karel Purkyne died?';
    expect(mainClause(q)).toBe('When was the astronomical clock built in the city');
    const stems = questionVerbStems(q);
    expect(stems.has('buil')).toBe(true);
    expect(stems.has('died')).toBe(false);
  });
});

describe('noveltyOf', () => {
  it('counts the asked head noun of a name as new, other question words as old', () => {
    const q = new Set(['what', 'county', 'is', 'tarsley', 'township', 'located', 'in']);
    expect(noveltyOf(['jefferson', 'county'], q, 'county')).toBe(1);
    expect(noveltyOf(['jefferson', 'county'], q, undefined)).toBe(0.5);
    expect(noveltyOf(['tarsley', 'river'], q, 'county')).toBe(0.5);
  });
});

describe('placeParts', () => {
  it('splits two places joined by "in", and nothing else', () => {
    const text = 'Portland in Dodge County';
    expect(placeParts({ kind: 'name', text, start: 10, end: 10 + text.length }).map((p) => [p.text, p.start])).toEqual([
      ['Portland', 10],
      ['Dodge County', 22],
    ]);
    expect(placeParts({ kind: 'name', text: 'Dodge County', start: 0, end: 12 })).toEqual([]);
  });
});

describe('rankCandidates', () => {
  it('never offers a lone letter as a name', () => {
    const q = 'What do Tamsin Reeve and Dale Orr have in common?';
    const sents = sentencesOf(q, 'Tamsin Reeve (born 1950) is an American poet. C. Tamsin Reeve wrote poems.', 'Dale Orr is an American poet.');
    const ranked = rankCandidates(q, 'entity', sents, sents, [], undefined, { expected: expectedAnswer(q, 'entity') });
    expect(ranked.map((c) => c.span.text)).not.toContain('C');
  });
});
