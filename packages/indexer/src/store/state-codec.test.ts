// The state segment round-trips, with document, chunk and summary texts read on first use: they
// are own enumerable properties (spreading, JSON and equality see them) and can be replaced.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { StoredState } from './format1.js';
import { gearReader } from './lazy-gear.js';
import { decodeState, encodeState } from './state-codec.js';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

const state: StoredState = {
  docs: [
    { id: 'd1', title: 'Valletta', text: 'Valletta is the capital of Malta. It has a harbour.', metadata: { lang: 'en' }, contentHash: 'h1' },
    { id: 'd2', text: 'Ünïcode text — with accents. Second sentence.', metadata: {}, contentHash: 'h2' },
  ],
  chunks: [
    { id: 'c1', docId: 'd1', text: 'Valletta is the capital of Malta.', start: 0, end: 33, sentences: [{ start: 0, end: 33 }] },
    { id: 'c2', docId: 'd1', text: 'a text of its own', start: 34, end: 51, sentences: [{ start: 0, end: 17 }], metadata: { page: 2 } },
    { id: 'c3', docId: 'd2', text: 'Ünïcode text — with accents. Second sentence.', start: 0, end: 45, sentences: [{ start: 0, end: 28 }, { start: 29, end: 45 }] },
  ],
  summaries: [{ docId: 'd1', text: 'About Valletta.' }],
  communities: [],
  gear: { nodes: ['n1'], edges: ['e1', 'e2'] },
};

describe('state codec', () => {
  it('round-trips, texts included, as plain data', () => {
    const back = decodeState(encodeState(state), 'state.bin');
    expect(JSON.parse(JSON.stringify(back))).toEqual(JSON.parse(JSON.stringify(state)));
    expect(back.docs).toEqual(state.docs);
    expect(back.chunks).toEqual(state.chunks);
    expect(back.summaries).toEqual(state.summaries);
    expect({ ...back.chunks[2]! }.text).toBe(state.chunks[2]!.text);
    expect(Object.keys(back.docs[0]!)).toEqual(Object.keys(state.docs[0]!));
  });

  it('lets a text be replaced', () => {
    const back = decodeState(encodeState(state), 'state.bin');
    expect(back.chunks[2]!.text).toBe(state.chunks[2]!.text);
    back.docs[1]!.text = 'new';
    back.chunks[0]!.text = 'changed';
    expect([back.docs[1]!.text, back.chunks[0]!.text, back.chunks[2]!.text]).toEqual(['new', 'changed', state.chunks[2]!.text]);
  });

  it('holds copies of the sections it reads later (texts, hashes, GEAR lists), not the file: its bytes can be collected while the records live', async () => {
    let bytes: Uint8Array | undefined = encodeState(state);
    const file = new WeakRef(bytes.buffer);
    let back: StoredState | undefined = decodeState(bytes, 'state.bin');
    const { docs, chunks, summaries } = back;
    const gear = gearReader(back);
    bytes = undefined;
    back = undefined;
    await new Promise((r) => setTimeout(r, 0));
    gc();
    expect(file.deref()).toBeUndefined();
    expect(docs.map((d) => [d.id, d.title, d.text, d.contentHash])).toEqual(state.docs.map((d) => [d.id, d.title, d.text, d.contentHash]));
    expect(chunks).toEqual(state.chunks);
    expect(summaries.map((x) => x.text)).toEqual(['About Valletta.']);
    expect(gear()).toEqual(state.gear);
    expect(gear()).toEqual(state.gear);
  });
});
