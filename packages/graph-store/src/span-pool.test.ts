import { describe, expect, it } from 'vitest';
import { createGraphStore } from './graph-store.js';
import type { MergeLogEntry } from './schemas.js';
import { createSpanPool } from './span-pool.js';

const span = (chunkId: string, start = 0, end = 5) => ({ chunkId, start, end });

describe('span pool', () => {
  it('gives one frozen span per (chunk, start, end) and one shared list per single span', () => {
    const pool = createSpanPool();
    const a = pool.list([span('c1')]);
    const b = pool.list([span('c1')]);
    const c = pool.list([span('c1', 0, 6)]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a[0])).toBe(true);
    const multi = pool.list([span('c2'), span('c1')]);
    expect(multi).toEqual([span('c2'), span('c1')]);
    expect(multi[1]).toBe(a[0]);
    // a frozen list of pooled spans is kept as it is; an unfrozen one is copied
    expect(pool.list(multi)).toBe(multi);
    const open = [a[0]!, c[0]!];
    expect(pool.list(open)).not.toBe(open);
    expect(pool.size).toBe(3);
    pool.forget(['c1']);
    expect(pool.size).toBe(1);
    expect(pool.list([span('c1')])).not.toBe(a);
    expect(pool.list([])).toEqual([]);
  });
});

describe('shared provenance in the store', () => {
  it('shares span objects between records and leaks no change from one record into another', () => {
    const s = createGraphStore();
    const input = [span('c1', 3, 9)];
    s.addEntity({ name: 'Ada', type: 'Person', provenance: input });
    s.addEntity({ name: 'Bob', type: 'Person', provenance: [span('c1', 3, 9)] });
    s.addRelation({ source: 'person:ada', relation: 'knows', target: 'person:bob', provenance: [span('c1', 3, 9)] });
    const ada = s.getNode('person:ada')!;
    const bob = s.getNode('person:bob')!;
    expect(ada.provenance).toBe(bob.provenance);
    // the caller's list and span stay the caller's: changing them changes nothing stored
    input[0]!.start = 100;
    input.push(span('c9'));
    expect(s.getNode('person:ada')!.provenance).toEqual([span('c1', 3, 9)]);
    // stored spans and lists cannot be changed in place
    expect(() => {
      (bob.provenance[0] as { start: number }).start = 1;
    }).toThrow(TypeError);
    expect(() => bob.provenance.push(span('c2'))).toThrow(TypeError);

    // an upsert, a merge, a removal on one record leave the others' provenance as it was
    s.addEntity({ name: 'Ada', type: 'Person', provenance: [span('c2', 0, 4)] });
    expect(s.getNode('person:ada')!.provenance).toEqual([span('c1', 3, 9), span('c2', 0, 4)]);
    expect(s.getNode('person:bob')!.provenance).toEqual([span('c1', 3, 9)]);
    s.addEntity({ name: 'Cy', type: 'Person', provenance: [span('c3', 1, 2)] });
    s.merge('person:bob', 'person:cy');
    expect(s.getNode('person:bob')!.provenance).toEqual([span('c1', 3, 9), span('c3', 1, 2)]);
    expect(s.getNode('person:ada')!.provenance).toEqual([span('c1', 3, 9), span('c2', 0, 4)]);
    expect(s.getEdge('person:ada -[knows]-> person:bob')!.provenance).toEqual([span('c1', 3, 9)]);
    s.removeChunks(['c2']);
    expect(s.getNode('person:ada')!.provenance).toEqual([span('c1', 3, 9)]);
    expect(s.getNode('person:bob')!.provenance).toEqual([span('c1', 3, 9), span('c3', 1, 2)]);
    s.undoMerge();
    expect(s.getNode('person:cy')!.provenance).toEqual([span('c3', 1, 2)]);
    expect(s.getNode('person:bob')!.provenance).toEqual([span('c1', 3, 9)]);
    // a batch stores the same spans and reuses the pooled list
    s.addBatch({ entities: [{ name: 'Dee', type: 'Person', provenance: [span('c1', 3, 9)] }], relations: [] });
    expect(s.getNode('person:dee')!.provenance).toBe(s.getNode('person:bob')!.provenance);
    // the logs keep what they saw: the merge log's before state is unchanged by later writes
    expect((s.toJSON().mergeLog[0] as MergeLogEntry).before.merged.provenance).toEqual([span('c3', 1, 2)]);
  });

  it('re-adds a removed chunk under its old id with fresh spans', () => {
    const s = createGraphStore();
    s.addEntity({ name: 'Ada', type: 'Person', provenance: [span('c1')] });
    s.addEntity({ name: 'Bob', type: 'Person', provenance: [span('c2')] });
    s.removeChunks(['c1']);
    expect(s.hasNode('person:ada')).toBe(false);
    s.addEntity({ name: 'Eve', type: 'Person', provenance: [span('c1')] });
    expect(s.getNode('person:eve')!.provenance).toEqual([span('c1')]);
    expect(s.factsOfChunk('c1')).toEqual({ nodes: ['person:eve'], edges: [] });
  });
});
