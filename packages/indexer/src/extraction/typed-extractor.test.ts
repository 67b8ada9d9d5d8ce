import type { Chunk, DomainTemplate, Triple } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { naiveSegment } from '../../test/fixtures/segment.js';
import { chunkDocument } from '../chunking/chunker.js';
import { guessType } from './entity-typing.js';
import { FINANCE_TEMPLATE } from './templates.js';
import { createTypedTripleExtractor, createTypedTripleExtractor as createHeuristicTripleExtractor } from './typed-extractor.js';
const COOCCURS = 'co_occurs_with';
const MENTIONS = 'mentions';
const IS_A = 'instance_of';

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

  it('reads "X is a Y" as instance_of a class concept, apposition of a person as occupation and nationality', async () => {
    const { triples, entities } = await ex.extract({ chunk: chunkOf('Demon Dice is a collectible dice game created by Lester Smith. Tim Brown, an American designer, lives in Ohio.') });
    expect(IS_A).toBe('instance_of');
    expect(find(triples, 'Demon Dice', IS_A, 'collectible dice game')).toBeDefined();
    expect(find(triples, 'Demon Dice', 'author', 'Lester Smith')).toBeDefined();
    expect(find(triples, 'Tim Brown', 'occupation', 'american designer')).toBeDefined();
    expect(find(triples, 'Tim Brown', 'nationality', 'American')).toBeDefined();
    expect(entities.find((e) => e.name === 'collectible dice game')?.type).toBe('Concept');
    expect(entities.find((e) => e.name === 'Demon Dice')?.type).toBe('Work');
  });

  it('makes the title the page entity, resolves leading pronouns to it and links it to the mentions of sentences that do not name it', async () => {
    const text = 'Ada Lovelace was an English mathematician. She worked with Charles Babbage in London. Babbage designed the Analytical Engine.';
    const { triples } = await createHeuristicTripleExtractor({ pageMentions: 'unnamed' }).extract({ chunk: chunkOf(text), docTitle: 'Ada Lovelace' });
    expect(find(triples, 'Ada Lovelace', 'worked_with', 'Charles Babbage')).toBeDefined();
    expect(find(triples, 'Ada Lovelace', 'occupation', 'english mathematician')).toBeDefined();
    expect(find(triples, 'Ada Lovelace', 'nationality', 'English')).toBeDefined();
    expect(find(triples, 'Ada Lovelace', MENTIONS, 'Analytical Engine')).toBeDefined();
    expect(find(triples, 'Ada Lovelace', MENTIONS, 'Charles Babbage')).toBeUndefined();
  });

  it('adds weaker co-occurrence edges when asked and carries the sentence span as provenance', async () => {
    const text = 'Intro sentence here. Oslo and Bergen, along with Stavanger, host festivals.';
    const chunk = chunkOf(text);
    expect((await ex.extract({ chunk })).triples.filter((t) => t.relation === COOCCURS)).toEqual([]);
    const { triples } = await createHeuristicTripleExtractor({ maxCooccurrence: 3 }).extract({ chunk });
    const co = triples.filter((t) => t.relation === COOCCURS);
    expect(co.length).toBeGreaterThanOrEqual(2);
    const second = chunk.sentences[1]!;
    for (const t of triples) {
      expect(t.provenance).toEqual([{ chunkId: chunk.id, start: second.start, end: second.end }]);
      if (t.relation === COOCCURS) expect(t.confidence).toBeLessThan(0.5);
    }
  });

  it('stores one weak edge per pair of names, none where a relation already links them, and co-occurrence in one direction', async () => {
    const text = 'Lena Moss is a singer from Oslo. Lena Moss met Tor Lunde in Oslo. Tor Lunde and Lena Moss toured Bergen.';
    const { triples } = await createHeuristicTripleExtractor({ maxCooccurrence: 8 }).extract({ chunk: chunkOf(text), docTitle: 'Lena Moss' });
    const pairs = new Map<string, string[]>();
    for (const t of triples) {
      const k = [t.head, t.tail].sort().join('|');
      pairs.set(k, [...(pairs.get(k) ?? []), t.relation]);
    }
    for (const [k, rels] of pairs) {
      const weak = rels.filter((r) => r === COOCCURS || r === MENTIONS);
      expect(weak.length, k).toBeLessThanOrEqual(1);
      if (weak.length === 1) expect(rels, k).toHaveLength(1);
    }
    expect(pairs.get(['Lena Moss', 'Tor Lunde'].sort().join('|'))).toBeDefined();
  });

  it('reads a place next to the place or organisation it contains as located_in, but not a list of places', async () => {
    const { triples } = await ex.extract({ chunk: chunkOf('The Vesta Museum in Dunmore County opened late. Chelmsford, Essex has a market. Towns include Alder, Birch, Cedar and Dale.') });
    expect(find(triples, 'Vesta Museum', 'located_in', 'Dunmore County')).toBeDefined();
    expect(find(triples, 'Chelmsford', 'located_in', 'Essex')).toBeDefined();
    expect(triples.some((t) => t.relation === 'located_in' && ['Alder', 'Birch', 'Cedar'].includes(t.head))).toBe(false);
  });

  it('extracts dates and does not take sentence-initial function words as names', async () => {
    const { entities } = await ex.extract({ chunk: chunkOf('However, Alan Turing was born on 23 June 1912 in Maida Vale.') });
    const names = entities.map((e) => e.name);
    expect(names).toContain('Alan Turing');
    expect(names).toContain('23 June 1912');
    expect(names).not.toContain('However');
    expect(entities.find((e) => e.name === '23 June 1912')?.type).toBe('Date');
    expect(entities.find((e) => e.name === 'Maida Vale')?.type).toBe('Place');
  });

  it("gives a page its surname and article-less title as aliases, not a person's first name or a country", async () => {
    const person = await ex.extract({ chunk: chunkOf('Alexander Hale Smith was a leader of the church. Smith was born in Missouri. Alexander later moved to Iowa.'), docTitle: 'Alexander Hale Smith' });
    const page = person.entities.find((e) => e.name === 'Alexander Hale Smith');
    expect(page?.aliases).toContain('Smith');
    expect(page?.aliases).not.toContain('Alexander');
    const mtc = await ex.extract({ chunk: chunkOf('MTC Namibia is the largest mobile operator. Namibia has two operators.'), docTitle: 'MTC Namibia' });
    expect(mtc.entities.find((e) => e.name === 'MTC Namibia')?.aliases ?? []).not.toContain('Namibia');
    const film = await ex.extract({ chunk: chunkOf('The Terminal is a 2004 American comedy-drama film directed by Steven Spielberg.'), docTitle: 'The Terminal' });
    expect(film.entities.find((e) => e.name === 'The Terminal')?.aliases).toContain('Terminal');
    // a demonym before a name the passage also uses alone: the same entity
    const fell = await ex.extract({ chunk: chunkOf('Knott is a mountain in the northern part of the English Lake District. It is one of the fells of the Lake District.'), docTitle: 'Knott' });
    expect(fell.entities.find((e) => e.name === 'English Lake District')?.aliases).toContain('Lake District');
    const other = await ex.extract({ chunk: chunkOf('The American Civil War ended in 1865.'), docTitle: 'Civil War' });
    expect(other.entities.find((e) => e.name === 'American Civil War')?.aliases ?? []).not.toContain('Civil War');
  });

  it('types names from suffixes and parenthetical hints', () => {
    expect(guessType('Fast Forward Games')).toBe('Organization');
    expect(guessType('Mississippi River')).toBe('Place');
    expect(guessType('Monona County Courthouse')).toBe('Place');
    expect(guessType('Shackleton Ice Shelf')).toBe('Place');
    expect(guessType('Jem Marsh')).toBe('Person');
    expect(guessType('Alta, Fayette County, West Virginia')).toBe('Place');
    expect(guessType('Inception (film)')).toBe('Work');
    expect(guessType('John Smith (footballer)')).toBe('Person');
  });
});

describe('createTypedTripleExtractor with a routed TAdaRAG template', () => {
  const text = 'Harbour Lights is a 1990 film directed by Oren Pike and starring Lina Varga. Acme Corp acquired Beta Inc in 2001.';
  const crew: DomainTemplate = { domain: 'crew', description: 'film crews', entityTypes: ['Person', 'Work'], relations: [{ relation: 'directed_by', head: 'Work', tail: 'Person' }] };
  const conf = (ts: Triple[], r: string) => ts.find((t) => t.relation === r)?.confidence;

  it('without a template the output is unchanged; with one, relations it does not list are down-weighted (canonical labels match: directed_by = director)', async () => {
    const ex = createTypedTripleExtractor();
    const plain = await ex.extract({ chunk: chunkOf(text), docTitle: 'Harbour Lights' });
    const routed = await ex.extract({ chunk: chunkOf(text), docTitle: 'Harbour Lights', template: crew });
    expect(conf(routed.triples, 'director')).toBe(conf(plain.triples, 'director'));
    expect(conf(routed.triples, 'performer')).toBeCloseTo(conf(plain.triples, 'performer')! * 0.5);
    expect(conf(routed.triples, 'acquired')).toBeCloseTo(conf(plain.triples, 'acquired')! * 0.5);
    // weak edges are weak already
    for (const t of routed.triples.filter((x) => x.relation === 'mentions')) expect(t.confidence).toBe(plain.triples.find((p) => p.relation === 'mentions' && p.tail === t.tail)!.confidence);
    // the finance template lists "acquired": its confidence is kept, the film relations fall
    const finance = await ex.extract({ chunk: chunkOf(text), docTitle: 'Harbour Lights', template: FINANCE_TEMPLATE });
    expect(conf(finance.triples, 'acquired')).toBe(conf(plain.triples, 'acquired'));
    expect(conf(finance.triples, 'director')!).toBeLessThan(conf(plain.triples, 'director')!);
  });

  it('outsideTemplateWeight 0 drops relations outside the template, 1 ignores it; out of range is refused', async () => {
    const drop = await createTypedTripleExtractor({ outsideTemplateWeight: 0 }).extract({ chunk: chunkOf(text), docTitle: 'Harbour Lights', template: crew });
    expect(drop.triples.filter((t) => t.relation !== 'mentions' && t.relation !== 'co_occurs_with').map((t) => t.relation)).toEqual(['director']);
    const keep = await createTypedTripleExtractor({ outsideTemplateWeight: 1 }).extract({ chunk: chunkOf(text), docTitle: 'Harbour Lights', template: crew });
    expect(conf(keep.triples, 'performer')).toBe(0.7);
    expect(() => createTypedTripleExtractor({ outsideTemplateWeight: 2 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});
