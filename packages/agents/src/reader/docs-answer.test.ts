import { describe, expect, it } from 'vitest';
import { readAnswer } from './read-answer.js';
import { isDocsQuestion, readDocsAnswer } from './docs-answer.js';
import { sentencesOf } from './test-passages.js';

// Fixture passages written for these tests, in the style of a web framework's documentation.
const REDIRECT = 'Use `ctx.redirect(location)` to send the client elsewhere. The response carries status 302 by default; pass `301` as the second argument for a permanent move.';
const LIMITS = '| Option | Default | Description |\n|---|---|---|\n| `maxBodySize` | `1mb` | The largest request body accepted. |\n| `strictKeys` | `false` | Reject unknown keys. |';
const MAIL = 'The mailer connects to the host named by the `QUILL_MAIL_HOST` environment variable; without it, `localhost` is used.';
const SESSION = 'Sessions live in a separate package. Install `@quill/session` and register it with `app.use(session())`.';
const TIMEOUT = '- **Type:** `number`\n- **Default:** `5_000`\n- **CLI:** `--request-timeout=5000`\n\nTime in milliseconds a handler may take before it is aborted.';
const WATCH = 'To rebuild on every change, start the server with `quill dev --watch`. The `--watch` flag restarts the process when a file changes.';
const STORE = 'A cache of 10k entries built by `quill cache build` takes 61 MB on disk, about 6.1 KB per entry.';
const COMPACT = 'Compaction timings: `quill compact` took 26 min on the large store. An interrupted build is folded by `quill compact --store DIR`, which rewrites the store into one file and drops deleted entries.';
const EDGE = 'The file system helpers (`readFile`, `writeFile`) do not work on edge runtimes. Edge runtimes only support the fetch-based adapters.';
const STORE_CHOICE = 'The session store is chosen in code: `app.use(session({ store }))` selects it, and sessions stay in memory when no store is passed.';

async function answer(query: string, ...texts: string[]) {
  const sents = sentencesOf(query, ...texts);
  return (await readAnswer({ query, sents, pool: sents.slice(0, 6), exclude: [] })).answer;
}

describe('docs reader', () => {
  it('answers a status code asked with its default', async () => {
    expect(await answer('Which status code does ctx.redirect() use by default?', REDIRECT)).toMatchObject({ text: '302', form: 'span' });
  });

  it("answers a default from a table's Default column", async () => {
    expect((await answer('What is the default maximum body size?', LIMITS))?.text).toBe('1mb');
  });

  it("answers a default port from the row that states one, not a value of a row whose default is empty", async () => {
    const flags = '| flag | default | what it does |\n| --- | --- | --- |\n| `--port N` | 8080 | port to listen on |\n| `--mount NAME=DIR` | — | serve DIR at `/m/NAME/` under quill serve |';
    expect((await answer('What is the default port of quill serve?', flags))?.text).toBe('8080');
  });

  it('answers a default from a "Default:" field, not another number of the page', async () => {
    expect((await answer('How long may a request handler take, by default?', TIMEOUT))?.text).toBe('5_000');
  });

  it('answers an environment variable, a package and a flag by their shape', async () => {
    expect((await answer('Which environment variable selects the mail server?', MAIL))?.text).toBe('QUILL_MAIL_HOST');
    expect((await answer('Which npm package stores sessions?', SESSION))?.text).toBe('@quill/session');
    expect((await answer('How do I rebuild on every change?', WATCH))?.text).toMatch(/--watch/);
  });

  it('answers a value stated as a bare version or count in prose', async () => {
    const req = 'Quill 3 runs its dev server on `vite`; it requires Vite >= 6.4.0.';
    expect((await answer("What's the oldest Vite version Quill 3 works with?", req))?.text).toBe('6.4.0');
  });

  it('reads a yes/no question that opens with a leading clause', async () => {
    expect((await answer('In Quill 3, do the file system helpers work on edge runtimes?', EDGE))?.text).toBe('no');
  });

  it('answers a quantity with its unit', async () => {
    expect((await answer('How large is a cache of 10k entries?', STORE))?.text).toBe('61 MB');
    const timed = 'Building a cache of 10k entries with `quill cache build` took 95 s and left 61 MB on disk.';
    expect((await answer('How large is a cache of 10k entries?', timed))?.text).toBe('61 MB');
  });

  it('answers "what does X do" with the sentence, marked as a passage answer', async () => {
    expect(await answer('What does quill compact do?', COMPACT)).toMatchObject({ form: 'sentence', text: expect.stringMatching(/^An interrupted build is folded/) });
  });

  it('answers with the sentence, not a token of another shape, when no span of the asked shape is there', async () => {
    const q = 'Which environment variable selects the session store?';
    const a = await answer(q, STORE_CHOICE);
    expect(a?.form).toBe('sentence');
  });

  it('reads yes/no from a negation in the best sentence', async () => {
    expect((await answer('Do the file system helpers work on edge runtimes?', EDGE))?.text).toBe('no');
    expect((await answer('Does the mailer use the `QUILL_MAIL_HOST` environment variable?', MAIL))?.text).toBe('yes');
  });

  it('answers a choice between two identifiers from the sentences of each', async () => {
    expect((await answer('Which option rejects unknown keys: `maxBodySize` or `strictKeys`?', LIMITS))?.text).toBe('strictKeys');
  });

  it('leaves encyclopaedic prose and person questions to the encyclopaedic reader', () => {
    const prose = sentencesOf('Who painted the mural?', 'Anna Vell (born 1901) painted the mural in 1930.');
    expect(isDocsQuestion('Who painted the mural?', prose)).toBe(false);
    const docs = sentencesOf('Who maintains the `@quill/session` package?', SESSION);
    expect(readDocsAnswer('Who maintains the `@quill/session` package?', docs, 'person')).toBeUndefined();
  });
});
