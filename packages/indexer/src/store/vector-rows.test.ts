// A build's embedded vector store lets the int8 rows of a committed namespace go (vector-rows.ts,
// MemoryVectorStore.releaseRows): later upserts and deletes do not read them back, the next
// commits write the same files as a store that kept every row, and reads (also after a reopen
// and after a fold into a new base) answer as before.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryVectorStore, type MemoryVectorStore } from '@rag/core';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCorpus } from '../../test/support/built-store.js';
import { createIndexer } from '../indexer.js';
import { openIndex } from '../open-index.js';

const root = mkdtempSync(join(tmpdir(), 'rag-vector-rows-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The vector files of the current generation, by namespace: file name → sha256. */
function vectorFiles(dir: string): Record<string, string> {
  const gen = readFileSync(join(dir, 'CURRENT'), 'utf8').trim();
  const m = JSON.parse(readFileSync(join(dir, gen, 'manifest.json'), 'utf8')) as { files: { vectors: Record<string, { file: string; deltas: { file: string }[] }> } };
  const out: Record<string, string> = {};
  for (const ref of Object.values(m.files.vectors))
    for (const file of [ref.file, ...ref.deltas.map((d) => d.file)]) out[file] = createHash('sha256').update(readFileSync(join(dir, 'seg', file))).digest('hex');
  return out;
}

describe('vector rows released after a commit', () => {
  it('writes and reads as a store that keeps its rows: deltas while released, reopen, fold', async () => {
    const corpus = fixtureCorpus(24);
    const dA = join(root, 'released');
    const dB = join(root, 'kept');
    const a = createIndexer({ dir: dA, checkpointEvery: 6 });
    // the same store without releaseRows: every row stays in memory, as before
    const kept: MemoryVectorStore = { ...createMemoryVectorStore({ precision: 'int8' }), releaseRows: undefined };
    const b = createIndexer({ dir: dB, checkpointEvery: 6, vectors: kept });
    const both = async (f: (i: typeof a) => Promise<unknown>) => {
      await f(a);
      await f(b);
    };
    await both((i) => i.ingest(corpus.slice(0, 18)));
    const va = a.vectors as MemoryVectorStore;
    const spaces = (['chunks', 'sentences', 'summaries'] as const).map((n) => a.namespaceOf(n));
    for (const ns of spaces) expect(va.rowsHeld!(ns)).toBe(false);
    // upserts (new and changed documents) and deletes (a removed document) while released
    await both((i) => i.ingest([...corpus.slice(18), { ...corpus[2]!, text: `${corpus[2]!.text} It was revised later.` }]));
    await both((i) => i.remove(corpus[4]!.id));
    for (const ns of spaces) {
      expect(va.rowsHeld!(ns)).toBe(false);
      expect(await va.count(ns)).toBe(await kept.count(ns));
      expect(await va.count(ns, { docId: corpus[4]!.id })).toBe(0);
    }
    expect(va.namespaces()).toEqual(kept.namespaces());
    expect(vectorFiles(dA)).toEqual(vectorFiles(dB));
    expect(readdirSync(join(dA, 'seg')).filter((f) => f.startsWith('vec-')).sort()).toEqual(readdirSync(join(dB, 'seg')).filter((f) => f.startsWith('vec-')).sort());

    const q = (await a.embedder.embed(['revised later film']))[0]!;
    for (const ns of spaces) {
      expect(await va.search(ns, q, 5)).toEqual(await kept.search(ns, q, 5));
      expect(va.rowsHeld!(ns)).toBe(true);
    }
    // reopened from the same files: the same answers (a reopen replays deltas as floats, open-index.ts)
    const reopened = await openIndex(dA);
    const reopenedKept = await openIndex(dB);
    for (const ns of spaces) {
      expect(await reopened.vectors.search(ns, q, 5)).toEqual(await reopenedKept.vectors.search(ns, q, 5));
      expect(await reopened.vectors.count(ns)).toBe(await kept.count(ns));
    }

    // released again by the next commit, then folded whole from the files (no rows read back)
    await both((i) => i.ingest([{ id: 'late', title: 'Late', text: 'Late is a passage about the harbour of Valletta.' }]));
    for (const ns of spaces) expect(va.rowsHeld!(ns)).toBe(true); // searched since the previous commit: kept
    await both((i) => i.ingest([{ id: 'later', title: 'Later', text: 'Later is a passage about the port of Gozo.' }]));
    for (const ns of spaces) expect(va.rowsHeld!(ns)).toBe(false);
    await both((i) => i.compact());
    for (const ns of spaces) expect(va.rowsHeld!(ns)).toBe(false);
    const folded = vectorFiles(dA);
    expect(folded).toEqual(vectorFiles(dB));
    expect(Object.keys(folded)).toHaveLength(Object.keys(folded).filter((f) => !f.includes('-d-')).length);
    const again = await openIndex(dA);
    for (const ns of spaces) {
      expect(await again.vectors.search(ns, q, 5)).toEqual(await kept.search(ns, q, 5)); // a base alone: the stored codes as they are
      expect(await again.vectors.count(ns)).toBe(await kept.count(ns));
    }
  });

  it('an opened store writes to a namespace it has not read without reading its rows, and commits what a store that read them commits', async () => {
    const corpus = fixtureCorpus(16);
    const built = join(root, 'opened');
    const b = createIndexer({ dir: built, checkpointEvery: 5 });
    await b.ingest(corpus.slice(0, 14));
    await b.ingest([{ ...corpus[1]!, text: `${corpus[1]!.text} A delta segment follows.` }]);
    const [dA, dB] = ['opened-a', 'opened-b'].map((n) => join(root, n));
    cpSync(built, dA!, { recursive: true });
    cpSync(built, dB!, { recursive: true });
    const a = await openIndex(dA!);
    const read = await openIndex(dB!);
    const spaces = (['chunks', 'sentences', 'summaries'] as const).map((n) => a.namespaceOf(n));
    const q = (await a.embedder.embed(['film director born']))[0]!;
    for (const ns of spaces) await read.vectors.search(ns, q, 3); // loads every row, as before
    for (const i of [a, read]) {
      await i.ingest(corpus.slice(14));
      await i.remove(corpus[3]!.id);
    }
    const va = a.vectors as MemoryVectorStore;
    for (const ns of spaces) {
      expect(va.isLoaded(ns)).toBe(true); // written to: its ids, doc ids and metadata are held
      expect(va.rowsHeld!(ns)).toBe(false);
      expect(await va.count(ns)).toBe(await read.vectors.count(ns));
    }
    expect(vectorFiles(dA!)).toEqual(vectorFiles(dB!));
    for (const ns of spaces) expect(await va.search(ns, q, 5)).toEqual(await read.vectors.search(ns, q, 5));
  });
});
