import { createRunContext } from '@rag/core';
import { createIndexer, type Indexer } from '@rag/indexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCoverageGate } from './coverage-gate.js';
import { askedNounLemmas, contentLemmas, coveringPassage } from './lexical-cover.js';

// Hand-written documentation-like pages: one long page whose summary is about something else.
const DOCS = [
  {
    id: 'status',
    title: 'Status',
    text:
      'Every package has tests and a changelog. The graph store keeps nodes and edges in segments. ' +
      'The indexer reads Markdown, HTML and PDF files. Publishing: publish with pnpm (`pnpm publish -r`), which rewrites the export map.',
  },
  { id: 'serve', title: 'Serving', text: 'The server listens on port 8080 and answers asks over HTTP.' },
];

let index: Indexer;
beforeAll(async () => {
  index = createIndexer({ gearHeads: 0, communities: false });
  await index.ingest(DOCS);
});

describe('lexical cover of the coverage gate', () => {
  it('takes content words by lemma, without stop words', () => {
    expect(contentLemmas('How do I publish the packages?')).toEqual(['publish', 'package']);
  });

  it('finds a passage holding at least half of the content words (two at least), by lemma prefix', async () => {
    expect(await coveringPassage(index, 'How do I publish the packages?', 5)).toBe('status::0');
    expect(await coveringPassage(index, 'How do I publish the invoices?', 5)).toBeUndefined();
    // in the user's own words: two of three content words held is enough, one of three is not
    expect(contentLemmas('How do I publish packages to a registry?')).toEqual(['publish', 'package', 'registry']);
    expect(await coveringPassage(index, 'How do I publish packages to a registry?', 5)).toBe('status::0');
    expect(await coveringPassage(index, 'How do I publish invoices to a registry?', 5)).toBeUndefined();
    // one content word says too little about coverage
    expect(await coveringPassage(index, 'What is published?', 5)).toBeUndefined();
  });

  it('does not require the noun a what/which phrase asks about (the answer type, stated by its value)', async () => {
    expect(askedNounLemmas('At what temperature does the kettle boil?')).toEqual(['temperature']);
    expect(askedNounLemmas('What kind of port does the server listen on?')).toEqual(['kind', 'port']);
    expect(askedNounLemmas('How do I publish the packages?')).toEqual([]);
    expect(askedNounLemmas('In what U.S. state is the lake?')).toEqual(['state']);
    const kettle = createIndexer({ gearHeads: 0, communities: false });
    await kettle.ingest([
      { id: 'kettle', title: 'Kitchen notes', text: 'The kettle boils at 100 degrees Celsius at sea level. Descale it every month.' },
      { id: 'oven', title: 'Oven', text: 'The oven preheats in ten minutes.' },
    ]);
    expect(await coveringPassage(kettle, 'At what temperature does the kettle boil?', 5)).toBe('kettle::0');
    const d = await createCoverageGate({ index: kettle }).check('At what temperature does the kettle boil?');
    expect(d).toMatchObject({ pass: true, coveredBy: 'kettle::0' });
    // Two content words must still be held: one is not enough.
    expect(await coveringPassage(kettle, 'At what temperature does the oven boil?', 5)).toBeUndefined();
    // Only the asked noun is dropped: a question left with one content word stays closed.
    expect(await coveringPassage(kettle, 'What temperature is boiling?', 5)).toBeUndefined();
  });

  it('opens the gate that eq. 1 alone closes, and says why in the trace; off with lexicalCover: false', async () => {
    const q = 'How do I publish the packages?';
    const strict = await createCoverageGate({ index, threshold: 1, lexicalCover: false }).check(q);
    expect(strict.pass).toBe(false);
    expect(strict.closedBy).toBe('summary');
    const context = createRunContext();
    const d = await createCoverageGate({ index, threshold: 1 }).check(q, context);
    expect(d.pass).toBe(true);
    expect(d.coveredBy).toBe('status::0');
    expect(context.trace.events.some((e) => e.kind === 'decision' && /holds at least half of the question's content words/.test(e.decision ?? ''))).toBe(true);
    // a question about words no passage holds together stays closed
    expect((await createCoverageGate({ index, threshold: 1 }).check('How do I publish the invoices?')).pass).toBe(false);
  });
});
