// Logged, undoable entity and relation edits: each operation, its undo, conflicts, and refused
// input (which changes nothing). Persistence of the log: edit-log.test.ts.
import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { BORN, WON, data, prov, sample } from './edit-fixtures.js';
import type { GraphSchema } from './types.js';

function expectCode(fn: () => unknown, code: string, mentions?: string): RagError {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(RagError.isInstance(caught), `expected ${code}, got ${String(caught)}`).toBe(true);
  const err = caught as RagError;
  expect(err.code, err.message).toBe(code);
  if (mentions) expect(err.message).toContain(mentions);
  return err;
}

describe('updateEntity', () => {
  it('renames keeping the id; the old name stays findable as an alias; logged with reason and actor', () => {
    const s = sample();
    const v0 = s.version;
    const rec = s.updateEntity('person:marie curie', { name: 'Maria Skłodowska-Curie' }, { reason: 'full name', actor: 'ana' });
    expect(rec).toEqual({
      id: 'edit-1',
      kind: 'entity.update',
      target: 'person:marie curie',
      before: { name: 'Marie Curie', aliases: [] },
      after: { name: 'Maria Skłodowska-Curie', aliases: ['Marie Curie'] },
      reason: 'full name',
      actor: 'ana',
      at: '2024-01-01T00:00:00.000Z',
    });
    expect(s.version).toBe(v0 + 1);
    const node = s.getNode('person:marie curie')!;
    expect(node).toMatchObject({ name: 'Maria Skłodowska-Curie', aliases: ['Marie Curie'], type: 'Person' });
    expect(s.findByName('maria sklodowska curie').map((n) => n.id)).toEqual(['person:marie curie']);
    expect(s.findByName('Marie Curie').map((n) => n.id)).toEqual(['person:marie curie']);
    expect(s.edgesOf('person:marie curie').map((e) => e.id).sort()).toEqual([BORN, WON]);
    expect(s.editLog()).toEqual([rec]);
  });

  it('takes the aliases as given, sets and clears the description, retypes', () => {
    const s = sample();
    s.updateEntity('person:marie curie', { name: 'Maria Curie', aliases: ['Madame Curie', 'maria curie', ' '] });
    expect(s.getNode('person:marie curie')!.aliases).toEqual(['Madame Curie']);
    expect(s.findByName('Marie Curie')).toEqual([]);
    expect(s.findByName('madame curie').map((n) => n.id)).toEqual(['person:marie curie']);
    s.updateEntity('person:pierre curie', { description: null });
    expect(s.getNode('person:pierre curie')!.description).toBeUndefined();
    expect('description' in s.getNode('person:pierre curie')!).toBe(false);
    s.updateEntity('person:pierre curie', { description: 'French physicist' });
    expect(s.getNode('person:pierre curie')!.description).toBe('French physicist');
    s.updateEntity('award:nobel prize', { type: 'Prize' });
    expect(s.getNode('award:nobel prize')!.type).toBe('Prize');
    expect(s.toRef('award:nobel prize').type).toBe('Prize');
    // renaming to one of its aliases promotes it: it is no longer listed as an alias
    s.updateEntity('person:marie curie', { name: 'Madame Curie' });
    expect(s.getNode('person:marie curie')!.aliases).toEqual(['Maria Curie']);
  });

  it('undo restores the entity exactly and keeps what happened to it since (provenance)', () => {
    const s = sample();
    const before = data(s);
    s.updateEntity('person:pierre curie', { name: 'P. Curie', description: null, type: 'Scientist' });
    expect(s.undoEdit()).toMatchObject({ id: 'edit-1', undone: true });
    expect(data(s)).toEqual(before);
    expect(s.findByName('p curie')).toEqual([]);
    // later mentions are not the edit's business: they stay after the undo
    s.updateEntity('person:pierre curie', { description: 'physicist, chemist' });
    s.addEntity({ name: 'Pierre Curie', type: 'Person', provenance: [prov('c9')] });
    s.undoEdit('edit-2');
    expect(s.getNode('person:pierre curie')).toMatchObject({ description: 'physicist', provenance: [prov('c3'), prov('c9')] });
  });
});

describe('createRelation, updateRelation, removeRelation', () => {
  it('creates a user relation without provenance, confidence 1, marked source=user; undo removes it', () => {
    const s = sample();
    const before = data(s);
    const rec = s.createRelation({ source: 'person:marie curie', target: 'person:pierre curie', relation: 'Married to' }, { actor: 'ana' });
    const id = 'person:marie curie -[married_to]-> person:pierre curie';
    expect(rec).toMatchObject({ id: 'edit-1', kind: 'relation.add', target: id, actor: 'ana' });
    expect(s.getEdge(id)).toEqual({ id, source: 'person:marie curie', target: 'person:pierre curie', relation: 'married_to', provenance: [], confidence: 1, attributes: { source: 'user' } });
    expect(rec.after).toEqual(s.getEdge(id));
    expect(s.relationTypes()).toEqual(['born_in', 'married_to', 'won']);
    expect(s.neighbors('person:pierre curie')).toEqual(['person:marie curie']);
    // a provenance-free relation is not removed with any chunk
    s.removeChunks(['c1', 'c2', 'c3']);
    expect(s.getEdge(id)).toBeDefined();
    const t = sample();
    t.createRelation({ source: 'person:marie curie', target: 'person:pierre curie', relation: 'married to', provenance: [prov('c5')], confidence: 0.7, attributes: { source: 'curator', note: 'x' } });
    expect(t.getEdge(id)).toMatchObject({ provenance: [prov('c5')], confidence: 0.7, attributes: { source: 'curator', note: 'x' } });
    expect(t.factsOfChunk('c5').edges).toEqual([id]);
    t.undoEdit();
    expect(data(t)).toEqual(before);
    expect(t.relationTypes()).toEqual(['born_in', 'won']);
    expect(t.factsOfChunk('c5').edges).toEqual([]);
  });

  it('updates confidence and attributes; undo restores them', () => {
    const s = sample();
    const before = data(s);
    const rec = s.updateRelation(BORN, { confidence: 0.4, attributes: { checked: true } }, { reason: 'unsure' });
    expect(rec).toMatchObject({
      kind: 'relation.update',
      target: BORN,
      before: { id: BORN, confidence: 0.9, attributes: null },
      after: { id: BORN, confidence: 0.4, attributes: { checked: true } },
      reason: 'unsure',
    });
    expect(s.getEdge(BORN)).toMatchObject({ confidence: 0.4, attributes: { checked: true }, provenance: [prov('c1')] });
    s.updateRelation(BORN, { attributes: {} });
    expect(s.getEdge(BORN)!.attributes).toBeUndefined();
    s.undoEdit();
    s.undoEdit();
    expect(data(s)).toEqual(before);
  });

  it('relabelling re-keys the edge; undo gives the old id back', () => {
    const s = sample();
    const before = data(s);
    const rec = s.updateRelation(BORN, { relation: 'Lived in' });
    const lived = 'person:marie curie -[lived_in]-> city:warsaw';
    expect(rec).toMatchObject({ target: lived, before: { id: BORN, relation: 'born_in' }, after: { id: lived, relation: 'lived_in' } });
    expect(s.getEdge(BORN)).toBeUndefined();
    expect(s.getEdge(lived)).toMatchObject({ relation: 'lived_in', confidence: 0.9, provenance: [prov('c1')] });
    expect(s.relationTypes()).toEqual(['lived_in', 'won']);
    expect(s.factsOfChunk('c1').edges).toEqual([lived]);
    // an upsert of the new label finds the relabelled edge
    s.addRelation({ source: 'person:marie curie', target: 'city:warsaw', relation: 'lived in', provenance: [prov('c7')], confidence: 0.5 });
    expect(s.edgeCount).toBe(2);
    expectCode(() => s.undoEdit(), 'RAG_CONFLICT');
    s.removeChunks(['c7']);
    expect(s.getEdge(lived)!.provenance).toEqual([prov('c1')]);
    s.undoEdit();
    expect(data(s)).toEqual(before);
    expect(s.relationTypes()).toEqual(['born_in', 'won']);
  });

  it('removes a relation (endpoints stay); undo puts it back exactly', () => {
    const s = sample();
    const before = data(s);
    const rec = s.removeRelation(WON, { reason: 'wrong' });
    expect(rec).toMatchObject({ kind: 'relation.remove', target: WON, reason: 'wrong' });
    expect(rec.before).toEqual(before.edges.find((e) => e.id === WON));
    expect(s.getEdge(WON)).toBeUndefined();
    expect(s.hasNode('award:nobel prize')).toBe(true);
    expect(s.factsOfChunk('c2')).toEqual({ nodes: ['award:nobel prize', 'person:marie curie'], edges: [] });
    s.undoEdit();
    expect(data(s)).toEqual(before);
    expect(s.factsOfChunk('c2').edges).toEqual([WON]);
  });
});

describe('undoEdit', () => {
  it('undoes the latest edit not yet undone, or the one named; refuses twice and unknown ids', () => {
    const s = sample();
    expectCode(() => s.undoEdit(), 'RAG_NOT_FOUND', 'no edit to undo');
    s.updateEntity('city:warsaw', { description: 'capital' });
    s.updateRelation(WON, { confidence: 0.5 });
    const v = s.version;
    expect(s.undoEdit().id).toBe('edit-2');
    expect(s.version).toBe(v + 1);
    expect(s.undoEdit().id).toBe('edit-1');
    expectCode(() => s.undoEdit(), 'RAG_NOT_FOUND');
    expectCode(() => s.undoEdit('edit-1'), 'RAG_CONFLICT', 'already undone');
    expectCode(() => s.undoEdit('edit-9'), 'RAG_NOT_FOUND', 'edit-9');
    expect(s.editLog().map((r) => [r.id, r.undone])).toEqual([['edit-1', true], ['edit-2', true]]);
  });

  it('refuses with RAG_CONFLICT when the target changed since, and changes nothing', () => {
    const s = sample();
    s.updateEntity('person:pierre curie', { name: 'P. Curie' });
    s.merge('person:marie curie', 'person:pierre curie', { reason: 'test' });
    let snap = s.toJSON();
    const err = expectCode(() => s.undoEdit(), 'RAG_CONFLICT', 'no longer exists');
    expect(err.message).toContain('edit-1');
    expect(s.toJSON()).toEqual(snap);
    s.undoMerge();
    s.undoEdit();
    expect(s.getNode('person:pierre curie')!.name).toBe('Pierre Curie');

    // two renames: the older cannot be undone while the newer is in place
    s.updateEntity('city:warsaw', { name: 'Warszawa' });
    s.updateEntity('city:warsaw', { name: 'Varsovie' });
    expectCode(() => s.undoEdit('edit-2'), 'RAG_CONFLICT', 'changed after the edit');
    s.undoEdit('edit-3');
    s.undoEdit('edit-2');
    expect(s.getNode('city:warsaw')).toMatchObject({ name: 'Warsaw', aliases: [] });

    // an added relation that extraction has since confirmed is not silently deleted
    s.createRelation({ source: 'person:marie curie', target: 'city:warsaw', relation: 'lived in' });
    s.addRelation({ source: 'person:marie curie', target: 'city:warsaw', relation: 'lived in', provenance: [prov('c8')] });
    snap = s.toJSON();
    expectCode(() => s.undoEdit(), 'RAG_CONFLICT', 'changed after it was added');
    expect(s.toJSON()).toEqual(snap);

    // a removed relation whose endpoint has gone cannot come back
    const t = sample();
    t.removeRelation(WON);
    t.removeNode('award:nobel prize');
    expectCode(() => t.undoEdit(), 'RAG_CONFLICT', 'award:nobel prize');
    t.addTriple({ head: 'Marie Curie', headType: 'Person', relation: 'won', tail: 'Nobel Prize', tailType: 'Award', provenance: [prov('c4')], confidence: 1 });
    expectCode(() => t.undoEdit(), 'RAG_CONFLICT', 'exists again');
  });

  it('refuses an undo the current schema no longer allows', () => {
    const schema: GraphSchema = { nodeTypes: ['Person', 'City', 'Award'], relations: [{ relation: 'born_in', head: 'Person', tail: 'City' }, { relation: 'won', head: 'Person', tail: 'Award' }] };
    const s = sample(schema);
    s.removeRelation(WON);
    s.setSchema({ ...schema, relations: schema.relations.slice(0, 1) });
    expectCode(() => s.undoEdit(), 'RAG_CONFLICT', 'schema');
    expect(s.getEdge(WON)).toBeUndefined();
  });
});

describe('refused edits change nothing', () => {
  const schema: GraphSchema = {
    nodeTypes: ['Person', 'City', 'Award'],
    relations: [
      { relation: 'born_in', head: 'Person', tail: 'City' },
      { relation: 'won', head: 'Person', tail: 'Award' },
      { relation: 'married_to', head: 'Person', tail: 'Person' },
    ],
  };
  it('names the input with RAG_INVALID_INPUT / RAG_NOT_FOUND / RAG_CONFLICT', () => {
    const s = sample(schema);
    s.updateEntity('city:warsaw', { description: 'capital' });
    const snap = s.toJSON();
    const v = s.version;
    const M = 'person:marie curie';
    const cases: [() => unknown, string, string][] = [
      [() => s.updateEntity('person:nobody', { name: 'X' }), 'RAG_NOT_FOUND', 'nodeId'],
      [() => s.updateEntity(M, { name: '' }), 'RAG_INVALID_INPUT', 'edit.name'],
      [() => s.updateEntity(M, { name: '   ' }), 'RAG_INVALID_INPUT', 'edit.name'],
      [() => s.updateEntity(M, { name: '!!!' }), 'RAG_INVALID_INPUT', 'edit.name'],
      [() => s.updateEntity(M, { type: 'Planet' }), 'RAG_INVALID_INPUT', 'edit.type'],
      // Person → City is in the schema, but born_in may not start at a City
      [() => s.updateEntity(M, { type: 'City' }), 'RAG_INVALID_INPUT', 'edit.type'],
      [() => s.updateEntity(M, {}), 'RAG_INVALID_INPUT', 'edit'],
      [() => s.updateEntity(M, { nmae: 'X' } as never), 'RAG_INVALID_INPUT', 'edit'],
      [() => s.updateEntity(M, { aliases: 'X' } as never), 'RAG_INVALID_INPUT', 'edit.aliases'],
      [() => s.updateEntity(M, { name: 'X' }, { actor: 7 } as never), 'RAG_INVALID_INPUT', 'options.actor'],
      [() => s.createRelation({ source: M, target: 'person:nobody', relation: 'married to' }), 'RAG_NOT_FOUND', 'relation.target'],
      [() => s.createRelation({ source: M, target: 'person:pierre curie', relation: '' }), 'RAG_INVALID_INPUT', 'relation.relation'],
      [() => s.createRelation({ source: M, target: 'person:pierre curie', relation: '--' }), 'RAG_INVALID_INPUT', 'relation.relation'],
      [() => s.createRelation({ source: M, target: 'person:pierre curie', relation: 'married to', confidence: 1.5 }), 'RAG_INVALID_INPUT', 'relation.confidence'],
      [() => s.createRelation({ source: M, target: 'person:pierre curie', relation: 'knows' }), 'RAG_INVALID_INPUT', 'knows'],
      [() => s.createRelation({ source: M, target: 'city:warsaw', relation: 'born in' }), 'RAG_CONFLICT', BORN],
      [() => s.updateRelation('x -[r]-> y', { confidence: 0.5 }), 'RAG_NOT_FOUND', 'edgeId'],
      [() => s.updateRelation(BORN, { confidence: -0.1 }), 'RAG_INVALID_INPUT', 'edit.confidence'],
      [() => s.updateRelation(BORN, { confidence: Number.NaN }), 'RAG_INVALID_INPUT', 'edit.confidence'],
      [() => s.updateRelation(BORN, { relation: ' ' }), 'RAG_INVALID_INPUT', 'edit.relation'],
      [() => s.updateRelation(BORN, { relation: 'won' }), 'RAG_INVALID_INPUT', 'edit.relation'],
      [() => s.updateRelation(BORN, {}), 'RAG_INVALID_INPUT', 'edit'],
      [() => s.removeRelation('nope'), 'RAG_NOT_FOUND', 'edgeId'],
      [() => s.removeRelation(BORN, { reason: 1 } as never), 'RAG_INVALID_INPUT', 'options.reason'],
      [() => s.undoEdit('edit-7'), 'RAG_NOT_FOUND', 'recordId'],
    ];
    for (const [fn, code, input] of cases) expectCode(fn, code, input);
    expect(s.toJSON()).toEqual(snap);
    expect(s.version).toBe(v);
    expect(s.editLog()).toHaveLength(1);
    // without a schema the same relabel is fine
    const t = sample();
    t.updateRelation(BORN, { relation: 'won' });
    expect(t.getEdge('person:marie curie -[won]-> city:warsaw')).toBeDefined();
    // relabelling onto an existing edge of that label is a conflict
    t.createRelation({ source: 'person:marie curie', target: 'city:warsaw', relation: 'born in' });
    expectCode(() => t.updateRelation('person:marie curie -[won]-> city:warsaw', { relation: 'born_in' }), 'RAG_CONFLICT', 'already exists');
  });
});
