import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScriptedChatModel } from '@rag/core/testing';
import { createBm25Retriever } from '@rag/retrievers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, QUESTIONS } from '../../test/helpers/corpus.js';
import { startFakeLogprobServer, type FakeServer } from '../../test/helpers/fake-logprob-server.js';
import { parseJsonl } from '../io/jsonl.js';
import { buildInstructions, type Instruction } from '../sft/instructions.js';
import { PreferenceRecordSchema, REWARD_FILES, ReinforceRecordSchema, writeRewardDataset } from './export-rewards.js';
import { generateRewardData } from './generate-rewards.js';
import { createOpenAiCompletionsScorer } from './openai-completions-scorer.js';

let server: FakeServer;
let instructions: Instruction[];
beforeAll(async () => {
  server = await startFakeLogprobServer();
  const index = await buildIndex();
  instructions = await buildInstructions({ questions: QUESTIONS.slice(0, 1), retriever: createBm25Retriever({ index }), index, k: 2 });
});
afterAll(() => server.close());

const answering = {
  entities: [{ name: 'Marta Quill', type: 'Person' }, { name: 'Lindenport', type: 'Place' }],
  relations: [{ head: 'Marta Quill', relation: 'born_in', tail: 'Lindenport' }],
};
const offTopic = { entities: [{ name: 'Glass Harbor', type: 'Work' }], relations: [] };

describe('generateRewardData', () => {
  it('refuses to run without a scorer: rewards are never invented', async () => {
    const policy = createScriptedChatModel([]);
    await expect(generateRewardData({ instructions, policy, scorer: undefined })).rejects.toMatchObject({ code: 'RAG_CONFIG', message: expect.stringMatching(/no likelihood scorer configured/) });
    expect(policy.requests).toHaveLength(0);
  });

  it('samples p graphs at temperature T and scores them with eq. 7; the graph stating the answer wins', async () => {
    const policy = createScriptedChatModel([{ json: answering }, { json: offTopic }, 'garbage']);
    const scorer = createOpenAiCompletionsScorer({ baseUrl: `${server.url}/v1`, model: 'm' });
    const r = await generateRewardData({ instructions, policy, scorer, p: 3, temperature: 0.7 });
    expect(policy.requests.map((q) => [q.temperature, q.seed])).toEqual([[0.7, 0], [0.7, 1], [0.7, 2]]);
    expect(r.records).toHaveLength(1);
    const rec = r.records[0]!;
    expect(rec.invalidSamples).toBe(1);
    expect(rec.candidates.map((c) => c.k)).toEqual([0, 1]);
    // base: " Lindenport" seen in r → NLL 1; with the answering graph → 0.2; with the off-topic graph → 1
    expect(rec.lBase).toBeCloseTo(1);
    expect(rec.candidates[0]!.lGraph).toBeCloseTo(0.2);
    expect(rec.candidates[1]!.lGraph).toBeCloseTo(1);
    expect(rec.meanAdvantage).toBeCloseTo(0.4);
    expect(rec.candidates[0]!.reward).toBeCloseTo(0.4);
    expect(rec.candidates[1]!.reward).toBe(0);

    const dir = await mkdtemp(join(tmpdir(), 'rewards-'));
    expect(await writeRewardDataset(dir, r)).toEqual({ reinforce: 2, preference: 1 });
    const reinforce = parseJsonl(await readFile(join(dir, REWARD_FILES.reinforce), 'utf8'), 'reinforce', ReinforceRecordSchema);
    expect(reinforce.map((x) => [x.k, x.y, JSON.parse(x.g_k)])).toEqual([[0, 'Lindenport', answering], [1, 'Lindenport', offTopic]]);
    expect(reinforce[0]!.x[0]!.role).toBe('system');
    const pref = parseJsonl(await readFile(join(dir, REWARD_FILES.preference), 'utf8'), 'preference', PreferenceRecordSchema);
    expect(JSON.parse(pref[0]!.chosen[0]!.content)).toEqual(answering);
    expect(JSON.parse(pref[0]!.rejected[0]!.content)).toEqual(offTopic);
  });

  it('skips instructions without a gold answer or with fewer than two valid graphs', async () => {
    const scorer = createOpenAiCompletionsScorer({ baseUrl: `${server.url}/v1`, model: 'm' });
    const noAnswer = { ...instructions[0]!, id: 'na', answers: [] };
    const r = await generateRewardData({ instructions: [noAnswer, instructions[0]!], policy: createScriptedChatModel([{ json: answering }, 'x', 'y']), scorer });
    expect(r.records).toEqual([]);
    expect(r.skipped.map((s) => s.reason)).toEqual(['no-answer', 'too-few-valid-graphs']);
  });

  it('rejects p < 2', async () => {
    const scorer = createOpenAiCompletionsScorer({ baseUrl: `${server.url}/v1`, model: 'm' });
    await expect(generateRewardData({ instructions, policy: createScriptedChatModel([]), scorer, p: 1 })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
  });
});
