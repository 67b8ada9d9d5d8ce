// The BM25 index read in place from term-major columns (keyword segment version 4): it answers
// exactly as the index it was written from — same ids, same scores, same order, ties included —
// without restoring the writable index; the first edit restores it once and later answers still
// match an index that saw the same edits; damaged columns fail naming the file.
import { describe, expect, it } from 'vitest';
import { decodeBinaryFile, encodeBinaryFile } from '../binary/binary-file.js';
import { mulberry32 } from '../random.js';
import { BM25_TERM_COLUMN_SECTIONS, decodeBm25TermColumns, encodeBm25TermColumns } from './bm25-term-columns.js';
import { createBm25Index, type Bm25Index } from './bm25-index.js';
import { BM25_VIEW_RESTORED, openBm25View } from './bm25-view.js';

const vocabulary = ['harbour', 'valletta', 'malta', 'paris', 'france', 'capital', 'river', 'seine', 'lyon', 'cuisine', 'berlin', 'germany', 'wall', 'zebra', 'Ångström', 'naïve', 'über'];
function corpus(seed: number, count: number) {
  const rand = mulberry32(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: `d${(i * 7919) % 1000}-${i}`,
    text: Array.from({ length: 1 + Math.floor(rand() * 14) }, () => vocabulary[Math.floor(rand() * vocabulary.length)]).join(' '),
  }));
}
const queries = ['harbour malta', 'capital of france', 'seine river paris seine', 'berlin wall germany', 'lyon cuisine', 'zebra', 'ångström naïve', 'unknown words only', 'über über capital'];
const answers = (idx: Bm25Index, k = 12) => queries.map((q) => idx.searchSync(q, k));
const FILE = 'kw-v4.bin';
const encode = (idx: Bm25Index) => encodeBinaryFile('TESTKWD4', 4, encodeBm25TermColumns(idx.toColumns()), { compression: [] });
const open = (bytes: Uint8Array) => openBm25View(decodeBm25TermColumns(decodeBinaryFile(bytes, 'TESTKWD4', FILE).sections, FILE), { source: FILE });
const restoredOf = (idx: Bm25Index) => (idx as unknown as Record<symbol, boolean>)[BM25_VIEW_RESTORED];

describe('BM25 view over term-major columns', () => {
  it('answers exactly as the index it was written from, without restoring it', () => {
    const live = createBm25Index();
    live.addSync(corpus(7, 400));
    live.removeSync(['d7919-1', 'd838-2']);
    live.addSync([{ id: 'd0-0', text: 'harbour harbour valletta' }]);
    const view = open(encode(live));
    expect(answers(view)).toEqual(answers(live));
    expect(answers(view, 400)).toEqual(answers(live, 400));
    expect(view.searchSync('harbour', 5, { filter: (id) => id.endsWith('7') })).toEqual(live.searchSync('harbour', 5, { filter: (id) => id.endsWith('7') }));
    expect(view.documentCount).toBe(live.documentCount);
    expect(view.termStats('Harbour')).toEqual(live.termStats('Harbour'));
    expect(view.termStats('absent')).toEqual(live.termStats('absent'));
    expect(view.has('d0-0')).toBe(true);
    expect(view.has('d7919-1')).toBe(false);
    expect(view.ids().sort()).toEqual(live.ids().sort());
    expect(view.id).toBe(live.id);
    expect(restoredOf(view)).toBe(false);
  });

  it('restores the writable index at the first edit; later answers match an index that saw the same edits', async () => {
    const live = createBm25Index({ k1: 0.9, b: 0.4, stopWords: false });
    live.addSync(corpus(11, 300));
    const view = open(encode(live));
    for (const idx of [live, view]) {
      await idx.remove(['d0-0', 'd7919-1']);
      await idx.add([{ id: 'new', text: 'harbour of the capital' }, { id: 'd838-2', text: 'zebra zebra zebra' }]);
    }
    expect(restoredOf(view)).toBe(true);
    expect(answers(view)).toEqual(answers(live));
    expect(await view.size()).toBe(await live.size());
    // written again and reopened: the same answers
    expect(answers(open(encode(view)))).toEqual(answers(live));
  });

  it('writes the same file whatever order the index learned its terms in', () => {
    const docs = corpus(3, 120);
    const a = createBm25Index();
    a.addSync(docs);
    const b = createBm25Index();
    b.addSync([{ id: 'warm-up', text: vocabulary.slice().reverse().join(' ') }]);
    b.removeSync(['warm-up']);
    b.addSync(docs);
    expect(encode(b)).toEqual(encode(a));
  });

  it('keeps an empty index empty', () => {
    const view = open(encode(createBm25Index()));
    expect(view.searchSync('harbour', 3)).toEqual([]);
    expect(view.documentCount).toBe(0);
  });

  it('refuses damaged columns with an error naming the file', () => {
    const live = createBm25Index();
    live.addSync(corpus(5, 50));
    const sections = encodeBm25TermColumns(live.toColumns());
    expect(sections).toHaveLength(BM25_TERM_COLUMN_SECTIONS);
    const withSection = (i: number, bytes: Uint8Array) => sections.map((s, j) => (j === i ? bytes : s));
    const decode = (secs: Uint8Array[]) => () => decodeBm25TermColumns(secs, FILE);
    expect(decode(sections.slice(0, 8))).toThrow(/kw-v4\.bin: keyword index has 8 sections/);
    // a posting naming a document past the end
    const slots = new Uint32Array(sections[7]!.slice().buffer);
    slots[0] = 50;
    expect(decode(withSection(7, new Uint8Array(slots.buffer)))).toThrow(/kw-v4\.bin: keyword index posting 0 names document 50 of 50/);
    // a document length that does not match its postings
    const lens = new Uint32Array(sections[5]!.slice().buffer);
    lens[3]! += 1;
    expect(decode(withSection(5, new Uint8Array(lens.buffer)))).toThrow(/kw-v4\.bin: keyword index document 3's length/);
    // a term table cut short
    expect(decode(withSection(1, sections[1]!.subarray(0, sections[1]!.byteLength - 1)))).toThrow(/kw-v4\.bin: keyword index term table ends at/);
  });
});
