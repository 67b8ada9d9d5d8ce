import { describe, expect, it } from 'vitest';
import { kHop, kHopNeighborhood } from './k-hop.js';
import { buildGraph, nid } from '../test-graphs.js';

// a —r→ b —s→ c —r→ d ; e —r→ a
const g = () => buildGraph([['a', 'b', 'r'], ['b', 'c', 's'], ['c', 'd', 'r'], ['e', 'a', 'r']]);

describe('kHopNeighborhood', () => {
  it('N_1 uses both edge directions (A2RAG eq. 7)', () => {
    expect(kHop(g(), nid('a')).sort()).toEqual(['a', 'b', 'e'].map(nid));
  });
  it('N_2 with hop distances', () => {
    const r = kHopNeighborhood(g(), nid('a'), { k: 2 });
    expect(Object.fromEntries(r.distances)).toEqual({ [nid('a')]: 0, [nid('b')]: 1, [nid('e')]: 1, [nid('c')]: 2 });
    expect(r.edges.length).toBe(3);
  });
  it('follows only out-edges or in-edges when asked', () => {
    expect(kHop(g(), nid('a'), { k: 3, direction: 'out' }).sort()).toEqual(['a', 'b', 'c', 'd'].map(nid));
    expect(kHop(g(), nid('a'), { k: 3, direction: 'in' }).sort()).toEqual(['a', 'e'].map(nid));
  });
  it('restricts to relation seeds', () => {
    expect(kHop(g(), nid('a'), { k: 3, relations: ['r'] }).sort()).toEqual(['a', 'b', 'e'].map(nid));
  });
  it('k = 0 is the seeds; maxNodes caps expansion; unknown seeds and bad k are refused', () => {
    expect(kHop(g(), [nid('a'), nid('d')], { k: 0 })).toEqual([nid('a'), nid('d')]);
    const capped = kHopNeighborhood(g(), nid('a'), { k: 3, maxNodes: 2 });
    expect(capped.distances.size).toBe(2);
    for (const e of capped.edges) expect(e.split(' -[')[0] === nid('a') || e.endsWith(nid('a'))).toBe(true);
    expect(capped.edges).toHaveLength(1);
    expect(() => kHop(g(), 'x')).toThrowError(expect.objectContaining({ code: 'RAG_NOT_FOUND' }));
    expect(() => kHop(g(), nid('a'), { k: -1 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});
