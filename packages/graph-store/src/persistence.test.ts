import { mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RagError } from '@rag/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGraphStore } from './graph-store.js';
import { GRAPH_FILE, GRAPH_PREV_FILE, loadGraph, saveGraph } from './persistence.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rag-graph-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function store(n: number) {
  const s = createGraphStore({ schema: { nodeTypes: ['Entity'], relations: [{ relation: 'r', head: 'Entity', tail: 'Entity' }] } });
  for (let i = 0; i < n; i++) {
    s.addTriple({ head: `N${i}`, relation: 'r', tail: `N${i + 1}`, provenance: [{ chunkId: `c${i}`, start: 0, end: 4 }], confidence: 0.5 });
  }
  return s;
}

async function expectCode(p: Promise<unknown>, code: string): Promise<RagError> {
  try {
    await p;
  } catch (err) {
    expect(RagError.isInstance(err, code as never)).toBe(true);
    return err as RagError;
  }
  throw new Error(`expected ${code}`);
}

describe('saveGraph / loadGraph', () => {
  it('round-trips the graph, schema and merge log', async () => {
    const s = store(5);
    s.merge('entity:n1', 'entity:n2');
    await saveGraph(s, dir);
    const loaded = await loadGraph(dir);
    expect(loaded.toJSON()).toEqual(s.toJSON());
    expect(loaded.schema).toEqual(s.schema);
    expect(loaded.factsOfChunk('c0').nodes).toEqual(['entity:n0', 'entity:n1']);
    loaded.undoMerge();
    expect(loaded.hasNode('entity:n2')).toBe(true);
  });

  it('keeps the previous good snapshot as graph.prev.json and leaves no temp files', async () => {
    const first = await saveGraph(store(2), dir);
    expect(first.rotated).toBe(false);
    const second = await saveGraph(store(3), dir);
    expect(second.rotated).toBe(true);
    expect((await readdir(dir)).sort()).toEqual([GRAPH_FILE, GRAPH_PREV_FILE]);
    expect((await loadGraph(dir)).nodeCount).toBe(4);
    expect((await loadGraph(dir, { from: 'previous' })).nodeCount).toBe(3);
  });

  it('refuses a truncated snapshot with RAG_STORE_CORRUPT; the previous one still loads', async () => {
    await saveGraph(store(2), dir);
    await saveGraph(store(3), dir);
    const path = join(dir, GRAPH_FILE);
    const size = (await readFile(path)).length;
    for (const cut of [size - 1, Math.floor(size / 2), 10, 0]) {
      await saveGraph(store(3), dir);
      await truncate(path, cut);
      const err = await expectCode(loadGraph(dir), 'RAG_STORE_CORRUPT');
      expect(err.message).toContain(GRAPH_PREV_FILE);
      expect((await loadGraph(dir, { from: 'previous' })).nodeCount).toBe(4);
    }
  });

  it('refuses flipped bytes (checksum) and a forged body that fails validation', async () => {
    await saveGraph(store(2), dir);
    await saveGraph(store(3), dir);
    const path = join(dir, GRAPH_FILE);
    const raw = await readFile(path);
    const flipped = Buffer.from(raw);
    flipped[flipped.length - 20]! ^= 0x01;
    await writeFile(path, flipped);
    expect((await expectCode(loadGraph(dir), 'RAG_STORE_CORRUPT')).details.problem).toBe('checksum mismatch');
    // a well-formed header over a body that is not a graph
    const body = Buffer.from(JSON.stringify({ formatVersion: 1, nodes: 'x', edges: [], mergeLog: [] }));
    const { createHash } = await import('node:crypto');
    const header = JSON.stringify({ format: 'rag-graph', formatVersion: 1, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') });
    await writeFile(path, Buffer.concat([Buffer.from(header + '\n'), body]));
    await expectCode(loadGraph(dir), 'RAG_STORE_CORRUPT');
    await writeFile(path, 'garbage without newline');
    await expectCode(loadGraph(dir), 'RAG_STORE_CORRUPT');
    expect((await loadGraph(dir, { from: 'previous' })).nodeCount).toBe(3);
  });

  it('does not rotate a corrupt current snapshot over the good previous one', async () => {
    await saveGraph(store(2), dir);
    await saveGraph(store(3), dir);
    await truncate(join(dir, GRAPH_FILE), 5);
    await saveGraph(store(4), dir);
    expect((await loadGraph(dir)).nodeCount).toBe(5);
    expect((await loadGraph(dir, { from: 'previous' })).nodeCount).toBe(3);
  });

  it('reports an unknown format version as RAG_STORE_VERSION and a missing snapshot as RAG_NOT_FOUND', async () => {
    await saveGraph(store(1), dir);
    const path = join(dir, GRAPH_FILE);
    const raw = (await readFile(path, 'utf8')).replace('"formatVersion":1', '"formatVersion":2');
    await writeFile(path, raw);
    await expectCode(loadGraph(dir), 'RAG_STORE_VERSION');
    await expectCode(loadGraph(join(dir, 'nope')), 'RAG_NOT_FOUND');
  });
});
