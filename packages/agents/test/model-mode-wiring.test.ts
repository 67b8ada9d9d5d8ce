// Model mode wires a model strategy for every decision of the A2RAG controller by default:
// query analysis (seeds) and sufficiency ask the model, and each can be overridden.
import { createSchemaFollowingChatModel, createScriptedChatModel } from '@rag/core/testing';
import type { ChatRequest } from '@rag/core';
import type { Indexer } from '@rag/indexer';
import { createHeuristicQueryAnalyzer, createHeuristicSufficiencyJudge } from '@rag/retrievers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createA2ragAgent, createLlmQueryAnalyzer } from '../src/index.js';
import { fixtureIndex } from './fixture.js';

const llmNames = (events: { kind: string; name: string }[]) => events.filter((e) => e.kind === 'llm').map((e) => e.name);

let index: Indexer;
beforeAll(async () => {
  index = await fixtureIndex();
});

describe('createA2ragAgent in model mode', () => {
  it('asks the model for query analysis with llmAnalysis (seeds from the phrase extractor by default, as in the paper)', async () => {
    const a = await createA2ragAgent({ index, model: createSchemaFollowingChatModel(), gate: false, llmAnalysis: true }).answer('Where was Gustave Eiffel born?');
    expect(llmNames(a.trace)).toContain('query-analysis');
    const d = await createA2ragAgent({ index, model: createSchemaFollowingChatModel(), gate: false }).answer('Where was Gustave Eiffel born?');
    expect(llmNames(d.trace)).not.toContain('query-analysis');
    // Stage-wise sufficiency is the embedded score by default (no model call); sufficiency: 'cascade'
    // asks the model only inside the heuristic's uncertainty band (a2rag-agent.test.ts counts it).
    expect(llmNames(d.trace).some((n) => n.includes('sufficiency'))).toBe(false);
    const c = await createA2ragAgent({ index, model: createSchemaFollowingChatModel(), gate: false, sufficiency: 'cascade' }).answer('Where was Gustave Eiffel born?');
    expect(c.trace.some((e) => e.name === 'sufficiency-cascade')).toBe(true);
  });

  it('keeps the embedded analyzer and judge when they are given', async () => {
    const a = await createA2ragAgent({ index, model: createSchemaFollowingChatModel(), gate: false, analyzer: createHeuristicQueryAnalyzer(), judge: createHeuristicSufficiencyJudge() }).answer(
      'Where was Gustave Eiffel born?',
    );
    const names = llmNames(a.trace);
    expect(names).not.toContain('query-analysis');
    expect(names.some((n) => n.includes('sufficiency'))).toBe(false);
  });
});

describe('createLlmQueryAnalyzer', () => {
  it('takes the model seeds that occur in the question and drops invented ones', async () => {
    const model = createScriptedChatModel([{ json: { entities: ['Gustave Eiffel', 'Napoleon'], relations: ['born in'], answerType: 'place', queryType: 'attr' } }]);
    const a = await createLlmQueryAnalyzer({ model, fallback: createHeuristicQueryAnalyzer() }).analyze('Where was Gustave Eiffel born?');
    expect(a).toMatchObject({ entities: ['Gustave Eiffel'], relations: ['born in'], answerType: 'place', queryType: 'attr' });
    expect(a.keywords.length).toBeGreaterThan(0);
  });

  it('falls back to the embedded analysis after one re-ask', async () => {
    const model = createScriptedChatModel(['no idea', "I'm sorry, I can't."]);
    const embedded = await createHeuristicQueryAnalyzer().analyze('Where was Gustave Eiffel born?');
    const a = await createLlmQueryAnalyzer({ model, fallback: createHeuristicQueryAnalyzer() }).analyze('Where was Gustave Eiffel born?');
    expect(a).toEqual(embedded);
    expect(model.requests.map((r: ChatRequest) => r.jsonSchema !== undefined)).toEqual([true, true]);
  });
});
