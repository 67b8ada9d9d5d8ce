import { describe, expect, it } from 'vitest';
import { docsEntries, entryMatch, entryValues } from './docs-entries.js';
import { readAnswer } from './read-answer.js';
import { sentencesOf } from './test-passages.js';

// Fixture text written for these tests, in the layouts API references use.
const ITEMS = [
  '* **idleTimeout** `number | null` (optional) - Default: `3e3` - The time, in milliseconds, after which a socket with no open requests is closed.',
  '* **idleMaxTimeout** `number | null` (optional) - Default: `300e3` - The largest idle time a server hint may set.',
  '* **useH3**: `boolean` - Default: `false`. Turns on HTTP/3 when the server offers it during negotiation.',
  '  It is ignored for plain HTTP.',
  '- Use `quill.close()` to end every socket.',
].join('\n');
const HEADINGS = '##### maxBody\n\nSets the largest request body accepted. Defaults to `\'200kb\'`.\n\n##### strictJson\n\nWhen on, only arrays and objects are accepted. Defaults to `true`.';
const ROWS = '| Error | Code | Description |\n|---|---|---|\n| `BodyTooLargeError` | `Q_ERR_BODY_SIZE` | the body is larger than allowed |\n| `IdleError` | `Q_ERR_IDLE` | the socket stayed idle too long |';

describe('docsEntries', () => {
  it('reads list items headed by a bold or code name, with their continuation lines', () => {
    const entries = docsEntries(ITEMS);
    expect(entries.map((e) => [e.name, e.layout])).toEqual([['idleTimeout', 'item'], ['idleMaxTimeout', 'item'], ['useH3', 'item']]);
    expect(entries[2]!.text).toMatch(/ignored for plain HTTP/);
    expect(ITEMS.slice(entries[0]!.start, entries[0]!.end)).toBe(entries[0]!.text);
  });

  it('reads a heading that is a name with its paragraphs, and table rows headed by code', () => {
    expect(docsEntries(HEADINGS).map((e) => [e.name, e.layout])).toEqual([['maxBody', 'heading'], ['strictJson', 'heading']]);
    expect(docsEntries(HEADINGS)[0]!.text).toMatch(/200kb/);
    expect(docsEntries(ROWS).map((e) => [e.name, e.layout])).toEqual([['BodyTooLargeError', 'row'], ['IdleError', 'row']]);
  });

  it('reads term lines as manual pages write options and keywords, with their paragraphs', () => {
    const man = '-q or --quiet\nPrints nothing.\n\n--max-hops <num>\nSets the most hops to follow. By default, the limit is set to 40 hops.\n\nRetryCount\nSpecifies the number of tries. The default is 2.';
    const entries = docsEntries(man);
    expect(entries.map((e) => [e.name, e.layout])).toEqual([['-q or --quiet', 'term'], ['--max-hops', 'term'], ['RetryCount', 'term']]);
    expect(entryValues(entries[1]!).filter((v) => v.isDefault).map((v) => v.text)).toEqual(['40']);
    expect(entryValues(entries[2]!).filter((v) => v.isDefault).map((v) => v.text)).toEqual(['2']);
  });

  it('reads a numbered list of exit codes as entries, and answers which exit status with the number', async () => {
    const codes = 'The tool may return one of these exit codes.\n\n0\nSuccess.\n\n6\nCould not resolve the host.\n\n7\nFailed to connect to the host.\n\n28\nOperation timeout. The time limit was reached.';
    expect(docsEntries(codes).map((e) => e.name)).toEqual(['0', '6', '7', '28']);
    const q = 'Which exit status means the tool gave up because its time limit was reached?';
    const sents = sentencesOf(q, codes);
    expect((await readAnswer({ query: q, sents, pool: sents.slice(0, 6), exclude: [] })).answer?.text).toBe('28');
  });

  it('reads a heading with badges before the name and its type after it', () => {
    const badged = '#### <Badge type="danger" text="required" /> secret: `string`\n\nThe key that signs the token.\n\n#### <Badge type="info" text="optional" /> alg: [Algorithms](#algorithms)\n\nThe signing algorithm. The default is HS512.';
    expect(docsEntries(badged).map((e) => [e.name, e.layout])).toEqual([['secret', 'heading'], ['alg', 'heading']]);
  });

  it('does not take a field label or a plain word for a name', () => {
    expect(docsEntries('- **Type:** `number`\n- **Default:** `5`\n- Use `x` here.')).toEqual([]);
  });

  it('matches question words on a stem and marks the default among the values', () => {
    const [idle] = docsEntries(ITEMS);
    expect(entryMatch(idle!, ['socket', 'requests', 'closing'], false)).toBe(3);
    expect(entryMatch(idle!, ['socket'], true)).toBe(3);
    expect(entryMatch(idle!, ['socket', 'quill'], false, 'quill — Client options')).toBe(2);
    expect(entryValues(idle!).filter((v) => v.isDefault).map((v) => v.text)).toEqual(['3e3']);
  });

  it('reads "shortest" as minimum and "largest" as maximum, in words and in a name', () => {
    const [lo, hi] = docsEntries('- **minDelay** `number` - Wait before a retry. Default: `250`\n- **maxDelay** `number` - Maximum wait before a retry. Default: `9000`');
    expect(entryMatch(lo!, ['shortest', 'wait', 'retry'], false)).toBe(3);
    expect(entryMatch(hi!, ['shortest', 'wait', 'retry'], false)).toBe(2);
    expect(entryMatch(hi!, ['largest', 'wait'], false)).toBe(2);
  });
});

describe('the docs reader over entries', () => {
  async function answer(query: string, ...texts: string[]) {
    const sents = sentencesOf(query, ...texts);
    return (await readAnswer({ query, sents, pool: sents.slice(0, 6), exclude: [] })).answer;
  }

  it("answers a value question with the best entry's default, though the default sits in another sentence", async () => {
    expect((await answer('How long may a socket with no open requests stay idle before quill closes it, by default?', ITEMS))?.text).toBe('3e3');
    expect((await answer('How large a request body does quill accept if I do not configure anything?', HEADINGS))?.text).toBe('200kb');
  });

  it("answers which option with the best entry's name, and which error code from a row", async () => {
    expect((await answer('Which quill option turns on HTTP/3 when the server offers it?', ITEMS))?.text).toBe('useH3');
    expect((await answer('Which error code does quill use when the body is larger than allowed?', ROWS))?.text).toBe('Q_ERR_BODY_SIZE');
  });
});
