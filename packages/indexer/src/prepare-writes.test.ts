import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocInput } from '@rag/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIndexer } from './indexer.js';
import { openIndex } from './open-index.js';
import { isLoaded } from './store/lazy.js';

const corpus: DocInput[] = [
  { id: 'curie', title: 'Marie Curie', text: 'Marie Curie was a Polish physicist. She was born in Warsaw. She worked at the University of Paris with Pierre Curie.' },
  { id: 'pierre', title: 'Pierre Curie', text: 'Pierre Curie was a French physicist. He married Marie Curie in 1895. He taught at the University of Paris.' },
  { id: 'warsaw', title: 'Warsaw', text: 'Warsaw is the capital of Poland. The Vistula River flows through Warsaw.' },
];
const later: DocInput[] = [
  { id: 'curie', title: 'Marie Curie', text: 'Marie Curie was a Polish and naturalised French physicist. She was born in Warsaw and died in Passy.' },
  { id: 'sklodowska', title: 'Maria Skłodowska', text: 'Maria Skłodowska Curie discovered polonium in Paris.' },
  // a misspelt name the resolver merges into the stored "Pierre Curie" (through its name index)
  { id: 'lecture', title: 'A lecture', text: 'In 1900 Pierre Currie taught physics at the Sorbonne.' },
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rag-prepare-'));
  await createIndexer({ dir: join(dir, 'base') }).ingest(corpus);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The store's content as a reader sees it: documents, graph, keyword and vector answers. */
async function contentOf(d: string) {
  const idx = await openIndex(d);
  const q = (await idx.embedder.embed(['Polish physicist born in Warsaw']))[0]!;
  return {
    manifest: { ...idx.manifest(), createdAt: '', updatedAt: '' },
    nodes: [...idx.graph.nodes()].map((n) => [n.id, n.name, n.type, n.aliases, n.provenance]),
    edges: [...idx.graph.edges()].map((e) => [e.id, e.source, e.relation, e.target, e.provenance]),
    keyword: await idx.keyword.search('Curie physicist Paris', 5),
    vectors: await idx.vectors.search(idx.namespaceOf('sentences'), q, 5),
  };
}

describe('prepareWrites', () => {
  it('loads what a write reads first, and the write that follows commits exactly what it would have', async () => {
    const cold = join(dir, 'cold');
    const warm = join(dir, 'warm');
    await cp(join(dir, 'base'), cold, { recursive: true });
    await cp(join(dir, 'base'), warm, { recursive: true });

    const a = await openIndex(cold);
    const report = await a.ingest(later, { atomic: true });
    expect(report.merges).toBeGreaterThan(0);

    const b = await openIndex(warm);
    expect(isLoaded(b.graph)).toBe(false);
    expect(isLoaded(b.keyword)).toBe(false);
    await b.prepareWrites();
    expect(isLoaded(b.graph)).toBe(true);
    expect(isLoaded(b.keyword)).toBe(true);
    await b.ingest(later, { atomic: true });

    expect(await contentOf(warm)).toEqual(await contentOf(cold));
  });

  it('answers other work between its parts (it yields to the event loop)', async () => {
    const d = join(dir, 'yield');
    await cp(join(dir, 'base'), d, { recursive: true });
    const idx = await openIndex(d);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await idx.prepareWrites();
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('the typed extractor prepare', () => {
  it('loads its lexicon and tagger without changing what it extracts', async () => {
    const { createTypedTripleExtractor } = await import('./extraction/typed-extractor.js');
    const text = 'Grace Hopper was an American computer scientist. She was born in New York City.';
    const chunk = { id: 'h::0', docId: 'h', text, start: 0, end: text.length, sentences: [{ start: 0, end: 48 }, { start: 49, end: text.length }] };
    const prepared = createTypedTripleExtractor();
    await prepared.prepare!();
    const fresh = createTypedTripleExtractor();
    const a = await prepared.extract({ chunk, docTitle: 'Grace Hopper' });
    const b = await fresh.extract({ chunk, docTitle: 'Grace Hopper' });
    expect(a).toEqual(b);
    expect(a.triples.length).toBeGreaterThan(0);
  });
});
