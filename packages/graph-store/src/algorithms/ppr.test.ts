import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { createGraphStore } from '../graph-store.js';
import type { GraphStore } from '../types.js';
import { getAdjacency } from './adjacency.js';
import { fusionSeeds, personalizedPageRank } from './ppr.js';
import { mulberry32 } from './random.js';

function graph(edges: [string, string, string?, number?][]): GraphStore {
  const s = createGraphStore();
  for (const [a, b, r = 'r', c = 1] of edges) {
    for (const n of [a, b]) if (!s.hasNode(`entity:${n}`)) s.addEntity({ name: n });
    s.addRelation({ source: `entity:${a}`, target: `entity:${b}`, relation: r, confidence: c });
  }
  return s;
}
const id = (n: string) => `entity:${n}`;

/** Reference: solve (I − (1−α)M) r = α p0 by Gaussian elimination, M = Pᵀ + p0·1_danglingᵀ. */
function denseSolve(n: number, arcs: [number, number, number][], p0: number[], alpha: number): number[] {
  const deg = new Array(n).fill(0);
  for (const [u, , w] of arcs) deg[u] += w;
  const A = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (const [u, v, w] of arcs) A[v]![u]! -= (1 - alpha) * (w / deg[u]);
  for (let u = 0; u < n; u++) if (deg[u] === 0) for (let v = 0; v < n; v++) A[v]![u]! -= (1 - alpha) * p0[v]!;
  const b = p0.map((x) => alpha * x);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[piv]![c]!)) piv = r;
    [A[c], A[piv]] = [A[piv]!, A[c]!];
    [b[c], b[piv]] = [b[piv]!, b[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / A[c]![c]!;
      for (let k = c; k < n; k++) A[r]![k]! -= f * A[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  return b.map((x, i) => x / A[i]![i]!);
}

describe('personalizedPageRank', () => {
  it('matches the hand-solved two-node case: r_a = 1/(2−α), r_b = (1−α)/(2−α)', () => {
    const s = graph([['a', 'b']]);
    const r = personalizedPageRank(s, { seeds: [id('a')], alpha: 0.15, tolerance: 1e-12, maxIterations: 1000 });
    expect(r.converged).toBe(true);
    expect(r.score(id('a'))).toBeCloseTo(1 / 1.85, 9);
    expect(r.score(id('b'))).toBeCloseTo(0.85 / 1.85, 9);
  });

  it('degree-normalises seed personalisation (A2RAG eq. 10): star hub vs leaf gets 1/4 vs 3/4', () => {
    // hub h with leaves x, y, z; seeds h (deg 3) and x (deg 1): p0 = (1/3, 1)/(4/3) = (0.25, 0.75)
    const s = graph([['h', 'x'], ['h', 'y'], ['h', 'z']]);
    const alpha = 0.2;
    const r = personalizedPageRank(s, { seeds: [id('h'), id('x')], alpha, tolerance: 1e-13, maxIterations: 2000 });
    const order = ['h', 'x', 'y', 'z'];
    const arcs: [number, number, number][] = [[0, 1, 1], [1, 0, 1], [0, 2, 1], [2, 0, 1], [0, 3, 1], [3, 0, 1]];
    const ref = denseSolve(4, arcs, [0.25, 0.75, 0, 0], alpha);
    order.forEach((n, i) => expect(r.score(id(n))).toBeCloseTo(ref[i]!, 9));
    // uniform (GEAR eq. 9) puts 1/2 on each seed and differs
    const u = personalizedPageRank(s, { seeds: [id('h'), id('x')], personalization: 'uniform', alpha, tolerance: 1e-13, maxIterations: 2000 });
    const refU = denseSolve(4, arcs, [0.5, 0.5, 0, 0], alpha);
    order.forEach((n, i) => expect(u.score(id(n))).toBeCloseTo(refU[i]!, 9));
    expect(u.score(id('h'))).toBeGreaterThan(r.score(id('h')));
  });

  it('agrees with a dense solve on random weighted, directed graphs with dangling nodes', () => {
    for (const seed of [1, 2, 3, 4]) {
      const rng = mulberry32(seed);
      const n = 12;
      const names = Array.from({ length: n }, (_, i) => `n${String(i).padStart(2, '0')}`);
      const edges: [string, string, string, number][] = [];
      for (let k = 0; k < 25; k++) {
        const a = Math.floor(rng() * n);
        const b = Math.floor(rng() * n);
        edges.push([names[a]!, names[b]!, rng() < 0.5 ? 'r' : 's', Math.round(rng() * 100) / 100]);
      }
      const s = createGraphStore();
      for (const nm of names) s.addEntity({ name: nm });
      for (const [a, b, r, c] of edges) s.addRelation({ source: id(a), target: id(b), relation: r, confidence: c });
      for (const direction of ['out', 'both'] as const) {
        const adj = getAdjacency(s, { direction, weight: 'confidence' });
        const arcs: [number, number, number][] = [];
        for (let v = 0; v < n; v++) for (let j = adj.offsets[v]!; j < adj.offsets[v + 1]!; j++) arcs.push([adj.sources[j]!, v, adj.weights![j]!]);
        const seeds = [names[0]!, names[5]!].map(id);
        const res = personalizedPageRank(s, { seeds, direction, weight: 'confidence', alpha: 0.15, tolerance: 1e-13, maxIterations: 5000 });
        const p0 = new Array(n).fill(0);
        const inv = seeds.map((x) => 1 / (adj.degree[adj.index.get(x)!] || 1));
        seeds.forEach((x, i) => (p0[adj.index.get(x)!] += inv[i]! / (inv[0]! + inv[1]!)));
        const ref = denseSolve(n, arcs, p0, 0.15);
        for (let i = 0; i < adj.ids.length; i++) expect(res.score(adj.ids.at(i)!)).toBeCloseTo(ref[i]!, 8);
        const total = res.scores.reduce((a, b) => a + b, 0);
        expect(total).toBeCloseTo(1, 9);
      }
    }
  });

  it('collapses parallel edges (binary A_uv of eq. 9) and walks inverse edges by default', () => {
    const single = graph([['a', 'b'], ['b', 'c']]);
    const parallel = graph([['a', 'b', 'r'], ['a', 'b', 's'], ['b', 'c']]);
    const r1 = personalizedPageRank(single, { seeds: [id('c')], tolerance: 1e-12 });
    const r2 = personalizedPageRank(parallel, { seeds: [id('c')], tolerance: 1e-12 });
    for (const n of ['a', 'b', 'c']) expect(r2.score(id(n))).toBeCloseTo(r1.score(id(n)), 10);
    // c has no out-edges; with direction "out" a is unreachable from c, with "both" it is reached
    expect(r1.score(id('a'))).toBeGreaterThan(0);
    expect(personalizedPageRank(single, { seeds: [id('c')], direction: 'out' }).score(id('a'))).toBe(0);
  });

  it('filters by relation and reuses the CSR until the store changes', () => {
    const s = graph([['a', 'b', 'r'], ['b', 'c', 's']]) as ReturnType<typeof createGraphStore>;
    const onlyR = personalizedPageRank(s, { seeds: [id('a')], relations: ['r'] });
    expect(onlyR.score(id('c'))).toBe(0);
    const adj1 = getAdjacency(s);
    expect(getAdjacency(s)).toBe(adj1);
    const before = personalizedPageRank(s, { seeds: [id('a')] }).score(id('c'));
    s.addRelation({ source: id('a'), target: id('c'), relation: 'r' });
    const adj2 = getAdjacency(s);
    expect(adj2).not.toBe(adj1);
    expect(adj2.version).toBe(s.version);
    expect(personalizedPageRank(s, { seeds: [id('a')] }).score(id('c'))).toBeGreaterThan(before);
  });

  it('ranks with top(k), excluding seeds on request, ties by id', () => {
    const s = graph([['h', 'x'], ['h', 'y'], ['h', 'z'], ['z', 'w']]);
    const r = personalizedPageRank(s, { seeds: [id('h')], tolerance: 1e-12 });
    expect(r.top(1)[0]?.id).toBe(id('h'));
    const top = r.top(3, { exclude: [id('h')] }).map((x) => x.id);
    expect(top[0]).toBe(id('z'));
    expect(top.slice(1)).toEqual([id('x'), id('y')]);
    expect(r.top(0)).toEqual([]);
  });

  it('reports non-convergence instead of throwing, and rejects bad options', () => {
    const s = graph([['a', 'b'], ['b', 'c']]);
    const r = personalizedPageRank(s, { seeds: [id('a')], maxIterations: 2, tolerance: 1e-15 });
    expect(r.iterations).toBe(2);
    expect(r.converged).toBe(false);
    const codes = [
      () => personalizedPageRank(s, { seeds: [] }),
      () => personalizedPageRank(s, { seeds: [id('a')], alpha: 1 }),
      () => personalizedPageRank(s, { seeds: [id('a')], tolerance: 0 }),
      () => personalizedPageRank(s, { seeds: { [id('a')]: -1 } }),
      () => personalizedPageRank(s, { seeds: [id('a')], weight: () => Number.NaN }),
    ];
    for (const f of codes) expect(() => f()).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    try {
      personalizedPageRank(s, { seeds: ['nope'] });
      expect.unreachable();
    } catch (err) {
      expect(RagError.isInstance(err, 'RAG_NOT_FOUND')).toBe(true);
    }
  });

  it('builds the GEAR seed set S from top nodes and the endpoints of top edges (eq. 8)', () => {
    const s = graph([['a', 'b'], ['c', 'd']]);
    expect(fusionSeeds(s, [id('a')], [`${id('c')} -[r]-> ${id('d')}`]).sort()).toEqual([id('a'), id('c'), id('d')]);
  });
});
