import { describe, expect, it } from 'vitest';
import { RagError } from '@rag/core';
import { createFixtureIndex } from '../testing/index.js';
import { createTypedTraversal } from './typed-traversal.js';

async function academicIndex() {
  const index = await createFixtureIndex([{ id: 'd1', title: 'Notes', text: 'Short notes on papers and venues.' }], { gearHeads: 0 });
  const g = index.graph;
  const p = (chunkId: string) => [{ chunkId, start: 0, end: 5 }];
  const ada = g.addEntity({ name: 'Ada Byron', type: 'Person', provenance: p('d1#0') });
  const alan = g.addEntity({ name: 'Alan Turing', type: 'Person', provenance: p('d1#0') });
  const p1 = g.addEntity({ name: 'Notes on the Analytical Engine', type: 'Paper', attributes: { year: 1843 }, provenance: p('d1#0') });
  const p2 = g.addEntity({ name: 'Computing Machinery and Intelligence', type: 'Paper', attributes: { year: 1950 }, provenance: p('d1#0') });
  const mind = g.addEntity({ name: 'Mind', type: 'Venue', provenance: p('d1#0') });
  g.addRelation({ source: ada.id, target: p1.id, relation: 'wrote', confidence: 0.9, provenance: p('d1#0') });
  g.addRelation({ source: alan.id, target: p2.id, relation: 'wrote', confidence: 0.9, provenance: p('d1#0') });
  g.addRelation({ source: p2.id, target: mind.id, relation: 'published_in', confidence: 0.8, provenance: p('d1#0') });
  return { index, ids: { ada: ada.id, alan: alan.id, p1: p1.id, p2: p2.id, mind: mind.id } };
}

describe('typed traversal', () => {
  it('picks the start node within the planned type', async () => {
    const { index, ids } = await academicIndex();
    const t = createTypedTraversal({ index });
    const s = await t.startNodes('Which venue published the paper by Alan Turing?', { type: 'Person', k: 1 });
    expect(s[0]?.node.id).toBe(ids.alan);
    const papers = await t.startNodes('Computing Machinery and Intelligence', { type: 'Paper', k: 1 });
    expect(papers[0]?.node.id).toBe(ids.p2);
  });

  it('runs lookup, single hop, multi-hop and aggregation plans', async () => {
    const { index, ids } = await academicIndex();
    const t = createTypedTraversal({ index });
    const attr = await t.run('When was Notes on the Analytical Engine written?', { queryType: 'attr', startType: 'Paper' });
    expect(attr.attributes[ids.p1]).toMatchObject({ year: 1843 });
    const rel = await t.run('What did Alan Turing write?', { queryType: 'rel', startType: 'Person', hops: [{ relations: ['wrote'], targetType: 'Paper' }] });
    expect(rel.nodes.map((n) => n.id)).toEqual([ids.p2]);
    const multi = await t.run('Where did Alan Turing publish?', {
      queryType: 'multi',
      startType: 'Person',
      hops: [{ relations: ['wrote'], direction: 'out' }, { relations: ['published_in'], targetType: 'Venue' }],
    });
    expect(multi.nodes.map((n) => n.id)).toEqual([ids.mind]);
    expect(multi.subgraph.edges.map((e) => e.relation).sort()).toEqual(['published_in', 'wrote']);
    expect(multi.chunkIds).toContain('d1#0');
    const agg = await t.run('How many papers did Ada Byron write?', { queryType: 'agg', startType: 'Person', hops: [{ relations: ['wrote'], targetType: 'Paper' }] });
    expect(agg.count).toBe(1);
  });

  it('expand adds at most budget neighbours, most confident edges first', async () => {
    const { index, ids } = await academicIndex();
    const t = createTypedTraversal({ index });
    const e = t.expand([ids.p2], { budget: 1 });
    expect(e.nodes).toEqual([ids.p2, ids.alan]);
    expect(t.expand([ids.p2], { budget: 5 }).nodes).toHaveLength(3);
  });

  it('rejects unknown nodes and invalid plans', async () => {
    const { index } = await academicIndex();
    const t = createTypedTraversal({ index });
    expect(() => t.lookup('nope')).toThrow(RagError);
    const e = await t.run('x', { queryType: 'sideways' as 'attr' }).catch((x: unknown) => x);
    expect(RagError.isInstance(e, 'RAG_INVALID_INPUT')).toBe(true);
  });
});
