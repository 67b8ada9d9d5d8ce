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

const lastManifest = (dir: string): Manifest2 =>
  JSON.parse(readFileSync(join(dir, readFileSync(join(dir, 'CURRENT'), 'utf8').trim(), 'manifest.json'), 'utf8')) as Manifest2;

const empty = (communities: StoredState['communities']): StoredState => ({ docs: [], chunks: [], summaries: [], communities, gear: { nodes: [], edges: [] } });
const base = empty([{ id: 0, members: ['person:a', 'person:b'], summary: 'A and B' }]);
const rebuilt: StoredState['communities'] = [{ id: 1, members: ['person:a'], summary: 'A alone' }];
const delta = (communitiesChanged: boolean, communities: StoredState['communities']): StateDelta => ({
  removedDocs: [],
  communitiesChanged,
  removedGear: { nodes: [], edges: [] },
  added: empty(communities),
});

describe('state delta communities', () => {
  it('writes the communities only when the commit changed them, and applying keeps the last list', () => {
    const unchanged = decodeStateDelta(encodeStateDelta(delta(false, base.communities)), 'state-d-1.bin');
    expect(unchanged.communitiesChanged).toBe(false);
    expect(unchanged.added.communities).toEqual([]);
    expect(encodeStateDelta(delta(false, base.communities)).byteLength).toBeLessThan(encodeStateDelta(delta(true, base.communities)).byteLength);
    const changed = decodeStateDelta(encodeStateDelta(delta(true, rebuilt)), 'state-d-2.bin');
    expect(changed.communitiesChanged).toBe(true);
    expect(applyStateDeltas(base, [unchanged]).communities).toEqual(base.communities);
    expect(applyStateDeltas(base, [changed, unchanged]).communities).toEqual(rebuilt);
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
  it('a small update commits no community list, and a reopened store goes on counting instead of recomputing', async () => {
    const dir = store.copy('small-update');
    const idx = await openIndex(dir);
    const before = idx.communities();
    expect(before.length).toBeGreaterThan(0);
    // the build stored how many documents changed since its communities (0), so the first small
    // ingest after an open does not recompute them, and its delta carries no list
    await idx.ingest([{ id: 'extra-1', title: 'Extra One', text: 'Extra One is a passage about the harbour of Valletta in Malta.' }]);
    expect(idx.communities()).toEqual(before);
    const lastDelta = () => {
      const deltas = lastManifest(dir).files.stateDeltas;
      return decodeStateDelta(readSegmentSync(dir, deltas[deltas.length - 1]!), 'last');
    };
    expect([lastDelta().communitiesChanged, lastDelta().added.communities, lastDelta().added.communitiesAge]).toEqual([false, [], 1]);
    const again = await openIndex(dir);
    expect(again.communities()).toEqual(before);
    await again.ingest([{ id: 'extra-2', title: 'Extra Two', text: 'Extra Two mentions Valletta and the Grand Harbour.' }]);
    expect(lastDelta().added.communitiesAge).toBe(2);
    expect((await openIndex(dir)).manifest()).toEqual(again.manifest());
  });

  it('refuses a stored community age that is not a count, naming the file', () => {
    const bad = encodeStateDelta({ ...delta(true, rebuilt), added: { ...empty(rebuilt), communitiesAge: -1 } });
    expect(() => decodeStateDelta(bad, 'seg/state-d-7.bin')).toThrow(/seg\/state-d-7\.bin: communitiesAge -1 is not a count/);
  });
});
