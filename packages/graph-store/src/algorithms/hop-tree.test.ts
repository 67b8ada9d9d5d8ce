import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { createGraphStore } from '../graph-store.js';
import { hopTree } from './hop-tree.js';

const id = (n: string) => `entity:${n}`;
function graph(edges: [string, string, string?, number?][]) {
  const s = createGraphStore();
  for (const [a, b, r = 'r', c = 1] of edges) {
    for (const n of [a, b]) if (!s.hasNode(id(n))) s.addEntity({ name: n });
    s.addRelation({ source: id(a), target: id(b), relation: r, confidence: c });
  }
  return s;
}

describe('hopTree', () => {
  //   a — b — c — d      and   a — e — c (a second 2-hop route to c)
  const s = graph([['a', 'b'], ['b', 'c'], ['c', 'd'], ['a', 'e'], ['e', 'c']]);

  it('gives hop distances within K on the graph with inverse edges', () => {
    const t = hopTree(s, id('d'), { k: 2 });
    expect(Object.fromEntries(t.distances)).toEqual({ [id('d')]: 0, [id('c')]: 1, [id('b')]: 2, [id('e')]: 2 });
    expect(hopTree(s, id('a'), { k: 0 }).distances.size).toBe(1);
  });

  it('returns one shortest tree path with edge ids, start first', () => {
    const t = hopTree(s, id('a'), { k: 3 });
    const p = t.path(id('d'))!;
    expect(p.nodes[0]).toBe(id('a'));
    expect(p.nodes).toHaveLength(4);
    expect(p.edges).toHaveLength(3);
    for (let i = 0; i < p.edges.length; i++) {
      const e = s.getEdge(p.edges[i]!)!;
      expect([e.source, e.target].sort()).toEqual([p.nodes[i], p.nodes[i + 1]].sort());
    }
    expect(t.path(id('a'))).toEqual({ nodes: [id('a')], edges: [] });
    expect(hopTree(s, id('a'), { k: 1 }).path(id('d'))).toBeUndefined();
  });

  it('names the most confident of parallel edges, follows relation filters and direction', () => {
    const p = graph([['x', 'y', 'weak', 0.2], ['x', 'y', 'strong', 0.9], ['y', 'z', 'weak', 0.5]]);
    expect(hopTree(p, id('x')).path(id('y'))!.edges).toEqual([p.edgesOf(id('x')).find((e) => e.relation === 'strong')!.id]);
    expect(hopTree(p, id('x'), { relations: ['strong'] }).distances.has(id('z'))).toBe(false);
    expect(hopTree(p, id('z'), { direction: 'out' }).distances.size).toBe(1);
    expect(hopTree(p, id('z'), { direction: 'in' }).distances.get(id('x'))).toBe(2);
  });

  it('caps the nodes reached, start included', () => {
    const star = graph(Array.from({ length: 10 }, (_, i) => ['hub', `leaf${i}`] as [string, string]));
    expect(hopTree(star, id('hub'), { maxNodes: 4 }).distances.size).toBe(4);
  });

  it('rejects bad input and refuses paths after the store changed', () => {
    expect(() => hopTree(s, id('a'), { k: -1 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => hopTree(s, id('a'), { maxNodes: 0 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => hopTree(s, 'nope')).toThrowError(expect.objectContaining({ code: 'RAG_NOT_FOUND' }));
    const m = graph([['a', 'b']]);
    const t = hopTree(m, id('a'));
    m.addRelation({ source: id('a'), target: id('b'), relation: 'other' });
    try {
      t.path(id('b'));
      expect.unreachable();
    } catch (err) {
      expect(RagError.isInstance(err, 'RAG_CONFLICT')).toBe(true);
    }
  });
});
