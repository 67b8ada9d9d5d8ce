// The index state's columns give back each document and chunk exactly as added, in the order a
// map of them would, through replacements, removals (with the compaction they trigger) and a
// reopen from the stored state; checked against plain maps of the same operations.
import { contentHash, sentenceSpans, type Chunk, type Doc } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../chunking/chunker.js';
import { decodeState, encodeState } from '../store/state-codec.js';
import type { DocSummary } from '../types.js';
import { DocTable } from './doc-table.js';
import { addDocument, adjacentChunks, chunksOf, createIndexState, dropDocument, toStoredState } from './index-state.js';

const doc = (id: string, text: string, extra: Partial<Doc> = {}): Doc => ({ id, ...(extra.title !== undefined ? { title: extra.title } : {}), text, metadata: extra.metadata ?? {}, contentHash: extra.contentHash ?? contentHash(extra.title, text) });
const chunk = (d: Doc) => chunkDocument(d, { chunkTokens: 12, overlap: 0, segment: sentenceSpans });
const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** The reference: plain maps, as the state was kept before the columns. */
class Model {
  docs = new Map<string, Doc>();
  chunks = new Map<string, Chunk[]>();
  summaries = new Map<string, DocSummary>();
  add(d: Doc, cs: Chunk[]) {
    this.drop(d.id);
    this.docs.set(d.id, d);
    this.chunks.set(d.id, cs);
  }
  drop(id: string) {
    this.docs.delete(id);
    this.chunks.delete(id);
    this.summaries.delete(id);
  }
}

function expectSame(t: DocTable, m: Model) {
  expect(t.size).toBe(m.docs.size);
  expect(plain([...t.values()])).toEqual(plain([...m.docs.values()]));
  expect([...t.keys()]).toEqual([...m.docs.keys()]);
  const all = [...m.chunks.values()].flat();
  expect(plain([...t.chunks()])).toEqual(plain(all));
  expect(t.chunkCount).toBe(all.length);
  expect(plain(t.summaries.values())).toEqual(plain([...m.summaries.values()]));
  expect(t.sentenceCount).toBe(all.reduce((n, c) => n + c.sentences.length, 0));
  for (const [id, d] of m.docs) {
    expect(plain(t.get(id))).toEqual(plain(d));
    expect(t.hashOf(id)).toBe(d.contentHash);
    expect(t.summaries.get(id)).toEqual(m.summaries.get(id));
    expect(t.chunkIds(id)).toEqual(m.chunks.get(id)!.map((c) => c.id));
    for (const c of m.chunks.get(id)!) expect(plain(t.getChunk(c.id))).toEqual(plain(c));
  }
}

describe('document table', () => {
  it('keeps each document and chunk apart through replacements and removals, across compactions', () => {
    const t = new DocTable();
    const m = new Model();
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const words = ['Malta', 'harbour', 'river', 'the', 'old', 'city', 'Curie', 'prize', 'was', 'born'];
    const textOf = (k: number) => Array.from({ length: 2 + rand(5) }, () => `${Array.from({ length: 3 + rand(8) }, () => words[rand(words.length)]).join(' ')} ${k}.`).join(' ');
    for (let step = 0; step < 4000; step++) {
      const id = `doc-${rand(1500)}`;
      if (rand(4) === 0) {
        const ids = t.delete(id);
        expect(ids).toEqual((m.chunks.get(id) ?? []).map((c) => c.id));
        m.drop(id);
      } else {
        const d = doc(id, textOf(step), rand(3) === 0 ? { title: `Title ${step}`, metadata: { n: step } } : {});
        const cs = chunk(d);
        t.add(d, cs);
        m.add(d, cs);
        if (rand(2) === 0) {
          const summary = { docId: id, text: `About ${id} at ${step}.` };
          t.summaries.set(id, summary);
          m.summaries.set(id, summary);
        }
      }
      if (step % 997 === 0) expectSame(t, m);
    }
    expectSame(t, m);
    expect(t.getChunk('doc-1::99')).toBeUndefined();
    expect(t.getChunk('no-such')).toBeUndefined();
  });

  it('keeps chunks named otherwise, chunks with their own text or metadata, and hashes that are not sha256 hex', () => {
    const t = new DocTable();
    const m = new Model();
    const a = doc('a::b', 'First one here. Second one there.', { contentHash: 'not-hex' });
    const ca: Chunk[] = [
      { id: 'x1', docId: a.id, text: 'First one here.', start: 0, end: 15, sentences: [{ start: 0, end: 15 }] },
      { id: 'x2', docId: a.id, text: 'its own text', start: 16, end: 33, sentences: [{ start: 16, end: 33 }], metadata: { page: 2 } },
    ];
    const b = doc('a', 'Plain text. More.', { contentHash: 'A'.repeat(64) });
    for (const [d, cs] of [[a, ca], [b, chunk(b)]] as const) {
      t.add(d, cs);
      m.add(d, cs);
    }
    expectSame(t, m);
    expect(t.getChunk('a::b::0')).toBeUndefined();
    t.delete('a');
    m.drop('a');
    expectSame(t, m);
  });

  it('gives the same state after a reopen from the stored state, and after changes on top of it', () => {
    const s = createIndexState();
    const docs = ['Valletta is the capital of Malta. It has a harbour.', 'Marie Curie was born in Warsaw. She won two prizes.', 'Ünïcode text — with accents. Second sentence.'].map((text, i) =>
      doc(`d${i}`, text, i === 0 ? { title: 'Valletta', metadata: { lang: 'en' } } : {}),
    );
    for (const d of docs) addDocument(s, d, chunk(d));
    s.summaries.set('d1', { docId: 'd1', text: 'About Curie.' });
    s.summaries.set('d2', { docId: 'd2', text: 'About accents.' });
    const stored = toStoredState(s);
    const back = createIndexState(decodeState(encodeState(stored), 'state.bin'));
    expect(plain(toStoredState(back))).toEqual(plain(stored));
    expect(back.sentenceCount).toBe(s.sentenceCount);
    expect(plain(chunksOf(back, 'd1'))).toEqual(plain(chunksOf(s, 'd1')));
    expect(back.docs.get('d0')!.contentHash).toBe(docs[0]!.contentHash);
    expect(plain(adjacentChunks(back, 'd1::0'))).toEqual(plain(adjacentChunks(s, 'd1::0')));
    // replace one, remove one, add one: stored documents and new ones side by side
    const d1 = doc('d1', 'Marie Curie moved to Paris. She taught there.');
    for (const st of [s, back]) {
      dropDocument(st, 'd1');
      addDocument(st, d1, chunk(d1));
      dropDocument(st, 'd2');
    }
    expect(plain(toStoredState(back))).toEqual(plain(toStoredState(s)));
    expect([...back.docs.keys()]).toEqual(['d0', 'd1']);
    expect(back.chunks.get('d2::0')).toBeUndefined();
    expect(back.summaries.get('d2')).toBeUndefined();
    expect(back.summaries.values()).toEqual([]);
    expect(back.chunks.get('d1::0')!.text).toBe(s.chunks.get('d1::0')!.text);
    expect(back.chunks.get('d1::0')!.text.startsWith('Marie Curie moved')).toBe(true);
  });
});
