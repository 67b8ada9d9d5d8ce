import type { Evidence } from '@rag/core';
import { countTokens } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { budgetedEvidence, citedWindows } from './evidence-views.js';

const text = {
  a: 'Gustave Eiffel was a French civil engineer. He was born in Dijon in 1832. His company built the Eiffel Tower. He died in Paris.',
  b: 'Dijon is a city in eastern France. It is famous for its mustard.',
  c: 'The Eiffel Tower is a wrought-iron lattice tower in Paris.',
};
const evidence: Evidence = {
  query: 'Where was Gustave Eiffel born?',
  chunks: Object.entries(text).map(([id, t], i) => ({ chunkId: id, docId: id, score: 3 - i, text: t })),
  graphText: 'Gustave Eiffel —born_in→ Dijon',
  trace: [],
};

describe('budgetedEvidence', () => {
  it('keeps the top-ranked chunks that fit the token budget, in rank order, and drops the graph facts', () => {
    const budget = countTokens(text.a) + countTokens(text.b);
    const shown = budgetedEvidence(evidence, budget);
    expect(shown.chunks.map((c) => c.chunkId)).toEqual(['a', 'b']);
    expect(shown.graphText).toBeUndefined();
    // the first chunk is kept even when it alone is over the budget
    expect(budgetedEvidence(evidence, 1).chunks.map((c) => c.chunkId)).toEqual(['a']);
  });

  it('keeps the first graph-fact lines that fit their own budget', () => {
    const facts = { ...evidence, graphText: ['Gustave Eiffel —born_in→ Dijon', 'Gustave Eiffel —founded→ Eiffel et Cie', 'Dijon —located_in→ France'].join('\n') };
    const one = countTokens('Gustave Eiffel —born_in→ Dijon');
    expect(budgetedEvidence(facts, 1000, one).graphText).toBe('Gustave Eiffel —born_in→ Dijon');
    expect(budgetedEvidence(facts, 1000, 1000).graphText).toBe(facts.graphText);
    expect(budgetedEvidence(facts, 1000, 0).graphText).toBeUndefined();
  });
});

describe('citedWindows', () => {
  it('shows the cited sentence with one neighbour each side, and where the window starts in its chunk', () => {
    const w = citedWindows(evidence, [{ chunkId: 'a', start: 0, end: 0, quote: 'born in Dijon' }], 'Dijon')!;
    expect(w.evidence.chunks).toHaveLength(1);
    const window = w.evidence.chunks[0]!.text;
    expect(window).toBe('Gustave Eiffel was a French civil engineer. He was born in Dijon in 1832. His company built the Eiffel Tower.');
    expect(text.a.slice(w.offsets.get('a')!, w.offsets.get('a')! + window.length)).toBe(window);
    expect(w.evidence.graphText).toBeUndefined();
  });

  it('places the answer when the quote is not found, keeps rank order over several cited chunks, and gives up when nothing is placed', () => {
    const w = citedWindows(evidence, [{ chunkId: 'c', start: 0, end: 0, quote: 'not there' }, { chunkId: 'a', start: 0, end: 0 }], 'Paris')!;
    expect(w.evidence.chunks.map((c) => c.chunkId)).toEqual(['a', 'c']);
    expect(w.evidence.chunks[0]!.text).toBe('His company built the Eiffel Tower. He died in Paris.');
    expect(w.offsets.get('a')).toBe(text.a.indexOf('His company'));
    expect(citedWindows(evidence, [{ chunkId: 'zzz', start: 0, end: 0, quote: 'Paris' }], 'Paris')).toBeUndefined();
    expect(citedWindows(evidence, [], 'Dijon')).toBeUndefined();
  });
});
