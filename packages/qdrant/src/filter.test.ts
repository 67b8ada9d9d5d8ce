import { describe, expect, it } from 'vitest';
import { toQdrantFilter } from './filter.js';

const ns = { key: 'namespace', match: { value: 'n1' } };

describe('toQdrantFilter', () => {
  it('always scopes to the namespace', () => {
    expect(toQdrantFilter('n1')).toEqual({ must: [ns] });
  });

  it('maps docId to the top-level field and metadata to metadata.<key>', () => {
    expect(toQdrantFilter('n1', { docId: 'd1', lang: 'en', year: 2020, draft: false })).toEqual({
      must: [
        ns,
        { key: 'docId', match: { value: 'd1' } },
        { key: 'metadata.lang', match: { value: 'en' } },
        { key: 'metadata.year', match: { value: 2020 } },
        { key: 'metadata.draft', match: { value: false } },
      ],
    });
  });

  it('uses match.any for lists of strings or integers, a should-OR otherwise', () => {
    expect(toQdrantFilter('n1', { lang: ['en', 'fr'] })?.must[1]).toEqual({ key: 'metadata.lang', match: { any: ['en', 'fr'] } });
    expect(toQdrantFilter('n1', { v: [true, 1.5] })?.must[1]).toEqual({
      should: [
        { key: 'metadata.v', match: { value: true } },
        { key: 'metadata.v', range: { gte: 1.5, lte: 1.5 } },
      ],
    });
  });

  it('matches a float exactly with a closed range (match.value takes integers only)', () => {
    expect(toQdrantFilter('n1', { score: 0.25 })?.must[1]).toEqual({ key: 'metadata.score', range: { gte: 0.25, lte: 0.25 } });
  });

  it('returns null for an empty any-of list (matches nothing)', () => {
    expect(toQdrantFilter('n1', { lang: [] })).toBeNull();
  });

  it('refuses keys Qdrant would read as a path, and bad values', () => {
    expect(() => toQdrantFilter('n1', { 'a.b': 'x' })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => toQdrantFilter('n1', { a: Number.NaN })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => toQdrantFilter('n1', { a: null as unknown as string })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});
