import { createRunContext, type TraceEvent } from '@rag/core';
import { createIndexer, type Indexer } from '@rag/indexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { createA2ragAgent } from './a2rag-agent.js';
import { createCoverageGate, isSalientMention } from './coverage-gate.js';

// Hand-written documents (no dataset text).
const DOCS = [
  { id: 'leland', title: 'Leland, North Carolina', text: 'Leland is a town in Brunswick County, North Carolina. In 1986 the film Blue Velvet was shot in and around Leland and Wilmington.' },
  { id: 'lynch', title: 'David Lynch', text: 'David Lynch is an American filmmaker. He directed the film Blue Velvet, released in 1986.' },
  { id: 'wilmington', title: 'Wilmington', text: 'Wilmington is a port city in North Carolina on the Cape Fear River.' },
];
// A second, unrelated corpus: asking it about Leland must abstain.
const OTHER = [
  { id: 'fjord', title: 'Geirangerfjord', text: 'Geirangerfjord is a fjord in the Sunnmøre region of Møre og Romsdal county, Norway.' },
  { id: 'alesund', title: 'Ålesund', text: 'Ålesund is a port town in Møre og Romsdal, Norway, known for its Art Nouveau architecture.' },
];

let own: Indexer;
let other: Indexer;
beforeAll(async () => {
  own = createIndexer({ gearHeads: 0, communities: false });
  await own.ingest(DOCS);
  other = createIndexer({ gearHeads: 0, communities: false });
  await other.ingest(OTHER);
});

describe('createCoverageGate', () => {
  it('passes a question whose entities are in the corpus', async () => {
    const gate = createCoverageGate({ index: own, threshold: 0 });
    const d = await gate.check('Who directed the film that was shot in or around Leland, North Carolina in 1986?');
    expect(d.pass).toBe(true);
    expect(d.coverage).toBe(1);
    expect(d.mentions.map((m) => m.mention)).toContain('Leland');
    expect(d.mentions.every((m) => m.covered)).toBe(true);
  });

  it('abstains on a question whose entities are absent, naming the missing mentions in the trace', async () => {
    const gate = createCoverageGate({ index: other, threshold: 0 });
    const context = createRunContext();
    const d = await gate.check('Who directed the film that was shot in or around Leland, North Carolina in 1986?', context);
    expect(d.pass).toBe(false);
    expect(d.closedBy).toBe('coverage');
    expect(d.coverage).toBeLessThan(0.5);
    const ev = context.trace.events.find((e) => e.kind === 'decision' && e.name === 'gate-coverage');
    expect(ev?.kind === 'decision' && ev.decision).toMatch(/ABSTAIN/);
  });

  it('counts a mention found only in chunk text (not a graph node) as covered', async () => {
    const gate = createCoverageGate({ index: own, threshold: 0 });
    const d = await gate.check('On which river is the port city of Cape Fear River located?');
    const m = d.mentions.find((x) => x.mention === 'Cape Fear River');
    expect(m?.covered).toBe(true);
    expect(d.pass).toBe(true);
  });

  it('splits joined names and needs every part: one absent part leaves the mention uncovered', async () => {
    const gate = createCoverageGate({ index: own, threshold: 0, minCoverage: 1 });
    const both = await gate.check('Are David Lynch and Wilmington both in North Carolina?');
    expect(both.pass).toBe(true);
    const half = await gate.check('Are David Lynch and Ingmar Bergman both film directors?');
    expect(half.pass).toBe(false);
  });

  it('lets the summary test close the gate first (eq. 1) and defers to it when there are no salient mentions', async () => {
    const strict = createCoverageGate({ index: own, threshold: 0.99, lexicalCover: false });
    const d = await strict.check('Who directed the film that was shot in Leland?');
    expect(d).toMatchObject({ pass: false, closedBy: 'summary', coverage: undefined });
    const open = createCoverageGate({ index: own, threshold: 0 });
    const n = await open.check('which of the two films is older?');
    expect(n.coverage).toBeUndefined();
    expect(n.pass).toBe(true);
  });

  it('ignores bare years and dates as mentions', () => {
    expect(isSalientMention('1986')).toBe(false);
    expect(isSalientMention('18 February 2016')).toBe(false);
    expect(isSalientMention('Leland')).toBe(true);
  });

  it('rejects bad options with RAG_INVALID_INPUT', () => {
    expect(() => createCoverageGate({ index: own, minCoverage: 1.5 })).toThrow(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => createCoverageGate({ index: own, hitsPerMention: 0 })).toThrow(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => createCoverageGate({ index: {} as never })).toThrow(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});

describe('a2rag-agent with the coverage gate (default)', () => {
  it('abstains at the gate on the other corpus and spends no retrieval', async () => {
    const agent = createA2ragAgent({ index: other, gate: { threshold: 0 } });
    const a = await agent.answer('Who directed the film that was shot in or around Leland, North Carolina in 1986?');
    expect(a).toMatchObject({ status: 'abstained', stage: 'gate' });
    expect(a.trace.some((e) => e.kind === 'stage' && e.name === 'local')).toBe(false);
  });

  it('still answers when the entities are present', async () => {
    const agent = createA2ragAgent({ index: own, gate: { threshold: 0 } });
    const a = await agent.answer('Who directed the film that was shot in or around Leland, North Carolina in 1986?');
    // the coverage test ran and let the question through ...
    expect(decisions(a.trace, 'gate-coverage')).toEqual([expect.stringMatching(/^covered 2\/2 mentions = 1\.00 .*: retrieve$/)]);
    // ... and the agent answered it from the passage that says so
    expect(a.status).toBe('answered');
    expect(a.text).toBe('David Lynch');
    expect(a.citations.map((c) => c.docId)).toContain('lynch');
  });

  it('minCoverage: false keeps the summary-only gate of eq. 1: no coverage test, so the question goes on to retrieval', async () => {
    const agent = createA2ragAgent({ index: other, gate: { threshold: 0, minCoverage: false } });
    const a = await agent.answer('Who directed the film that was shot in or around Leland, North Carolina in 1986?');
    // the summary test alone decides at the gate (it passes at threshold 0); the coverage test,
    // which abstains on this corpus by default (above), is not run
    expect(decisions(a.trace, 'gate')).toEqual([expect.stringMatching(/≥ τ_g = 0: retrieve$/)]);
    expect(a.trace.some((e) => e.name === 'gate-coverage')).toBe(false);
    // so retrieval runs; the corpus does not hold the answer, and the run ends failed after the
    // retries, with evidence retrieved, instead of abstaining at the gate
    expect(a.trace.some((e) => e.kind === 'stage' && e.name === 'local')).toBe(true);
    expect(a.stage).not.toBe('gate');
    expect(a.evidence?.length).toBeGreaterThan(0);
    expect(a).toMatchObject({ status: 'failed', text: '' });
  });
});

describe('createCoverageGate: mentions as users write them (acronyms, several sentences)', () => {
  // Hand-written, licence-like passages.
  const LICENCE = [
    { id: 'fdl', title: 'GNU Free Documentation License', text: 'You may copy and distribute the Document in any medium, provided that this License and the copyright notices are reproduced in all copies.' },
    { id: 'gpl', title: 'Terms', text: 'The GNU General Public License is a free, copyleft license. You may convey verbatim copies of the Program.' },
  ];
  let lic: Indexer;
  beforeAll(async () => {
    lic = createIndexer({ gearHeads: 0, communities: false });
    await lic.ingest(LICENCE);
  });
  const mentionsOf = async (q: string) => (await createCoverageGate({ index: lic, threshold: 0 }).check(q)).mentions;

  it('counts an acronym covered when a top hit, title included, spells it out', async () => {
    const gpl = await mentionsOf('May I convey verbatim copies of a GPLv3 program?');
    expect(gpl).toEqual([{ mention: 'GPLv3', covered: true, how: 'acronym' }]);
    const fdl = await mentionsOf('Which notices must every copy of a GFDL-licensed document reproduce?');
    expect(fdl).toEqual([{ mention: 'GFDL-licensed', covered: true, how: 'parts' }]);
    // an acronym the corpus spells out nowhere stays uncovered, and the gate closes
    const d = await createCoverageGate({ index: lic, threshold: 0 }).check('Can I convey verbatim copies under the EUPL?');
    expect(d.mentions).toEqual([{ mention: 'EUPL', covered: false, how: 'none' }]);
    expect(d.pass).toBe(false);
  });

  it('takes no mention across a sentence end, from the pronoun I, or from a word that only starts a sentence', async () => {
    const m = await mentionsOf("I'm shipping a GPLv3 program. Rather than the source, can I convey verbatim copies?");
    expect(m.map((x) => x.mention)).toEqual(['GPLv3']);
  });
});

/** The text of the trace's decisions called `name`. */
function decisions(trace: readonly TraceEvent[], name: string): string[] {
  return trace.flatMap((e) => (e.kind === 'decision' && e.name === name ? [e.decision ?? ''] : []));
}
