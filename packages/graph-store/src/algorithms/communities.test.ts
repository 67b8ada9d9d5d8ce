import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@rag/core';
import { detectCommunities, type CommunityResult } from './communities.js';
import { createGraphStore } from '../graph-store.js';
import { decodeGraphColumns } from '../graph-codec.js';
import { encodeGraph } from '../graph-encode.js';
import { createGraphView } from '../graph-view.js';
import { buildGraph, nid } from '../test-graphs.js';
import type { GraphStore } from '../types.js';

type Row = [string, string, string?, number?];

function cliqueRows(names: string[], relation = 'r', confidence = 1): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) rows.push([names[i]!, names[j]!, relation, confidence]);
  return rows;
}

// two 4-cliques joined by a single weak edge
function twoCliques() {
  const rows: Row[] = [...cliqueRows(['a', 'b', 'c', 'd']), ...cliqueRows(['w', 'x', 'y', 'z'])];
  rows.push(['d', 'w', 'r', 0.1]);
  return buildGraph(rows, ['solo']);
}

/** k cliques of `size` nodes, clique i joined to clique i+1 (mod k) by one edge. */
function ringOfCliques(k: number, size: number) {
  const rows: Row[] = [];
  const name = (c: number, i: number) => `q${c}x${i}`;
  for (let c = 0; c < k; c++) {
    rows.push(...cliqueRows(Array.from({ length: size }, (_, i) => name(c, i))));
    rows.push([name(c, 0), name((c + 1) % k, 1)]);
  }
  return { store: buildGraph(rows), name };
}

/** A random multigraph: parallel edges, both directions, self-loops, confidences in (0, 1]. */
function randomGraph(seed: number, n: number, m: number) {
  const rnd = mulberry32(seed);
  const rows: Row[] = [];
  for (let e = 0; e < m; e++) {
    const a = Math.floor(rnd() * n);
    // mostly near neighbours so there is structure to find
    const b = rnd() < 0.8 ? (a + 1 + Math.floor(rnd() * 4)) % n : Math.floor(rnd() * n);
    rows.push([`n${a}`, `n${b}`, rnd() < 0.5 ? 'r' : 's', Math.round((0.05 + rnd() * 0.95) * 100) / 100]);
  }
  return buildGraph(rows);
}

/**
 * Modularity straight from the definition, written independently of the implementation:
 * Q = 1/2m Σ_ij [A_ij − γ k_i k_j / 2m] δ(c_i, c_j) with A symmetric, A_ii = 2 × loop weight.
 */
function referenceModularity(store: GraphStore, r: CommunityResult, gamma: number, weight: 'confidence' | 'count' = 'confidence'): number {
  const A = new Map<string, Map<string, number>>();
  const add = (u: string, v: string, x: number) => {
    let row = A.get(u);
    if (!row) A.set(u, (row = new Map()));
    row.set(v, (row.get(v) ?? 0) + x);
  };
  for (const e of store.edges()) {
    const x = weight === 'count' ? 1 : e.confidence;
    if (e.source === e.target) add(e.source, e.source, 2 * x);
    else {
      add(e.source, e.target, x);
      add(e.target, e.source, x);
    }
  }
  const k = new Map<string, number>();
  let m2 = 0;
  for (const [u, row] of A) for (const x of row.values()) {
    k.set(u, (k.get(u) ?? 0) + x);
    m2 += x;
  }
  if (m2 === 0) return 0;
  const ids = [...store.nodes()].map((n) => n.id);
  let q = 0;
  for (const i of ids) {
    for (const j of ids) {
      if (r.communityOf.get(i) !== r.communityOf.get(j)) continue;
      q += (A.get(i)?.get(j) ?? 0) - (gamma * (k.get(i) ?? 0) * (k.get(j) ?? 0)) / m2;
    }
  }
  return q / m2;
}

/** The partition as a set of sorted member lists (numbering aside). */
const partition = (r: CommunityResult) => [...r.members.values()].map((l) => l.join('|')).sort();

describe('detectCommunities (Louvain)', () => {
  it('separates two cliques joined by a weak bridge', () => {
    const r = detectCommunities(twoCliques());
    const ca = r.communityOf.get(nid('a'))!;
    const cw = r.communityOf.get(nid('w'))!;
    expect(ca).not.toBe(cw);
    for (const n of ['b', 'c', 'd']) expect(r.communityOf.get(nid(n))).toBe(ca);
    for (const n of ['x', 'y', 'z']) expect(r.communityOf.get(nid(n))).toBe(cw);
    expect(r.members.get(ca)).toEqual(['a', 'b', 'c', 'd'].map(nid));
    expect(r.count).toBe(3); // the isolated node is its own community
    expect(r.members.get(2)).toEqual([nid('solo')]);
    // equal sizes: the community with the smaller member id comes first
    expect(ca).toBe(0);
    expect(r.modularity).toBeGreaterThan(0.3);
  });

  it('finds each clique of a ring of cliques', () => {
    const { store, name } = ringOfCliques(6, 5);
    const r = detectCommunities(store);
    expect(r.count).toBe(6);
    for (let c = 0; c < 6; c++) {
      const label = r.communityOf.get(nid(name(c, 0)));
      for (let i = 1; i < 5; i++) expect(r.communityOf.get(nid(name(c, i)))).toBe(label);
    }
    for (const list of r.members.values()) expect(list).toEqual([...list].sort());
  });

  it('is deterministic for a seed, and refuses a bad resolution or seed', () => {
    const g = randomGraph(7, 300, 900);
    for (const seed of [1, 3, 99]) {
      const a = detectCommunities(g, { seed });
      const b = detectCommunities(g, { seed });
      expect([...a.communityOf]).toEqual([...b.communityOf]);
      expect([...a.members]).toEqual([...b.members]);
      expect(a.modularity).toBe(b.modularity);
    }
    expect(() => detectCommunities(g, { resolution: 0 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => detectCommunities(g, { seed: 1.5 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });

  it('reports the modularity of the partition it returns (checked against the definition)', () => {
    const g = randomGraph(11, 120, 400);
    for (const resolution of [0.5, 1, 2]) {
      for (const weight of ['confidence', 'count'] as const) {
        const r = detectCommunities(g, { resolution, weight });
        expect(r.modularity).toBeCloseTo(referenceModularity(g, r, resolution, weight), 10);
      }
    }
    // and the partition is a good one: far above the all-in-one partition's 0
    expect(detectCommunities(g).modularity).toBeGreaterThan(0.5);
  });

  it('gives at least as many communities at a higher resolution', () => {
    const g = randomGraph(5, 400, 1200);
    let previous = 0;
    for (const resolution of [0.25, 1, 4, 16]) {
      const r = detectCommunities(g, { resolution });
      expect(r.count).toBeGreaterThanOrEqual(previous);
      previous = r.count;
    }
    expect(detectCommunities(g, { resolution: 16 }).count).toBeGreaterThan(detectCommunities(g, { resolution: 0.25 }).count);
  });

  it('weighs folded edges by confidence sum or by edge count', () => {
    // x has three weak relations to triangle A and one strong relation to triangle B
    const rows: Row[] = [...cliqueRows(['a1', 'a2', 'a3']), ...cliqueRows(['b1', 'b2', 'b3'])];
    rows.push(['x', 'a1', 'p', 0.1], ['a1', 'x', 'q', 0.1], ['x', 'a1', 's', 0.1], ['x', 'b1', 'p', 0.9]);
    const g = buildGraph(rows);
    const byConfidence = detectCommunities(g);
    const byCount = detectCommunities(g, { weight: 'count' });
    expect(byConfidence.communityOf.get(nid('x'))).toBe(byConfidence.communityOf.get(nid('b1')));
    expect(byCount.communityOf.get(nid('x'))).toBe(byCount.communityOf.get(nid('a1')));
    expect(byCount.count).toBe(2);
  });

  it('handles an empty graph and a graph of isolated nodes', () => {
    const empty = detectCommunities(createGraphStore());
    expect(empty).toEqual({ communityOf: new Map(), members: new Map(), count: 0, modularity: 0 });
    const lone = buildGraph([], ['c', 'a', 'b']);
    const r = detectCommunities(lone);
    expect(r.count).toBe(3);
    expect(r.modularity).toBe(0);
    expect([...r.members]).toEqual([
      [0, [nid('a')]],
      [1, [nid('b')]],
      [2, [nid('c')]],
    ]);
  });

  it('keeps self-loops: they count in the degrees and inside a community', () => {
    // without the loops, merging a and b is best (Q 0 against −0.5); with them, apart (0.452)
    const g = buildGraph([
      ['a', 'a', 'r', 1],
      ['b', 'b', 'r', 1],
      ['a', 'b', 'r', 0.1],
    ]);
    const r = detectCommunities(g);
    expect(r.count).toBe(2);
    expect(r.modularity).toBeCloseTo(2 * (2 / 4.2 - (2.1 / 4.2) ** 2), 12);
    expect(r.modularity).toBeCloseTo(referenceModularity(g, r, 1), 12);
  });

  it('gives the same communities from the graph file columns as from the writable store', () => {
    const g = randomGraph(13, 200, 700);
    const view = createGraphView(decodeGraphColumns(encodeGraph(g.toJSON()), 'test graph'));
    expect(view.columns()).toBeDefined();
    const a = detectCommunities(g, { seed: 4 });
    const b = detectCommunities(view, { seed: 4 });
    expect(view.isMaterialized()).toBe(false);
    expect(partition(b)).toEqual(partition(a));
    expect(b.modularity).toBeCloseTo(a.modularity, 12);
  });
});
