import { describe, expect, it } from 'vitest';
import { askedIdentifiers, holdsIdentifier, MAX_DEPTH, readerSentences } from './docs-depth.js';
import { readDocsAnswer } from './docs-answer.js';
import { sentencesOf } from './test-passages.js';

// Fixture passages written for these tests: five passages that share the question's common
// words (middleware, default, hashing) and, ranked below them, the page of the named middleware.
const FILLER = [
  'Every middleware runs in the order it is registered; by default, errors stop the chain. The `retainedHeaders` option keeps listed headers.',
  'Hashing of cache keys uses the request URL by default. See `cacheKey` to change it.',
  'A middleware can read the default context through `c.var`.',
  'Compression middleware picks `gzip` by default when the client accepts it.',
  'Logger middleware prints the method and path by default, with `printFn` to redirect it.',
];
const ETAG_PAGE = '# Digest Tag Middleware\n\nThe `digestTag()` middleware sets the `Digest-Tag` header. It hashes the body with `SHA-1` by default.';

describe('reader depth for a named identifier', () => {
  it('reads the identifiers a question names, with or without code marks', () => {
    expect(askedIdentifiers('Which hashing algorithm does the DigestTag middleware use by default?')).toEqual(['digesttag']);
    expect(askedIdentifiers('What does `vi.fn` return with --coverage?')).toEqual(['vifn', 'coverage']);
    expect(askedIdentifiers('How large is a store of 1M passages?')).toEqual([]);
    expect(holdsIdentifier(ETAG_PAGE, undefined, 'digesttag')).toBe(true);
    expect(holdsIdentifier('The digest tag is a header.', undefined, 'digesttag')).toBe(false);
  });

  it('adds a chunk below the top five that holds the named identifier, and no other', () => {
    const q = 'Which hashing algorithm does the DigestTag middleware use by default?';
    const sents = sentencesOf(q, ...FILLER, 'Another page about routing.', ETAG_PAGE);
    const read = new Set(readerSentences(q, sents, 5).map((s) => s.rank));
    expect(read.has(6)).toBe(true);
    expect(read.has(5)).toBe(false);
    expect(Math.max(...read)).toBeLessThan(MAX_DEPTH);
    expect(readDocsAnswer(q, sents, 'other')?.text).toBe('SHA-1');
  });

  it('reads only the top five when a top chunk already holds the identifier', () => {
    const q = 'Which option keeps listed headers in the `retainedHeaders` middleware?';
    const sents = sentencesOf(q, ...FILLER, 'Another page about routing.', 'The `retainedHeaders` list is empty by default.');
    expect(Math.max(...readerSentences(q, sents, 5).map((s) => s.rank))).toBeLessThan(5);
  });
});
