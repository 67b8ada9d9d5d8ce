import { describe, expect, it } from 'vitest';
import { detectCommunities } from './communities.js';
import { buildGraph, nid } from '../test-graphs.js';

// two 4-cliques joined by a single weak edge
function twoCliques() {
  const rows: [string, string, string?, number?][] = [];
  for (const group of [['a', 'b', 'c', 'd'], ['w', 'x', 'y', 'z']]) {
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) rows.push([group[i], group[j]]);
  }
  rows.push(['d', 'w', 'r', 0.1]);
  return buildGraph(rows, ['solo']);
}

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
    expect(r.modularity).toBeGreaterThan(0.3);
  });
  it('is deterministic for a seed', () => {
    const g = twoCliques();
    const a = detectCommunities(g, { seed: 3 });
    const b = detectCommunities(g, { seed: 3 });
    expect([...a.communityOf]).toEqual([...b.communityOf]);
    expect(() => detectCommunities(g, { resolution: 0 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});
