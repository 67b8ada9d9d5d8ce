// The standalone a2rag retriever in model mode: the LLM analyzer (opt-in) and the sufficiency
// judge (asked only inside the heuristic's uncertainty band) are reachable from rag-eval; the
// calls are counted with the scripted simulator.
import { createScriptedChatModel } from '@rag/core/testing';
import { createIndexer } from '@rag/indexer';
import { describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS, FIXTURE_QUESTIONS } from '../../test/fakes.js';
import { a2ragMethod } from './a2rag-method.js';

describe('a2rag method in model mode', () => {
  it('analyses the query with the model when llmAnalysis is set, once per question, and never without it', async () => {
    const index = createIndexer();
    await index.ingest(FIXTURE_CORPUS);
    const kind = (system: string) => (system.startsWith('You analyse a question') ? 'analyze' : system.startsWith('You judge whether') ? 'judge' : 'other');
    const model = createScriptedChatModel((r) => {
      const k = kind(r.messages[0]?.content ?? '');
      if (k === 'analyze') return { json: { entities: ['x'], relations: [], answerType: 'entity', queryType: 'attr' } };
      if (k === 'judge') return { json: { verdict: 'insufficient', reason: 'More is needed.', missing: ['x'] } };
      throw new Error('unexpected request');
    });
    const q = FIXTURE_QUESTIONS[0]!.question;
    const withModel = await a2ragMethod.create({ mode: 'embedded', index, chat: model }, { llmAnalysis: true });
    const run = await withModel.run(q, { k: 4 });
    expect(model.requests.filter((r) => kind(r.messages[0]!.content) === 'analyze')).toHaveLength(1);
    // Every call the retriever made is on its meter.
    expect(run.llmCalls).toBe(model.requests.length);
    expect(run.llmCalls).toBeLessThanOrEqual(3); // analysis + at most one judge call per stage decision
    const before = model.requests.length;
    const plain = await a2ragMethod.create({ mode: 'embedded', index, chat: model }, {});
    await plain.run(q, { k: 4 });
    expect(model.requests.slice(before).filter((r) => kind(r.messages[0]!.content) === 'analyze')).toHaveLength(0);
    const noJudge = await a2ragMethod.create({ mode: 'embedded', index, chat: model }, { llmJudge: false });
    const n = model.requests.length;
    await noJudge.run(q, { k: 4 });
    expect(model.requests.length).toBe(n);
  });

  it('passes lexicalWeight to the retriever as its fusion weight and rejects a negative one by name', async () => {
    const index = createIndexer();
    await index.ingest(FIXTURE_CORPUS);
    const q = FIXTURE_QUESTIONS[0]!.question;
    const scores = async (w: number) => (await (await a2ragMethod.create({ mode: 'embedded', index }, { lexicalWeight: w, baseFusion: false })).run(q, { k: 4 })).ranked.map((c) => c.score);
    const [low, high] = [await scores(0), await scores(3)];
    expect(low.length).toBeGreaterThan(0);
    expect(high).not.toEqual(low);
    await expect(Promise.resolve().then(() => a2ragMethod.create({ mode: 'embedded', index }, { lexicalWeight: -1 }))).rejects.toThrow(/fusion\.lexical/);
    await expect(Promise.resolve().then(() => a2ragMethod.create({ mode: 'embedded', index }, { lexicalWeight: 'high' }))).rejects.toThrow(/a2rag\.lexicalWeight/);
  });
});
