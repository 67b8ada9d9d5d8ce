// Graph format 2: the encoded columns round-trip every node and edge, the read view answers
// every query exactly as the graphology store does without building graphology, and the first
// edit materialises it transparently.
import { describe, expect, it } from 'vitest';
import { columnToArray, matchKey } from '@rag/core';
import { getAdjacency } from './algorithms/adjacency.js';
import { bridgeCandidates } from './algorithms/bridges.js';
import { hopTree } from './algorithms/hop-tree.js';
import { personalizedPageRankPush } from './algorithms/ppr-push.js';
import { mulberry32 } from './algorithms/random.js';
import { decodeGraphColumns } from './graph-codec.js';
import { encodeGraph } from './graph-encode.js';
import { createGraphStore } from './graph-store.js';
import { openGraph } from './open-graph.js';

function randomStore(seed: number, n = 60, m = 240) {
  const rng = mulberry32(seed);
  const store = createGraphStore();
  const types = ['Person', 'Place', 'Work'];
  const names = Array.from({ length: n }, (_, i) => `Node ${i} ${['Alpha', 'Beta', 'Gamma'][i % 3]}`);
  names.forEach((name, i) =>
    store.addEntity({
      name,
      type: types[i % 3]!,
      aliases: i % 4 === 0 ? [`N${i}`, `alias ${i}`] : [],
      ...(i % 5 === 0 ? { description: `description ${i} — ünïcode` } : {}),
      ...(i % 7 === 0 ? { attributes: { born: 1900 + i, flag: true } } : {}),
      provenance: [{ chunkId: `c${i % 17}`, start: i, end: i + 5 }],
    }),
  );
  const ids = [...store.nodes()].map((x) => x.id);
  for (let k = 0; k < m; k++) {
    const a = ids[Math.floor(rng() * n)]!;
    const b = ids[Math.floor(rng() * n)]!;
    store.addRelation({
      source: a,
      target: b,
      relation: ['born_in', 'directed', 'co_occurs_with'][k % 3]!,
      confidence: Math.round(rng() * 100) / 100,
      provenance: [{ chunkId: `c${k % 23}`, start: k, end: k + 9 }],
      ...(k % 11 === 0 ? { attributes: { note: `n${k}` } } : {}),
    });
  }
  store.merge(ids[1]!, ids[2]!, { reason: 'test' });
  return store;
}

describe('graph format 2', () => {
  it('round-trips a snapshot exactly', () => {
    const store = randomStore(1);
    const snap = store.toJSON();
    const view = openGraph(encodeGraph(snap), 'graph.bin');
    expect(view.toJSON()).toEqual(snap);
    expect(view.isMaterialized()).toBe(false);
  });

  it('answers every read and algorithm as the graphology store does, without building graphology', () => {
    for (const seed of [1, 2, 3]) {
      // the reference is the graphology store reopened from the same snapshot (as format 1 did)
      const store = createGraphStore({ snapshot: randomStore(seed).toJSON() });
      const view = openGraph(encodeGraph(store.toJSON()), 'graph.bin');
      const ids = [...store.nodes()].map((x) => x.id);
      expect(view.nodeCount).toBe(store.nodeCount);
      expect(view.edgeCount).toBe(store.edgeCount);
      expect([...view.nodes()]).toEqual([...store.nodes()]);
      expect([...view.edges()]).toEqual([...store.edges()]);
      for (const id of ids) {
        expect(view.getNode(id)).toEqual(store.getNode(id));
        for (const direction of ['out', 'in', 'both'] as const) {
          expect(view.edgesOf(id, { direction }).map((e) => e.id).sort()).toEqual(store.edgesOf(id, { direction }).map((e) => e.id).sort());
          expect(view.neighbors(id, { direction, relations: ['born_in'] }).sort()).toEqual(store.neighbors(id, { direction, relations: ['born_in'] }).sort());
        }
        expect(view.chunksOfNode(id, { viaEdges: true }).sort()).toEqual(store.chunksOfNode(id, { viaEdges: true }).sort());
        expect(view.toRef(id)).toEqual(store.toRef(id));
      }
      for (const name of ['node 4 alpha', 'N8', 'alias 12', 'nothing']) expect(view.findByName(name)).toEqual(store.findByName(name));
      for (let c = 0; c < 24; c++) expect(view.factsOfChunk(`c${c}`)).toEqual(store.factsOfChunk(`c${c}`));
      expect(view.subgraph(ids.slice(0, 10))).toEqual(store.subgraph(ids.slice(0, 10)));
      expect(view.relationTypes()).toEqual(store.relationTypes());
      expect(view.chunkIds()).toEqual(store.chunkIds());
      expect(view.mergeLog()).toEqual(store.mergeLog());
      const adjA = getAdjacency(view, { weight: 'confidence', relations: ['born_in', 'directed'] });
      const adjB = getAdjacency(store, { weight: 'confidence', relations: ['born_in', 'directed'] });
      expect([adjA.offsets, adjA.sources, adjA.weights]).toEqual([adjB.offsets, adjB.sources, adjB.weights]);
      // the default rows (both directions, unweighted) are read from the file: the same as built
      const [rowsA, rowsB] = [getAdjacency(view), getAdjacency(store)];
      expect(view.columns()!.rows!.offsets).toBe(rowsA.offsets);
      expect([rowsA.offsets, rowsA.sources, rowsA.weights, rowsA.degree]).toEqual([rowsB.offsets, rowsB.sources, rowsB.weights, rowsB.degree]);
      // the stored name index: every match key of every name and alias, with its nodes in row order
      const byKey = new Map<string, number[]>();
      const byToken = new Map<string, number[]>();
      const push = (m: Map<string, number[]>, k: string, i: number) => (m.get(k)?.at(-1) === i ? undefined : m.set(k, [...(m.get(k) ?? []), i]));
      [...store.nodes()].forEach((x, i) => {
        for (const k of [x.name, ...x.aliases].map(matchKey).filter(Boolean)) {
          push(byKey, k, i);
          for (const t of k.split(' ')) push(byToken, t, i);
        }
      });
      const stored = view.columns()!.nameIndex!;
      expect(stored.names.size).toBe(byKey.size);
      expect(stored.tokens.size).toBe(byToken.size);
      for (const [k, list] of byKey) expect([...stored.names.get(k)!]).toEqual(list);
      for (const [t, list] of byToken) expect([...stored.tokens.get(t)!]).toEqual(list);
      expect(stored.names.get('no such name')).toBeUndefined();
      // the view's node index binary-searches the sorted ids; the store's is a Map: same rows
      expect(adjA.index).not.toBeInstanceOf(Map);
      expect(ids.map((id) => adjA.index.get(id))).toEqual(ids.map((id) => adjB.index.get(id)));
      expect([adjA.index.get('no such node'), adjA.index.has('no such node'), adjA.index.has(ids[0]!)]).toEqual([undefined, false, true]);
      const seeds = ids.slice(3, 6);
      const [pa, pb] = [personalizedPageRankPush(view, { seeds }), personalizedPageRankPush(store, { seeds })];
      expect([columnToArray(pa.nodeIds), pa.scores, pa.pushes, pa.top(10)]).toEqual([columnToArray(pb.nodeIds), pb.scores, pb.pushes, pb.top(10)]);
      expect(bridgeCandidates(view, seeds, { k: 2 })).toEqual(bridgeCandidates(store, seeds, { k: 2 }));
      const [ha, hb] = [hopTree(view, ids[0]!, { k: 2 }), hopTree(store, ids[0]!, { k: 2 })];
      expect([columnToArray(ha.nodeIds), ha.order, ha.depth, [...ha.distances]]).toEqual([columnToArray(hb.nodeIds), hb.order, hb.depth, [...hb.distances]]);
      expect(view.isMaterialized()).toBe(false);
    }
  });

  it('builds graphology on the first edit and then behaves as the store', () => {
    const store = createGraphStore({ snapshot: randomStore(4).toJSON() });
    const view = openGraph(encodeGraph(store.toJSON()), 'graph.bin');
    const v0 = view.version;
    getAdjacency(view);
    const ids = [...store.nodes()].map((x) => x.id);
    view.merge(ids[5]!, ids[6]!);
    store.merge(ids[5]!, ids[6]!);
    expect(view.isMaterialized()).toBe(true);
    expect(view.version).not.toBe(v0);
    expect(getAdjacency(view).sources).toEqual(getAdjacency(store).sources);
    expect(view.toJSON().nodes).toEqual(store.toJSON().nodes);
  });

  it('refuses truncated, altered or foreign bytes with an error naming the file', () => {
    const bytes = encodeGraph(randomStore(5).toJSON());
    expect(() => decodeGraphColumns(bytes.subarray(0, bytes.length - 1), 'idx/seg/graph-1.bin')).toThrow(/idx\/seg\/graph-1\.bin: checksum mismatch/);
    const altered = bytes.slice();
    altered[200]! ^= 1;
    expect(() => decodeGraphColumns(altered, 'idx/seg/graph-1.bin')).toThrow(/graph-1\.bin/);
    expect(() => decodeGraphColumns(new TextEncoder().encode('{"formatVersion":1,"nodes":[]}'), 'graph.json')).toThrow(/graph\.json: not a RAGGRF02 file/);
  });
});
