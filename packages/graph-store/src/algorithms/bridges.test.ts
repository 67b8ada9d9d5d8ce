import { describe, expect, it } from 'vitest';
import { bridgeCandidates } from './bridges.js';
import { buildGraph, nid } from '../test-graphs.js';

//   s1 — m — s2        s1, s2, s3 are seeds; m joins s1 and s2 in 1 hop each
//         \            p is 2 hops from s1 (via m) and 1 from s3 → reaches all three? no:
//          p — s3      p: s1 2 hops, s2 2 hops, s3 1 hop
//   s1 — q — r — s2    q: s1 1, s2 2 ; r: s1 2, s2 1 (two more routes)
const g = () =>
  buildGraph([
    ['s1', 'm', 'x'],
    ['m', 's2', 'x'],
    ['m', 'p', 'y'],
    ['p', 's3', 'y'],
    ['s1', 'q', 'x'],
    ['q', 'r', 'x'],
    ['r', 's2', 'x'],
    ['far', 's3', 'z'],
  ]);

describe('bridgeCandidates (A2RAG eq. 8)', () => {
  it('finds nodes within K hops of at least two seeds, ranked by seeds reached', () => {
    const res = bridgeCandidates(g(), [nid('s1'), nid('s2'), nid('s3')], { k: 2 });
    const byId = Object.fromEntries(res.bridges.map((b) => [b.id, b]));
    expect(Object.keys(byId).sort()).toEqual(['m', 'p', 'q', 'r'].map(nid));
    expect(res.bridges[0]?.id).toBe(nid('m')); // m reaches s1 (1), s2 (1), s3 (2): 3 seeds, total 4
    expect(byId[nid('m')]?.distances).toEqual({ [nid('s1')]: 1, [nid('s2')]: 1, [nid('s3')]: 2 });
    expect(byId[nid('p')]?.seeds).toEqual([nid('s3'), nid('s1'), nid('s2')]);
    expect(byId[nid('q')]?.seeds).toEqual([nid('s1'), nid('s2')]);
    // "far" reaches only s3
    expect(byId[nid('far')]).toBeUndefined();
  });

  it('K = 1 keeps only direct connectors', () => {
    const res = bridgeCandidates(g(), [nid('s1'), nid('s2'), nid('s3')], { k: 1 });
    expect(res.bridges.map((b) => b.id)).toEqual([nid('m')]);
    expect(res.bridges[0]?.paths).toEqual([
      { seed: nid('s1'), nodes: [nid('s1'), nid('m')], edges: [`${nid('s1')} -[x]-> ${nid('m')}`] },
      { seed: nid('s2'), nodes: [nid('s2'), nid('m')], edges: [`${nid('m')} -[x]-> ${nid('s2')}`] },
    ]);
  });

  it('caps shortest paths per bridge–seed pair', () => {
    // d reaches s1 by two shortest paths (via u and via v)
    const s = buildGraph([['s1', 'u'], ['s1', 'v'], ['u', 'd'], ['v', 'd'], ['d', 's2']]);
    const one = bridgeCandidates(s, [nid('s1'), nid('s2')], { k: 2, maxPathsPerPair: 1 });
    const two = bridgeCandidates(s, [nid('s1'), nid('s2')], { k: 2, maxPathsPerPair: 2 });
    const d1 = one.bridges.find((b) => b.id === nid('d'))!;
    const d2 = two.bridges.find((b) => b.id === nid('d'))!;
    expect(d1.paths.filter((p) => p.seed === nid('s1'))).toHaveLength(1);
    expect(d2.paths.filter((p) => p.seed === nid('s1')).map((p) => p.nodes)).toEqual([
      [nid('s1'), nid('u'), nid('d')],
      [nid('s1'), nid('v'), nid('d')],
    ]);
  });

  it('leaves seeds out unless includeSeeds, honours relation filters and rejects bad input', () => {
    const s = buildGraph([['s1', 's2']]);
    expect(bridgeCandidates(s, [nid('s1'), nid('s2')]).bridges).toEqual([]);
    expect(bridgeCandidates(s, [nid('s1'), nid('s2')], { includeSeeds: true }).bridges.map((b) => b.id)).toEqual([nid('s1'), nid('s2')]);
    expect(bridgeCandidates(g(), [nid('s1'), nid('s2'), nid('s3')], { k: 2, relations: ['y'] }).bridges.map((b) => b.id)).toEqual([]);
    expect(bridgeCandidates(g(), [nid('s1'), nid('s2'), nid('s3')], { k: 2, relations: ['x', 'y'] }).bridges.map((b) => b.id)).toContain(nid('m'));
    expect(() => bridgeCandidates(g(), ['zz'])).toThrowError(expect.objectContaining({ code: 'RAG_NOT_FOUND' }));
    expect(() => bridgeCandidates(g(), [nid('s1')], { k: 0 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});
