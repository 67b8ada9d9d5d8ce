import { describe, expect, it } from 'vitest';
import { createGraphStore } from '@rag/graph-store';
import { consistencyScore } from './consistency-score.js';
import { createConsistencyValidator } from './consistency-validator.js';
import { MARIE } from '../test-fixtures.js';

function graph() {
  const g = createGraphStore();
  const marie = g.addEntity({ name: 'Marie Lindqvist', type: 'Person', attributes: { born: 1961 } });
  const city = g.addEntity({ name: 'Uppsala', type: 'City' });
  const paper = g.addEntity({ name: 'Scalable Catalysis Methods', type: 'Paper', attributes: { year: 2004, venue: 'ChemConf' } });
  const e1 = g.addRelation({ source: marie.id, target: city.id, relation: 'born_in' });
  const e2 = g.addRelation({ source: marie.id, target: paper.id, relation: 'writes' });
  return { g, sub: g.subgraph([marie.id, city.id, paper.id], [e1.id, e2.id]) };
}

describe('consistencyScore (academic eq. 5)', () => {
  it('scores a consistent answer 1 on every component', async () => {
    const { g, sub } = graph();
    const s = await consistencyScore({ answer: 'Marie Lindqvist wrote Scalable Catalysis Methods in 2004 at ChemConf.', subgraph: sub, graph: g });
    expect(s).toMatchObject({ entAlign: 1, relAlign: 1, attrMatch: 1, score: 1 });
  });
  it('penalises unknown entities, missing edges and wrong years', async () => {
    const { g, sub } = graph();
    const s = await consistencyScore({ answer: 'Karl Berg wrote Scalable Catalysis Methods in 2009.', subgraph: sub, graph: g });
    expect(s.entAlign).toBe(0.5);
    expect(s.attrMatch).toBe(0);
    expect(s.attributes).toEqual([{ value: '2009', matched: false }]);
    const noEdge = await consistencyScore({ answer: 'Uppsala published Scalable Catalysis Methods.', subgraph: sub, graph: g });
    expect(noEdge.relAlign).toBe(0);
  });
  it('weights components by β and renormalises over the ones it could check', async () => {
    const { g, sub } = graph();
    const s = await consistencyScore({ answer: 'Marie Lindqvist was born in 1975.', subgraph: sub, graph: g, betas: [0.5, 0.2, 0.3] });
    expect(s.relAlign).toBeUndefined();
    expect(s.score).toBeCloseTo((0.5 * 1 + 0.3 * 0) / 0.8, 10);
    expect((await consistencyScore({ answer: 'it is so', subgraph: sub })).score).toBeUndefined();
    await expect(consistencyScore({ answer: 'x', subgraph: sub, betas: [0, 0, 0] })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
  });
  it('works as a validator with threshold γ', async () => {
    const { g, sub } = graph();
    const v = createConsistencyValidator({ graph: g, gamma: 0.6 });
    const evidence = { ...MARIE, subgraph: sub };
    expect((await v.validate({ query: 'Who wrote it?', answer: { text: 'Marie Lindqvist wrote Scalable Catalysis Methods.', citations: [] }, evidence })).outcome).toBe('pass');
    expect((await v.validate({ query: 'Who wrote it?', answer: { text: 'Karl Berg wrote it in 1990.', citations: [] }, evidence })).outcome).toBe('fail');
    expect((await v.validate({ query: 'Who wrote it?', answer: { text: 'Marie', citations: [] }, evidence: MARIE })).outcome).toBe('unknown');
  });
});

describe('LLM answer tagging for eq. 5', () => {
  it('uses the tags of a scripted model and scores them against the graph', async () => {
    const { createScriptedChatModel } = await import('@rag/core/testing');
    const { createLlmAnswerTagger } = await import('./llm-answer-tagger.js');
    const { g, sub } = graph();
    const model = createScriptedChatModel([
      { json: { entities: ['Lindqvist', 'Scalable Catalysis Methods'], relations: [{ head: 'Lindqvist', relation: 'wrote', tail: 'Scalable Catalysis Methods' }], attributes: [{ entity: 'Scalable Catalysis Methods', name: 'year', value: 2004 }] } },
    ]);
    const s = await consistencyScore({ answer: 'Lindqvist wrote Scalable Catalysis Methods, published 2004.', subgraph: sub, graph: g, tagger: createLlmAnswerTagger({ model }) });
    expect(s).toMatchObject({ entAlign: 1, relAlign: 1, attrMatch: 1, score: 1 });
    // The answer is quoted as data in the prompt.
    expect(model.requests[0]!.messages[1]!.content).toMatch(/<data source="answer">\nLindqvist wrote/);
  });
  it('retries tags the answer does not contain, then reports the answer as untagged (validator: unknown)', async () => {
    const { createScriptedChatModel } = await import('@rag/core/testing');
    const { createLlmAnswerTagger } = await import('./llm-answer-tagger.js');
    const { g, sub } = graph();
    const invented = { json: { entities: ['Albert Einstein'], relations: [], attributes: [] } };
    const model = createScriptedChatModel([invented, invented]);
    const v = createConsistencyValidator({ graph: g, tagger: createLlmAnswerTagger({ model }) });
    const verdict = await v.validate({ query: 'Who wrote it?', answer: { text: 'Marie Lindqvist wrote it.', citations: [] }, evidence: { ...MARIE, subgraph: sub } });
    expect(verdict.outcome).toBe('unknown');
    expect(model.requests[1]!.messages.at(-1)!.content).toMatch(/not in the answer: Albert Einstein/);
  });
});
