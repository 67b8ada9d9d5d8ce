// Anchoring: the share of documents titled by a named entity with articles of its own; the
// sections of one long document titled by the same entity do not count.
import { describe, expect, it } from 'vitest';
import { createIndexer } from '@rag/indexer';
import { entityAnchoring } from './graph-signal.js';

const NAMES = ['Anna Vell', 'Boris Kant', 'Clara Moss', 'Dmitri Osk', 'Elena Farr', 'Felix Grau', 'Greta Holm', 'Hugo Ibsen', 'Ida Jansen', 'Jonas Kell', 'Karla Lind', 'Lukas Mohr'];
const TOWNS = ['Kassel', 'Dijon', 'Uppsala', 'Ostrava', 'Leiden', 'Ghent'];

describe('entityAnchoring', () => {
  it('counts articles titled by their entity, not the many sections of one document titled by it', async () => {
    const articles = createIndexer();
    await articles.ingest(NAMES.map((name, i) => ({ id: `a${i}`, title: name, text: `${name} (born ${1900 + i}) was a painter from ${TOWNS[i % TOWNS.length]}.` })));
    const sections = createIndexer();
    await sections.ingest(NAMES.map((_, i) => ({ id: `s${i}`, title: `Anna Vell, part ${i + 1}`, text: `Anna Vell (born 1901) was a painter from Kassel. In part ${i + 1} she painted ${TOWNS[i % TOWNS.length]}.` })));
    expect(entityAnchoring(articles)).toBeGreaterThan(0.5);
    expect(entityAnchoring(sections)).toBe(0);
  });
});
