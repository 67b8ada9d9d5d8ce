import { createGraphStore } from '@rag/graph-store';
import { describe, expect, it } from 'vitest';
import { createEntityResolver } from './entity-resolver.js';
import { asAcronym, initialsOf, normalizeEntityName } from './normalize-name.js';

const p = (chunkId: string) => [{ chunkId, start: 0, end: 10 }];

describe('normalisation', () => {
  it('ignores case, punctuation, diacritics, honorifics and a leading article', () => {
    expect(normalizeEntityName('Dr. Marie  Curie')).toBe('marie curie');
    expect(normalizeEntityName('Ángela Merkel')).toBe('angela merkel');
    expect(normalizeEntityName('The Beatles')).toBe('beatles');
    expect(normalizeEntityName("Sir Paul McCartney's")).toBe('paul mccartney');
    expect(initialsOf('National Aeronautics and Space Administration')).toBe('nasa');
    expect(asAcronym('U.S.A.')).toBe('usa');
    expect(asAcronym('Nasa')).toBeUndefined();
  });
});

describe('createEntityResolver', () => {
  it('merges exact and honorific variants of the same type, logs the merge and can undo it', async () => {
    const g = createGraphStore();
    const a = g.addEntity({ name: 'Marie Curie', type: 'Person', provenance: p('c1') });
    const b = g.addEntity({ name: 'Dr. Marie Curie', type: 'Person', provenance: p('c2') });
    const merges = await createEntityResolver().resolve(g);
    expect(merges).toHaveLength(1);
    expect(merges[0]!.stage).toBe('exact');
    expect(g.nodeCount).toBe(1);
    expect(g.mergeLog()).toHaveLength(1);
    g.undoMerge();
    expect(g.hasNode(a.id) && g.hasNode(b.id)).toBe(true);
  });

  it('keeps same-name entities of different specific types apart', async () => {
    const g = createGraphStore();
    g.addEntity({ name: 'Washington', type: 'Person', provenance: p('c1') });
    g.addEntity({ name: 'Washington', type: 'Place', provenance: p('c2') });
    expect(await createEntityResolver().resolve(g)).toEqual([]);
    expect(g.nodeCount).toBe(2);
  });

  it('merges an untyped mention into the single typed reading, not when two typed readings exist', async () => {
    const g = createGraphStore();
    g.addEntity({ name: 'Lester Smith', type: 'Person', provenance: p('c1') });
    g.addEntity({ name: 'Lester Smith', type: 'Entity', provenance: p('c2') });
    expect((await createEntityResolver().resolve(g)).length).toBe(1);
    expect([...g.nodes()].map((n) => n.type)).toEqual(['Person']);
    const h = createGraphStore();
    h.addEntity({ name: 'Jordan', type: 'Person', provenance: p('c1') });
    h.addEntity({ name: 'Jordan', type: 'Place', provenance: p('c2') });
    h.addEntity({ name: 'Jordan', type: 'Entity', provenance: p('c3') });
    expect(await createEntityResolver().resolve(h)).toEqual([]);
  });

  it('merges near-identical spellings lexically but never names whose numbers differ', async () => {
    const g = createGraphStore();
    g.addEntity({ name: 'Tchaikovsky Symphony Orchestra', type: 'Organization', provenance: p('c1') });
    g.addEntity({ name: 'Tchaikovski Symphony Orchestra', type: 'Organization', provenance: p('c2') });
    g.addEntity({ name: 'Apollo 11 mission', type: 'Event', provenance: p('c3') });
    g.addEntity({ name: 'Apollo 12 mission', type: 'Event', provenance: p('c4') });
    const merges = await createEntityResolver().resolve(g);
    expect(merges.map((m) => m.stage)).toEqual(['lexical']);
    expect(g.nodeCount).toBe(3);
  });

  it('embeds each name of the ambiguous pairs once, and merges the pairs whose names embed alike', async () => {
    const g = createGraphStore();
    // three spellings a little apart: every pair lies between the ambiguity floor and the lexical threshold
    for (const [i, name] of ['Maximilian Harrington', 'Maximiliano Harington', 'Maximilian Harringdon'].entries())
      g.addEntity({ name, type: 'Person', provenance: p(`c${i}`) });
    const seen: string[][] = [];
    const embedder = {
      id: 'fake',
      async embed(texts: string[]) {
        seen.push(texts);
        // the two spellings with "Maximilian" embed alike, the third apart
        return texts.map((t) => Float32Array.from(t.startsWith('Maximilian ') ? [1, 0] : [0, 1]));
      },
    };
    const merges = await createEntityResolver({ lexicalThreshold: 0.99, ambiguousFloor: 0.8, embedder }).resolve(g);
    expect(seen).toHaveLength(1);
    expect(new Set(seen[0]).size).toBe(seen[0]!.length);
    expect(merges.map((m) => m.stage)).toEqual(['embedding']);
    expect(g.nodeCount).toBe(2);
  });

  it('resolves an acronym to its unique expansion only when they share a chunk', async () => {
    const g = createGraphStore();
    g.addEntity({ name: 'National Aeronautics and Space Administration', type: 'Organization', provenance: p('c1') });
    g.addEntity({ name: 'NASA', type: 'Organization', provenance: p('c1') });
    g.addEntity({ name: 'World Health Organization', type: 'Organization', provenance: p('c2') });
    g.addEntity({ name: 'WHO', type: 'Organization', provenance: p('c9') });
    const merges = await createEntityResolver().resolve(g);
    expect(merges.map((m) => m.stage)).toEqual(['acronym']);
    expect(g.getNode(merges[0]!.keptId)?.name).toBe('National Aeronautics and Space Administration');
  });
});
