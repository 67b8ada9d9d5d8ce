// An index with no directory of its own, saved into one (rag-eval's cache saves to a temporary
// directory and renames it), keeps every row in memory: its answers do not depend on that
// directory staying where it was.
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIndexer } from '../indexer.js';
import { openIndex } from '../open-index.js';

const root = mkdtempSync(join(tmpdir(), 'rag-save-snapshot-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('save() of an index without a dir', () => {
  it('answers the same after the directory it was saved to is moved, and the moved store opens', async () => {
    const ix = createIndexer({ extractor: false, resolver: false, gearHeads: 0 });
    await ix.ingest(Array.from({ length: 30 }, (_, i) => ({ id: `d${i}`, text: `document ${i} about rivers and castles, number ${i}` })));
    const q = (await ix.embedder.embed(['rivers and castles']))[0]!;
    const before = await ix.vectors.search(ix.namespaceOf('chunks'), q, 5);
    await ix.save(join(root, 'tmp'));
    renameSync(join(root, 'tmp'), join(root, 'final'));
    expect(await ix.vectors.search(ix.namespaceOf('chunks'), q, 5)).toEqual(before);
    const reopened = await openIndex(join(root, 'final'), { extractor: false, resolver: false });
    // the same ranking; scores agree to 1e-6 but are not bit-identical (differences seen in the 7th digit; cause not established)
    const after = await reopened.vectors.search(reopened.namespaceOf('chunks'), q, 5);
    expect(after.map((h) => h.id)).toEqual(before.map((h) => h.id));
    after.forEach((h, i) => expect(h.score).toBeCloseTo(before[i]!.score, 6));
  });
});
