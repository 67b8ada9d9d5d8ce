// Graph delta segments: the changes a store tracks since it was persisted, encoded, decoded and
// replayed onto the base's columns, give exactly the snapshot the whole graph would be written
// as — for adds, changes, removals, merges and their undo, logged edits and their undo — and a
// damaged delta is named.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { RagError, decodeStrings, encodeStrings } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { prov, sample } from './edit-fixtures.js';
import { columnsToSnapshot, decodeGraphColumns } from './graph-codec.js';
import { encodeGraph } from './graph-encode.js';
import { applyGraphDeltas, decodeGraphDelta, deltaRecords, encodeGraphDelta, encodeJsonTexts } from './graph-delta.js';
import { createGraphStore } from './graph-store.js';
import { createGraphView } from './graph-view.js';

const baseOf = (s: ReturnType<typeof sample>) => decodeGraphColumns(encodeGraph(s.toJSON()), 'base.bin');
const replay = (base: ReturnType<typeof baseOf>, deltas: Uint8Array[]) =>
  columnsToSnapshot(applyGraphDeltas(base, deltas.map((d, i) => decodeGraphDelta(d, `d${i}.bin`)), 'replay'));

describe('graph deltas', () => {
  it('records changes only from the first markPersisted, and nothing right after it', () => {
    const s = sample();
    expect(deltaRecords(s.pendingChanges())).toBe(0);
    s.markPersisted();
    const c = s.pendingChanges();
    expect(deltaRecords(c)).toBe(0);
    expect(c.mergeLog).toEqual({ from: 0, entries: [] });
    s.addEntity({ name: 'Eve Curie', type: 'Person', provenance: [prov('c7')] });
    expect(s.pendingChanges().nodes.map((n) => n.id)).toEqual(['person:eve curie']);
    s.markPersisted();
    expect(deltaRecords(s.pendingChanges())).toBe(0);
  });

  it('replays adds, changes, removals, merges, edits and undos to the same snapshot, over several deltas', () => {
    let t = 100;
    const s = createGraphStore({ snapshot: sample().toJSON(), now: () => new Date(Date.UTC(2024, 0, 1, 0, 0, t++)) });
    s.markPersisted();
    const base = baseOf(s);
    const deltas: Uint8Array[] = [];
    const commit = () => {
      deltas.push(encodeGraphDelta(s.pendingChanges()));
      s.markPersisted();
    };
    s.addTriple({ head: 'Pierre Curie', headType: 'Person', relation: 'married', tail: 'Marie Curie', tailType: 'Person', provenance: [prov('c4', 3, 9)], confidence: 0.7 });
    s.addEntity({ name: 'Maria Salomea', type: 'Person', provenance: [prov('c5')] });
    s.updateEntity('person:marie curie', { description: 'chemist' }, { reason: 'r' });
    commit();
    expect(replay(base, deltas)).toEqual(s.toJSON());
    const m = s.merge('person:marie curie', 'person:maria salomea');
    s.setSchema(undefined);
    commit();
    expect(replay(base, deltas)).toEqual(s.toJSON());
    // undo re-flags an entry written by an earlier delta; a new node sorts before the others
    s.undoMerge(m.id);
    s.undoEdit();
    s.removeChunks(['c2']);
    s.addEntity({ name: 'Aaron', type: 'Person', provenance: [prov('c0')] });
    s.removeNode('city:warsaw');
    commit();
    const want = s.toJSON();
    expect(replay(base, deltas)).toEqual(want);
    expect(want.mergeLog).toHaveLength(1);
    expect((want.mergeLog[0] as { undone?: boolean }).undone).toBe(true);
    // the replayed columns serve the read view, and a view materialised from them tracks from there
    const view = createGraphView(applyGraphDeltas(base, deltas.map((d, i) => decodeGraphDelta(d, `d${i}.bin`)), 'replay'));
    expect(view.getNode('person:aaron')?.name).toBe('Aaron');
    expect(view.hasNode('city:warsaw')).toBe(false);
    expect(deltaRecords(view.pendingChanges())).toBe(0);
    view.addEntity({ name: 'Zed', provenance: [prov('c9')] });
    expect(view.pendingChanges().nodes.map((n) => n.id)).toEqual(['entity:zed']);
  });

  it('works on columns not known to be in id order (graph files of version 2): maps instead of binary search', () => {
    const s = sample();
    s.markPersisted();
    const base = { ...baseOf(s), sorted: false };
    s.addEntity({ name: 'Aaron', type: 'Person', provenance: [prov('c0')] });
    s.removeNode('city:warsaw');
    const cols = applyGraphDeltas(base, [decodeGraphDelta(encodeGraphDelta(s.pendingChanges()), 'd.bin')], 'replay');
    expect(columnsToSnapshot(cols)).toEqual(s.toJSON());
    const view = createGraphView(base);
    expect(view.getEdge('person:marie curie -[won]-> award:nobel prize')?.relation).toBe('won');
    expect(view.getNode('city:warsaw')?.name).toBe('Warsaw');
    expect(view.hasNode('nope')).toBe(false);
    const sortedView = createGraphView(cols);
    expect(sortedView.getEdge('person:marie curie -[won]-> award:nobel prize')?.relation).toBe('won');
    expect(sortedView.getEdge('person:marie curie -[born_in]-> city:warsaw')).toBeUndefined();
    expect(sortedView.getNode('person:aaron')?.name).toBe('Aaron');
  });

  it('names a damaged delta', () => {
    const s = sample();
    s.markPersisted();
    s.addEntity({ name: 'Irène Joliot-Curie', type: 'Person', provenance: [prov('c6')] });
    const bytes = encodeGraphDelta(s.pendingChanges());
    const flipped = bytes.slice();
    flipped[flipped.length - 8]! ^= 0xff;
    expect(() => decodeGraphDelta(flipped, '/x/seg/graph-d-1.bin')).toThrow(/graph-d-1\.bin/);
    let caught: unknown;
    try {
      decodeGraphDelta(bytes.subarray(0, bytes.length - 20), '/x/seg/graph-d-2.bin');
    } catch (e) {
      caught = e;
    }
    expect(RagError.isInstance(caught) && caught.code).toBe('RAG_STORE_CORRUPT');
    expect(String(caught)).toMatch(/graph-d-2\.bin/);
  });

  it('writes record texts byte for byte as one encode per text would, in one group or many', () => {
    const records = [
      { id: 'a', name: 'plain' },
      { id: 'b', name: 'Zoë Łódź 東京 🎻', aliases: ['\u00e9'] },
      { id: 'c', name: 'lone \ud800 high and \udc00 low surrogates', end: '\ud83c' },
      { id: 'd', start: '\udfbb' },
      {},
      { n: 1, list: [null, true, 'x"y\\z\n'] },
    ];
    const expected = encodeStrings(records.map((r) => JSON.stringify(r)));
    for (const group of [1, 10, 40, 1 << 24]) {
      const [blob, ends] = encodeJsonTexts(records, group);
      expect(Buffer.from(blob).equals(Buffer.from(expected[0]))).toBe(true);
      expect(Buffer.from(ends).equals(Buffer.from(expected[1]))).toBe(true);
      expect(decodeStrings(blob, ends).map((t) => JSON.parse(t))).toEqual(records);
    }
    expect(encodeJsonTexts([]).map((b) => b.byteLength)).toEqual([0, 0]);
  });

  it('keeps neither the decoded delta records nor the columns it was applied to alive through the result (its log readers hold only their logs)', async () => {
    setFlagsFromString('--expose_gc');
    const gc = runInNewContext('gc') as () => void;
    const s = sample();
    s.markPersisted();
    const base = baseOf(s);
    const commit = () => {
      const d = decodeGraphDelta(encodeGraphDelta(s.pendingChanges()), 'd.bin');
      s.markPersisted();
      return d;
    };
    s.addEntity({ name: 'Eve Curie', type: 'Person', provenance: [prov('c7')] });
    const m = s.merge('person:marie curie', 'person:eve curie');
    let first: ReturnType<typeof decodeGraphDelta> | undefined = commit();
    s.undoMerge(m.id);
    s.addEntity({ name: 'Aaron', type: 'Person', provenance: [prov('c0')] });
    let second: ReturnType<typeof decodeGraphDelta> | undefined = commit();
    const record = new WeakRef(first.nodes[0]!);
    // applied one after the other, as an open does for deltas past a quarter of the graph
    let middle: ReturnType<typeof applyGraphDeltas> | undefined = applyGraphDeltas(base, [first], 'replay');
    const middleRef = new WeakRef(middle);
    const cols = applyGraphDeltas(middle, [second], 'replay');
    first = second = middle = undefined;
    // a WeakRef read in a job keeps its target until the job ends
    await new Promise((r) => setTimeout(r, 0));
    gc();
    expect(record.deref()).toBeUndefined();
    expect(middleRef.deref()).toBeUndefined();
    expect(columnsToSnapshot(cols)).toEqual(s.toJSON());
  });
});
