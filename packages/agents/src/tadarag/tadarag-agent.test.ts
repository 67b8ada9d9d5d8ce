import type { DomainTemplate, IntentRouter } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import { createIndexer, type Indexer } from '@rag/indexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureIndex } from '../../test/fixture.js';
import { createTadaragAgent } from './tadarag-agent.js';

let bare: Indexer;
beforeAll(async () => {
  // No pre-built graph at all: whatever graph the agent uses, it built from retrieved text.
  bare = await fixtureIndex({ extractor: false });
});

describe('createTadaragAgent', () => {
  it('routes intent to a template, builds a typed KG from the retrieved text and keeps it in the trace', async () => {
    expect(bare.graph.nodeCount).toBe(0);
    const routed: string[] = [];
    const router: IntentRouter = { route: async (text) => (routed.push(text), { domain: 'general', confidence: 0.9 }) };
    const a = await createTadaragAgent({ index: bare, intentRouter: router }).answer('Where was Gustave Eiffel born?');
    expect(a.text).toBe('Dijon');
    expect(routed[0]).toContain('Where was Gustave Eiffel born?');
    expect(routed[0]).toContain('Gustave Eiffel was a French civil engineer');
    const kg = a.trace.find((e) => e.name === 'on-the-fly-kg')!;
    expect(kg.data?.domain).toBe('general');
    const triples = kg.data?.triples as { head: string; relation: string; tail: string }[];
    expect(triples.length).toBeGreaterThan(0);
    expect(bare.graph.nodeCount).toBe(0);
    expect(a.trace.find((e) => e.name === 'template')?.decision).toMatch(/template "general"/);
  });

  it('with a model, extracts with the template and answers from graph + text evidence', async () => {
    const model = createScriptedChatModel((r) => {
      const system = r.messages[0]!.content;
      if (/answer questions using only the evidence/.test(system)) {
        const user = r.messages[1]!.content;
        expect(user).toContain('Graph facts');
        return { json: { answer: 'Dijon', citations: [], abstain: false } };
      }
      if (r.jsonSchema && /domain/i.test(JSON.stringify(r.jsonSchema)) && !/entities/.test(JSON.stringify(r.jsonSchema))) return { json: { domain: 'general', confidence: 0.8 } };
      return { json: { entities: [{ name: 'Gustave Eiffel', type: 'Person' }, { name: 'Dijon', type: 'Place' }], relations: [{ head: 'Gustave Eiffel', relation: 'born_in', tail: 'Dijon', evidence: 'He was born in Dijon in 1832.' }] } };
    });
    const a = await createTadaragAgent({ index: bare, model, extractChunks: 1 }).answer('Where was Gustave Eiffel born?');
    expect(a.status).toBe('answered');
    expect(a.text).toBe('Dijon');
    expect(a.cost.llmCalls).toBeGreaterThanOrEqual(3);
  });

  it('embedded: the routed template decides which relation the on-the-fly graph answers from (relations outside it are down-weighted)', async () => {
    const film = createIndexer({ gearHeads: 0, communities: false, extractor: false });
    await film.ingest([{ id: 'film', title: 'Harbour Lights', text: 'Harbour Lights was directed by Oren Pike. Harbour Lights starred Lina Varga.' }]);
    const templates: DomainTemplate[] = [
      { domain: 'crew', description: 'who made a film', entityTypes: ['Work', 'Person'], relations: [{ relation: 'directed_by', head: 'Work', tail: 'Person' }] },
      { domain: 'cast', description: 'who acted in a film', entityTypes: ['Work', 'Person'], relations: [{ relation: 'starred', head: 'Work', tail: 'Person' }] },
    ];
    const routedTo = (domain: string): IntentRouter => ({ route: async () => ({ domain, confidence: 1 }) });
    const ask = (domain: string) => createTadaragAgent({ index: film, templates, intentRouter: routedTo(domain), extractChunks: 1 }).answer('Which person is linked to Harbour Lights?');
    const [crew, cast] = [await ask('crew'), await ask('cast')];
    expect(crew.text).toBe('Oren Pike');
    expect(cast.text).toBe('Lina Varga');
    const triple = (a: typeof crew, relation: string) => (a.trace.find((e) => e.name === 'on-the-fly-kg')!.data!.triples as { relation: string }[]).find((t) => t.relation === relation);
    expect(triple(crew, 'directed_by')).toBeDefined();
    expect(triple(cast, 'starred')).toBeDefined();
  });

  it('a triple typing a name two ways the graph cannot hold ("Person" / "person") is skipped and counted, not fatal', async () => {
    const p = [{ chunkId: 'x', start: 0, end: 1 }];
    const extractor = {
      id: 'inconsistent',
      extract: async () => ({
        entities: [],
        triples: [
          { head: 'Gustave Eiffel', headType: 'Person', relation: 'born_in', tail: 'Dijon', tailType: 'Place', provenance: p, confidence: 0.7 },
          { head: 'Gustave Eiffel', headType: 'person', relation: 'founded', tail: 'Eiffel et Cie', tailType: 'Organization', provenance: p, confidence: 0.7 },
        ],
      }),
    };
    const a = await createTadaragAgent({ index: bare, extractor, extractChunks: 1 }).answer('Where was Gustave Eiffel born?');
    expect(a.status).toBe('answered');
    expect(a.trace.find((e) => e.kind === 'warning' && e.name === 'on-the-fly-kg')?.data).toMatchObject({ skippedTriples: 1 });
  });
});
