import { describe, expect, it } from 'vitest';
import { createGraphStore } from './graph-store.js';
import { toGraphology } from './to-graphology.js';

describe('toGraphology', () => {
  it('copies every node and edge, parallel edges and self-loops included, without tying the copy to the store', () => {
    const store = createGraphStore();
    const p = [{ chunkId: 'c1', start: 0, end: 4 }];
    const a = store.addEntity({ name: 'Ada', type: 'Person', provenance: p });
    const b = store.addEntity({ name: 'London', type: 'Place', provenance: p });
    store.addRelation({ source: a.id, target: b.id, relation: 'born in', provenance: p });
    store.addRelation({ source: a.id, target: b.id, relation: 'lived in', provenance: p });
    store.addRelation({ source: a.id, target: a.id, relation: 'knows', provenance: p });
    const g = toGraphology(store);
    expect([g.order, g.size, g.selfLoopCount]).toEqual([2, 3, 1]);
    expect(g.edges(a.id, b.id).sort()).toEqual(store.edgesOf(a.id, { direction: 'out' }).filter((e) => e.target === b.id).map((e) => e.id).sort());
    expect(g.getNodeAttributes(a.id)).toEqual(store.getNode(a.id));
    for (const e of store.edges()) expect(g.getEdgeAttributes(e.id)).toEqual(e);
    // writable attributes on the copy; the store keeps its own
    g.setNodeAttribute(a.id, 'name', 'Changed');
    store.addEntity({ name: 'Paris', type: 'Place' });
    expect([store.getNode(a.id)?.name, g.order]).toEqual(['Ada', 2]);
  });
});
