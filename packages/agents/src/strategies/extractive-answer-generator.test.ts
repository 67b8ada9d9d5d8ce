import type { Evidence } from '@rag/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Indexer } from '@rag/indexer';
import { FIXTURE_DOCS, fixtureIndex } from '../../test/fixture.js';
import { choiceOptions, createExtractiveAnswerGenerator } from './extractive-answer-generator.js';
import { excludeInstruction, STRICT_GROUNDING_INSTRUCTION } from './instructions.js';

let index: Indexer;
beforeAll(async () => {
  index = await fixtureIndex();
});

function evidenceOf(...docIds: string[]): Evidence {
  const chunks = docIds.flatMap((d, i) => index.chunksOfDoc(d).map((c) => ({ chunkId: c.id, docId: c.docId, score: 1 - i * 0.1, text: c.text })));
  return { query: 'q', chunks, trace: [] };
}

describe('createExtractiveAnswerGenerator', () => {
  it.each([
    ['When was Marie Curie born?', ['curie', 'pierre'], '7 November 1867'],
    ['Where was Gustave Eiffel born?', ['eiffel', 'tower'], 'Dijon'],
    ['How many people live in Warsaw, by population?', ['warsaw', 'dijon'], '1,860,000'],
    ['Who won the Nobel Prize in Physics in 1903?', ['curie', 'pierre'], 'Marie Curie'],
    ['In what year was the Eiffel Tower completed?', ['tower', 'eiffel'], '1889'],
    ['Which is older, Marie Curie or Pierre Curie?', ['curie', 'pierre'], 'Pierre Curie'],
    ['Who was born later, Gustave Eiffel or Pierre Curie?', ['eiffel', 'pierre'], 'Pierre Curie'],
  ])('%s → %s', async (question, docs, expected) => {
    const gen = createExtractiveAnswerGenerator({ index });
    const a = await gen.generate({ query: question, evidence: evidenceOf(...docs) });
    expect(a.text).toBe(expected);
  });

  it('by default prefers the second-hop sentence of a bridge entity; bridgeBonus 0 turns it off', async () => {
    const q = 'What is the population of the city where Gustave Eiffel was born?';
    const plain = await createExtractiveAnswerGenerator({ index, bridgeBonus: 0 }).generate({ query: q, evidence: evidenceOf('eiffel', 'dijon', 'warsaw') });
    const bridged = await createExtractiveAnswerGenerator({ index }).generate({ query: q, evidence: evidenceOf('eiffel', 'dijon', 'warsaw') });
    expect(plain.text).toBe('1,860,000');
    expect(bridged.text).toBe('156,920');
  });

  // Hand-written passages, one answer type each; chunk ids double as doc ids.
  const passages = (...texts: string[]): Evidence => ({
    query: 'q',
    chunks: texts.map((text, i) => ({ chunkId: `p${i}`, docId: `p${i}`, score: 1 - i * 0.1, text })),
    trace: [],
  });
  it.each([
    // person asked at the end ("… written by who?"): the writer, not the film or the country
    ['The novel Dark Harbor was written by who?', ['Dark Harbor is a 1998 novel published in the United States. It was written by Helen Marsh, an American author.'], 'Helen Marsh'],
    // person via "which <role noun>", title prefix dropped to the tagged name
    ['Tom Reed served as chief of staff to which senator?', ['Tom Reed is an Australian politician. He previously served as chief of staff to Queensland Senator Barnaby Joyce.'], 'Barnaby Joyce'],
    // place via a wh-phrase mid-question
    ['The Larkin Company was headquartered in what city?', ['The Larkin Company was an American mail-order retailer founded by John Larkin, who was born in Boston.', 'The Larkin Company was headquartered in Toledo from 1875.'], 'Toledo'],
    // date via "in what year" mid-question
    ['The Oakridge Library, designed by Anna Berg, opened in what year?', ['The Oakridge Library was designed by Anna Berg. The library opened in 1931 after four years of work.'], '1931'],
    // number
    ['How many albums did the band Grey Orchard release?', ['Grey Orchard is a folk band from Leeds. The band released seven albums between 2001 and 2015.'], 'seven'],
    // "A or B" with a numeric comparison
    ['Which river is longer, the Ember River or the Tolla River?', ['The Ember River is 410 kilometres long.', 'The Tolla River is 2,350 kilometres long.'], 'Tolla River'],
  ])('answer type from a hand-written passage: %s → %s', async (question, texts, expected) => {
    const a = await createExtractiveAnswerGenerator().generate({ query: question, evidence: passages(...texts) });
    expect(a.text).toBe(expected);
  });

  it('over reference text (referenceText, else measured from the index) answers an unasked capitalised name with its sentence', async () => {
    const q = 'What did Marie Curie win in 1903?';
    const encyclopaedia = await createExtractiveAnswerGenerator({ index }).generate({ query: q, evidence: evidenceOf('curie') });
    const reference = await createExtractiveAnswerGenerator({ index, referenceText: true }).generate({ query: q, evidence: evidenceOf('curie') });
    expect(encyclopaedia.form).toBeUndefined();
    expect(encyclopaedia.text).toMatch(/Nobel Prize/);
    expect(reference.form).toBe('sentence');
    expect(reference.text).toMatch(/Nobel Prize/);
  });

  it('answers yes/no from hand-written passages', async () => {
    const gen = createExtractiveAnswerGenerator();
    const ev = passages('Ann Lowe was an American fashion designer.', 'Carl Brisk was an American fashion designer.', 'Dora Vance was a Canadian painter.');
    expect((await gen.generate({ query: 'Were Ann Lowe and Carl Brisk both fashion designers?', evidence: ev })).text).toBe('yes');
    expect((await gen.generate({ query: 'Were Ann Lowe and Dora Vance both fashion designers?', evidence: ev })).text).toBe('no');
  });

  it('answers descriptor and copular questions with a common-noun phrase', async () => {
    const gen = createExtractiveAnswerGenerator();
    const ev = passages(
      'Tomas Ruell is a Portuguese footballer. He plays as a striker for Sporting CP in Lisbon.',
      'Nell Ardis is an English musician, best known as the lead vocalist of the band Grey Harbour.',
      'In Sumerian myth, Gallu is a demon of the underworld. In Akkadian myth, Lilu is a masculine spirit of the air.',
    );
    expect((await gen.generate({ query: 'What position does Tomas Ruell play?', evidence: ev })).text).toBe('striker');
    expect((await gen.generate({ query: 'What role does Nell Ardis perform in Grey Harbour?', evidence: ev })).text).toBe('lead vocalist');
    expect((await gen.generate({ query: 'If Gallu is a demon, Lilu is what?', evidence: ev })).text).toBe('spirit');
  });

  it('keeps answering with names when the question asks for a named kind', async () => {
    const gen = createExtractiveAnswerGenerator();
    const ev = passages('Nell Ardis is an English musician and the singer of the band Grey Harbour.');
    expect((await gen.generate({ query: 'Which band does Nell Ardis sing in?', evidence: ev })).text).toBe('Grey Harbour');
  });

  it('cites the supporting sentence by offsets into the source document', async () => {
    const gen = createExtractiveAnswerGenerator({ index });
    const a = await gen.generate({ query: 'When was Marie Curie born?', evidence: evidenceOf('pierre', 'curie') });
    expect(a.citations).toHaveLength(1);
    const c = a.citations[0]!;
    const doc = FIXTURE_DOCS.find((d) => d.id === c.docId)!;
    expect(doc.text.slice(c.start, c.end)).toBe('She was born in Warsaw on 7 November 1867.');
    expect(c.quote).toBe(doc.text.slice(c.start, c.end));
  });

  it('answers yes/no questions from the entities\' sentences', async () => {
    const gen = createExtractiveAnswerGenerator({ index });
    expect((await gen.generate({ query: 'Were Pierre Curie and Gustave Eiffel both French?', evidence: evidenceOf('pierre', 'eiffel') })).text).toBe('yes');
    expect((await gen.generate({ query: 'Were Pierre Curie and Marie Curie both engineers?', evidence: evidenceOf('pierre', 'curie') })).text).toBe('no');
  });

  it('abstains when the evidence holds no span of the asked type', async () => {
    const gen = createExtractiveAnswerGenerator({ index });
    const a = await gen.generate({ query: 'How many bridges cross the river?', evidence: evidenceOf('curie') });
    expect(a).toMatchObject({ abstain: true, text: '', citations: [] });
  });

  it('answers with the best supporting sentence, marked as such, when no span of the asked type is found', async () => {
    const gen = createExtractiveAnswerGenerator();
    // "how many": the supporting sentence states no number, so no span is confident.
    const q = 'How many rivers flow through the Vell valley?';
    const a = await gen.generate({ query: q, evidence: passages('Several rivers flow through the Vell valley towards the sea.', 'The Vell valley is known for its orchards.') });
    expect(a).toMatchObject({ form: 'sentence', text: 'Several rivers flow through the Vell valley towards the sea.' });
    expect(a.abstain).toBeUndefined();
    expect(a.citations).toEqual([{ chunkId: 'p0', docId: 'p0', start: 0, end: a.text.length, quote: a.text }]);
    // A confident span keeps the span form (the field is absent: backward compatible).
    const span = await gen.generate({ query: q, evidence: passages('Three rivers flow through the Vell valley towards the sea.') });
    expect(span.text).toBe('Three');
    expect(span.form).toBeUndefined();
  });

  it('answers a person question with the sentence, not the name firmly typed as something else', async () => {
    // The only name near the relation is a place: a firm type mismatch is not a confident span.
    const q = 'Who founded the Orrin Library?';
    const a = await createExtractiveAnswerGenerator().generate({ query: q, evidence: passages('The Orrin Library was founded in Glasgow in 1850.') });
    expect(a.form).toBe('sentence');
    expect(a.text).toBe('The Orrin Library was founded in Glasgow in 1850.');
  });

  it('honours exclusion and strict-grounding instructions', async () => {
    const gen = createExtractiveAnswerGenerator({ index });
    const q = 'When was Marie Curie born?';
    const first = await gen.generate({ query: q, evidence: evidenceOf('curie') });
    const second = await gen.generate({ query: q, evidence: evidenceOf('curie'), instructions: excludeInstruction(first.text) });
    expect(second.text).not.toBe(first.text);
    const strict = await gen.generate({ query: 'When did the unrelated thing happen?', evidence: evidenceOf('curie'), instructions: STRICT_GROUNDING_INSTRUCTION });
    expect(strict.abstain).toBe(true);
  });

  it('parses choice questions with and without a comma', () => {
    expect(choiceOptions('Which is older, Marie Curie or Pierre Curie?')).toEqual(['Marie Curie', 'Pierre Curie']);
    expect(choiceOptions('Which band was formed first The Exies or Circus Diablo ?')).toEqual(['The Exies', 'Circus Diablo']);
    expect(choiceOptions('When was Marie Curie born?')).toBeUndefined();
  });

  it('rejects bad input with RAG_INVALID_INPUT', async () => {
    const gen = createExtractiveAnswerGenerator();
    await expect(gen.generate({ query: '  ', evidence: evidenceOf('curie') })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    await expect(gen.generate({ query: 'q', evidence: {} as Evidence })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    expect(() => createExtractiveAnswerGenerator({ maxChunks: 0 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});
