import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { createGraphStore } from '../graph-store.js';
import type { GraphStore } from '../types.js';
import { getAdjacency } from './adjacency.js';
import { personalizedPageRank } from './ppr.js';
import { personalizedPageRankPush } from './ppr-push.js';
import { mulberry32 } from './random.js';

function graph(edges: [string, string, string?, number?][], extra: string[] = []): GraphStore {
  const s = createGraphStore();
  for (const n of extra) s.addEntity({ name: n });
  for (const [a, b, r = 'r', c = 1] of edges) {
    for (const n of [a, b]) if (!s.hasNode(`entity:${n}`)) s.addEntity({ name: n });
    s.addRelation({ source: `entity:${a}`, target: `entity:${b}`, relation: r, confidence: c });
  }
  return s;
}
const id = (n: string) => `entity:${n}`;

function l1(a: Float64Array, b: Float64Array): number {
  let t = 0;
  for (let i = 0; i < a.length; i++) t += Math.abs(a[i]! - b[i]!);
  return t;
}

function randomStore(seed: number, n: number, m: number): { store: GraphStore; names: string[] } {
  const rng = mulberry32(seed);
  const names = Array.from({ length: n }, (_, i) => `n${String(i).padStart(2, '0')}`);
  const store = createGraphStore();
  for (const nm of names) store.addEntity({ name: nm });
  for (let k = 0; k < m; k++) {
    const a = names[Math.floor(rng() * n)]!;
    const b = names[Math.floor(rng() * n)]!;
    store.addRelation({ source: id(a), target: id(b), relation: rng() < 0.5 ? 'r' : 's', confidence: Math.round(rng() * 100) / 100 });
  }
  return { store, names };
}

describe('personalizedPageRankPush', () => {
  it('matches the hand-solved two-node case r_a = 1/(2−α), r_b = (1−α)/(2−α) within its bound', () => {
    const s = graph([['a', 'b']]);
    const r = personalizedPageRankPush(s, { seeds: [id('a')], alpha: 0.15, tolerance: 1e-12 });
    expect(r.converged).toBe(true);
    const exact = [1 / 1.85, 0.85 / 1.85];
    const err = Math.abs(r.score(id('a')) - exact[0]!) + Math.abs(r.score(id('b')) - exact[1]!);
    expect(err).toBeLessThanOrEqual(r.errorBound + 1e-15);
    expect(r.errorBound).toBeLessThan(2e-12);
    // the estimate never overshoots the exact value
    expect(r.score(id('a'))).toBeLessThanOrEqual(exact[0]! + 1e-15);
  });

  it('the reported bound is the L1 error against power iteration on random weighted, directed graphs with dangling nodes', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { store, names } = randomStore(seed, 14, 26);
      for (const direction of ['out', 'both', 'in'] as const) {
        for (const weight of ['none', 'confidence'] as const) {
          for (const personalization of ['degree', 'uniform'] as const) {
            const seeds = [id(names[0]!), id(names[5]!)];
            const opts = { seeds, direction, weight, personalization, alpha: 0.2 };
            const exact = personalizedPageRank(store, { ...opts, tolerance: 1e-14, maxIterations: 5000 });
            for (const tolerance of [1e-3, 1e-5, 1e-9]) {
              const push = personalizedPageRankPush(store, { ...opts, tolerance });
              expect(push.converged).toBe(true);
              const err = l1(push.scores, exact.scores);
              // bound = Σ residual = ‖exact − p‖₁ (up to float rounding)
              expect(Math.abs(err - push.errorBound)).toBeLessThan(1e-10);
              const deg = getAdjacency(store, { direction, weight });
              let vol = 0;
              for (let u = 0; u < names.length; u++) vol += Math.max(1, deg.offsets[u + 1]! - deg.offsets[u]!);
              expect(push.errorBound).toBeLessThanOrEqual(tolerance * vol + 1e-15);
              for (let i = 0; i < push.scores.length; i++) expect(push.scores[i]).toBeLessThanOrEqual(exact.scores[i]! + 1e-12);
            }
          }
        }
      }
    }
  });

  it('uses A2RAG eq. 10 degree-normalised seeds by default and GEAR uniform seeds on request', () => {
    // hub h (deg 3) and leaf x (deg 1) as seeds: p0 = (0.25, 0.75) vs (0.5, 0.5)
    const s = graph([['h', 'x'], ['h', 'y'], ['h', 'z']]);
    const d = personalizedPageRankPush(s, { seeds: [id('h'), id('x')], alpha: 0.9, tolerance: 1e-12 });
    const u = personalizedPageRankPush(s, { seeds: [id('h'), id('x')], alpha: 0.9, tolerance: 1e-12, personalization: 'uniform' });
    expect(u.score(id('h'))).toBeGreaterThan(d.score(id('h')));
    const exact = personalizedPageRank(s, { seeds: [id('h'), id('x')], alpha: 0.9, tolerance: 1e-14, maxIterations: 1000 });
    expect(l1(d.scores, exact.scores)).toBeLessThan(1e-10);
  });

  it('restarts an isolated seed’s walk share at the seeds, like the power iteration', () => {
    const s = graph([['a', 'b']], ['lonely']);
    const opts = { seeds: [id('a'), id('lonely')], alpha: 0.3 };
    const exact = personalizedPageRank(s, { ...opts, tolerance: 1e-14, maxIterations: 5000 });
    const push = personalizedPageRankPush(s, { ...opts, tolerance: 1e-12 });
    expect(l1(push.scores, exact.scores)).toBeLessThan(1e-10);
    expect(push.score(id('lonely'))).toBeGreaterThan(0.3 * 0.5);
  });

  it('stays local: nodes far from the seeds are not touched at a loose tolerance', () => {
    // a path of 200 nodes: residual decays by (1−α)/2 per hop, so the walk stops early
    const edges: [string, string][] = [];
    for (let i = 0; i < 199; i++) edges.push([`p${i}`, `p${i + 1}`]);
    const s = graph(edges);
    const r = personalizedPageRankPush(s, { seeds: [id('p0')], alpha: 0.5, tolerance: 1e-4 });
    expect(r.converged).toBe(true);
    expect(r.touched).toBeLessThan(20);
    expect(r.score(id('p150'))).toBe(0);
    expect(r.top(3).map((x) => x.id)).toEqual([id('p0'), id('p1'), id('p2')]);
    expect(r.top(2, { exclude: [id('p0')] }).map((x) => x.id)).toEqual([id('p1'), id('p2')]);
  });

  it('stops at the push budget and reports it as not converged, with the larger bound', () => {
    const { store, names } = randomStore(9, 14, 30);
    const capped = personalizedPageRankPush(store, { seeds: [id(names[1]!)], tolerance: 1e-12, maxPushes: 5 });
    expect(capped.pushes).toBe(5);
    expect(capped.converged).toBe(false);
    const full = personalizedPageRankPush(store, { seeds: [id(names[1]!)], tolerance: 1e-12 });
    expect(full.converged).toBe(true);
    expect(capped.errorBound).toBeGreaterThan(full.errorBound);
    const exact = personalizedPageRank(store, { seeds: [id(names[1]!)], tolerance: 1e-14, maxIterations: 5000 });
    expect(Math.abs(l1(capped.scores, exact.scores) - capped.errorBound)).toBeLessThan(1e-10);
  });

  it('rejects bad options with typed errors', () => {
    const s = graph([['a', 'b']]);
    const bad = [
      () => personalizedPageRankPush(s, { seeds: [] }),
      () => personalizedPageRankPush(s, { seeds: [id('a')], alpha: 0 }),
      () => personalizedPageRankPush(s, { seeds: [id('a')], tolerance: 0 }),
      () => personalizedPageRankPush(s, { seeds: [id('a')], maxPushes: 0 }),
      () => personalizedPageRankPush(s, { seeds: [id('a')], maxPushes: 1.5 }),
      () => personalizedPageRankPush(s, { seeds: { [id('a')]: Number.POSITIVE_INFINITY } }),
    ];
    for (const f of bad) expect(() => f()).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    try {
      personalizedPageRankPush(s, { seeds: ['nope'] });
      expect.unreachable();
    } catch (err) {
      expect(RagError.isInstance(err, 'RAG_NOT_FOUND')).toBe(true);
    }
  });
});
