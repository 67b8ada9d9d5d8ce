// addBatch stores exactly what addEntity / addRelation one by one store (snapshot, encoded bytes,
// indexes, tracked changes, version, returned ids) on random batches over a store that already
// holds facts; a refused batch names the record and field and leaves the store unchanged.
import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from './algorithms/random.js';
import { encodeGraph } from './graph-encode.js';
import { createGraphStore } from './graph-store.js';
import { openGraph } from './open-graph.js';
import type { EntityInput, GraphSchema, RelationInput } from './types.js';

type Store = ReturnType<typeof createGraphStore>;

const NAMES = ['Marie Curie', 'marie  curie', 'Paris', 'Zoë', 'Łódź', 'Pierre', 'Sorbonne', 'X-ray', 'Nobel Prize', 'Warsaw', 'radium', 'Émile'];
const TYPES = [undefined, 'Person', 'Place', ' Person '];
const LABELS = ['born in', 'Born In', 'works_at', 'won', 'LIVED-IN', 'knows'];

function randomBatch(seed: number, existing: string[]): { entities: EntityInput[]; relations: RelationInput[] } {
  const rng = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const span = () => ({ chunkId: `c${Math.floor(rng() * 6)}`, start: Math.floor(rng() * 3), end: 5 });
  const provenance = () => {
    const r = rng();
    if (r < 0.15) return undefined;
    if (r < 0.25) return [];
    if (r < 0.8) return [span()];
    return [span(), span(), span()];
  };
  const entities: EntityInput[] = [];
  for (let k = 0; k < 60; k++) {
    // a name's type stays the same in a batch so that no record conflicts (conflicts are tested below)
    const name = pick(NAMES);
    const type = TYPES[NAMES.indexOf(name) % TYPES.length];
    entities.push({
      name,
      ...(type !== undefined ? { type } : {}),
      ...(rng() < 0.3 ? { aliases: [pick(NAMES), ` ${pick(NAMES)}`] } : {}),
      ...(rng() < 0.2 ? { description: `d${k}` } : {}),
      ...(rng() < 0.2 ? { attributes: { k, flag: rng() < 0.5, none: null } } : {}),
      ...(rng() < 0.05 ? { attributes: { list: [1, 'two'] } } : {}),
      ...(type === undefined && rng() < 0.3 ? { id: `custom:${k % 4}` } : {}),
      provenance: provenance(),
    });
  }
  const ids = () => [...existing, ...entities.map((e) => e.id ?? `${(e.type?.trim() ?? 'Entity').toLowerCase()}:${e.name.toLowerCase().replace(/\s+/g, ' ')}`)];
  const known = ids().filter((id) => !/[^a-z0-9: ]/.test(id));
  const relations: RelationInput[] = [];
  for (let i = 0; i < 150; i++) {
    relations.push({
      source: pick(known),
      target: rng() < 0.05 ? relations[0]?.source ?? pick(known) : pick(known),
      relation: pick(LABELS),
      ...(rng() < 0.8 ? { confidence: Math.round(rng() * 100) / 100 } : {}),
      ...(rng() < 0.2 ? { attributes: { i, src: 'test' } } : {}),
      provenance: provenance(),
    });
  }
  // repeats: the same relations again (upserts) with other spans and confidences
  for (let i = 0; i < 20; i++) relations.push({ ...relations[i]!, confidence: 0.99, provenance: [span()] });
  return { entities, relations };
}

function seeded(): Store {
  const s = createGraphStore({ now: () => new Date(0) });
  s.addEntity({ name: 'Marie Curie', type: 'Person', provenance: [{ chunkId: 'c0', start: 0, end: 5 }] });
  s.addEntity({ name: 'Paris', type: 'Place', aliases: ['Lutetia'], provenance: [{ chunkId: 'c1', start: 1, end: 5 }] });
  s.addEntity({ name: 'Sorbonne', provenance: [] });
  s.addRelation({ source: 'person:marie curie', target: 'place:paris', relation: 'lived in', provenance: [{ chunkId: 'c0', start: 0, end: 5 }] });
  s.markPersisted();
  return s;
}

function oneByOne(s: Store, batch: { entities: EntityInput[]; relations: RelationInput[] }) {
  const entityIds = batch.entities.map((e) => s.addEntity(e).id);
  const relationIds = batch.relations.map((r) => s.addRelation(r).id);
  return { entityIds, relationIds };
}

function state(s: Store) {
  const json = s.toJSON();
  const names = [...s.nodes()].flatMap((n) => [n.name, ...n.aliases]);
  return {
    json: JSON.stringify(json),
    bytes: Buffer.from(encodeGraph(json)).toString('base64'),
    version: s.version,
    changes: JSON.stringify(s.pendingChanges()),
    chunks: s.chunkIds().map((c) => [c, s.factsOfChunk(c)]),
    relationTypes: s.relationTypes(),
    byName: names.map((n) => s.findByName(n).map((x) => x.id)),
    nodeOrder: [...s.nodes()].map((n) => n.id),
    edgeOrder: [...s.edges()].map((e) => e.id),
    incident: [...s.nodes()].map((n) => s.edgesOf(n.id).map((e) => e.id)),
  };
}

describe('addBatch', () => {
  it('stores what addEntity / addRelation one by one store, on random batches over a non-empty store', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const batch = randomBatch(seed, ['person:marie curie', 'place:paris', 'entity:sorbonne']);
      const a = seeded();
      const b = seeded();
      const expected = oneByOne(a, batch);
      const got = b.addBatch(batch);
      expect(got).toEqual(expected);
      expect(state(b)).toEqual(state(a));
    }
  });

  it('gives the same graph when the records arrive in several batches', () => {
    const batch = randomBatch(99, ['person:marie curie']);
    const a = seeded();
    oneByOne(a, batch);
    const b = seeded();
    b.addBatch({ entities: batch.entities.slice(0, 30) });
    b.addBatch({ entities: batch.entities.slice(30), relations: batch.relations.slice(0, 70) });
    b.addBatch({ relations: batch.relations.slice(70) });
    expect(state(b).json).toBe(state(a).json);
    expect(state(b).bytes).toBe(state(a).bytes);
  });

  it('copies what it stores: changing the records afterwards does not change the store', () => {
    const list = [1, 'two'];
    const prov = { chunkId: 'c9', start: 1, end: 2 };
    const attributes = { n: 1, list };
    const s = createGraphStore();
    s.addBatch({ entities: [{ name: 'A', attributes, provenance: [prov] }, { name: 'B', provenance: [prov] }], relations: [{ source: 'entity:a', target: 'entity:b', relation: 'r', provenance: [prov], attributes }] });
    const before = JSON.stringify(s.toJSON());
    list.push(3);
    attributes.n = 2;
    prov.start = 7;
    expect(JSON.stringify(s.toJSON())).toBe(before);
    expect(Object.isFrozen(s.getEdge('entity:a -[r]-> entity:b')!.provenance[0])).toBe(true);
  });

  it('works on an opened binary graph (materialised first, as every write is)', () => {
    const a = seeded();
    const view = openGraph(encodeGraph(a.toJSON()), 'g.bin');
    const batch = randomBatch(7, ['person:marie curie', 'place:paris']);
    view.addBatch(batch);
    oneByOne(a, batch);
    expect(JSON.stringify(view.toJSON())).toBe(JSON.stringify(a.toJSON()));
  });

  describe('a refused batch names the record and field and leaves the store unchanged', () => {
    const schema: GraphSchema = { nodeTypes: ['Person', 'Place', 'Entity'], relations: [{ relation: 'born_in', head: 'Person', tail: 'Place' }] };
    const good = (n: number): EntityInput[] => Array.from({ length: n }, (_, i) => ({ name: `N${i}`, type: 'Person', provenance: [{ chunkId: 'c', start: 0, end: 1 }] }));
    const cases: [string, () => { entities?: unknown[]; relations?: unknown[] }, string, RegExp][] = [
      ['blank name', () => ({ entities: [...good(3), { name: '  ' }, ...good(2)] }), 'RAG_INVALID_INPUT', /^entities\[3\]\.name: must not be blank/],
      ['bad span', () => ({ entities: good(4), relations: [{ source: 'person:n0', target: 'place:paris', relation: 'born in' }, { source: 'person:n1', target: 'place:paris', relation: 'born in', provenance: [{ chunkId: 'c', start: -1, end: 2 }] }] }), 'RAG_INVALID_INPUT', /^relations\[1\]\.provenance\.0\.start: /],
      ['confidence out of range', () => ({ relations: [{ source: 'person:marie curie', target: 'place:paris', relation: 'born in', confidence: 1.5 }] }), 'RAG_INVALID_INPUT', /^relations\[0\]\.confidence: /],
      ['no letters in a name', () => ({ entities: [...good(1), { name: '!!!' }] }), 'RAG_INVALID_INPUT', /^entities\[1\]\.name: "!!!" has no letters or digits/],
      ['no letters in a label', () => ({ relations: [{ source: 'person:marie curie', target: 'place:paris', relation: '--' }] }), 'RAG_INVALID_INPUT', /^relations\[0\]\.relation: "--" has no letters or digits/],
      ['missing endpoint', () => ({ entities: good(2), relations: [{ source: 'person:n0', target: 'place:paris', relation: 'born in' }, { source: 'person:n1', target: 'place:nowhere', relation: 'born in' }] }), 'RAG_NOT_FOUND', /^relations\[1\]\.target: no node "place:nowhere"/],
      ['type conflict with the store', () => ({ entities: [...good(2), { id: 'place:paris', name: 'Paris', type: 'Person' }] }), 'RAG_CONFLICT', /^entities\[2\]\.type: node "place:paris" already has type Place, not Person/],
      ['type conflict inside the batch', () => ({ entities: [{ id: 'x:1', name: 'One', type: 'Person' }, { id: 'x:1', name: 'One', type: 'Place' }] }), 'RAG_CONFLICT', /^entities\[1\]\.type: node "x:1" already has type Person, not Place/],
      ['node type outside the schema', () => ({ entities: [...good(2), { name: 'Q', type: 'Thing' }] }), 'RAG_SCHEMA_VIOLATION', /^entities\[2\]\.type: node type "Thing" is not in the schema/],
      ['relation outside the schema', () => ({ entities: good(1), relations: [{ source: 'person:n0', target: 'place:paris', relation: 'born in' }, { source: 'place:paris', target: 'person:n0', relation: 'born in' }] }), 'RAG_SCHEMA_VIOLATION', /^relations\[1\]: "born_in" may not join Place → Person/],
      ['entities not an array', () => ({ entities: { name: 'A' } as unknown as unknown[] }), 'RAG_INVALID_INPUT', /^batch\.entities: must be an array/],
    ];
    for (const [what, batch, code, message] of cases) {
      it(what, () => {
        const s = createGraphStore({ schema, now: () => new Date(0) });
        s.addEntity({ name: 'Marie Curie', type: 'Person', provenance: [{ chunkId: 'c0', start: 0, end: 5 }] });
        s.addEntity({ name: 'Paris', type: 'Place' });
        s.addRelation({ source: 'person:marie curie', target: 'place:paris', relation: 'born in' });
        s.markPersisted();
        const before = state(s);
        let err: unknown;
        try {
          s.addBatch(batch() as never);
        } catch (e) {
          err = e;
        }
        expect(RagError.isInstance(err, code as never)).toBe(true);
        expect((err as Error).message).toMatch(message);
        expect(state(s)).toEqual(before);
      });
    }
  });
});
