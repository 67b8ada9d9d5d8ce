// The multigraph with an EdgeKey (as the store builds it): edges whose id is
// relationId(source, relation, target) are found by parsing the id and scanning incident lists,
// the rest through the explicit-id Map. Checked against a plain reference model, with node ids
// and relation labels that hold the separator text, explicit ids that look derived, relabels that
// turn a derived id explicit and back, drops, slot reuse and the bulk insert.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from './algorithms/random.js';
import { relationId } from './entity-id.js';
import { Multigraph, type Direction, type EdgeKey } from './multigraph.js';

type Edge = { id: string; relation: string; v: number };
const KEY: EdgeKey<Edge> = { idOf: (e) => e.id, relationOf: (e) => e.relation };

/** Ids in UTF-16 code unit order, as `<` compares strings. */
const byId = (ids: string[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

class Reference {
  nodes: string[] = [];
  edges: { s: string; t: string; val: Edge }[] = [];
  setEdge(s: string, t: string, val: Edge) {
    const at = this.edges.find((e) => e.val.id === val.id);
    if (at) at.val = val;
    else this.edges.push({ s, t, val });
  }
  dropNode(id: string) {
    this.edges = this.edges.filter((e) => e.s !== id && e.t !== id);
    this.nodes = this.nodes.filter((n) => n !== id);
  }
  dropEdge(id: string) {
    this.edges = this.edges.filter((e) => e.val.id !== id);
  }
  incident(id: string, d: Direction): string[] {
    // each list in id order (multigraph.ts: as a graph read back from its file lists them)
    const out = d === 'in' ? [] : byId(this.edges.filter((e) => e.s === id).map((e) => e.val.id));
    const inn = d === 'out' ? [] : byId(this.edges.filter((e) => e.t === id && !(d === 'both' && e.s === id)).map((e) => e.val.id));
    return [...out, ...inn];
  }
}

function expectSame(g: Multigraph<number, Edge>, ref: Reference): void {
  expect(g.size).toBe(ref.edges.length);
  expect(g.edgeList()).toEqual(ref.edges.map((e) => e.val));
  const ids: string[] = [];
  g.forEachEdge((val, id) => {
    expect(id).toBe(val.id);
    ids.push(id);
  });
  expect(ids).toEqual(ref.edges.map((e) => e.val.id));
  expect(g.edgesById()).toEqual([...ref.edges].sort((a, b) => (a.val.id < b.val.id ? -1 : 1)).map((e) => e.val));
  for (const id of ref.nodes) for (const d of ['out', 'in', 'both'] as const) expect(g.incidentIds(id, d)).toEqual(ref.incident(id, d));
  for (const e of ref.edges) {
    expect(g.getEdge(e.val.id)).toBe(e.val);
    expect(g.hasEdge(e.val.id)).toBe(true);
  }
}

// node ids and labels that hold the separators, so an id splits more than one way
const NODES = ['a', 'b', 'a -[r', 'r]-> b', 'a -[r]-> b', 'b -[r]-> a', ' -[', ']-> ', 'x ]-> y -[ z'];
const RELATIONS = ['r', 'r]-> b', 's -[t', 'r]-> b -[r'];

describe('Multigraph with an EdgeKey', () => {
  it('finds derived ids however the id splits, and keeps explicit ids apart from derived ones', () => {
    const g = new Multigraph<number, Edge>(KEY);
    for (const n of ['a', 'b', 'c', 'a -[r]-> b', 'b -[r]-> c']) g.setNode(n, 0);
    // "a -[r]-> b -[r]-> c" is (a -[r]-> b) -r-> c and a -r-> (b -[r]-> c): one id, so one edge
    const id = relationId('a -[r]-> b', 'r', 'c');
    expect(relationId('a', 'r', 'b -[r]-> c')).toBe(id);
    const e1 = { id, relation: 'r', v: 1 };
    g.setEdge(id, 'a -[r]-> b', 'c', e1);
    expect(g.getEdge(id)).toBe(e1);
    expect(() => g.setEdge(id, 'a', 'b -[r]-> c', { id, relation: 'r', v: 2 })).toThrow(/joins other nodes/);
    // an explicit id shaped like the derived id of another triple, beside that triple's own edge
    const looks = relationId('a', 'r', 'b');
    const e2 = { id: looks, relation: 's', v: 3 };
    g.setEdge(looks, 'a', 'b', e2);
    expect(g.getEdge(looks)).toBe(e2);
    const e3 = { id: 'explicit', relation: 'r', v: 4 };
    g.setEdge('explicit', 'a', 'b', e3);
    expect([g.getEdge('explicit'), g.getEdge(looks), g.size]).toEqual([e3, e2, 3]);
    // relabel e2 so its id is derived from it, then away again: found either way
    const e2b = { id: looks, relation: 'r', v: 5 };
    expect(g.setEdge(looks, 'a', 'b', e2b)).toBe(e2);
    expect(g.getEdge(looks)).toBe(e2b);
    const e2c = { id: looks, relation: 'q', v: 6 };
    g.setEdge(looks, 'a', 'b', e2c);
    expect(g.getEdge(looks)).toBe(e2c);
    g.dropEdge('explicit');
    expect([g.hasEdge('explicit'), g.getEdge(looks), g.getEdge(id)]).toEqual([false, e2c, e1]);
    // ids that parse but name no edge
    for (const miss of [relationId('a', 'q', 'b'), relationId('b', 'r', 'a'), relationId('a', 'r', 'zz'), 'a -[r', 'a -[r]-> '])
      expect(g.hasEdge(miss)).toBe(false);
    g.dropNode('c');
    expect([g.hasEdge(id), g.size, g.incidentIds('a', 'out')]).toEqual([false, 1, [looks]]);
  });

  it('answers as the reference model after long random sequences of writes', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const rng = mulberry32(seed);
      const pick = <T>(xs: T[]): T => xs[Math.floor(rng() * xs.length)]!;
      const g = new Multigraph<number, Edge>(KEY);
      const ref = new Reference();
      let k = 0;
      const probeId = () => (rng() < 0.8 ? relationId(pick(NODES), pick(RELATIONS), pick(NODES)) : `x${Math.floor(rng() * 8)}`);
      for (let step = 0; step < 700; step++) {
        const r = rng();
        if (r < 0.15 || ref.nodes.length < 2) {
          const id = pick(NODES);
          g.setNode(id, k++);
          if (!ref.nodes.includes(id)) ref.nodes.push(id);
        } else if (r < 0.2) {
          const id = pick(ref.nodes);
          g.dropNode(id);
          ref.dropNode(id);
        } else if (r < 0.75) {
          const [s, t] = [pick(ref.nodes), pick(ref.nodes)];
          const relation = pick(RELATIONS);
          // mostly derived ids; some explicit, some shaped like another triple's derived id
          const u = rng();
          const id = u < 0.7 ? relationId(s, relation, t) : u < 0.85 ? `x${Math.floor(rng() * 8)}` : relationId(t, relation, s);
          const val = { id, relation, v: k++ };
          const at = ref.edges.find((e) => e.val.id === id);
          if (at && (at.s !== s || at.t !== t)) {
            expect(() => g.setEdge(id, s, t, val)).toThrow(/joins other nodes/);
            continue;
          }
          if (!at && rng() < 0.5) g.addEdgeAt(id, g.nodeSlotOf(s), g.nodeSlotOf(t), val);
          else g.setEdge(id, s, t, val);
          ref.setEdge(s, t, val);
        } else if (r < 0.85 && ref.edges.length > 0) {
          // relabel in place: the id stays, so a derived id can become explicit and back
          const e = pick(ref.edges);
          const val = { id: e.val.id, relation: pick(RELATIONS), v: k++ };
          g.setEdge(e.val.id, e.s, e.t, val);
          ref.setEdge(e.s, e.t, val);
        } else if (ref.edges.length > 0) {
          const id = pick(ref.edges).val.id;
          g.dropEdge(id);
          ref.dropEdge(id);
        }
        const probe = probeId();
        const hit = ref.edges.find((e) => e.val.id === probe);
        expect([g.hasEdge(probe), g.getEdge(probe)]).toEqual([hit !== undefined, hit?.val]);
        if (step % 25 === 0) expectSame(g, ref);
      }
      expectSame(g, ref);
    }
  });
});
