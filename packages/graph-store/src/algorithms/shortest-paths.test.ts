import { describe, expect, it } from 'vitest';
import { cheapestPath, shortestPath, shortestPaths } from './shortest-paths.js';
import { buildGraph, nid } from '../test-graphs.js';

// a → b → d, a → c → d, d → e ; plus a → e with low confidence
const g = () => buildGraph([['a', 'b', 'r', 0.9], ['a', 'c', 'r', 0.9], ['b', 'd', 'r', 0.9], ['c', 'd', 'r', 0.9], ['d', 'e', 'r', 0.9], ['a', 'e', 's', 0.1]]);

describe('shortest paths', () => {
  it('finds the fewest-hop path', () => {
    expect(shortestPath(g(), nid('a'), nid('e'))!.nodes).toEqual([nid('a'), nid('e')]);
    expect(shortestPath(g(), nid('b'), nid('c'))!.nodes).toEqual([nid('b'), nid('a'), nid('c')]);
  });
  it('enumerates all shortest paths up to a cap, deterministically', () => {
    const ps = shortestPaths(g(), nid('a'), nid('d'), { maxPaths: 5 });
    expect(ps.map((p) => p.nodes)).toEqual([
      [nid('a'), nid('b'), nid('d')],
      [nid('a'), nid('c'), nid('d')],
      [nid('a'), nid('e'), nid('d')],
    ]);
    expect(shortestPaths(g(), nid('a'), nid('d'), { maxPaths: 1 })).toHaveLength(1);
    expect(shortestPaths(g(), nid('a'), nid('d'), { maxPaths: 2, direction: 'out' })).toHaveLength(2);
  });
  it('respects direction, relation filters and hop limits', () => {
    expect(shortestPath(g(), nid('e'), nid('a'), { direction: 'out' })).toBeUndefined();
    expect(shortestPath(g(), nid('a'), nid('e'), { relations: ['r'] })!.nodes).toHaveLength(4);
    expect(shortestPath(g(), nid('a'), nid('e'), { relations: ['r'], maxHops: 2 })).toBeUndefined();
    expect(shortestPath(g(), nid('a'), nid('a'))).toEqual({ nodes: [nid('a')], edges: [] });
  });
  it('finds the cheapest path under an edge cost', () => {
    const p = cheapestPath(g(), nid('a'), nid('e'), { cost: (e) => 1 - e.confidence })!;
    expect(p.nodes).toEqual([nid('a'), nid('b'), nid('d'), nid('e')]);
    expect(p.cost).toBeCloseTo(0.3, 10);
    expect(() => cheapestPath(g(), nid('a'), nid('e'), { cost: () => -1 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => shortestPath(g(), nid('a'), 'zz')).toThrowError(expect.objectContaining({ code: 'RAG_NOT_FOUND' }));
  });
});
