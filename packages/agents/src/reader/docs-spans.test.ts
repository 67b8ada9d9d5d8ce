import { describe, expect, it } from 'vitest';
import { docsSpans, isTechnicalText, shapeOf, type SpanShape } from './docs-spans.js';
import { defaultCells } from './default-table.js';

describe('docsSpans', () => {
  it('types code spans by their shape', () => {
    const shapes: Record<string, SpanShape> = {
      QUILL_MAIL_HOST: 'env',
      '--watch': 'flag',
      '404': 'status',
      '@quill/session': 'module',
      'quill/http-error': 'module',
      'ctx.redirect()': 'function',
      maxBodySize: 'option',
      '2.4.1': 'number',
      'quill build --prod': 'command',
      '4e3': 'number',
      'quill(1)': 'value',
    };
    const read = Object.fromEntries(Object.keys(shapes).map((code) => [code, shapeOf(code)]));
    expect(read).toEqual(shapes);
  });

  it('marks the value a default marker names, and only that one', () => {
    const text = '- **Default:** `5_000` on servers, `15_000` if `edge` is `true`';
    const spans = docsSpans(text);
    expect(spans.filter((s) => s.isDefault).map((s) => s.text)).toEqual(['5_000']);
    expect(docsSpans('The limit defaults to `1mb`.').find((s) => s.text === '1mb')?.isDefault).toBe(true);
    expect(docsSpans('Set `strict` (default: `false`) to reject unknown keys.').find((s) => s.text === 'false')?.isDefault).toBe(true);
    expect(docsSpans('The default is to retry 20 times.').find((s) => s.text === '20')?.isDefault).toBe(true);
    // A bare identifier or literal after a default marker; an English word is none.
    expect(docsSpans('The signing algorithm. The default is HS512.').find((s) => s.text === 'HS512')?.isDefault).toBe(true);
    expect(docsSpans('It defaults to false here.').find((s) => s.text === 'false')?.isDefault).toBe(true);
    expect(docsSpans('The default is used when nothing is set.').map((s) => s.text)).toEqual([]);
    // A manual page's `quote' is not a code span.
    expect(docsSpans("The string `{}' is allowed within the command, and `;' must end it.").some((s) => s.text.includes('is allowed'))).toBe(false);
    // An encyclopaedia's ``title'' quotes are not code, and do not make the text technical.
    const tex = "She sang ``Blue Harbour'' in 1990 and ``Grey Dawn'' in 1992.";
    expect(docsSpans(tex).filter((s) => s.code)).toEqual([]);
    expect(isTechnicalText(tex)).toBe(false);
    expect(isTechnicalText('Set `maxSize` to 10.')).toBe(true);
    expect(docsSpans('It answers with 302 by default.').find((s) => s.text === '302')).toMatchObject({ shape: 'status', isDefault: true });
    // "default <noun phrase> is x" and a clause opened by "By default" that names its value
    expect(docsSpans('Redirects; the default status code is `307`.').find((s) => s.text === '307')?.isDefault).toBe(true);
    expect(docsSpans('A custom hash function. By default, it uses `MD5`.').find((s) => s.text === 'MD5')?.isDefault).toBe(true);
    expect(docsSpans('By default the pool is set to `threads`.').find((s) => s.text === 'threads')?.isDefault).toBe(true);
    // the marker's clause ends before the value: not the default
    expect(docsSpans('By default, nothing is cached. Pass `maxAge` to cache.').find((s) => s.text === 'maxAge')?.isDefault).toBe(false);
    expect(docsSpans('The default port is fine; set `port` to change it.').find((s) => s.text === 'port')?.isDefault).toBe(false);
    expect(docsSpans('It answers with 302 on success.').find((s) => s.text === '302')?.isDefault).toBe(false);
  });

  it('strips string quotes and finds bare env vars, flags and quantities outside code', () => {
    expect(docsSpans("- **Default:** `'forks'`")[0]).toMatchObject({ text: 'forks', isDefault: true });
    const bare = docsSpans('Set QUILL_MAIL_HOST or pass --mail-host; the store takes 5.9 KB per entry.');
    expect(bare.map((s) => `${s.text}:${s.shape}`)).toEqual(['QUILL_MAIL_HOST:env', '--mail-host:flag', '5.9 KB:quantity']);
  });

  it('reads the Default column of a markdown table', () => {
    const table = '| Option | Default | Description |\n|---|---|---|\n| `maxBodySize` | `1mb` | Largest body. |\n| `strict` | `false` | Reject unknown keys. |';
    expect(defaultCells(table).map((c) => c.value)).toEqual(['1mb', 'false']);
    expect(defaultCells('| Option | Description |\n|---|---|\n| `a` | b |')).toEqual([]);
  });

  it('tells technical text from prose', () => {
    expect(isTechnicalText('Use `ctx.json()` to reply.')).toBe(true);
    expect(isTechnicalText('Anna Vell (born 1901) was a painter.')).toBe(false);
  });
});
