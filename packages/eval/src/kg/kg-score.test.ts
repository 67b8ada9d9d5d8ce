import { describe, expect, it } from 'vitest';
import { RagError } from '@rag/core';
import { parseGold } from './gold-schema.js';
import { literalMatches, normDate } from './kg-match.js';
import { scorePassages, type PassageGraph } from './kg-score.js';
import { graphOnly, graphsOfGold } from './kg-command.js';

const gold = parseGold(
  JSON.stringify({
    id: 'p1',
    title: 'Ada Lovelace',
    text: 'Ada Lovelace (10 December 1815 – 27 November 1852) was an English mathematician. She worked with Charles Babbage in London.',
    entities: [
      { name: 'Ada Lovelace', type: 'Person', aliases: ['Augusta Ada King'] },
      { name: 'Charles Babbage', type: 'Person' },
      { name: 'London', type: 'Place' },
    ],
    facts: [
      { head: 'Ada Lovelace', relation: 'born_on', tail: '10 December 1815' },
      { head: 'Ada Lovelace', relation: 'occupation', tail: 'mathematician' },
      { head: 'Ada Lovelace', relation: 'nationality', tail: 'English' },
      { head: 'Charles Babbage', relation: 'occupation', tail: 'engineer' },
    ],
  }),
  'inline',
);

describe('rag-eval kg scoring', () => {
  it('matches entities by name or alias, facts by head, relation and tail (dates normalised)', () => {
    const graph: PassageGraph = {
      nodes: [
        { id: 'a', name: 'Augusta Ada King', type: 'Person', aliases: [] },
        { id: 'b', name: 'Charles Babbage', type: 'Place', aliases: [] },
        { id: 'x', name: 'Analytical Engine', type: 'Work', aliases: [] },
        { id: 'd', name: 'Dec 10, 1815', type: 'Date', aliases: [] },
        { id: 'm', name: 'english mathematician', type: 'Concept', aliases: [] },
        { id: 'n', name: 'London', type: 'Place', aliases: [] },
      ],
      edges: [
        { source: 'a', target: 'd', relation: 'born_on' },
        { source: 'a', target: 'm', relation: 'occupation' },
        { source: 'a', target: 'n', relation: 'born_in' },
        { source: 'a', target: 'b', relation: 'co_occurs_with' },
        { source: 'a', target: 'x', relation: 'designed' },
      ],
    };
    const s = scorePassages(gold, new Map([['p1', graph]]));
    expect(s.entityRecall).toBeCloseTo(1);
    expect(s.entityPrecision).toBeCloseTo(3 / 4); // Analytical Engine is not gold; the date and the class node are literals
    expect(s.typingAccuracy).toBeCloseTo(2 / 3); // Babbage typed Place
    expect(s.typedEdges).toBe(3);
    expect(s.weakEdges).toBe(1);
    expect(s.openEdges).toBe(1);
    expect(s.factPrecision).toBeCloseTo(2 / 3); // born_in London is not a gold fact
    expect(s.factRecall).toBeCloseTo(2 / 4);
  });

  it('normalises dates and class phrases', () => {
    expect(normDate('July 14, 1939')).toBe('1939-07-14');
    expect(normDate('14 July 1939')).toBe('1939-07-14');
    expect(literalMatches('1939', 'July 14, 1939')).toBe(false);
    expect(literalMatches('American actor', 'actor')).toBe(true);
    expect(literalMatches('actor', 'film director')).toBe(false);
  });

  it('rejects a gold line whose fact head is not one of its entities', () => {
    const bad = JSON.stringify({ id: 'p', text: 't', entities: [], facts: [{ head: 'X', relation: 'born_in', tail: 'Y' }] });
    expect(() => parseGold(bad, 'g.jsonl')).toThrow(RagError);
    expect(() => parseGold(bad, 'g.jsonl')).toThrow(/g\.jsonl:1: fact head "X"/);
  });

  it('scores the embedded extractor end to end on a gold passage', async () => {
    const s = scorePassages(gold, await graphsOfGold(gold, graphOnly('typed')));
    expect(s.factRecall).toBeGreaterThanOrEqual(0.5);
    expect(s.factPrecision).toBeGreaterThan(0);
  });
});
