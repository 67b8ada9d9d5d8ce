// The BM25 index as columns: a restored index answers exactly as the live one (also after further
// edits), the term-frequency column narrows to the largest value, and damaged columns fail with
// an error naming the file.
import { describe, expect, it } from 'vitest';
import { decodeBinaryFile, encodeBinaryFile } from '../binary/binary-file.js';
import { decodeBm25Columns, encodeBm25Columns } from './bm25-columns.js';
import { createBm25Index, restoreBm25Columns } from './bm25-index.js';

const words = ['harbour', 'valletta', 'malta', 'paris', 'france', 'capital', 'river', 'seine', 'lyon', 'cuisine', 'berlin', 'germany', 'wall'];
const docs = Array.from({ length: 60 }, (_, i) => ({ id: `d${i}`, text: Array.from({ length: 5 + (i % 9) }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(' ') }));
const queries = ['harbour malta', 'capital of france', 'seine river paris', 'berlin wall germany', 'lyon cuisine'];
const answers = (idx: ReturnType<typeof createBm25Index>) => queries.map((q) => idx.searchSync(q, 10));
const roundTrip = (idx: ReturnType<typeof createBm25Index>) =>
  restoreBm25Columns(decodeBm25Columns(decodeBinaryFile(encodeBinaryFile('TESTKWD1', 2, encodeBm25Columns(idx.toColumns()), { deflate: true }), 'TESTKWD1', 'kw.bin').sections, 'kw.bin'));

describe('BM25 columns', () => {
  it('restores an index that answers exactly as the live one, also after edits on both', () => {
    const live = createBm25Index();
    live.addSync(docs);
    live.removeSync(['d3', 'd10']);
    live.addSync([{ id: 'd4', text: 'harbour harbour valletta' }]);
    const restored = roundTrip(live);
    expect(restored.documentCount).toBe(live.documentCount);
    expect(restored.ids().sort()).toEqual(live.ids().sort());
    expect(answers(restored)).toEqual(answers(live));
    expect(restored.termStats('harbour')).toEqual(live.termStats('harbour'));
    // posting lists restored as views keep working through removals and growth
    for (const idx of [live, restored]) {
      idx.removeSync(['d5', 'd6', 'd7']);
      idx.addSync(Array.from({ length: 40 }, (_, i) => ({ id: `n${i}`, text: 'harbour malta capital river' })));
      idx.addSync([{ id: 'd8', text: 'seine seine paris' }]);
    }
    expect(answers(restored)).toEqual(answers(live));
    expect(answers(roundTrip(restored))).toEqual(answers(live));
  });

  it('keeps settings, and narrows the term-frequency column to the largest frequency', () => {
    const idx = createBm25Index({ k1: 0.9, b: 0.4, stopWords: false });
    idx.addSync([{ id: 'a', text: 'the cat' }, { id: 'b', text: Array(300).fill('dog').join(' ') }]);
    const sections = encodeBm25Columns(idx.toColumns());
    expect(sections[7]!.byteLength).toBe(idx.toColumns().tfs.length * 2);
    const back = restoreBm25Columns(decodeBm25Columns(sections, 'x'));
    expect([back.k1, back.b]).toEqual([0.9, 0.4]);
    expect(back.searchSync('the', 2)).toEqual(idx.searchSync('the', 2));
    expect(back.termStats('dog').df).toBe(1);
    expect(roundTrip(createBm25Index()).documentCount).toBe(0);
  });

  it('names the file when the columns are inconsistent', () => {
    const idx = createBm25Index();
    idx.addSync(docs.slice(0, 5));
    const good = encodeBm25Columns(idx.toColumns());
    const withSection = (i: number, b: Uint8Array) => good.map((s, j) => (j === i ? b : s));
    expect(() => decodeBm25Columns(good.slice(0, 7), 'seg/kw.bin')).toThrow(/seg\/kw\.bin: keyword index has 7 sections/);
    expect(() => decodeBm25Columns(withSection(0, new TextEncoder().encode('{')), 'seg/kw.bin')).toThrow(/seg\/kw\.bin: keyword index header is not JSON/);
    const badTerm = new Uint8Array(good[6]!);
    new Uint32Array(badTerm.buffer)[0] = 9999;
    expect(() => decodeBm25Columns(withSection(6, badTerm), 'seg/kw.bin')).toThrow(/seg\/kw\.bin: .*names term 9999/);
    expect(() => decodeBm25Columns(withSection(7, good[7]!.subarray(1)), 'seg/kw.bin')).toThrow(/seg\/kw\.bin: .*term-frequency column/);
    const zeroTf = new Uint8Array(good[7]!);
    zeroTf[0] = 0;
    expect(() => decodeBm25Columns(withSection(7, zeroTf), 'seg/kw.bin')).toThrow(/term frequency 0/);
    const twice = { ...idx.toColumns() };
    twice.ids = [...twice.ids];
    twice.ids[1] = twice.ids[0]!;
    expect(() => restoreBm25Columns(twice, { source: 'seg/kw.bin' })).toThrow(/seg\/kw\.bin: .*twice/);
  });
});
