import { describe, expect, it } from 'vitest';
import type { Provenance } from '@rag/core';
import { createGraphStore } from './graph-store.js';
import { isDistinctPooled, LONG } from './long-provenance.js';

const span = (chunkId: string, start = 0, end = 5): Provenance => ({ chunkId, start, end });

/** What the union of provenance lists means: first occurrence of each (chunk, start, end), in order. */
function referenceUnion(lists: Provenance[][]): Provenance[] {
  const seen = new Set<string>();
  const out: Provenance[] = [];
  for (const p of lists.flat()) {
    const k = `${p.chunkId}|${p.start}|${p.end}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ chunkId: p.chunkId, start: p.start, end: p.end });
    }
  }
  return out;
}

describe('long provenance lists grown in place of rebuilt', () => {
  it('gives a hub the same citations, in the same order, as a rebuilt union', () => {
    const s = createGraphStore();
    const added: Provenance[][] = [];
    // 3 × LONG mentions, every fifth one repeating an earlier span, some with two spans
    for (let i = 0; i < 3 * LONG; i++) {
      const list = i % 5 === 4 ? [span(`c${i - 3}`, 1, 4)] : i % 7 === 0 ? [span(`c${i}`, 1, 4), span(`c${i}`, 9, 12)] : [span(`c${i}`, 1, 4)];
      added.push(list);
      s.addEntity({ name: 'United States', type: 'Place', provenance: list });
    }
    const hub = s.getNode('place:united states')!;
    expect(hub.provenance).toEqual(referenceUnion(added));
    expect(isDistinctPooled(hub.provenance)).toBe(true);
    // its spans are the pool's: another record citing the same span shares the object
    s.addEntity({ name: 'Ohio', type: 'Place', provenance: [span('c1', 1, 4)] });
    const ohio = s.getNode('place:ohio')!;
    expect(hub.provenance.find((p) => p.chunkId === 'c1')).toBe(ohio.provenance[0]);
    expect(Object.isFrozen(hub.provenance)).toBe(true);
  });

  it('keeps a grown list right through a merge, an undo and a chunk removal', () => {
    const s = createGraphStore();
    for (let i = 0; i < LONG + 4; i++) s.addEntity({ name: 'Paris', type: 'Place', provenance: [span(`c${i}`)] });
    s.addEntity({ name: 'Paris France', type: 'Place', provenance: [span('c2'), span('x1')] });
    const before = s.getNode('place:paris')!.provenance;
    const record = s.merge('place:paris', 'place:paris france');
    expect(s.getNode('place:paris')!.provenance).toEqual(referenceUnion([[...before], [span('c2'), span('x1')]]));
    s.undoMerge(record.id);
    expect(s.getNode('place:paris')!.provenance).toEqual(before);
    s.removeChunks(['c3', 'c5']);
    const after = s.getNode('place:paris')!.provenance;
    expect(after.map((p) => p.chunkId)).toEqual(before.map((p) => p.chunkId).filter((c) => c !== 'c3' && c !== 'c5'));
    s.addEntity({ name: 'Paris', type: 'Place', provenance: [span('c3')] });
    expect(s.getNode('place:paris')!.provenance.at(-1)).toEqual(span('c3'));
  });
});
