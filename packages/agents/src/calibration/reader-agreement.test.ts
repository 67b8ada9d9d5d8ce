import { describe, expect, it } from 'vitest';
import { marginOf, readerSignals, sameAnswer, PASSAGES_READ } from './reader-agreement.js';

const texts: Record<string, string> = {
  'a#0': 'The 2015 romantic drama Brooklyn was produced by Finola Dwyer.',
  'b#0': 'Finola Dwyer produced the 2015 romantic drama Brooklyn, directed by John Crowley.',
  'c#0': 'Paris is the capital of France and its largest city.',
};
const docOf = (id: string) => id.split('#')[0]!;
const index = {
  getChunk: (id: string) => (texts[id] ? { id, docId: docOf(id), text: texts[id]! } : undefined),
  getDoc: (id: string) => ({ title: id }),
  // The keyword ranking puts the unrelated passage first, then the two about Brooklyn.
  keyword: { search: async () => ['c#0', 'b#0', 'a#0'].map((id, i) => ({ id, score: 3 - i })) },
};
const ranking = (...ids: string[]) => ids.map((id, i) => ({ chunkId: id, docId: docOf(id), score: 10 - i, text: texts[id]! }));

describe('sameAnswer', () => {
  it('matches whole tokens either way, never inside a word', () => {
    expect(sameAnswer('John Crowley', 'Crowley')).toBe(true);
    expect(sameAnswer('Brooklyn (film)', 'brooklyn')).toBe(true);
    expect(sameAnswer('no', 'Johnson')).toBe(false);
    expect(sameAnswer('', 'x')).toBe(false);
  });
});

describe('marginOf', () => {
  it('measures the answer against the best candidate that is not a form of it', () => {
    const alts = [
      { text: 'John Crowley', score: 2, fit: 1.2 },
      { text: 'Crowley', score: 1.5 },
      { text: 'Amanda Posey', score: 0.5 },
    ];
    expect(marginOf('John Crowley', alts)).toEqual({ score: 2, margin: 0.75, share: 2 / 2.5, fit: 1.2 });
    // Runner-up picked by the agent (a retry): its margin is clamped at 0.
    expect(marginOf('Amanda Posey', alts).margin).toBe(0);
    expect(marginOf('Nobody', alts)).toEqual({ score: 0, margin: 0, share: 0, fit: 0 });
  });
});

describe('readerSignals', () => {
  it('re-reads the evidence whole, per passage, its first two passages and the keyword ranking', async () => {
    const q = 'What 2015 romantic drama did Finola Dwyer produce?';
    const s = await readerSignals(q, 'Brooklyn', ranking('a#0', 'b#0', 'c#0'), index);
    expect(s.agrees).toBe(true);
    expect(s.path).toBe('span');
    expect(s.score).toBeGreaterThan(0);
    // Both Brooklyn passages state it on their own; the Paris one does not.
    expect(s.passagesRead).toBe(Math.min(PASSAGES_READ, 3));
    expect(s.passageVotes).toBe(2);
    expect(s.docVotes).toBe(2);
    expect(s.topTwoAgrees).toBe(true);
    expect(s.keywordAgrees).toBe(true);
    // An answer the evidence does not give gets no agreement.
    const wrong = await readerSignals(q, 'Paris', ranking('a#0', 'b#0', 'c#0'), index);
    expect(wrong.agrees).toBe(false);
    expect(wrong.passageVotes).toBe(0);
    expect(wrong.keywordAgrees).toBe(false);
    expect(wrong.margin).toBe(0);
  });
});
