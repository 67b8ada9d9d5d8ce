// State delta segments carry the communities only when the commit changed them (version 2); a
// version-1 delta (always carrying them) still reads, and a newer version fails naming the file.
import { encodeBinaryFile, encodeStrings, jsonSection } from '@rag/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredState } from './format1.js';
import { encodeState } from './state-codec.js';
import { applyStateDeltas, decodeStateDelta, encodeStateDelta, STATE_DELTA_MAGIC, type StateDelta } from './state-delta.js';
import { fixtureCorpus, useBuiltStore } from '../../test/support/built-store.js';
import { openIndex } from '../open-index.js';
import { readSegmentSync, type Manifest2 } from './format2.js';

const lastDelta = (dir: string): StateDelta => {
  const deltas = lastManifest(dir).files.stateDeltas;
  return decodeStateDelta(readSegmentSync(dir, deltas[deltas.length - 1]!), 'last');
};
const lastManifest = (dir: string): Manifest2 =>
  JSON.parse(readFileSync(join(dir, readFileSync(join(dir, 'CURRENT'), 'utf8').trim(), 'manifest.json'), 'utf8')) as Manifest2;

const empty = (communities: StoredState['communities']): StoredState => ({ docs: [], chunks: [], summaries: [], communities, gear: { nodes: [], edges: [] } });
const base = empty([{ id: 0, members: ['person:a', 'person:b'], summary: 'A and B' }]);
const rebuilt: StoredState['communities'] = [{ id: 1, members: ['person:a'], summary: 'A alone' }];
const delta = (communitiesChanged: boolean, communities: StoredState['communities'], droppedCommunities: number[] = []): StateDelta => ({
  removedDocs: [],
  communitiesChanged,
  droppedCommunities,
  removedGear: { nodes: [], edges: [] },
  added: empty(communities),
});

describe('state delta communities', () => {
  it('writes the whole list after a recomputation, else only the changed communities, and applies both in place', () => {
    const three = empty([
      { id: 0, members: ['a', 'b'], summary: 'A and B' },
      { id: 1, members: ['c', 'd'], summary: 'C and D' },
      { id: 2, members: ['e'], summary: 'E' },
    ]).communities;
    const patch = decodeStateDelta(encodeStateDelta(delta(false, [{ id: 1, members: ['c'], summary: 'C and D' }], [2])), 'state-d-1.bin');
    expect([patch.communitiesChanged, patch.droppedCommunities, patch.added.communities.map((c) => c.id)]).toEqual([false, [2], [1]]);
    const nothing = decodeStateDelta(encodeStateDelta(delta(false, [])), 'state-d-2.bin');
    expect(encodeStateDelta(delta(false, [])).byteLength).toBeLessThan(encodeStateDelta(delta(true, three)).byteLength);
    const whole = decodeStateDelta(encodeStateDelta(delta(true, rebuilt)), 'state-d-3.bin');
    const start = empty(three);
    expect(applyStateDeltas(start, [nothing]).communities).toEqual(three);
    expect(applyStateDeltas(start, [patch]).communities).toEqual([three[0], { id: 1, members: ['c'], summary: 'C and D' }]);
    expect(applyStateDeltas(start, [whole, nothing]).communities).toEqual(rebuilt);
    expect(applyStateDeltas(start, [patch, whole]).communities).toEqual(rebuilt);
  });

  it('reads a version-1 delta as carrying the communities, and refuses a newer version naming the file', () => {
    const v1 = (version: number) =>
      encodeBinaryFile(STATE_DELTA_MAGIC, version, [jsonSection({ removedDocs: 0 }), ...encodeStrings([]), ...encodeStrings([]), ...encodeStrings([]), encodeState(empty(rebuilt))]);
    const old = decodeStateDelta(v1(1), 'old.bin');
    expect(old.communitiesChanged).toBe(true);
    expect(applyStateDeltas(base, [old]).communities).toEqual(rebuilt);
    expect(() => decodeStateDelta(v1(3), 'seg/state-d-9.bin')).toThrow(/seg\/state-d-9\.bin: state delta version 3/);
    // a version-2 header must say whether it carries them
    expect(() => decodeStateDelta(v1(2), 'seg/state-d-8.bin')).toThrow(/seg\/state-d-8\.bin: header does not say/);
  });

  const store = useBuiltStore('rag-state-delta-', fixtureCorpus());
  it('an update commits only the communities it changed, and a reopened store has the same list and goes on counting', async () => {
    const dir = store.copy('small-update');
    const idx = await openIndex(dir);
    const before = idx.communities();
    expect(before.length).toBeGreaterThan(0);
    // the build stored how many documents changed since its communities (0), so a small ingest
    // after an open does not recompute them; its delta holds only the communities it changed
    await idx.ingest([{ id: 'extra-1', title: 'Extra One', text: 'Extra One is a passage about the harbour of Valletta in Malta.' }]);
    const d = lastDelta(dir);
    expect([d.communitiesChanged, d.added.communitiesAge]).toEqual([false, 1]);
    const changed = idx.communities().filter((c, i) => c !== before[i]);
    expect(d.added.communities).toEqual(changed);
    expect(d.added.communities.length).toBeLessThan(before.length);
    const again = await openIndex(dir);
    expect(again.communities()).toEqual(idx.communities());
    await again.ingest([{ id: 'extra-2', title: 'Extra Two', text: 'Extra Two mentions Valletta and the Grand Harbour.' }]);
    expect(lastDelta(dir).added.communitiesAge).toBe(2);
    const third = await openIndex(dir);
    expect(third.manifest()).toEqual(again.manifest());
    expect(third.communities()).toEqual(again.communities());
  });

  it('a removal that empties communities drops them through the delta', async () => {
    const dir = store.copy('removal');
    const idx = await openIndex(dir);
    const [first] = fixtureCorpus();
    await idx.remove(first!.id);
    expect(lastDelta(dir).communitiesChanged).toBe(false);
    expect((await openIndex(dir)).communities()).toEqual(idx.communities());
  });

  it('refuses a stored community age that is not a count, naming the file', () => {
    const bad = encodeStateDelta({ ...delta(true, rebuilt), added: { ...empty(rebuilt), communitiesAge: -1 } });
    expect(() => decodeStateDelta(bad, 'seg/state-d-7.bin')).toThrow(/seg\/state-d-7\.bin: communitiesAge -1 is not a count/);
  });
});
