// The edit log travels with the store: JSON snapshots (saveGraph / loadGraph) and graph format 2
// (the read view sees edited data without building graphology; undo works after a reopen), old
// stores open with an empty log, and the indexes stay exact under random edits and undos.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RagError, decodeBinaryFile } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from './algorithms/random.js';
import { BORN, WON, prov, sample } from './edit-fixtures.js';
import { GRAPH_BINARY_MAGIC } from './graph-codec.js';
import { encodeGraph } from './graph-encode.js';
import { createGraphStore } from './graph-store.js';
import { openGraph } from './open-graph.js';
import { loadGraph, saveGraph } from './persistence.js';

describe('the edit log is persisted', () => {
  function edited() {
    const s = sample();
    s.updateEntity('person:marie curie', { name: 'Maria Skłodowska-Curie', type: 'Scientist', description: 'chemist' }, { actor: 'ana', reason: 'canonical name' });
    s.createRelation({ source: 'person:marie curie', target: 'person:pierre curie', relation: 'married to' });
    s.updateRelation(WON, { relation: 'received', confidence: 1 });
    s.removeRelation(BORN);
    s.updateEntity('city:warsaw', { name: 'Warszawa' });
    s.undoEdit();
    return s;
  }
  const RECEIVED = 'person:marie curie -[received]-> award:nobel prize';
  const MARRIED = 'person:marie curie -[married_to]-> person:pierre curie';

  it('round-trips through saveGraph / loadGraph; undo works after the reopen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rag-graph-edits-'));
    try {
      const s = edited();
      await saveGraph(s, dir);
      const loaded = await loadGraph(dir);
      expect(loaded.toJSON()).toEqual(s.toJSON());
      expect(loaded.editLog()).toEqual(s.editLog());
      expect(loaded.getNode('person:marie curie')).toMatchObject({ name: 'Maria Skłodowska-Curie', type: 'Scientist', description: 'chemist' });
      expect(loaded.undoEdit().id).toBe('edit-4');
      expect(loaded.getEdge(BORN)).toEqual(sample().getEdge(BORN));
      // ids continue after the reopen
      expect(loaded.updateEntity('city:warsaw', { description: 'capital' }).id).toBe('edit-6');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('round-trips through graph format 2: the read view sees the edits without building graphology', () => {
    const s = edited();
    const view = openGraph(encodeGraph(s.toJSON()), 'graph.bin');
    expect(view.editLog()).toEqual(s.editLog());
    expect(view.findByName('Maria Sklodowska Curie').map((n) => n.id)).toEqual(['person:marie curie']);
    expect(view.findByName('marie curie').map((n) => n.id)).toEqual(['person:marie curie']);
    expect(view.getNode('person:marie curie')).toMatchObject({ type: 'Scientist', description: 'chemist' });
    expect(view.toRef('person:marie curie').type).toBe('Scientist');
    expect(view.edgesOf('person:marie curie').map((e) => e.id).sort()).toEqual([MARRIED, RECEIVED]);
    expect(view.getEdge(MARRIED)).toEqual(s.getEdge(MARRIED));
    expect(view.getEdge(BORN)).toBeUndefined();
    expect(view.relationTypes()).toEqual(['married_to', 'received']);
    expect(view.neighbors('person:pierre curie')).toEqual(['person:marie curie']);
    expect(view.isMaterialized()).toBe(false);
    // undo after reopen: the view materialises and restores
    const v = view.version;
    view.undoEdit('edit-4');
    view.undoEdit('edit-3');
    expect(view.isMaterialized()).toBe(true);
    expect(view.version).toBeGreaterThan(v);
    expect(view.getEdge(BORN)).toBeDefined();
    expect(view.getEdge(WON)).toMatchObject({ relation: 'won', confidence: 0.8 });
    expect(view.editLog().filter((r) => r.undone).map((r) => r.id)).toEqual(['edit-3', 'edit-4', 'edit-5']);
  });

  it('stores without an edit log open with an empty one', async () => {
    const plain = sample();
    const bytes = encodeGraph(plain.toJSON());
    // version 5 keeps one layout: an empty edit log, the adjacency rows, the name index, the merge log's tables
    expect(decodeBinaryFile(bytes, GRAPH_BINARY_MAGIC, 'graph.bin').sections).toHaveLength(51);
    expect(openGraph(bytes, 'graph.bin').editLog()).toEqual([]);
    const { editLog: _, ...older } = plain.toJSON();
    const reopened = createGraphStore({ snapshot: JSON.parse(JSON.stringify(older)) });
    expect(reopened.editLog()).toEqual([]);
    expect(reopened.updateEntity('city:warsaw', { name: 'Warszawa' }).id).toBe('edit-1');
    expect(decodeBinaryFile(encodeGraph(reopened.toJSON()), GRAPH_BINARY_MAGIC, 'graph.bin').sections).toHaveLength(51);
    const dir = await mkdtemp(join(tmpdir(), 'rag-graph-edits-'));
    try {
      await saveGraph(plain, dir);
      expect((await loadGraph(dir)).editLog()).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a snapshot whose edit log is malformed', () => {
    const snap = edited().toJSON();
    let caught: unknown;
    try {
      createGraphStore({ snapshot: { ...snap, editLog: [{ id: 'edit-1', kind: 'entity.rename' }] } });
    } catch (err) {
      caught = err;
    }
    expect(RagError.isInstance(caught, 'RAG_INVALID_INPUT')).toBe(true);
    expect((caught as RagError).message).toContain('snapshot.editLog');
  });
});

describe('indexes stay exact under random edits, merges and undos', () => {
  it('answers as a store rebuilt from its own snapshot, for several seeds', () => {
    for (const seed of [1, 2, 3]) {
      const rng = mulberry32(seed);
      const pick = <T,>(xs: T[]): T => xs[Math.floor(rng() * xs.length)]!;
      const s = createGraphStore();
      const names = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay'];
      const labels = ['r', 's', 't'];
      const everyName = [...names];
      let done = 0;
      for (let i = 0; i < 300; i++) {
        const op = rng();
        const ids = [...s.nodes()].map((n) => n.id);
        const edges = [...s.edges()].map((e) => e.id);
        try {
          if (op < 0.25) s.addTriple({ head: pick(names), relation: pick(labels), tail: pick(names), provenance: [prov(`c${i % 5}`)], confidence: rng() });
          else if (op < 0.35 && ids.length) {
            const name = `${pick(names)} ${i}`;
            everyName.push(name);
            s.updateEntity(pick(ids), rng() < 0.5 ? { name } : { aliases: [pick(names)], description: rng() < 0.5 ? null : `d${i}` });
          }
          else if (op < 0.45 && ids.length) s.createRelation({ source: pick(ids), target: pick(ids), relation: pick(labels) });
          else if (op < 0.55 && edges.length) s.updateRelation(pick(edges), rng() < 0.5 ? { relation: pick(labels) } : { confidence: rng() });
          else if (op < 0.62 && edges.length) s.removeRelation(pick(edges));
          else if (op < 0.77) s.undoEdit(rng() < 0.7 ? undefined : `edit-${1 + Math.floor(rng() * 40)}`);
          else if (op < 0.85 && ids.length > 1) s.merge(pick(ids), pick(ids));
          else if (op < 0.9) s.undoMerge();
          else s.removeChunks([`c${i % 5}`]);
          done++;
        } catch (err) {
          // refused operations (conflicts, nothing to undo, …) are expected; anything else is a bug
          expect(RagError.isInstance(err), String(err)).toBe(true);
        }
        if (i % 25 === 0 || i === 299) {
          const rebuilt = createGraphStore({ snapshot: JSON.parse(JSON.stringify(s.toJSON())) });
          expect(rebuilt.toJSON()).toEqual(s.toJSON());
          // every name ever used, so a key left behind by a rename would show
          for (const name of everyName) expect(s.findByName(name)).toEqual(rebuilt.findByName(name));
          expect(s.relationTypes()).toEqual(rebuilt.relationTypes());
          expect(s.chunkIds()).toEqual(rebuilt.chunkIds());
          for (const c of rebuilt.chunkIds()) expect(s.factsOfChunk(c)).toEqual(rebuilt.factsOfChunk(c));
        }
      }
      expect(done).toBeGreaterThan(150);
      expect(s.editLog().some((r) => r.undone)).toBe(true);
    }
  });
});
