import { createOracleChatModel, createScriptedChatModel } from '@rag/core/testing';
import type { Indexer } from '@rag/indexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureIndex } from '../../test/fixture.js';
import { IRCOT_SYSTEM_PROMPT } from '../prompts/ircot-prompt.js';
import { createIrcotAgent } from './ircot-agent.js';

let index: Indexer;
beforeAll(async () => {
  index = await fixtureIndex();
});

const strategyCalls = (trace: { name: string }[]) => trace.filter((e) => e.name === 'strategy-call').length;

describe('createIrcotAgent (embedded)', () => {
  it('hops through the new entity of its reasoning step and counts strategy calls', async () => {
    const a = await createIrcotAgent({ index, maxSteps: 3 }).answer('What is the population of the city where Gustave Eiffel was born?');
    expect(a.status).toBe('answered');
    const queries = a.trace.filter((e) => e.name === 'ircot' && /retrieve with/.test(e.decision ?? '')).map((e) => e.decision);
    expect(queries.some((q) => /Dijon/.test(q ?? ''))).toBe(true);
    expect(a.evidence!.map((e) => e.docId)).toContain('dijon');
    expect(strategyCalls(a.trace)).toBeGreaterThanOrEqual(3);
    expect(a.cost.llmCalls).toBe(0);
  });

  it('respects the step limit', async () => {
    const a = await createIrcotAgent({ index, maxSteps: 0 }).answer('Where was Gustave Eiffel born?');
    expect(a.stage).toBe('steps:0');
    expect(strategyCalls(a.trace)).toBe(2); // one retrieval, one answer
    expect(a.text).toBe('Dijon');
  });
});

describe('createIrcotAgent (service mode)', () => {
  it('retrieves with each reasoning sentence, stops when the chain states the answer, then the QA reader answers (IRCoT QA)', async () => {
    const reply = JSON.stringify({ answer: '156,920', citations: [{ chunkId: 'dijon::0', quote: '156,920' }], abstain: false });
    const model = createScriptedChatModel(['Gustave Eiffel was born in Dijon.', 'Dijon has a population of 156,920. So the answer is: 156,920.', reply]);
    const a = await createIrcotAgent({ index, model, maxSteps: 4 }).answer('What is the population of the city where Gustave Eiffel was born?');
    expect(a.text).toBe('156,920');
    // two reasoning steps and one reader call over the collected paragraphs
    expect(a.cost.llmCalls).toBe(3);
    expect(a.trace.filter((e) => e.kind === 'llm').map((e) => e.name)).toEqual(['ircot-reason', 'ircot-reason', 'answer']);
    expect(a.citations[0]?.docId).toBe('dijon');
    expect(model.requests[1]!.messages[1]!.content).toContain('Gustave Eiffel was born in Dijon.');
    expect(model.requests[2]!.messages[1]!.content).toContain('156,920');
  });

  it('keeps the answer the chain stated, with no reader call, when reader is "chain"', async () => {
    const model = createScriptedChatModel(['Gustave Eiffel was born in Dijon.', 'Dijon has a population of 156,920. So the answer is: 156,920.']);
    const a = await createIrcotAgent({ index, model, maxSteps: 4, reader: 'chain' }).answer('What is the population of the city where Gustave Eiffel was born?');
    expect(a.text).toBe('156,920');
    expect(a.cost.llmCalls).toBe(2);
    expect(a.citations[0]?.docId).toBe('dijon');
  });

  it('asks for one sentence with one-fact-per-sentence demonstrations that end in a separate answer sentence', () => {
    expect(IRCOT_SYSTEM_PROMPT).toMatch(/only the NEXT single sentence/);
    const demos = IRCOT_SYSTEM_PROMPT.split(/Example \d+:\n/).slice(1);
    expect(demos.length).toBeGreaterThanOrEqual(2);
    for (const d of demos) expect(d).toMatch(/Chain: (?:[^.]+\. ){2,}So the answer is: [^.]+\.\s*$/);
  });

  it('under the per-fact oracle, states the bridge fact and the answer fact before the answer sentence; under "jump" it answers at once', async () => {
    const gold = {
      answers: ['156,920'],
      supports: [
        'Gustave Eiffel was a French civil engineer. He was born in Dijon in 1832. His company built the Eiffel Tower.',
        'Dijon is a city in eastern France. It is famous for its mustard. Dijon has a population of 156,920 people.',
      ],
    };
    const q = 'What is the population of the city where Gustave Eiffel was born?';
    const steps = (a: { trace: { kind: string; name: string }[] }) => a.trace.filter((e) => e.kind === 'llm' && e.name === 'ircot-reason').length;
    const perFact = await createIrcotAgent({ index, model: createOracleChatModel({ gold }), maxSteps: 4, reader: 'chain' }).answer(q);
    expect(perFact.text).toBe('156,920');
    expect(steps(perFact)).toBe(3); // He was born in Dijon … / Dijon has a population … / So the answer is …
    const jump = await createIrcotAgent({ index, model: createOracleChatModel({ gold, chain: 'jump' }), maxSteps: 4, reader: 'chain' }).answer(q);
    expect(jump.text).toBe('156,920');
    expect(steps(jump)).toBe(1);
  });

  it('fails cleanly when the token budget is spent', async () => {
    const model = createScriptedChatModel(() => ({ text: 'Thinking about Eiffel.', usage: { tokensIn: 600, tokensOut: 10 } }));
    const a = await createIrcotAgent({ index, model, maxSteps: 4 }).answer('Where was Gustave Eiffel born?', { budget: { maxTokens: 1000 } });
    expect(a.status).toBe('failed');
    expect(a.cost.tokensIn + a.cost.tokensOut).toBeGreaterThan(0);
    expect(a.trace.some((e) => e.name === 'budget')).toBe(true);
  });
});
