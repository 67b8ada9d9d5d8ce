// The layout worker's protocol (src/ui/layout/layout-protocol.ts), run in Node: a graph sent as
// a request comes back laid out by the same code the page runs, positions land on the right
// nodes (kept ones start where they were), and an answer for another node set is refused.
import Graph from 'graphology';
import { describe, expect, it } from 'vitest';
import { applyAnswer, runRequest, toRequest } from '../src/ui/layout/layout-protocol.js';

function chain(n: number): Graph {
  const g = new Graph({ multi: true, type: 'directed' });
  for (let i = 0; i < n; i++) g.addNode(`n${i}`, { size: 5 });
  for (let i = 1; i < n; i++) g.addEdge(`n${i - 1}`, `n${i}`);
  return g;
}

describe('layout worker protocol', () => {
  it('round-trips a graph: every node gets a finite position, kept nodes start from theirs', () => {
    const g = chain(40);
    g.mergeNodeAttributes('n0', { x: 1000, y: 1000 });
    const req = toRequest(g, 7);
    expect(req.ids).toHaveLength(40);
    expect(Number.isNaN(req.xy[2])).toBe(true); // n1 has no position yet
    expect(Array.from(req.edges.slice(0, 2))).toEqual([0, 1]);
    const answer = runRequest(req);
    expect(answer.job).toBe(7);
    expect(answer.stats.nodes).toBe(40);
    expect(applyAnswer(g, req.ids, answer)).toBe(true);
    g.forEachNode((_, a) => {
      expect(Number.isFinite(a.x)).toBe(true);
      expect(Number.isFinite(a.y)).toBe(true);
    });
    // the chain grew out of n0, which started far from the origin: its neighbours are near it
    const d = Math.hypot(g.getNodeAttribute('n1', 'x') - g.getNodeAttribute('n0', 'x'), g.getNodeAttribute('n1', 'y') - g.getNodeAttribute('n0', 'y'));
    expect(d).toBeLessThan(Math.hypot(1000, 1000));
  });

  it('refuses an answer for another node set', () => {
    const g = chain(10);
    const req = toRequest(g, 1);
    const answer = runRequest(req);
    const other = chain(11);
    expect(applyAnswer(other, toRequest(other, 2).ids, answer)).toBe(false);
    g.dropNode('n3');
    expect(applyAnswer(g, req.ids, answer)).toBe(false);
  });
});
