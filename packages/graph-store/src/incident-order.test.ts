// The order of incident edges is the same in a writable store and in the read view of its
// snapshot: out-edges, then in-edges, each in edge order (a self-loop once, with the out-edges
// under "both"). With graphology the writable store listed in-edges first, grouped by neighbour,
// so a store answered in another order once it was edited.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from './algorithms/random.js';
import { encodeGraph } from './graph-encode.js';
import { createGraphStore } from './graph-store.js';
import { openGraph } from './open-graph.js';

describe('incident edge order', () => {
  it('is the same in the store and in the read view, parallel edges and self-loops included', () => {
    for (const seed of [1, 2, 3]) {
      const rng = mulberry32(seed);
      const built = createGraphStore();
      const names = Array.from({ length: 30 }, (_, i) => `n${i}`);
      for (const name of names) built.addEntity({ name, provenance: [{ chunkId: `c${name.length}`, start: 0, end: 2 }] });
      const ids = [...built.nodes()].map((n) => n.id);
      for (let k = 0; k < 150; k++) {
        const a = ids[Math.floor(rng() * ids.length)]!;
        const b = rng() < 0.1 ? a : ids[Math.floor(rng() * ids.length)]!;
        built.addRelation({ source: a, target: b, relation: ['r0', 'r1', 'r2'][k % 3]!, provenance: [{ chunkId: `c${k % 7}`, start: k, end: k + 1 }] });
      }
      const store = createGraphStore({ snapshot: built.toJSON() });
      const view = openGraph(encodeGraph(store.toJSON()), 'graph.bin');
      for (const id of ids) {
        for (const direction of ['out', 'in', 'both'] as const) {
          expect(view.edgesOf(id, { direction }).map((e) => e.id)).toEqual(store.edgesOf(id, { direction }).map((e) => e.id));
          expect(view.neighbors(id, { direction })).toEqual(store.neighbors(id, { direction }));
        }
        expect(view.chunksOfNode(id, { viaEdges: true })).toEqual(store.chunksOfNode(id, { viaEdges: true }));
      }
      expect(view.isMaterialized()).toBe(false);
    }
  });
});
