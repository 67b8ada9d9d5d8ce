import { createGraphStore } from '@rag/graph-store';
import { describe, expect, it } from 'vitest';
import { createAcademicAgent } from './academic-agent.js';
import { createTypedGraphPlanner, typedMentionsOf } from './typed-graph-plan.js';

// A small encyclopedic graph in the typed extractor's schema, with a weak page-mention edge.
function film() {
  const g = createGraphStore();
  const p = (chunkId: string) => [{ chunkId, start: 0, end: 10 }];
  g.addTriple({ head: 'Harbour Lights', headType: 'Work', relation: 'director', tail: 'Oren Pike', tailType: 'Person', provenance: p('c-film'), confidence: 0.7 });
  g.addTriple({ head: 'Harbour Lights', headType: 'Work', relation: 'performer', tail: 'Lina Varga', tailType: 'Person', provenance: p('c-film'), confidence: 0.7 });
  g.addTriple({ head: 'Harbour Lights', headType: 'Work', relation: 'mentions', tail: 'Tom Avery', tailType: 'Person', provenance: p('c-film'), confidence: 0.4 });
  g.addTriple({ head: 'Oren Pike', headType: 'Person', relation: 'born_on', tail: '12 March 1950', tailType: 'Date', provenance: p('c-pike'), confidence: 0.7 });
  g.addTriple({ head: 'Oren Pike', headType: 'Person', relation: 'occupation', tail: 'film director', tailType: 'Concept', provenance: p('c-pike'), confidence: 0.2 });
  g.addTriple({ head: 'Lina Varga', headType: 'Person', relation: 'born_on', tail: '1961', tailType: 'Date', provenance: p('c-varga'), confidence: 0.7 });
  g.addTriple({ head: 'Lina Varga', headType: 'Person', relation: 'occupation', tail: 'actress', tailType: 'Concept', provenance: p('c-varga'), confidence: 0.2 });
  return g;
}

describe('typed-graph planning', () => {
  it('reads the query type, relations and answer type from the question', async () => {
    const planner = createTypedGraphPlanner();
    expect(await planner.plan('When was Oren Pike born?')).toMatchObject({ type: 'attr', target: 'relation', relations: ['born_on'], answerTypes: ['Date'], entities: ['Oren Pike'] });
    expect(await planner.plan('Who directed Harbour Lights?')).toMatchObject({ type: 'rel', relations: ['director'], hops: 1 });
    expect(await planner.plan('Who directed the film that starred Lina Varga?')).toMatchObject({ type: 'multi', hops: 2 });
    expect(await planner.plan('Who is older, Oren Pike or Lina Varga?')).toMatchObject({ type: 'agg', target: 'compare', order: 'min' });
    expect(typedMentionsOf('Is "Harbour Lights" set in Leland, North Carolina?')).toEqual(['Harbour Lights', 'Leland', 'North Carolina']);
  });
});

describe('createAcademicAgent on a typed encyclopedic graph', () => {
  const agent = createAcademicAgent({ graph: film() });

  it('answers Attr, Rel, Multi and Agg questions from the schema relations of the subgraph', async () => {
    const cases: [string, string, string][] = [
      ['When was Oren Pike born?', '12 March 1950', 'attr'],
      ['Who directed Harbour Lights?', 'Oren Pike', 'rel'],
      ['Who directed the film that starred Lina Varga?', 'Oren Pike', 'multi'],
      ['Who is older, Oren Pike or Lina Varga?', 'Oren Pike', 'agg'],
      ['Who is younger, Oren Pike or Lina Varga?', 'Lina Varga', 'agg'],
      ['Are Oren Pike and Lina Varga both film directors?', 'no', 'agg'],
    ];
    for (const [q, want, type] of cases) {
      const a = await agent.answer(q);
      expect(a.text, q).toBe(want);
      expect(a.trace.find((e) => e.name === 'plan' && e.kind === 'decision')?.decision, q).toContain(`(${type},`);
    }
  });

  it('cites the chunks of the supporting facts first and prefers schema relations over weak edges', async () => {
    const a = await agent.answer('Who directed Harbour Lights?');
    expect(a.evidence?.[0]?.chunkId).toBe('c-film');
    expect(a.citations.map((c) => c.chunkId)).toContain('c-film');
    const who = await agent.answer('Who appeared in Harbour Lights?');
    expect(who.text).toBe('Lina Varga');
  });

  it('abstains when no mention names a node and the graph is empty', async () => {
    const a = await createAcademicAgent({ graph: createGraphStore() }).answer('Who directed Harbour Lights?');
    expect(a.status).toBe('abstained');
  });
});
