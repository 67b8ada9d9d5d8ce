// The fault matrix on a small sample: every agent, driven by the misbehaving-model simulator
// with one named fault at a time, ends each question answered / abstained / failed — never an
// exception — and every model decision the simulator spoiled beyond repair is a fallback named
// in the trace. The same sample with the well-behaved simulator runs the model paths end to end.
import { createMessyChatModel, createSchemaFollowingChatModel, MODEL_FAULTS, type ModelFault } from '@rag/core/testing';
import type { Answer, ChatModel } from '@rag/core';
import type { Indexer } from '@rag/indexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { createA2ragAgent, createAcademicAgent, createAragAgent, createIrcotAgent, createTadaragAgent } from '../src/index.js';
import { fixtureIndex } from './fixture.js';

const QUESTIONS = ['Where was Marie Curie born?', 'What is the population of the city where Gustave Eiffel was born?'];
const AGENTS = {
  'a2rag-agent': (index: Indexer, model: ChatModel) => createA2ragAgent({ index, model }),
  arag: (index: Indexer, model: ChatModel) => createAragAgent({ index, model, maxSteps: 4 }),
  tadarag: (index: Indexer, model: ChatModel) => createTadaragAgent({ index, model }),
  ircot: (index: Indexer, model: ChatModel) => createIrcotAgent({ index, model, maxSteps: 2 }),
  academic: (index: Indexer, model: ChatModel) => createAcademicAgent({ index, model }),
};
// Faults no repair can undo: the decision must fall back somewhere in the run.
const UNREPAIRABLE: ModelFault[] = ['empty-output', 'refusal', 'server-error-mid-stream'];

const fallbacksIn = (a: Answer) => a.trace.filter((e) => e.kind === 'warning' && e.name === 'fallback').map((e) => String(e.data?.decision));

let index: Indexer;
beforeAll(async () => {
  index = await fixtureIndex();
});

describe('fault matrix (misbehaving-model simulator)', () => {
  for (const fault of MODEL_FAULTS) {
    it(`every agent survives "${fault}"`, async () => {
      for (const [name, make] of Object.entries(AGENTS)) {
        const model = createMessyChatModel({ faults: [fault], slowMs: 1 });
        const agent = make(index, model);
        const fallbacks: string[] = [];
        for (const q of QUESTIONS) {
          const answer = await agent.answer(q);
          expect(['answered', 'abstained', 'failed'], `${name} / ${fault}`).toContain(answer.status);
          expect(answer.trace.some((e) => e.kind === 'decision' && e.name === 'budget'), `${name} / ${fault}: budget`).toBe(false);
          fallbacks.push(...fallbacksIn(answer));
        }
        expect(model.applied[fault], `${name} / ${fault}: the model was asked`).toBeGreaterThan(0);
        if (UNREPAIRABLE.includes(fault)) expect(fallbacks.length, `${name} / ${fault}: fallbacks named in the trace`).toBeGreaterThan(0);
      }
    });
  }

  it('with the well-behaved simulator the model paths run end to end, with calls and tokens counted', async () => {
    for (const [name, make] of Object.entries(AGENTS)) {
      const agent = make(index, createSchemaFollowingChatModel());
      const answer = await agent.answer(QUESTIONS[0]!);
      expect(['answered', 'abstained', 'failed'], name).toContain(answer.status);
      expect(answer.cost.llmCalls, name).toBeGreaterThan(0);
      expect(answer.cost.tokensIn + answer.cost.tokensOut, name).toBeGreaterThan(0);
    }
  });
});
