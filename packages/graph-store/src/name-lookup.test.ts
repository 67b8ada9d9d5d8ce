// findByName's index is built on the first lookup (store-core.ts) and kept exact by every write
// after it: before and after that first lookup, through renames, aliases, merges, undo and
// removals, it answers what a scan of every node's name and aliases answers.
import { describe, expect, it } from 'vitest';
import { normalizeName } from './entity-id.js';
import { createGraphStore } from './graph-store.js';

type Store = ReturnType<typeof createGraphStore>;

/** Every name and alias key, and the ids a scan of the nodes finds for it (sorted, as findByName sorts). */
function scan(s: Store): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const n of s.nodes())
    for (const key of new Set([n.name, ...n.aliases].map(normalizeName).filter(Boolean))) out.set(key, [...(out.get(key) ?? []), n.id].sort());
  return out;
}

function expectExact(s: Store, asked: string[]): void {
  const want = scan(s);
  for (const key of new Set([...want.keys(), ...asked.map(normalizeName)])) expect([key, s.findByName(key).map((n) => n.id)]).toEqual([key, want.get(key) ?? []]);
}

describe('findByName', () => {
  it('answers exactly when first asked after writes, and stays exact through later ones', () => {
    const s = createGraphStore();
    const span = (c: string) => [{ chunkId: c, start: 0, end: 4 }];
    for (const [name, type, aliases] of [
      ['Marie Curie', 'Person', ['M. Curie']],
      ['Maria Sklodowska', 'Person', []],
      ['Warsaw', 'Place', ['Warszawa']],
      ['Paris', 'Place', []],
      ['Paris', 'Person', []],
    ] as const)
      s.addEntity({ name, type, aliases: [...aliases], provenance: span(name) });
    // writes before the first lookup: a rename (the old name kept as an alias), a merge, a removal
    s.updateEntity('place:warsaw', { name: 'Warsaw City' });
    s.merge('person:marie curie', 'person:maria sklodowska');
    s.removeNode('person:paris');
    expectExact(s, ['Maria Sklodowska', 'Paris', 'Warsaw']);
    // writes after it: the index is now kept by each of them
    s.addEntity({ name: 'Pierre Curie', type: 'Person', aliases: ['M. Curie'], provenance: span('p') });
    s.updateEntity('person:pierre curie', { aliases: ['P. Curie'] });
    s.undoMerge();
    s.removeNode('place:paris');
    s.merge('person:marie curie', 'person:pierre curie');
    expectExact(s, ['M. Curie', 'Pierre Curie', 'Maria Sklodowska', 'Paris']);
    expect(s.findByName('Maria Sklodowska').map((n) => n.id)).toEqual(['person:maria sklodowska']);
  });
});
