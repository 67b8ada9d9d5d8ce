// A commit hands the vector store a reader for the rows it lets go; that reader must not keep
// the commit's parts alive (the batch's graph changes and state closures) until the next commit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMemoryVectorStore } from '@rag/core';
import { createGraphStore } from '@rag/graph-store';
import { afterEach, describe, expect, it } from 'vitest';
import { persistIndex, type PersistCache, type PersistParts } from './persist.js';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const parts = (vectors: ReturnType<typeof createMemoryVectorStore>): PersistParts => ({
  manifest: {
    embedderId: 'test',
    dimensions: 2,
    docs: 0,
    chunks: 0,
    sentences: 0,
    nodes: 0,
    edges: 0,
    gearHeads: 0,
    createdAt: 'now',
    updatedAt: 'now',
    namespace: 'idx/',
    vectorStoreId: vectors.id,
    keywordIndexId: 'none',
    extractorId: 'none',
    txn: 1,
    vectorsPersisted: true,
    keywordPersisted: false,
    versions: {},
  },
  state: () => ({ docs: [], chunks: [], summaries: [], communities: [], gear: { nodes: [], edges: [] } }),
  graph: createGraphStore(),
  vectors,
});

describe('persistIndex', () => {
  it('lets the parts go once committed, while the store can still read its released rows back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rag-persist-'));
    dirs.push(dir);
    const vectors = createMemoryVectorStore({ precision: 'int8' });
    await vectors.upsert('idx/chunks', [{ id: 'c1', docId: 'd1', vector: new Float32Array([0.6, 0.8]) }]);
    let p: PersistParts | undefined = parts(vectors);
    const ref = new WeakRef(p);
    await persistIndex(dir, p, { vectors: new Map() } satisfies PersistCache);
    p = undefined;
    expect(vectors.rowsHeld?.('idx/chunks')).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    gc();
    expect(ref.deref()).toBeUndefined();
    const hits = await vectors.search('idx/chunks', new Float32Array([0.6, 0.8]), 1);
    expect(hits.map((h) => h.id)).toEqual(['c1']);
  });
});
