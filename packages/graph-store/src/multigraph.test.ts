// The store's multigraph against a plain reference model (arrays, filtered on every query), on
// fixed cases (parallel edges, self-loops, drop and re-add, order after drops) and on long random
// sequences of writes that also exercise slot reuse and the remembered lookups.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from './algorithms/random.js';
import { Multigraph, type Direction } from './multigraph.js';

type Val = { v: number };

/** The reference: insertion-ordered lists, everything recomputed on demand. */
/** Ids in UTF-16 code unit order, as `<` compares strings. */
const byId = (ids: string[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

class Reference {
  nodes: [string, Val][] = [];
  edges: { id: string; s: string; t: string; val: Val }[] = [];
  setNode(id: string, val: Val) {
    const at = this.nodes.find((n) => n[0] === id);
    if (at) at[1] = val;
    else this.nodes.push([id, val]);
  }
  dropNode(id: string) {
    this.edges = this.edges.filter((e) => e.s !== id && e.t !== id);
    this.nodes = this.nodes.filter((n) => n[0] !== id);
  }
  setEdge(id: string, s: string, t: string, val: Val) {
    const at = this.edges.find((e) => e.id === id);
    if (at) at.val = val;
    else this.edges.push({ id, s, t, val });
  }
  dropEdge(id: string) {
    this.edges = this.edges.filter((e) => e.id !== id);
  }
  incident(id: string, d: Direction): string[] {
    // each list in id order (multigraph.ts: as a graph read back from its file lists them)
    const out = d === 'in' ? [] : byId(this.edges.filter((e) => e.s === id).map((e) => e.id));
    const inn = d === 'out' ? [] : byId(this.edges.filter((e) => e.t === id && !(d === 'both' && e.s === id)).map((e) => e.id));
    return [...out, ...inn];
  }
}

function expectSame(g: Multigraph<Val, Val>, ref: Reference): void {
  expect(g.order).toBe(ref.nodes.length);
  expect(g.size).toBe(ref.edges.length);
  expect(g.nodeList()).toEqual(ref.nodes.map((n) => n[1]));
  expect(g.edgeList()).toEqual(ref.edges.map((e) => e.val));
  const ids: string[] = [];
  g.forEachEdge((_, id) => ids.push(id));
  expect(ids).toEqual(ref.edges.map((e) => e.id));
  expect(g.nodesById()).toEqual([...ref.nodes].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map((n) => n[1]));
  expect(g.edgesById()).toEqual([...ref.edges].sort((a, b) => (a.id < b.id ? -1 : 1)).map((e) => e.val));
  for (const [id, val] of ref.nodes) {
    expect(g.getNode(id)).toBe(val);
    for (const d of ['out', 'in', 'both'] as const) expect(g.incidentIds(id, d)).toEqual(ref.incident(id, d));
    expect(g.degree(id)).toBe(ref.incident(id, 'out').length + ref.incident(id, 'in').length);
  }
  for (const e of ref.edges) expect(g.getEdge(e.id)).toBe(e.val);
}

const v = (n: number): Val => ({ v: n });

describe('Multigraph', () => {
  it('keeps parallel edges apart and lists incident edges out-then-in, each in id order', () => {
    const g = new Multigraph<Val, Val>();
    for (const id of ['a', 'b', 'c']) g.setNode(id, v(0));
    g.setEdge('ab1', 'a', 'b', v(1));
    g.setEdge('ca', 'c', 'a', v(2));
    g.setEdge('ab2', 'a', 'b', v(3));
    g.setEdge('ba', 'b', 'a', v(4));
    expect(g.size).toBe(4);
    expect(g.incidentIds('a', 'out')).toEqual(['ab1', 'ab2']);
    expect(g.incidentIds('a', 'in')).toEqual(['ba', 'ca']);
    expect(g.incidentIds('a', 'both')).toEqual(['ab1', 'ab2', 'ba', 'ca']);
    expect(g.incidentValues('b', 'in').map((x) => x.v)).toEqual([1, 3]);
    expect(g.degree('a')).toBe(4);
  });

  it('lists a self-loop once with "both", once each with "out" and "in", and counts it twice in the degree', () => {
    const g = new Multigraph<Val, Val>();
    g.setNode('a', v(0));
    g.setNode('b', v(0));
    g.setEdge('ba', 'b', 'a', v(1));
    g.setEdge('aa', 'a', 'a', v(2));
    g.setEdge('aa2', 'a', 'a', v(3));
    expect(g.incidentIds('a', 'both')).toEqual(['aa', 'aa2', 'ba']);
    expect(g.incidentIds('a', 'out')).toEqual(['aa', 'aa2']);
    expect(g.incidentIds('a', 'in')).toEqual(['aa', 'aa2', 'ba']);
    expect(g.degree('a')).toBe(5);
    g.dropNode('a');
    expect([g.order, g.size, g.hasEdge('aa'), g.incidentIds('b', 'both')]).toEqual([1, 0, false, []]);
  });

  it('replaces values in place, moves a dropped and re-added id to the end, and reuses slots cleanly', () => {
    const g = new Multigraph<Val, Val>();
    const ref = new Reference();
    const node = (id: string, x: number) => {
      const val = v(x);
      g.setNode(id, val);
      ref.setNode(id, val);
    };
    for (const id of ['a', 'b', 'c', 'd']) node(id, 0);
    const edge = (id: string, s: string, t: string) => {
      const val = v(id.length);
      g.setEdge(id, s, t, val);
      ref.setEdge(id, s, t, val);
    };
    edge('e1', 'a', 'b');
    edge('e2', 'a', 'c');
    edge('e3', 'a', 'd');
    edge('e4', 'b', 'a');
    // middle of a's out-list, then its head, then re-add: last in the edge order, in id order among a's edges
    for (const id of ['e2', 'e1']) {
      g.dropEdge(id);
      ref.dropEdge(id);
    }
    expectSame(g, ref);
    edge('e2', 'a', 'c');
    expectSame(g, ref);
    expect(g.incidentIds('a', 'out')).toEqual(['e2', 'e3']);
    // replacing keeps the position; other endpoints are refused
    const before = g.getEdge('e3');
    const next = v(99);
    expect(g.setEdge('e3', 'a', 'd', next)).toBe(before);
    ref.setEdge('e3', 'a', 'd', next);
    expect(() => g.setEdge('e3', 'a', 'b', v(0))).toThrow(/joins other nodes/);
    expect(() => g.setEdge('x', 'a', 'nope', v(0))).toThrow(/no node "nope"/);
    expectSame(g, ref);
    // a dropped node's slot and its edges' slots go to new ids
    g.dropNode('a');
    ref.dropNode('a');
    node('z', 1);
    edge('e9', 'z', 'b');
    edge('e8', 'b', 'z');
    node('a', 2);
    expectSame(g, ref);
    expect(g.incidentIds('a', 'both')).toEqual([]);
    expect(() => g.dropEdge('e1')).toThrow(/no edge "e1"/);
    g.dropEdge('e9');
    expect([g.hasEdge('e9'), g.getEdge('e9'), g.hasEdge('e8')]).toEqual([false, undefined, true]);
    expect(() => g.degree('nope')).toThrow(/no node "nope"/);
  });

  it('gives nodes and edges in id order whether or not they were added in it', () => {
    const g = new Multigraph<Val, Val>();
    for (const id of ['a', 'c', 'e']) g.setNode(id, v(id.charCodeAt(0)));
    expect(g.nodesById().map((x) => x.v)).toEqual([97, 99, 101]);
    g.dropNode('c');
    g.setNode('b', v(98));
    g.setNode('B', v(66));
    expect(g.nodesById().map((x) => x.v)).toEqual([66, 97, 98, 101]);
    expect(g.nodeList().map((x) => x.v)).toEqual([97, 101, 98, 66]);
  });

  it('answers as the reference model after long random sequences of writes (by id and by slot)', () => {
    for (const seed of [1, 2, 3, 4]) {
      const rng = mulberry32(seed);
      const pick = <T>(xs: T[]): T => xs[Math.floor(rng() * xs.length)]!;
      const g = new Multigraph<Val, Val>();
      const ref = new Reference();
      const names = Array.from({ length: 12 }, (_, i) => `n${i}`);
      let k = 0;
      for (let step = 0; step < 600; step++) {
        const r = rng();
        const present = ref.nodes.map((n) => n[0]);
        if (r < 0.25 || present.length < 2) {
          const id = pick(names);
          const val = v(k++);
          g.setNode(id, val);
          ref.setNode(id, val);
        } else if (r < 0.3) {
          const id = pick(present);
          g.dropNode(id);
          ref.dropNode(id);
        } else if (r < 0.8) {
          const [s, t] = [pick(present), pick(present)];
          // few distinct ids, so upserts of existing edges happen; an id keeps its endpoints
          const id = `${s}>${t}#${Math.floor(rng() * 3)}`;
          const val = v(k++);
          // a new edge goes in by slots half the time (the bulk path's addEdgeAt), the slots
          // taken right after a node write or a probe, as the bulk path does
          if (!g.hasEdge(id) && rng() < 0.5) {
            const [u, w] = [g.nodeSlotOf(s), g.nodeSlotOf(t)];
            expect([g.nodeAt(u), g.nodeAt(w)]).toEqual([ref.nodes.find((n) => n[0] === s)![1], ref.nodes.find((n) => n[0] === t)![1]]);
            g.addEdgeAt(id, u, w, val);
          } else g.setEdge(id, s, t, val);
          ref.setEdge(id, s, t, val);
        } else if (ref.edges.length > 0) {
          const id = pick(ref.edges).id;
          g.dropEdge(id);
          ref.dropEdge(id);
        }
        // interleaved reads move the remembered lookups around
        const probe = pick(names);
        expect(g.hasNode(probe)).toBe(ref.nodes.some((n) => n[0] === probe));
        const edgeProbe = `${pick(names)}>${pick(names)}#${Math.floor(rng() * 3)}`;
        const refEdge = ref.edges.find((e) => e.id === edgeProbe);
        expect([g.hasEdge(edgeProbe), g.getEdge(edgeProbe)]).toEqual([refEdge !== undefined, refEdge?.val]);
        if (step % 25 === 0) expectSame(g, ref);
      }
      expectSame(g, ref);
    }
  });
});
