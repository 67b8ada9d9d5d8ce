import { describe, expect, it } from 'vitest';
import type { RankedChunk } from '@rag/core';
import { createFixtureIndex } from '../testing/index.js';
import { coordinatedMentions, promoteToHead } from './coordination.js';
import { createA2ragRetriever } from './staged-retriever.js';

const chunk = (id: string, score: number): RankedChunk => ({ chunkId: id, docId: id, score, text: id, source: 'test' });

describe('coordinatedMentions', () => {
  it('finds entities joined by "or", "and", "both … and" and lists', () => {
    expect(coordinatedMentions('Who is older, Sid Haig or Vic Darchinyan?', ['Sid Haig', 'Vic Darchinyan'])).toEqual(['Sid Haig', 'Vic Darchinyan']);
    expect(coordinatedMentions('Are both the Woman Viewpoint and the Pick Me Up British?', ['Woman Viewpoint', 'Pick Me Up'])).toEqual(['Woman Viewpoint', 'Pick Me Up']);
    expect(coordinatedMentions('Were Ada, Bo and Cy born in Rome?', ['Ada', 'Bo', 'Cy', 'Rome'])).toEqual(['Ada', 'Bo', 'Cy']);
  });

  it('does not coordinate entities joined by other words, or a single entity', () => {
    expect(coordinatedMentions('Who directed the film that starred Ada Lin and was shot in Rome?', ['Ada Lin', 'Rome'])).toEqual([]);
    expect(coordinatedMentions('When did the spouse of Lil Hardin make What a Wonderful World?', ['Lil Hardin', 'What a Wonderful World'])).toEqual([]);
    expect(coordinatedMentions('Who is Ada Lin?', ['Ada Lin'])).toEqual([]);
    expect(coordinatedMentions('Ada or Bo?', ['Ada', 'Zed'])).toEqual([]);
  });
});

describe('promoteToHead', () => {
  it('moves the chosen chunks first, keeps both orders, and keeps scores non-increasing', () => {
    const out = promoteToHead([chunk('a', 3), chunk('b', 2), chunk('c', 1), chunk('d', 0.5)], new Set(['d', 'b']));
    expect(out.map((c) => c.chunkId)).toEqual(['b', 'd', 'a', 'c']);
    for (let i = 1; i < out.length; i += 1) expect(out[i - 1]!.score).toBeGreaterThan(out[i]!.score);
  });
});

describe('A2RAG with coordinated entities', () => {
  // Graph links from Brannock Hall lift the Seel family passage above Ferrow Mill's own
  // passage, which competes with two other passages that repeat its name.
  const docs = [
    { id: 'ferrow-mill', title: 'Ferrow Mill', text: 'Ferrow Mill is an old mill built in 1820. The mill is older than most mills of the region.' },
    { id: 'ferrow-mill-fire', title: 'Ferrow Mill fire', text: 'The Ferrow Mill fire of 1901 damaged Ferrow Mill; Ferrow Mill, older and larger then, was rebuilt.' },
    { id: 'ferrow-mill-museum', title: 'Ferrow Mill museum', text: 'The Ferrow Mill museum shows how Ferrow Mill, an older building, worked.' },
    { id: 'brannock-hall', title: 'Brannock Hall', text: 'Brannock Hall is a manor house completed in 1795 by the Seel family.' },
    { id: 'seel-family', title: 'Seel family', text: 'The Seel family were landowners who built Brannock Hall.' },
  ];
  const question = 'Which is older, Ferrow Mill or Brannock Hall?';

  it("puts each compared entity's own passage in the top two", async () => {
    const index = await createFixtureIndex(docs);
    // The graph ranking itself (graph weight 1): five passages are too few for the corpus
    // anchoring of the base-ranking fallback to mean anything.
    const ev = await createA2ragRetriever({ index, baseFusion: { weight: 1 } }).retrieve(question, { k: 5 });
    expect(ev.chunks.slice(0, 2).map((c) => c.docId).sort()).toEqual(['brannock-hall', 'ferrow-mill']);
    expect(ev.trace.find((e) => e.name === 'coordinated')?.decision).toContain('Ferrow Mill / Brannock Hall');
    const without = await createA2ragRetriever({ index, coordinatedFirst: false, baseFusion: { weight: 1 } }).retrieve(question, { k: 5 });
    expect(without.chunks.slice(0, 2).map((c) => c.docId)).not.toContain('ferrow-mill');
  });
});
