import { describe, expect, it } from 'vitest';
import { RagError } from '../errors.js';
import { createBm25Index, restoreBm25Columns, restoreBm25Index } from './bm25-index.js';

const docs = [
  { id: 'a', text: 'Paris is the capital and largest city of France.' },
  { id: 'b', text: 'Lyon is a city in France, known for its cuisine.' },
  { id: 'c', text: 'Berlin is the capital of Germany.' },
];

describe('createBm25Index', () => {
  it('computes Okapi BM25 scores by the formula', () => {
    const idx = createBm25Index();
    idx.addSync([
      { id: 'x', text: 'apple apple banana' },
      { id: 'y', text: 'banana cherry' },
      { id: 'z', text: 'cherry date elderberry fig' },
    ]);
    // N = 3, avgdl = 3; "apple": df = 1, idf = ln(1 + 2.5/1.5); doc x: tf = 2, |d| = 3.
    const idf = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
    const expected = (idf * 2 * 2.2) / (2 + 1.2 * (1 - 0.75 + (0.75 * 3) / 3));
    const [hit] = idx.searchSync('apple', 1);
    expect(hit!.id).toBe('x');
    expect(hit!.score).toBeCloseTo(expected, 10);
    expect(idx.termStats('apple')).toMatchObject({ df: 1 });
    expect(idx.termStats('apple').idf).toBeCloseTo(idf, 10);
  });

  it('drops English stop words and ignores stop-word-only queries', () => {
    const idx = createBm25Index();
    idx.addSync(docs);
    expect(idx.analyze('The capital of France')).toEqual(['capital', 'france']);
    expect(idx.searchSync('the of and', 5)).toEqual([]);
    const withStops = createBm25Index({ stopWords: false });
    withStops.addSync(docs);
    expect(withStops.searchSync('the', 5).map((h) => h.id).sort()).toEqual(['a', 'c']);
  });

  it('breaks score ties by id so results do not depend on insertion order', () => {
    const one = createBm25Index();
    one.addSync([{ id: 'b', text: 'equal words' }, { id: 'a', text: 'equal words' }]);
    expect(one.searchSync('equal', 2).map((h) => h.id)).toEqual(['a', 'b']);
  });

  it('supports a filter on the synchronous path', () => {
    const idx = createBm25Index();
    idx.addSync(docs);
    expect(idx.searchSync('capital', 5, { filter: (id) => id !== 'a' }).map((h) => h.id)).toEqual(['c']);
  });

  it('keeps scores identical after remove + re-add (incremental updates are exact)', () => {
    const fresh = createBm25Index();
    fresh.addSync(docs);
    const edited = createBm25Index();
    edited.addSync([...docs, { id: 'd', text: 'Madrid is the capital of Spain.' }]);
    edited.removeSync(['d', 'a']);
    edited.addSync([docs[0]!]);
    expect(edited.searchSync('capital city France', 3)).toEqual(fresh.searchSync('capital city France', 3));
  });

  it('answers exactly as an index built afresh after thousands of adds, removals and re-adds', () => {
    // enough documents and edits that the pooled posting and term lists move, the pools grow
    // and compact many times; scores depend only on the surviving documents, so they must match
    let a = 11;
    const rnd = (n: number) => ((a = (Math.imul(a, 1664525) + 1013904223) >>> 0), Math.floor((a / 2 ** 32) * n));
    const vocab = Array.from({ length: 300 }, (_, i) => `w${i.toString(36)}x`);
    const textOf = () => Array.from({ length: 3 + rnd(25) }, () => vocab[Math.min(rnd(300), rnd(300))]).join(' ');
    const idx = createBm25Index();
    const alive = new Map<string, string>();
    for (let round = 0; round < 30; round++) {
      const batch = Array.from({ length: 100 }, () => ({ id: `d${rnd(1500)}`, text: textOf() }));
      idx.addSync(batch);
      for (const d of batch) alive.set(d.id, d.text);
      const gone = Array.from({ length: 40 }, () => `d${rnd(1500)}`);
      idx.removeSync(gone);
      for (const id of gone) alive.delete(id);
    }
    const fresh = createBm25Index();
    fresh.addSync([...alive].map(([id, text]) => ({ id, text })));
    const restored = restoreBm25Columns(idx.toColumns());
    expect(alive.size).toBeGreaterThan(800);
    expect(idx.documentCount).toBe(alive.size);
    expect(idx.ids().sort()).toEqual([...alive.keys()].sort());
    for (let q = 0; q < 40; q++) {
      const query = `${vocab[rnd(300)]} ${vocab[rnd(60)]} ${vocab[rnd(10)]}`;
      const want = fresh.searchSync(query, 20);
      expect(idx.searchSync(query, 20)).toEqual(want);
      expect(restored.searchSync(query, 20)).toEqual(want);
    }
    for (const t of vocab.slice(0, 50)) expect(idx.termStats(t)).toEqual(fresh.termStats(t));
  });

  it('round-trips through JSON with identical results', () => {
    const idx = createBm25Index({ k1: 1.5, b: 0.5 });
    idx.addSync(docs);
    idx.removeSync(['b']);
    const back = restoreBm25Index(JSON.parse(JSON.stringify(idx.toJSON())));
    expect(back.id).toBe(idx.id);
    expect(back.documentCount).toBe(2);
    expect(back.searchSync('capital France', 5)).toEqual(idx.searchSync('capital France', 5));
  });

  it('refuses corrupt snapshots and bad settings', () => {
    const snap = createBm25Index().toJSON();
    expect(() => restoreBm25Index({ ...snap, docs: [['x', [5], [1]]] })).toThrowError(expect.objectContaining({ code: 'RAG_STORE_CORRUPT' }));
    expect(() => restoreBm25Index({ nope: true })).toThrowError(expect.objectContaining({ code: 'RAG_STORE_CORRUPT' }));
    expect(() => createBm25Index({ b: 2 })).toThrowError(expect.objectContaining({ code: 'RAG_CONFIG' }));
  });

  it('names the offending document when a batch is refused', () => {
    const idx = createBm25Index();
    let err: unknown;
    try {
      idx.addSync([{ id: 'ok', text: 'fine' }, { id: 'bad', text: 'broken \uFFFD bytes' }]);
    } catch (e) {
      err = e;
    }
    expect(RagError.isInstance(err, 'RAG_INVALID_TEXT')).toBe(true);
    expect((err as RagError).details.input).toBe('docs[1].text');
    expect(idx.documentCount).toBe(0);
  });

  it('restores stored text without the input rules (a store written under older rules still opens), still checking the shape', () => {
    const idx = createBm25Index();
    idx.restoreSync([{ id: 'ok', text: 'fine harbour' }, { id: 'old', text: 'caf\uFFFD harbour \ud800' }]);
    expect(idx.searchSync('harbour', 5).map((h) => h.id).sort()).toEqual(['ok', 'old']);
    expect(() => idx.restoreSync([{ id: 'x', text: 42 as unknown as string }])).toThrow(/docs\[0\]\.text: expected a string/);
    expect(() => idx.addSync([{ id: 'new', text: 'caf\uFFFD' }])).toThrow(/U\+FFFD/);
  });
});
