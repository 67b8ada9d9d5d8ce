import { describe, expect, it } from 'vitest';
import { inducedSubgraph } from './induced-subgraph.js';
import { buildGraph, nid } from '../test-graphs.js';

describe('inducedSubgraph', () => {
  it('keeps exactly the edges with both endpoints inside, including parallel ones', () => {
    const s = buildGraph([['a', 'b', 'r'], ['a', 'b', 's'], ['b', 'c', 'r'], ['c', 'a', 'r']]);
    const sub = inducedSubgraph(s, [nid('a'), nid('b')]);
    expect(sub.nodes.map((n) => n.id)).toEqual([nid('a'), nid('b')]);
    expect(sub.edges.map((e) => e.relation).sort()).toEqual(['r', 's']);
    expect(inducedSubgraph(s, [nid('a'), nid('b')], { relations: ['s'] }).edges).toHaveLength(1);
    expect(inducedSubgraph(s, [nid('a'), nid('b'), nid('c')]).edges).toHaveLength(4);
    expect(() => inducedSubgraph(s, ['zz'])).toThrowError(expect.objectContaining({ code: 'RAG_NOT_FOUND' }));
  });
});
