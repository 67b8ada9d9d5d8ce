// The analyzer is part of a stored BM25 index: a new index keeps identifiers whole, reopens with
// the same analyzer from either stored form, and an index stored before the analyzer was recorded
// still opens and analyses questions as its documents were analysed (plain words).
import { describe, expect, it } from 'vitest';
import { decodeBinaryFile, encodeBinaryFile } from '../binary/binary-file.js';
import { decodeBm25TermColumns, encodeBm25TermColumns } from './bm25-term-columns.js';
import { createBm25Index, restoreBm25Columns, restoreBm25Index } from './bm25-index.js';
import { openBm25View } from './bm25-view.js';

const docs = [
  { id: 'redirect', text: 'c.redirect() sends a redirect response; the default status is 302.' },
  { id: 'body', text: 'The body limit middleware takes a maxSize option.' },
  { id: 'text', text: 'c.text() sends plain text; c.json() sends JSON.' },
];

describe('BM25 analyzer', () => {
  it('ranks the passage naming an identifier first and records the analyzer', () => {
    const idx = createBm25Index();
    idx.addSync(docs);
    expect(idx.analyze('c.redirect()')).toEqual(['c', 'redirect', 'c.redirect']);
    expect(idx.searchSync('What does c.redirect() default to?', 1)[0]!.id).toBe('redirect');
    expect(idx.termStats('maxsize').df).toBe(1);
    expect(idx.termStats('size').df).toBe(1);
    expect(idx.id).toContain('analyzer=identifiers');
    expect(idx.toJSON().analyzer).toBe('identifiers');
    expect(idx.toColumns().analyzer).toBe('identifiers');
  });

  it('reopens with the same analyzer from a snapshot, columns and the term-major segment', () => {
    const idx = createBm25Index();
    idx.addSync(docs);
    const q = 'c.redirect maxSize';
    const bytes = encodeBinaryFile('TESTKWD4', 4, encodeBm25TermColumns(idx.toColumns()), { compression: [] });
    const view = openBm25View(decodeBm25TermColumns(decodeBinaryFile(bytes, 'TESTKWD4', 'kw').sections, 'kw'));
    for (const other of [restoreBm25Index(JSON.parse(JSON.stringify(idx.toJSON()))), restoreBm25Columns(idx.toColumns()), view]) {
      expect(other.searchSync(q, 3)).toEqual(idx.searchSync(q, 3));
      expect(other.analyze(q)).toEqual(idx.analyze(q));
    }
  });

  it('opens an index stored before the analyzer was recorded with plain word terms', () => {
    const old = createBm25Index({ analyzer: 'words' });
    old.addSync(docs);
    const { analyzer: _omit, ...legacy } = old.toJSON();
    const restored = restoreBm25Index(legacy);
    expect(restored.analyze('c.redirect()')).toEqual(['c', 'redirect']);
    expect(restored.searchSync('c.redirect()', 3)).toEqual(old.searchSync('c.redirect()', 3));
    const { analyzer: _o2, ...legacyColumns } = old.toColumns();
    expect(restoreBm25Columns(legacyColumns).analyze('maxSize')).toEqual(['maxsize']);
  });

  it('rejects an unknown analyzer naming it', () => {
    expect(() => createBm25Index({ analyzer: 'stems' as never })).toThrow(/analyzer must be "words" or "identifiers", got stems/);
    expect(() => restoreBm25Index({ ...createBm25Index().toJSON(), analyzer: 'stems' })).toThrow(/analyzer/);
  });
});
