import type { Chunk } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { naiveSegment } from '../../test/fixtures/segment.js';
import { chunkDocument } from '../chunking/chunker.js';
import { guessType } from './entity-typing.js';
import { createHeuristicTripleExtractor } from './heuristic-extractor.js';
import { COOCCURS, IS_A, MENTIONS } from './relation-names.js';

function chunkOf(text: string, id = 'doc'): Chunk {
  return chunkDocument({ id, text, metadata: {} }, { segment: naiveSegment })[0]!;
}

const find = (ts: { head: string; relation: string; tail: string }[], h: string, r: string, t: string) =>
  ts.find((x) => x.head === h && x.relation === r && x.tail === t);

describe('createHeuristicTripleExtractor', () => {
  const ex = createHeuristicTripleExtractor();

  it('extracts typed named entities and verb-phrase relations with normalised labels', async () => {
    const { entities, triples } = await ex.extract({ chunk: chunkOf('Marie Curie was born in Warsaw. Pierre Curie worked at the University of Paris.') });
    const types = Object.fromEntries(entities.map((e) => [e.name, e.type]));
    expect(types).toMatchObject({ 'Marie Curie': 'Person', Warsaw: 'Place', 'University of Paris': 'Organization' });
    expect(find(triples, 'Marie Curie', 'born_in', 'Warsaw')).toBeDefined();
    expect(find(triples, 'Pierre Curie', 'worked_at', 'University of Paris')).toBeDefined();
  });

  it('reads "X is a Y" and apposition as is_a to a noun-phrase concept', async () => {
    const { triples, entities } = await ex.extract({ chunk: chunkOf('Demon Dice is a collectible dice game created by Lester Smith. Tim Brown, an American designer, lives in Ohio.') });
    expect(find(triples, 'Demon Dice', IS_A, 'collectible dice game')).toBeDefined();
    expect(find(triples, 'Demon Dice', 'created_by', 'Lester Smith')).toBeDefined();
    expect(find(triples, 'Tim Brown', IS_A, 'american designer')).toBeDefined();
    expect(entities.find((e) => e.name === 'collectible dice game')?.type).toBe('Concept');
  });

  it('makes the title the page entity linked to every mention, and resolves leading pronouns to it', async () => {
    const text = 'Ada Lovelace was an English mathematician. She worked with Charles Babbage in London.';
    const { triples } = await ex.extract({ chunk: chunkOf(text), docTitle: 'Ada Lovelace' });
    expect(find(triples, 'Ada Lovelace', 'worked_with', 'Charles Babbage')).toBeDefined();
    for (const m of ['Charles Babbage', 'London']) expect(find(triples, 'Ada Lovelace', MENTIONS, m)).toBeDefined();
    expect(find(triples, 'Ada Lovelace', IS_A, 'english mathematician')).toBeDefined();
  });

  it('adds weaker co-occurrence edges and carries the sentence span as provenance', async () => {
    const text = 'Intro sentence here. Oslo and Bergen, along with Stavanger, host festivals.';
    const chunk = chunkOf(text);
    const { triples } = await ex.extract({ chunk });
    const co = triples.filter((t) => t.relation === COOCCURS);
    expect(co.length).toBeGreaterThanOrEqual(2);
    const second = chunk.sentences[1]!;
    for (const t of triples) {
      expect(t.provenance).toEqual([{ chunkId: chunk.id, start: second.start, end: second.end }]);
      if (t.relation === COOCCURS) expect(t.confidence).toBeLessThan(0.5);
    }
  });

  it('extracts dates and does not take sentence-initial function words as names', async () => {
    const { entities } = await ex.extract({ chunk: chunkOf('However, Alan Turing was born on 23 June 1912 in Maida Vale.') });
    const names = entities.map((e) => e.name);
    expect(names).toContain('Alan Turing');
    expect(names).toContain('23 June 1912');
    expect(names).not.toContain('However');
    expect(entities.find((e) => e.name === '23 June 1912')?.type).toBe('Date');
  });

  it('types names from suffixes and parenthetical hints', () => {
    expect(guessType('Fast Forward Games')).toBe('Organization');
    expect(guessType('Mississippi River')).toBe('Place');
    expect(guessType('Inception (film)')).toBe('Work');
    expect(guessType('John Smith (footballer)')).toBe('Person');
  });

  it('down-weights relations a routed template does not list (TAdaRAG), and changes nothing without one', async () => {
    const text = 'Harbour Lights was directed by Oren Pike. Harbour Lights starred Lina Varga.';
    const crew = { domain: 'crew', description: 'who made a film', entityTypes: ['Work', 'Person'], relations: [{ relation: 'directed_by' }] };
    const conf = (ts: { relation: string; confidence: number }[], r: string) => ts.find((t) => t.relation === r)?.confidence;
    const plain = await ex.extract({ chunk: chunkOf(text) });
    const routed = await ex.extract({ chunk: chunkOf(text), template: crew });
    expect(conf(routed.triples, 'directed_by')).toBe(conf(plain.triples, 'directed_by'));
    expect(conf(routed.triples, 'starred')).toBeCloseTo(conf(plain.triples, 'starred')! * 0.5);
    expect(conf(routed.triples, COOCCURS)).toBe(conf(plain.triples, COOCCURS));
  });
});
