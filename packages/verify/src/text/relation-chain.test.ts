// Multi-hop chains (invented text, not from any dataset): the answer is verified only when the
// evidence links it back to the question's entity hop by hop, each hop with a relation word of
// the question; a chain that breaks, skips a hop or ends at another entity stays unsure.
import { describe, expect, it } from 'vitest';
import type { Citation } from '@rag/core';
import { createLexicalAdequacyValidator } from '../validators/lexical-adequacy.js';
import { evidenceOf } from '../test-fixtures.js';
import { relationChain } from './relation-chain.js';
import { askedClause, relationCues } from './relation-cues.js';

const adequacy = createLexicalAdequacyValidator();

/** Cite the evidence sentence with the quote, as the extractive reader does. */
function cite(chunks: ReturnType<typeof evidenceOf>, quote: string): Citation[] {
  const chunk = chunks.chunks.find((c) => c.text.includes(quote))!;
  const start = chunk.text.indexOf(quote);
  return [{ chunkId: chunk.chunkId, start, end: start + quote.length, quote }];
}

async function label(query: string, answer: string, evidence: ReturnType<typeof evidenceOf>, quote: string) {
  return adequacy.validate({ query, answer: { text: answer, citations: cite(evidence, quote) }, evidence });
}

const MAYOR_Q = 'Who was the first mayor of the city where the composer of Lake Hymn died?';
const HYMN = 'Lake Hymn is a choral work composed by Arthur Dell in 1902.';
const DELL_DIED = 'Arthur Dell was an English organist. He died in Norbury in 1931.';
const NORBURY = 'Norbury is a market town in Kent. Its first mayor was Henry Vale, elected in 1836.';

describe('chain verification (three hops)', () => {
  it('verifies an answer the evidence reaches hop by hop: work → composer → city of death → its mayor', async () => {
    const evidence = evidenceOf(HYMN, DELL_DIED, NORBURY);
    const v = await label(MAYOR_Q, 'Henry Vale', evidence, 'Its first mayor was Henry Vale, elected in 1836.');
    expect(v.outcome).toBe('pass');
    expect(v.reason).toMatch(/chains Lake Hymn → Arthur Dell → Norbury → "Henry Vale"/);
    expect(v.reason).toMatch(/\(composer\)/);
    expect(v.reason).toMatch(/\(die\)/);
  });

  it('stays unsure when a hop is stated with another relation (born in, not died in)', async () => {
    const evidence = evidenceOf(HYMN, 'Arthur Dell was an English organist. He was born in Norbury in 1860.', NORBURY);
    const v = await label(MAYOR_Q, 'Henry Vale', evidence, 'Its first mayor was Henry Vale, elected in 1836.');
    expect(v.outcome).toBe('unknown');
    expect(v.reason).toMatch(/Henry Vale/);
    expect(v.reason).toMatch(/"die"|does not link/);
  });

  it('stays unsure when the answer belongs to a town the chain never reaches', async () => {
    const evidence = evidenceOf(HYMN, DELL_DIED, 'Ashford is a market town in Surrey. Its first mayor was Thomas Reed, elected in 1840.');
    const v = await label(MAYOR_Q, 'Thomas Reed', evidence, 'Its first mayor was Thomas Reed, elected in 1840.');
    expect(v.outcome).toBe('unknown');
    // The missing hop is named: nothing links Ashford back to Lake Hymn.
    expect(v.reason).toMatch(/does not link Ashford to Lake Hymn/);
  });

  it('does not take the bridge entity for the answer (the composer is not the mayor)', async () => {
    const evidence = evidenceOf(HYMN, DELL_DIED, NORBURY);
    const v = await label(MAYOR_Q, 'Arthur Dell', evidence, HYMN);
    expect(v.outcome).not.toBe('pass');
  });

  it('reports the missing hop in words when the chain cannot start', () => {
    const evidence = evidenceOf(DELL_DIED, NORBURY);
    const r = relationChain(MAYOR_Q, 'Henry Vale', cite(evidence, 'Its first mayor was Henry Vale, elected in 1836.'), evidence.chunks);
    expect(r.established).toBe(false);
    expect(r.reason).toMatch(/Lake Hymn/);
  });
});

describe('chain verification (an unnamed thing in the asked clause)', () => {
  const Q = 'When did the country where the village of Brellin is located, become a member of the Coastal Union?';
  it('does not verify a date that one sentence gives for some member of the union', async () => {
    // "the country" is another hop: a sentence about Morvia joining says nothing about Brellin.
    const evidence = evidenceOf('Brellin is a village in the south of Tarsia.', 'Morvia became a member of the Coastal Union on 4 May 1980.');
    const v = await label(Q, '4 May 1980', evidence, 'Morvia became a member of the Coastal Union on 4 May 1980.');
    expect(v.outcome).toBe('unknown');
    expect(v.reason).toMatch(/Brellin/);
  });
  it('verifies the date when a located-in hop links the village to that country', async () => {
    const evidence = evidenceOf('Brellin is a village in the south of Tarsia.', 'Tarsia became a member of the Coastal Union on 2 June 1975.');
    const v = await label(Q, '2 June 1975', evidence, 'Tarsia became a member of the Coastal Union on 2 June 1975.');
    expect(v.outcome).toBe('pass');
    expect(v.reason).toMatch(/Brellin → Tarsia → "2 June 1975"/);
  });
  it('reads the asked clause after a relative clause closed by a comma', () => {
    expect(askedClause(Q)).toMatch(/become a member/);
  });
});

describe('roles, appositives and possessors', () => {
  const Q = "Who was the first president of Velmora's country?";
  const VILLAGE = 'Velmora is a small village located in eastern Kestania.';
  it('a role noun asked of an entity is a relation word ("first president of")', () => {
    expect(relationCues(Q, new Set(['velmora']))).toContain('president');
  });
  it('reads past an appositive and a possessor to the role', async () => {
    const said = 'Kestania became independent in 1961, and Thomas Baker, a lawyer who had led the independence movement, became Kestania\'s first president.';
    const v = await label(Q, 'Thomas Baker', evidenceOf(VILLAGE, said), said);
    expect(v.outcome).toBe('pass');
  });
  it('but not past another person standing between the answer and the role', async () => {
    const said = 'Kestania became independent in 1961, and Thomas Baker, a lawyer who had led the independence movement, appointed Paul Dorn as Kestania\'s first president.';
    const v = await label(Q, 'Thomas Baker', evidenceOf(VILLAGE, said), said);
    expect(v.outcome).toBe('unknown');
  });
  it('a role that only describes the object ("played the Lake Hymn singer") is not the relation asked', async () => {
    const said = 'In the film Blue Harbour, Ned Cole appears as the singer Tom Harlan.';
    const v = await label('Who played the Lake Hymn singer in Blue Harbour?', 'Tom Harlan', evidenceOf(said), said);
    expect(v.outcome).not.toBe('pass');
  });
});
