import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@rag/core';
import { foldUndirected } from './fold-undirected.js';
import { aggregate, louvain, modularity, totalDegree } from './louvain.js';

function randomCsr(seed: number, n: number, m: number) {
  const rnd = mulberry32(seed);
  const source = new Int32Array(m);
  const target = new Int32Array(m);
  const weight = new Float64Array(m);
  for (let e = 0; e < m; e++) {
    source[e] = Math.floor(rnd() * n);
    target[e] = rnd() < 0.1 ? source[e]! : Math.floor(rnd() * n);
    weight[e] = rnd() < 0.05 ? 0 : rnd();
  }
  return { graph: foldUndirected(n, m, source, target, weight), source, target, weight };
}

describe('foldUndirected', () => {
  it('sums parallel edges and both directions, keeps loops doubled, drops weights ≤ 0, sorts rows', () => {
    const g = foldUndirected(3, 5, [0, 1, 2, 0, 2], [1, 0, 2, 2, 0], [0.5, 0.25, 1, 0, 2]);
    expect([...g.offsets]).toEqual([0, 2, 3, 4]);
    expect([...g.nbr]).toEqual([1, 2, 0, 0]);
    expect([...g.w]).toEqual([0.75, 2, 0.75, 2]);
    expect([...g.loops]).toEqual([0, 0, 2]);
  });
  it('gives the same rows whatever the order of the edges', () => {
    const { graph, source, target, weight } = randomCsr(3, 50, 300);
    const order = Array.from({ length: 300 }, (_, i) => 299 - i);
    const again = foldUndirected(50, 300, order.map((e) => source[e]!), order.map((e) => target[e]!), order.map((e) => weight[e]!));
    expect([...again.offsets]).toEqual([...graph.offsets]);
    expect([...again.nbr]).toEqual([...graph.nbr]);
    for (let j = 0; j < graph.w.length; j++) expect(again.w[j]).toBeCloseTo(graph.w[j]!, 12);
  });
});

describe('louvain', () => {
  it('aggregation keeps the total degree and the modularity of the partition it folds', () => {
    const { graph } = randomCsr(9, 200, 800);
    const rnd = mulberry32(2);
    const labels = new Int32Array(200);
    for (let i = 0; i < 200; i++) labels[i] = Math.floor(rnd() * 17);
    const agg = aggregate(graph, labels, 17);
    expect(totalDegree(agg)).toBeCloseTo(totalDegree(graph), 9);
    const singletons = Int32Array.from({ length: 17 }, (_, c) => c);
    for (const gamma of [0.5, 1, 3]) expect(modularity(agg, singletons, 17, gamma)).toBeCloseTo(modularity(graph, labels, 17, gamma), 12);
  });
  it('never reports a partition worse than all singletons, and numbers communities by lowest node', () => {
    const { graph } = randomCsr(21, 300, 1200);
    const r = louvain(graph, { seed: 5 });
    const alone = Int32Array.from({ length: 300 }, (_, i) => i);
    expect(r.modularity).toBeGreaterThan(modularity(graph, alone, 300));
    expect(r.levels).toBeGreaterThan(0);
    let next = 0;
    for (let i = 0; i < 300; i++) {
      expect(r.community[i]).toBeLessThanOrEqual(next);
      if (r.community[i] === next) next++;
    }
    expect(next).toBe(r.count);
  });
});
