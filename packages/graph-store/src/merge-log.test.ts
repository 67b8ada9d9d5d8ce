import { describe, expect, it } from 'vitest';
import { createGraphStore } from './graph-store.js';
import { holdMerge, openMerge } from './merge-log.js';
import type { MergeLogEntry } from './schemas.js';

const node = (id: string, chunkId: string) => ({ id, name: id, type: 'T', aliases: [], attributes: {}, provenance: [{ chunkId, start: 0, end: 3 }] });

describe('merge log held packed', () => {
  it('opens to the same JSON it held, key order and a later undone flag included', () => {
    const entry: MergeLogEntry = {
      id: 'merge-1',
      keptId: 't:a',
      mergedId: 't:b',
      reason: 'same é person',
      at: '2024-01-01T00:00:00.000Z',
      before: { keep: node('t:a', 'c1'), merged: node('t:b', 'c2'), edges: [] },
      after: { keep: node('t:a', 'c1'), edges: [] },
    };
    const held = holdMerge(entry);
    expect(JSON.stringify(openMerge(held))).toBe(JSON.stringify(entry));
    held.undone = true;
    expect(JSON.stringify(openMerge(held))).toBe(JSON.stringify({ ...entry, undone: true }));
    // an entry restored from a snapshot keeps `undone` where the snapshot had it
    const restored = { id: 'merge-2', keptId: 't:a', mergedId: 't:b', at: entry.at, undone: true, before: entry.before, after: entry.after };
    expect(JSON.stringify(openMerge(holdMerge(restored)))).toBe(JSON.stringify(restored));
    // each open is a new object: changing one changes nothing held
    const opened = openMerge(held);
    opened.before.keep.name = 'changed';
    expect(openMerge(held).before.keep.name).toBe('t:a');
  });

  it('undoes from the packed entry, and the snapshot log matches the records of the merge', () => {
    let t = 0;
    const s = createGraphStore({ now: () => new Date(Date.UTC(2024, 0, 1, 0, 0, t++)) });
    s.addTriple({ head: 'Ada', headType: 'P', relation: 'knows', tail: 'Bob', tailType: 'P', provenance: [{ chunkId: 'c1', start: 0, end: 3 }], confidence: 0.9 });
    s.addTriple({ head: 'Ada L', headType: 'P', relation: 'knows', tail: 'Bob', tailType: 'P', provenance: [{ chunkId: 'c2', start: 1, end: 4 }], confidence: 0.8 });
    const before = s.toJSON();
    const ada = s.getNode('p:ada')!;
    const adaL = s.getNode('p:ada l')!;
    s.merge('p:ada', 'p:ada l', { reason: 'alias' });
    const log = s.toJSON().mergeLog as MergeLogEntry[];
    expect(log).toHaveLength(1);
    expect(log[0]!.before.keep).toEqual(ada);
    expect(log[0]!.before.merged).toEqual(adaL);
    expect(log[0]!.after.keep).toEqual(s.getNode('p:ada'));
    expect(log[0]!.after.edges).toEqual(s.edgesOf('p:ada'));
    expect(s.mergeLog()).toEqual([{ id: 'merge-1', keptId: 'p:ada', mergedId: 'p:ada l', reason: 'alias', at: '2024-01-01T00:00:00.000Z' }]);
    s.undoMerge();
    const after = s.toJSON();
    expect({ nodes: after.nodes, edges: after.edges }).toEqual({ nodes: before.nodes, edges: before.edges });
    expect(s.mergeLog()[0]!.undone).toBe(true);
    expect((after.mergeLog[0] as MergeLogEntry).undone).toBe(true);
    expect(() => s.undoMerge('merge-1')).toThrow(/already undone/);
  });
});
