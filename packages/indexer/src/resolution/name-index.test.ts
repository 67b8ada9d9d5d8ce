// The name index kept up to date node by node (entries held as key strings, initials recomputed
// from the key) holds exactly the tables one rebuilt from the graph does, through renames, alias
// changes and removals.
import { createGraphStore, type IdIndex } from '@rag/graph-store';
import { describe, expect, it } from 'vitest';
import { NameIndex } from './name-index.js';
import { initialsOf, initialsOfKey, normalizeEntityName } from './normalize-name.js';

const table = (t: IdIndex) => Object.fromEntries([...t.keys()].sort().map((k) => [k, [...t.get(k)].sort()]));
const tables = (x: NameIndex) => ({ byKey: table(x.byKey), byFirst: table(x.byFirst), byInitials: table(x.byInitials), ids: [...x.ids()].sort(), keys: [...x.ids()].sort().map((id) => x.keyOf(id)) });

describe('name index', () => {
  it('reads initials from the normalised key as from the name', () => {
    for (const name of ['National Aeronautics and Space Administration', 'Dr. Marie Curie', 'The Bank of  England (UK)', 'Ángela Merkel', 'Saint-Exupéry', 'x'])
      expect(initialsOfKey(normalizeEntityName(name))).toBe(initialsOf(name));
  });

  it('holds after renames, alias changes and removals what a rebuild from the graph holds', () => {
    const g = createGraphStore();
    const p = [{ chunkId: 'c1', start: 0, end: 1 }];
    const ids = ['Marie Curie', 'Pierre Curie', 'National Aeronautics and Space Administration', 'Warsaw', 'University of Paris'].map((name) => g.addEntity({ name, provenance: p }).id);
    const kept = NameIndex.of(g);
    expect(tables(kept)).toEqual(tables(NameIndex.of(g)));
    expect(kept.byInitials.get('mc')).toEqual([ids[0]]);
    g.updateEntity(ids[0]!, { name: 'Maria Sklodowska Curie' });
    g.updateEntity(ids[3]!, { aliases: ['Warszawa', 'Varsovie'] });
    g.updateEntity(ids[2]!, { aliases: [] });
    g.removeChunks(['c2']);
    const gone = g.addEntity({ name: 'Short Lived', provenance: [{ chunkId: 'c2', start: 0, end: 1 }] }).id;
    kept.update(g, [ids[0]!, ids[2]!, ids[3]!, gone]);
    expect(tables(kept)).toEqual(tables(NameIndex.of(g)));
    g.removeChunks(['c2']);
    g.updateEntity(ids[3]!, { aliases: [] });
    kept.update(g, [gone, ids[3]!]);
    expect(tables(kept)).toEqual(tables(NameIndex.of(g)));
    expect(kept.byKey.get('warszawa')).toEqual([]);
    expect(kept.byInitials.get('mc')).toEqual([]);
    expect(kept.byInitials.get('msc')).toEqual([ids[0]]);
    expect(kept.keyOf(gone)).toBeUndefined();
  });
});
