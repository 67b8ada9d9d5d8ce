import { describe, expect, it } from 'vitest';
import { readAnswer } from './read-answer.js';
import { docsQuestion } from './docs-question.js';
import { sentencesOf } from './test-passages.js';

// Fixture passages written for these tests, in the style of a web framework's middleware docs:
// an options table whose Default column is a boolean that switches a header on, the header's
// value stated in another column.
const HEADERS =
  '## Options\n\n| Option | Header | Value | Default |\n|---|---|---|---|\n| `frameGuard` | X-Frame-Options | `SAMEORIGIN` | `true` |\n| `originPolicy` | Origin-Policy | `same-origin-only` | `true` |\n| `hostPrefetch` | X-Host-Prefetch | `off` | `false` |';
const CHECKSUM = 'The `digest()` middleware adds a checksum header to each response. It hashes the body with `SHA-256` by default; pass `{ algorithm }` to choose another. `weak` is `false` by default.';
const FLAGS = '| Option | Default | Description |\n|---|---|---|\n| `isolate` | `true` | Run each file in its own context. |';

async function answer(query: string, ...texts: string[]) {
  const sents = sentencesOf(query, ...texts);
  return (await readAnswer({ query, sents, pool: sents.slice(0, 6), exclude: [] })).answer;
}

describe('option defaults of a kind no boolean is', () => {
  it('reads whether the head noun names a kind of value', () => {
    expect(docsQuestion('What Origin-Policy does guardHeaders() send by default?').kindAsked).toBe(true);
    expect(docsQuestion('Which hashing algorithm does the digest middleware use by default?').kindAsked).toBe(true);
    expect(docsQuestion('What is the default value of `isolate`?').kindAsked).toBe(false);
    expect(docsQuestion('What does `isolate` default to?').kindAsked).toBe(false);
  });

  it("answers the row's value, not the boolean Default cell", async () => {
    expect((await answer('What Origin-Policy does guardHeaders() send by default?', HEADERS))?.text).toBe('same-origin-only');
  });

  it('answers the value a sentence states as the default, not a boolean of another option', async () => {
    expect((await answer('Which hashing algorithm does the digest middleware use by default?', CHECKSUM))?.text).toBe('SHA-256');
  });

  it('still answers a boolean default when the value itself is asked', async () => {
    expect((await answer('What is the default value of `isolate`?', FLAGS))?.text).toBe('true');
  });
});
