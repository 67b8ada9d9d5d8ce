import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RagError } from '@rag/core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createIndexer } from '../indexer.js';
import { openIndex } from '../open-index.js';
import { scanStore } from '../repair/scan-store.js';
import { assertValidDocs, checkDocInput } from './validate-docs.js';

// An older version stored documents without these checks: one test switches them off to write such a store.
const bypass = vi.hoisted(() => ({ on: false }));
vi.mock('./validate-docs.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./validate-docs.js')>();
  const { contentHash } = await import('@rag/core');
  return {
    ...real,
    validateDocs: (input: Parameters<typeof real.validateDocs>[0], failed: Parameters<typeof real.validateDocs>[1]) =>
      bypass.on ? input.map((d) => ({ ...d, metadata: d.metadata ?? {}, contentHash: contentHash(d.title, d.text) })) : real.validateDocs(input, failed),
  };
});

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const refusal = (input: unknown): RagError => {
  try {
    assertValidDocs(input);
  } catch (e) {
    if (RagError.isInstance(e)) return e;
    throw e;
  }
  throw new Error('not refused');
};

async function filesOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (d: string) => {
    for (const e of await readdir(d)) {
      const p = join(d, e);
      if ((await stat(p)).isDirectory()) await walk(p);
      else out[p.slice(dir.length)] = (await readFile(p)).toString('base64');
    }
  };
  await walk(dir);
  return out;
}

describe('assertValidDocs: the whole request, before any write', () => {
  it('returns the stored form: ids and titles in NFC, titles on one line', () => {
    const [d] = assertValidDocs([{ id: 'cafe\u0301', title: ' A\ttitle\nhere ', text: 'text' }]);
    expect(d).toMatchObject({ id: 'caf\u00e9', title: 'A title here', text: 'text', metadata: {} });
    expect(assertValidDocs([{ id: 'x', title: '  ', text: 't' }])[0]!.title).toBeUndefined();
  });

  it('lists every problem, each naming its input, with the first one’s code', () => {
    const e = refusal([
      { id: 'ok', text: 'fine' },
      { id: 'bad', text: 'caf\uFFFD' },
      { id: ' ', text: 'fine' },
      { id: 'm', text: 'fine', metadata: { note: 'x\ud800' } },
      { id: 'u', text: 'fine', extra: true },
      { id: 'long', title: 'x'.repeat(1025), text: 'fine' },
      { id: 'ok', text: 'again' },
    ]);
    expect(e.code).toBe('RAG_INVALID_TEXT');
    expect(e.message).toMatch(/^docs\[1\]\.text: contains U\+FFFD/);
    expect(e.message).toContain('docs[2].id: must not be whitespace only');
    expect(e.message).toContain('docs[3].metadata: note: contains unpaired UTF-16 surrogates');
    expect(e.message).toMatch(/docs\[4\]: Unrecognized key: "extra"/);
    expect(e.message).toContain('docs[5].title: is 1025 bytes of UTF-8, over the 1024-byte limit');
    expect(e.message).toContain('docs[6].id: duplicates docs[0].id "ok"');
    expect(e.message).toMatch(/nothing was stored$/);
  });

  it('refuses oversized metadata and names documents as the caller asks', () => {
    const r = checkDocInput({ id: 'a', text: 't', metadata: { big: 'x'.repeat(70_000) } }, 0, 'file "a.md"');
    expect('problems' in r && r.problems[0]!.message).toMatch(/^file "a.md"\.metadata: is \d+ bytes of JSON, over the 65536-byte limit/);
    expect(refusal([{ id: 'a', text: '' }]).code).toBe('RAG_EMPTY_TEXT');
  });
});

describe('Indexer.ingest never stores what the rules refuse', () => {
  it('a [good, bad] call stores only the good one, and the bad one never reaches the keyword index or the disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rag-validate-'));
    dirs.push(dir);
    const idx = createIndexer({ dir });
    await idx.ingest([{ id: 'seed', text: 'A seed document about harbours.' }]);
    const before = await filesOf(dir);
    const r = await idx.ingest([{ id: 'bad', text: 'caf\uFFFD au lait' }, { id: 'zw\u200B', text: 'zero width id' }]);
    expect(r.added).toEqual([]);
    expect(r.failed.map((f) => f.id)).toEqual(['bad', 'zw\u200B']);
    expect(idx.getDoc('bad')).toBeUndefined();
    expect(await filesOf(dir)).toEqual(before);
  });

  it('a store holding a refused document opens and searches; scanStore reports it; removeDocs removes it in one commit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rag-validate-'));
    dirs.push(dir);
    const idx = createIndexer({ dir });
    await idx.ingest([
      { id: 'seed', text: 'A seed document about harbours.' },
      { id: 'two', text: 'Another one about ships.' },
    ]);
    // what an older version did: the document entered the state, the keyword index threw, and
    // the next valid ingest committed it (its chunk is in that commit's keyword delta)
    bypass.on = true;
    await expect(idx.ingest([{ id: 'four', text: 'A fourth about harbours.' }, { id: 'bad', text: 'A b\uFFFDd document about harbours.' }])).rejects.toThrow(/U\+FFFD/);
    bypass.on = false;
    await idx.ingest([{ id: 'three', text: 'A third about harbours.' }]);
    const reopened = await openIndex(dir);
    expect(reopened.getDoc('bad')!.text).toContain('\uFFFD');
    // the keyword index loads and answers (the old bug left the refused batch out of it)
    expect((await reopened.keyword.search('harbours', 5)).map((h) => h.id.split('::')[0]).sort()).toEqual(['seed', 'three']);
    const scan = scanStore(reopened);
    expect(scan.docs).toBe(5);
    expect(scan.refusedDocs).toEqual([{ id: 'bad', problems: [expect.stringMatching(/^doc\.text: contains U\+FFFD/)] }]);
    const journal = async () => (await readFile(join(dir, 'journal.jsonl'), 'utf8')).trim().split('\n').length;
    const lines = await journal();
    expect(await reopened.removeDocs(['bad', 'two', 'missing'])).toEqual(['bad', 'two']);
    expect((await journal()) - lines).toBe(2);
    const after = await openIndex(dir);
    expect(after.docs().map((d) => d.id).sort()).toEqual(['four', 'seed', 'three']);
    expect(scanStore(after).refusedDocs).toEqual([]);
  });
});
