// Materialising a stored graph in bulk (column-load.ts) must leave the store exactly as putting
// the same records one by one does (graph-codec's `columnRecords`, the path it replaced) and as
// a store reopened from the snapshot: same snapshot bytes, same answers and orders from every
// read and index, the same shared spans, and the same behaviour under later edits and undo.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeBinaryFile, type Provenance } from '@rag/core';
import { mulberry32 } from './algorithms/random.js';
import { columnFill, columnRecords, columnsToSnapshot, decodeGraphColumns, GRAPH_BINARY_MAGIC, type GraphColumns } from './graph-codec.js';
import { encodeColumns, encodeGraph } from './graph-encode.js';
import { applyGraphDeltas, decodeGraphDelta, encodeGraphDelta } from './graph-delta.js';
import { buildGraphStore, createGraphStore } from './graph-store.js';
import { openGraph } from './open-graph.js';
import type { GraphSnapshot } from './types.js';

const span = (chunkId: string, start: number, end = start + 4): Provenance => ({ chunkId, start, end });

/** A store with what the bulk path handles specially: long and repeated spans, busy chunks, explicit edge ids, self-loops, logs. */
function richSnapshot(seed: number): GraphSnapshot {
  const rng = mulberry32(seed);
  const now = () => new Date(Date.UTC(2026, 0, 1, 0, 0, 0));
  const s = createGraphStore({ now });
  const n = 90;
  for (let i = 0; i < n; i++) {
    // chunk "hub" is cited by every node (> 32 ids: the index keeps a Set), some nodes cite a chunk twice
    const provenance = [span(`c${i % 13}`, i % 5), span('hub', i % 3), ...(i % 6 === 0 ? [span(`c${(i + 1) % 13}`, 2), span(`c${i % 13}`, 40)] : [])];
    s.addEntity({
      name: `Entity ${i} ${['Alpha', 'Beta', 'Gamma'][i % 3]}`,
      type: ['Person', 'Place'][i % 2]!,
      aliases: i % 4 === 0 ? [`E${i}`, `shared alias`] : [],
      ...(i % 5 === 0 ? { description: `description ${i} — ünïcode` } : {}),
      ...(i % 7 === 0 ? { attributes: { born: 1900 + i, tags: ['a', 'b'] } } : {}),
      provenance,
    });
  }
  const ids = [...s.nodes()].map((x) => x.id);
  // one entity cited by many spans (a long, distinct list)
  for (let k = 0; k < 24; k++) s.addEntity({ name: 'Entity 0 Alpha', type: 'Person', provenance: [span(`c${k % 13}`, 100 + k)] });
  for (let k = 0; k < 260; k++) {
    const a = ids[Math.floor(rng() * n)]!;
    const b = k % 37 === 0 ? a : ids[Math.floor(rng() * n)]!;
    s.addRelation({
      source: a,
      target: b,
      relation: ['born_in', 'directed', 'co_occurs_with'][k % 3]!,
      confidence: Math.round(rng() * 100) / 100,
      provenance: [span(`c${k % 13}`, k % 7), ...(k % 9 === 0 ? [span('hub', 1), span(`c${k % 5}`, 3)] : [])],
      ...(k % 11 === 0 ? { attributes: { note: `n${k}` } } : {}),
    });
  }
  s.merge(ids[1]!, ids[2]!, { reason: 'same person' });
  s.merge(ids[4]!, ids[5]!);
  s.merge(ids[7]!, ids[8]!);
  s.undoMerge();
  // texts the stored log's reader must not be misled by: a reason holding its markers, a merged
  // node with an attribute named "undone" (that entry is held the old way)
  s.merge(ids[13]!, ids[14]!, { reason: 'x,"before":{"undone":true}' });
  s.addEntity({ name: 'Undone Attr', type: 'Person', attributes: { undone: true }, provenance: [span('c2', 7)] });
  s.merge(ids[15]!, 'person:undone attr');
  s.updateEntity(ids[10]!, { description: 'edited' }, { reason: 'fix', actor: 'test' });
  s.createRelation({ source: ids[11]!, target: ids[12]!, relation: 'knows', confidence: 0.5, provenance: [span('c3', 1)] });
  const snap = s.toJSON();
  // edges whose ids are not derived from their ends (a relabel keeps such an id)
  const extra = [
    { id: 'explicit one', source: ids[20]!, target: ids[21]!, relation: 'r', confidence: 0.25, provenance: [span('c1', 0)] },
    { id: `${ids[22]} -[r]-> ${ids[23]} -[r]-> x`, source: ids[22]!, target: ids[23]!, relation: 's', confidence: 1, provenance: [] },
  ];
  return { ...snap, edges: [...snap.edges, ...extra].sort((p, q) => (p.id < q.id ? -1 : 1)) };
}

/** The store the bulk path builds and the one the records build one by one, from the same columns. */
function both(cols: () => GraphColumns) {
  const now = () => new Date(Date.UTC(2026, 0, 2));
  return { bulk: buildGraphStore({ now }, columnFill(cols())), records: buildGraphStore({ now }, columnRecords(cols())) };
}

type Store = ReturnType<typeof createGraphStore>;

/** Every read the store answers, as plain data (orders included). */
function reads(s: Store) {
  const nodes = [...s.nodes()];
  const out: unknown[] = [JSON.stringify(s.toJSON()), [...s.edges()].map((e) => e.id), s.relationTypes(), s.chunkIds(), s.mergeLog(), s.editLog()];
  for (const x of nodes) {
    out.push(s.edgesOf(x.id, { direction: 'out' }).map((e) => e.id));
    out.push(s.edgesOf(x.id, { direction: 'in' }).map((e) => e.id));
    out.push(s.edgesOf(x.id).map((e) => e.id));
    out.push(s.neighbors(x.id), s.chunksOfNode(x.id, { viaEdges: true }));
    for (const name of [x.name, ...x.aliases]) out.push(s.findByName(name).map((y) => y.id));
  }
  for (const c of s.chunkIds()) out.push(s.factsOfChunk(c));
  return out;
}

/** Which records share span objects (the pool): pairs of (record, position) holding the same span. */
function sharing(s: Store): string[] {
  const seen = new Map<Provenance, string>();
  const out: string[] = [];
  const visit = (id: string, list: readonly Provenance[]) =>
    list.forEach((p, i) => {
      const first = seen.get(p);
      if (first === undefined) seen.set(p, `${id}#${i}`);
      else out.push(`${first}=${id}#${i}`);
    });
  for (const x of s.nodes()) visit(x.id, x.provenance);
  for (const e of s.edges()) visit(e.id, e.provenance);
  return out;
}

describe('materialising stored columns in bulk', () => {
  it('builds the store the records build one by one: same snapshot, reads, orders and shared spans', () => {
    for (const seed of [1, 2]) {
      const snap = richSnapshot(seed);
      const bytes = encodeGraph(snap);
      const { bulk, records } = both(() => decodeGraphColumns(bytes, 'graph.bin'));
      const reopened = createGraphStore({ snapshot: snap });
      expect(bulk.toJSON()).toEqual(snap);
      expect(reads(bulk)).toEqual(reads(records));
      expect(reads(bulk)).toEqual(reads(reopened));
      expect(sharing(bulk)).toEqual(sharing(records));
      // frozen as stored records are
      for (const x of bulk.nodes()) expect([Object.isFrozen(x), Object.isFrozen(x.aliases), Object.isFrozen(x.attributes), Object.isFrozen(x.provenance)]).toEqual([true, true, true, true]);
      // (a log entry's keys may come back in the schema's order: compare with the records' store)
      expect(encodeGraph(bulk.toJSON())).toEqual(encodeGraph(records.toJSON()));
    }
  });

  it('edits and undoes as the one-by-one store does afterwards', () => {
    const snap = richSnapshot(3);
    const bytes = encodeGraph(snap);
    const { bulk, records } = both(() => decodeGraphColumns(bytes, 'graph.bin'));
    const ids = [...records.nodes()].map((x) => x.id);
    for (const s of [bulk, records]) {
      s.markPersisted();
      // undo a merge made before the graph was stored
      s.undoMerge();
      s.merge(ids[30]!, ids[31]!);
      s.addRelation({ source: ids[40]!, target: ids[41]!, relation: 'born_in', confidence: 0.9, provenance: [span('c2', 0), span('hub', 1)] });
      s.addEntity({ name: 'Entity 50 Gamma', type: 'Person', provenance: [span('c9', 999)] });
      s.updateRelation('explicit one', { relation: 'q' });
      s.undoEdit();
      s.merge(ids[60]!, ids[61]!);
      s.undoMerge();
      s.removeChunks(['c4', 'hub']);
      // the merge's kept node lost spans: both refuse to undo it
      expect(() => s.undoMerge()).toThrow(/changed after merge "merge-6"/);
    }
    expect(reads(bulk)).toEqual(reads(records));
    expect(sharing(bulk)).toEqual(sharing(records));
    expect(bulk.pendingChanges()).toEqual(records.pendingChanges());
  });

  it('is what an opened view materialises on its first edit', () => {
    const snap = richSnapshot(4);
    const view = openGraph(encodeGraph(snap), 'graph.bin');
    const reference = createGraphStore({ snapshot: snap });
    view.undoMerge();
    reference.undoMerge();
    expect(view.isMaterialized()).toBe(true);
    expect(reads(view)).toEqual(reads(reference));
  });

  it('holds the stored merge log as stored and opens each entry as restoring it did', () => {
    const snap = richSnapshot(7);
    // written once more from a store restored from it: the undone flag then sits where the schema puts it
    const again = encodeGraph(both(() => decodeGraphColumns(encodeGraph(snap), 'graph.bin')).records.toJSON());
    // the same graph written by version 4, whose log is one section (merge-archive.ts)
    const v4 = new Uint8Array(readFileSync(new URL('./fixtures/graph-v4-rich7.bin', import.meta.url)));
    for (const bytes of [encodeGraph(snap), again, v4]) {
      // every entry is held as stored; in a version 4 file, but the one with an attribute named "undone"
      const held = decodeGraphColumns(bytes, 'graph.bin').heldMergeLog!();
      const kinds = held.map((h) => (typeof h.packed === 'string' ? 'packed' : 'stored'));
      expect(kinds).toEqual(['stored', 'stored', 'stored', 'stored', bytes === v4 ? 'packed' : 'stored']);
      const { bulk, records } = both(() => decodeGraphColumns(bytes, 'graph.bin'));
      expect(bulk.mergeLog()).toEqual(records.mergeLog());
      expect(bulk.mergeLog().filter((r) => r.undone).map((r) => r.id)).toEqual(['merge-3']);
      expect(JSON.stringify(bulk.toJSON().mergeLog)).toBe(JSON.stringify(records.toJSON().mergeLog));
      // undo the stored merges newest first, then redo one: same as the records' store every step
      for (const s of [bulk, records]) {
        for (let k = 0; k < 4; k++) s.undoMerge();
        expect(() => s.undoMerge('merge-3')).toThrow(/already undone/);
      }
      expect(reads(bulk)).toEqual(reads(records));
    }
  });

  it('writes a materialised store whole with the merge log pages it read copied as stored (encodeBinary)', () => {
    const bytes = encodeGraph(richSnapshot(9));
    const pagesOf = (b: Uint8Array) => Buffer.from(decodeBinaryFile(b, GRAPH_BINARY_MAGIC, 'graph.bin').sections[32]!);
    const view = openGraph(bytes, 'graph.bin');
    const ids = [...view.nodes()].map((x) => x.id).filter((id) => id !== 'person:undone attr');
    view.merge(ids[30]!, ids[31]!, { reason: 'after reopen' });
    expect(view.isMaterialized()).toBe(true);
    const again = view.encodeBinary();
    // the stored page first, as it was; the new entry in a page of its own after it
    expect(pagesOf(again).subarray(0, pagesOf(bytes).length).equals(pagesOf(bytes))).toBe(true);
    expect(pagesOf(again).length).toBeGreaterThan(pagesOf(bytes).length);
    const reopened = openGraph(again, 'graph.bin');
    expect(reopened.mergeLog()).toEqual(view.mergeLog());
    // the same records and entries (an opened entry's keys in the schema's order, a stored one's as stored)
    expect(reopened.toJSON()).toEqual(view.toJSON());
    // an entry read from the copied page still undoes (newest first, down to it)
    reopened.undoMerge('merge-6');
    reopened.undoMerge();
    expect(reopened.mergeLog().filter((r) => r.undone).map((r) => r.id)).toEqual(['merge-3', 'merge-5', 'merge-6']);
    expect(reopened.getNode('person:undone attr')?.attributes).toEqual({ undone: true });
  });

  it('writes the same bytes from the columns as from their records (encodeColumns), deltas applied, out of order or written by version 4', () => {
    const v4 = new Uint8Array(readFileSync(new URL('./fixtures/graph-v4-rich7.bin', import.meta.url)));
    const shuffled = richSnapshot(6);
    const unsorted = encodeGraph({ ...shuffled, nodes: [...shuffled.nodes].reverse(), edges: [...shuffled.edges].reverse() });
    const s = createGraphStore({ snapshot: richSnapshot(8), now: () => new Date(Date.UTC(2026, 0, 3)) });
    s.markPersisted();
    const base = encodeGraph(s.toJSON());
    const ids = [...s.nodes()].map((x) => x.id);
    s.undoMerge('merge-2');
    s.merge(ids[40]!, ids[41]!);
    s.removeNode(ids[50]!);
    s.updateEntity(ids[51]!, { description: 'changed' });
    const d1 = encodeGraphDelta(s.pendingChanges());
    const sources: [string, () => GraphColumns][] = [
      ['sorted', () => decodeGraphColumns(encodeGraph(richSnapshot(9)), 'graph.bin')],
      ['not in id order', () => decodeGraphColumns(unsorted, 'graph.bin')],
      ['version 4', () => decodeGraphColumns(v4, 'graph.bin')],
      ['deltas applied', () => applyGraphDeltas(decodeGraphColumns(base, 'base.bin'), [decodeGraphDelta(d1, 'd1')], 'replay')],
    ];
    for (const [what, cols] of sources) {
      const c = cols();
      const fromColumns = encodeColumns(c, 1, c.heldMergeLog!());
      const c2 = cols();
      const fromRecords = encodeGraph(columnsToSnapshot(c2), c2.heldMergeLog!());
      expect([what, Buffer.from(fromColumns).equals(Buffer.from(fromRecords))]).toEqual([what, true]);
      // and it reads back as the graph it was written from
      expect(columnsToSnapshot(decodeGraphColumns(fromColumns, 'again.bin'))).toEqual(columnsToSnapshot(cols()));
    }
  });

  it('holds the merge log of a stored graph with deltas as stored, the entries of the deltas as given', () => {
    const now = () => new Date(Date.UTC(2026, 0, 3));
    const snap = richSnapshot(8);
    const s = createGraphStore({ snapshot: snap, now });
    s.markPersisted();
    const base = encodeGraph(s.toJSON());
    const ids = [...s.nodes()].map((x) => x.id);
    s.undoMerge('merge-2');
    s.merge(ids[40]!, ids[41]!);
    const d1 = encodeGraphDelta(s.pendingChanges());
    s.markPersisted();
    s.merge(ids[42]!, ids[43]!);
    s.undoMerge();
    const d2 = encodeGraphDelta(s.pendingChanges());
    const cols = () => applyGraphDeltas(decodeGraphColumns(base, 'base.bin'), [decodeGraphDelta(d1, 'd1'), decodeGraphDelta(d2, 'd2')], 'replay');
    expect(cols().heldMergeLog).toBeDefined();
    const { bulk, records } = both(cols);
    expect(reads(bulk)).toEqual(reads(records));
    expect(bulk.mergeLog()).toEqual(s.mergeLog());
    for (const x of [bulk, records]) x.undoMerge();
    expect(reads(bulk)).toEqual(reads(records));
  });

  it('an empty graph, and one of nodes only', () => {
    const lone = createGraphStore();
    lone.addEntity({ name: 'Alone', provenance: [] });
    for (const snap of [createGraphStore().toJSON(), lone.toJSON()]) {
      const bytes = encodeGraph(snap);
      const { bulk, records } = both(() => decodeGraphColumns(bytes, 'graph.bin'));
      expect(reads(bulk)).toEqual(reads(records));
      bulk.addTriple({ head: 'A', relation: 'r', tail: 'B', provenance: [span('c1', 0)], confidence: 1 });
      records.addTriple({ head: 'A', relation: 'r', tail: 'B', provenance: [span('c1', 0)], confidence: 1 });
      expect(reads(bulk)).toEqual(reads(records));
    }
  });

  it('refuses duplicate edge ids, in id order or not', () => {
    const snap = richSnapshot(5);
    const bytes = encodeGraph(snap);
    for (const sorted of [true, false]) {
      const cols = decodeGraphColumns(new Uint8Array(bytes), 'graph.bin');
      // edge e + 1 becomes a copy of edge e's ends and label (both ids derived): the same id twice
      let e = 0;
      while (cols.edgeIds.at(e) !== undefined || cols.edgeIds.at(e + 1) !== undefined) e++;
      cols.sources[e + 1] = cols.sources[e]!;
      cols.targets[e + 1] = cols.targets[e]!;
      cols.relations[e + 1] = cols.relations[e]!;
      cols.sorted = sorted;
      expect(() => buildGraphStore({}, columnFill(cols))).toThrow(/duplicate edge id/);
    }
  });

  it('a file not in id order builds the same store', () => {
    const snap = richSnapshot(6);
    const shuffled = { ...snap, nodes: [...snap.nodes].reverse(), edges: [...snap.edges].reverse() };
    const bytes = encodeGraph(shuffled);
    expect(decodeGraphColumns(bytes, 'graph.bin').sorted).toBe(false);
    const { bulk, records } = both(() => decodeGraphColumns(bytes, 'graph.bin'));
    expect(reads(bulk)).toEqual(reads(records));
    expect(sharing(bulk)).toEqual(sharing(records));
  });
});
