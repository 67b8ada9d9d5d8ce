// The keyword segment: written as term-major BM25 columns stored raw (version 4), read in place by
// a question (the writable index is not restored); a store whose keyword segment is a previous
// version (1: JSON, 3: document-major columns) still opens, answers the same and is rewritten as
// version 4 by compaction; a truncated or altered keyword segment fails naming the file while the previous
// generation still opens; an unknown version is refused naming the file.
import { createHash } from 'node:crypto';
import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BM25_VIEW_RESTORED, encodeBinaryFile, encodeBm25Columns, jsonSection, type Bm25Index } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { fixtureCorpus, useBuiltStore } from '../../test/support/built-store.js';
import { openIndex } from '../open-index.js';
import { decodeKeywordSegment, KEYWORD_MAGIC } from './keyword-segment.js';

const store = useBuiltStore('rag-keyword-segment-', fixtureCorpus());
interface Ref {
  file: string;
  bytes: number;
  sha256: string;
}
const manifestPath = (dir: string) => join(dir, readFileSync(join(dir, 'CURRENT'), 'utf8').trim(), 'manifest.json');
const keywordRef = (dir: string) => (JSON.parse(readFileSync(manifestPath(dir), 'utf8')) as { files: { keyword: Ref } }).files.keyword;
const versionOf = (dir: string) => new DataView(readFileSync(join(dir, 'seg', keywordRef(dir).file)).buffer).getUint32(8, true);
const questions = ['film director', 'American football team', 'river in England', 'Demon Dice game'];
const answers = async (dir: string) => {
  const idx = await openIndex(dir);
  return Promise.all(questions.map((q) => idx.keyword.search(q, 5)));
};

describe('keyword segment', () => {
  it('is written as term-major columns (version 4), which a question reads without restoring the index', async () => {
    expect(versionOf(store.built)).toBe(4);
    const idx = await openIndex(store.built);
    expect((await idx.keyword.search('film director', 3)).length).toBeGreaterThan(0);
    expect(await idx.keyword.size()).toBe(idx.chunks().length);
    expect((idx.keyword as unknown as Record<symbol, boolean>)[BM25_VIEW_RESTORED]).toBe(false);
    // an edit restores it; the answers stay those of the stored index
    const expected = await answers(store.built);
    await idx.keyword.add([{ id: 'extra', text: 'an unrelated passage about zeppelins' }]);
    expect((idx.keyword as unknown as Record<symbol, boolean>)[BM25_VIEW_RESTORED]).toBe(true);
    await idx.keyword.remove(['extra']);
    expect(await Promise.all(questions.map((q) => idx.keyword.search(q, 5)))).toEqual(expected);
  });

  it.each([
    [1, (kw: Bm25Index) => encodeBinaryFile(KEYWORD_MAGIC, 1, [jsonSection(kw.toJSON())], { deflate: true })],
    [3, (kw: Bm25Index) => encodeBinaryFile(KEYWORD_MAGIC, 3, encodeBm25Columns(kw.toColumns()), { compression: [] })],
  ])('opens a version-%i keyword segment with the same answers, and compaction rewrites it as version 4', async (version, encode) => {
    const d = store.copy(`v${version}`);
    const expected = await answers(d);
    const live = await openIndex(d);
    // rewrite the keyword segment as the previous version wrote it
    const bytes = encode(live.keyword as Bm25Index);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const ref: Ref = { file: `keyword-${sha256.slice(0, 24)}.bin`, bytes: bytes.byteLength, sha256 };
    writeFileSync(join(d, 'seg', ref.file), bytes);
    for (const path of [manifestPath(d), join(d, 'manifest.json')]) {
      const m = JSON.parse(readFileSync(path, 'utf8')) as { files: { keyword: Ref } };
      m.files.keyword = ref;
      writeFileSync(path, JSON.stringify(m, null, 2));
    }
    expect(versionOf(d)).toBe(version);
    expect(await answers(d)).toEqual(expected);
    const idx = await openIndex(d);
    await idx.keyword.search('film', 1); // read it: compaction then rewrites it
    await idx.compact();
    expect(versionOf(d)).toBe(4);
    expect(await answers(d)).toEqual(expected);
  });

  it('names a truncated or altered keyword segment, and the previous generation still opens', async () => {
    const d = store.copy('bad');
    const idx = await openIndex(d, { compactRatio: 0 });
    await idx.keyword.search('film', 1);
    await idx.ingest([{ id: 'kw-doc', title: 'Kw Doc', text: 'Kw Doc is about the zeppelin hangar of Friedrichshafen.' }]);
    const file = keywordRef(d).file;
    const path = join(d, 'seg', file);
    const good = readFileSync(path);
    truncateSync(path, statSync(path).size - 5);
    await expect(openIndex(d)).rejects.toThrow(new RegExp(`${file}.*(bytes|truncated)`));
    const previous = await openIndex(d, { generation: 'previous' });
    expect(await previous.keyword.search('zeppelin Friedrichshafen', 3)).toEqual([]);
    expect((await previous.keyword.search('film director', 3)).length).toBeGreaterThan(0);
    const altered = Buffer.from(good);
    altered[altered.length - 9]! ^= 0xff;
    writeFileSync(path, altered);
    const opened = await openIndex(d);
    await expect(async () => opened.keyword.search('film', 1)).rejects.toThrow(new RegExp(`${file}: checksum mismatch`));
  });

  it('refuses an unknown version naming the file', () => {
    const bytes = encodeBinaryFile(KEYWORD_MAGIC, 5, [jsonSection({})]);
    expect(() => decodeKeywordSegment(bytes, 'seg/keyword-x.bin')).toThrow(/seg\/keyword-x\.bin: keyword segment version 5/);
  });
});
