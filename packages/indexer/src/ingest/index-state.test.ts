// An index state restored from a decoded store does not keep the decoded state alive: the table
// holds where each document's and summary's text is in the store, and only the GEAR lists'
// reader is kept until the id sets are first built (issue #14: the decoded records and the
// file's columns were held for the life of the process).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { StoredState } from '../store/format1.js';
import { defineLazyGear } from '../store/lazy-gear.js';
import { decodeState, encodeState } from '../store/state-codec.js';
import { applyStateDeltas, decodeStateDelta, encodeStateDelta } from '../store/state-delta.js';
import { createIndexState, toStoredState } from './index-state.js';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;
/** Collect garbage after the current job (a WeakRef read in a job keeps its target until the job ends). */
const collect = async () => {
  await new Promise((r) => setTimeout(r, 0));
  gc();
};

const base: StoredState = {
  docs: [
    { id: 'd1', title: 'Valletta', text: 'Valletta is the capital of Malta. It has a harbour.', metadata: {}, contentHash: 'a'.repeat(64) },
    { id: 'd2', text: 'Second document. Two sentences.', metadata: {}, contentHash: 'b'.repeat(64) },
  ],
  chunks: [
    { id: 'd1::0', docId: 'd1', text: 'Valletta is the capital of Malta. It has a harbour.', start: 0, end: 51, sentences: [{ start: 0, end: 33 }, { start: 34, end: 51 }] },
    { id: 'd2::0', docId: 'd2', text: 'Second document. Two sentences.', start: 0, end: 31, sentences: [{ start: 0, end: 16 }] },
  ],
  summaries: [{ docId: 'd1', text: 'About Valletta.' }],
  communities: [],
  gear: { nodes: ['n1', 'n2'], edges: ['e1'] },
};

/** The decoded store with one delta: d2 replaced, a node and an edge swapped. */
const opened = (): StoredState => {
  const added: StoredState = { ...base, docs: [{ ...base.docs[1]!, text: 'Second document, replaced.' }], chunks: [{ ...base.chunks[1]!, text: 'Second document, replaced.', end: 26 }], summaries: [], gear: { nodes: ['n3'], edges: ['e2'] } };
  const delta = decodeStateDelta(
    encodeStateDelta({ removedDocs: ['d2'], communitiesChanged: false, droppedCommunities: [], removedGear: { nodes: ['n1'], edges: ['e1'] }, added }),
    'delta.bin',
  );
  return applyStateDeltas(decodeState(encodeState(base), 'state.bin'), [delta]);
};

describe('createIndexState over a decoded store', () => {
  it('lets the decoded state and its chunk records go, and still reads the texts and the GEAR ids', async () => {
    let restored: StoredState | undefined = opened();
    const state = createIndexState(restored);
    // the table keeps where each text is, not the decoded document and summary records
    const refs = [restored, restored.chunks, restored.chunks[0]!, restored.docs[0]!, restored.summaries[0]!].map((x) => new WeakRef(x));
    restored = undefined;
    await collect();
    expect(refs.map((r) => r.deref() === undefined)).toEqual([true, true, true, true, true]);
    expect(state.docs.get('d1')!.contentHash).toBe('a'.repeat(64));
    expect(state.docs.get('d1')).toEqual(base.docs[0]);
    expect(state.docs.get('d1')!.text).toBe(base.docs[0]!.text);
    expect(state.docs.get('d2')!.text).toBe('Second document, replaced.');
    expect(state.chunks.get('d1::0')!.sentences).toEqual(base.chunks[0]!.sentences);
    expect(state.summaries.get('d1')?.text).toBe('About Valletta.');
    expect([...state.gearNodes].sort()).toEqual(['n2', 'n3']);
    expect([...state.gearEdges]).toEqual(['e2']);
  });

  it('reads the GEAR lists once, on first use of either set', () => {
    let reads = 0;
    const { gear, ...rest } = base;
    const counted = defineLazyGear(rest, () => (reads++, gear));
    const state = createIndexState(counted);
    expect(reads).toBe(0);
    state.gearEdges.add('e9');
    expect([...state.gearNodes]).toEqual(['n1', 'n2']);
    expect([...state.gearEdges]).toEqual(['e1', 'e9']);
    expect(reads).toBe(1);
    expect(counted.gear).toEqual({ nodes: ['n1', 'n2'], edges: ['e1'] });
  });

  it('builds the GEAR sets from the strings the interner gives, in the stored order', () => {
    const seen: string[] = [];
    const state = createIndexState(opened(), (kind, id) => (seen.push(`${kind} ${id}`), `${id}'`));
    expect(seen).toEqual([]);
    expect([...state.gearNodes]).toEqual(["n2'", "n3'"]);
    expect([...state.gearEdges]).toEqual(["e2'"]);
    expect(seen).toEqual(['node n2', 'node n3', 'edge e2']);
  });

  it('writes GEAR lists never read since the open as stored, without building the sets (no interner call)', () => {
    const seen: string[] = [];
    const state = createIndexState(opened(), (kind, id) => (seen.push(`${kind} ${id}`), id));
    expect(toStoredState(state).gear).toEqual({ nodes: ['n2', 'n3'], edges: ['e2'] });
    expect(seen).toEqual([]);
    // once the sets are built (and edited), the whole write takes them
    state.gearNodes.delete('n2');
    expect(toStoredState(state).gear).toEqual({ nodes: ['n3'], edges: ['e2'] });
    expect(seen).toEqual(['node n2', 'node n3', 'edge e2']);
  });
});
