import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRunContext, type ChatRequest, type IntentRouter } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import { createBm25Retriever } from '@rag/retrievers';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildIndex, QUESTIONS } from '../../test/helpers/corpus.js';
import { parseJsonl } from '../io/jsonl.js';
import { AlpacaRecordSchema, ChatRecordSchema, DatasetCardSchema, SFT_FILES, writeSftDataset } from './export-sft.js';
import { generateSftData, type SftRejection } from './generate-sft.js';
import { buildInstructions, type Instruction } from './instructions.js';

const born = {
  entities: [{ name: 'Marta Quill', type: 'Person' }, { name: 'Lindenport', type: 'Place' }],
  relations: [{ head: 'Marta Quill', relation: 'born_in', tail: 'Lindenport', evidence: 'Marta Quill was born in Lindenport.' }],
};

async function instructions(): Promise<Instruction[]> {
  const index = await buildIndex();
  return buildInstructions({ questions: QUESTIONS, retriever: createBm25Retriever({ index }), index, k: 2 });
}

describe('buildInstructions', () => {
  it('builds I = {q, r, t} with the retrieved passages and the routed template', async () => {
    const ins = await instructions();
    expect(ins).toHaveLength(4);
    expect(ins[0]!.reference).toContain('Marta Quill was born in Lindenport');
    expect(ins[0]!.sources.length).toBeGreaterThan(0);
    expect(ins[0]!.template.domain).toBe('general');
    expect(ins[0]!.answers).toEqual(['Lindenport']);
  });
  it('uses the router given and falls back to the general template for an unknown domain', async () => {
    const index = await buildIndex();
    const router: IntentRouter = { route: async (t) => ({ domain: t.includes('prize') ? 'legal' : 'astrology', confidence: 1 }) };
    const ins = await buildInstructions({ questions: QUESTIONS, retriever: createBm25Retriever({ index }), index, router, k: 1 });
    expect(ins.find((i) => i.id === 'q3')!.template.domain).toBe('legal');
    expect(ins.find((i) => i.id === 'q1')!.domain).toBe('astrology');
    expect(ins.find((i) => i.id === 'q1')!.template.domain).toBe('general');
  });
});

describe('the routed template in the instructions', () => {
  const isRouting = (r: ChatRequest) => r.messages[0]!.content.startsWith('Classify the domain');

  it('with a model, routes each instruction with the LLM intent router (one call each) and the SFT input lists the routed template, not the general one', async () => {
    const index = await buildIndex();
    const teacher = createScriptedChatModel((r) => (isRouting(r) ? { json: { domain: r.messages[1]!.content.includes('Corwin Prize') ? 'medical' : 'general', confidence: 0.9 } } : { json: born }));
    const ins = await buildInstructions({ questions: QUESTIONS, retriever: createBm25Retriever({ index }), index, model: teacher, k: 1 });
    expect(teacher.requests.filter(isRouting)).toHaveLength(QUESTIONS.length);
    const medical = ins.find((i) => i.template.domain === 'medical')!;
    const general = ins.find((i) => i.template.domain === 'general')!;
    expect(medical).toBeDefined();
    expect(general).toBeDefined();
    const result = await generateSftData({ teacher, instructions: [medical, general], fallback: false });
    // the instruction text (the input the student is trained on) names the routed template's entity types and relation labels
    const prompts = teacher.requests.filter((r) => !isRouting(r)).map((r) => r.messages[0]!.content);
    const medicalPrompt = prompts.find((p) => p.includes('"medical" domain'))!;
    const generalPrompt = prompts.find((p) => p.includes('"general" domain'))!;
    expect(medicalPrompt).toContain('Entity types (use exactly these): Disease, Drug, Symptom');
    expect(medicalPrompt).toMatch(/- treats \(Drug → Disease\)/);
    expect(medicalPrompt).not.toContain('born_in');
    expect(generalPrompt).toMatch(/- born_in \(Person → Place\)/);
    expect(generalPrompt).not.toContain('treats');
    // the born_in graph fits the general template, not the medical one
    expect(result.pairs.map((p) => p.instructionId)).toEqual([general.id]);
    expect(result.pairs[0]!.messages[0]!.content).toBe(generalPrompt);
    expect(result.rejected.find((r) => r.instructionId === medical.id)).toMatchObject({ template: 'medical', reason: 'schema' });
  });

  it('without a model, the keyword router decides and no call is made', async () => {
    const index = await buildIndex();
    const ins = await buildInstructions({ questions: QUESTIONS.slice(0, 1), retriever: createBm25Retriever({ index }), index, k: 1 });
    expect(ins[0]!.template.domain).toBe('general');
  });
});

describe('generateSftData', () => {
  it('without a fallback (teacher-only data), keeps good pairs and rejects invalid JSON, schema violations, ungrounded graphs and duplicates, with reasons', async () => {
    const base = (await instructions())[0]!;
    const copies: Instruction[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => ({ ...base, id: `q1${s}` }));
    // near-duplicate: same graph, instruction with one extra word
    copies[5] = { ...copies[5]!, question: `${base.question} exactly` };
    const teacher = createScriptedChatModel(
      [
        { json: born }, // a: kept
        'not json at all', // b: invalid, retry…
        'still not json', // …invalid again → rejected
        { json: { entities: [{ name: 'Marta Quill', type: 'Wizard' }], relations: [] } }, // c: schema violation…
        { json: { entities: [{ name: 'Marta Quill', type: 'Person' }], relations: [] } }, // …fixed on the retry → kept
        { json: { entities: [{ name: 'Atlantis', type: 'Place' }], relations: [] } }, // d: ungrounded
        { json: born }, // e: exact duplicate of a
        { json: born }, // f: near-duplicate of a
      ],
      { id: 'teacher-test' },
    );
    const context = createRunContext();
    const r = await generateSftData({ teacher, instructions: copies, context, fallback: false });
    const reasons = Object.fromEntries(r.rejected.map((x: SftRejection) => [x.instructionId, x.reason]));
    expect(r.pairs.map((p) => p.instructionId)).toEqual(['q1a', 'q1c']);
    expect(r.pairs.every((p) => p.source === 'teacher' && p.teacher === 'teacher-test')).toBe(true);
    expect(r.fallbacks).toBe(0);
    expect(context.trace.toJSON().some((e) => e.name === 'fallback')).toBe(false);
    expect(reasons).toEqual({ q1b: 'invalid-json', q1d: 'ungrounded', q1e: 'duplicate', q1f: 'near-duplicate' });
    expect(r.rejected.find((x) => x.instructionId === 'q1d')!.detail).toMatch(/Atlantis/);
    expect(r.rejected.find((x) => x.instructionId === 'q1e')!.duplicateOf).toBe('sft-1');
    expect(teacher.remaining()).toBe(0);
    expect(context.meter.snapshot().llmCalls).toBe(8);
    // the teacher saw the template and the reference quoted as data
    expect(teacher.requests[0]!.messages[0]!.content).toContain('Entity types (use exactly these): Person, Place');
    expect(teacher.requests[0]!.messages[1]!.content).toContain('<data source="retrieved passages">');
  });

  it('without a fallback, rejects schema violations when no retry fixes them', async () => {
    const ins = (await instructions()).slice(0, 1);
    const teacher = createScriptedChatModel([{ json: { entities: [{ name: 'Marta Quill', type: 'Wizard' }], relations: [] } }]);
    const r = await generateSftData({ teacher, instructions: ins, retries: 0, fallback: false });
    expect(r.pairs).toEqual([]);
    expect(r.rejected[0]).toMatchObject({ reason: 'schema', instructionId: 'q1' });
    expect(r.rejected[0]!.detail).toMatch(/Wizard/);
  });

  it('balances per-domain counts to the configured ratio and records the drops', async () => {
    const base = (await instructions())[0]!;
    const ins: Instruction[] = [0, 1, 2, 3, 4].map((i) => ({ ...base, id: `x${i}`, question: `Question number ${'abcde'[i]} about Marta Quill?`, domain: i < 4 ? 'general' : 'news' }));
    const graphs = [born, { entities: [{ name: 'Marta Quill', type: 'Person' }], relations: [] }, { entities: [{ name: 'Lindenport', type: 'Place' }], relations: [] }, { entities: [{ name: 'Glass Harbor', type: 'Work' }], relations: [] }, { entities: [{ name: 'Marta Quill', type: 'Person' }, { name: 'Lindenport', type: 'Place' }], relations: [] }];
    const teacher = createScriptedChatModel(graphs.map((json) => ({ json })));
    const r = await generateSftData({ teacher, instructions: ins, balance: { general: 2, news: 1 } });
    expect(r.pairs.map((p) => p.instructionId)).toEqual(['x0', 'x1', 'x4']);
    expect(r.rejected.map((x) => [x.instructionId, x.reason])).toEqual([['x2', 'balance'], ['x3', 'balance']]);
    expect(r.balance).toEqual({ targets: { general: 2, news: 1 }, missingDomains: [] });
  });

  it('refuses to run without a teacher', async () => {
    await expect(generateSftData({ teacher: undefined as never, instructions: [] })).rejects.toMatchObject({ code: 'RAG_CONFIG' });
  });

  it('stops at the budget and keeps what it has', async () => {
    const ins = await instructions();
    const teacher = createScriptedChatModel(() => ({ json: born }));
    const context = createRunContext({ budget: { maxLlmCalls: 1 } });
    const r = await generateSftData({ teacher, instructions: ins, context });
    expect(r.pairs).toHaveLength(1);
    expect(r.stopped).toMatch(/RAG_BUDGET_EXCEEDED/);
    // a spent budget is not a fallback
    expect(r.fallbacks).toBe(0);
    expect(context.trace.toJSON().some((e) => e.name === 'fallback')).toBe(false);
  });

  it('writes chat-messages JSONL, Alpaca JSONL, the rejected side file and a dataset card that schema checks accept', async () => {
    const ins = await instructions();
    const teacher = createScriptedChatModel([{ json: born }, 'nope', 'nope', { json: born }, { json: born }, { json: born }], { id: 'teacher-test' });
    const r = await generateSftData({ teacher, instructions: ins });
    const dir = await mkdtemp(join(tmpdir(), 'sft-'));
    const card = await writeSftDataset(dir, r, { name: 'test', teacherId: teacher.id, corpus: 'test corpus', license: 'CC0' });
    const read = (f: string) => readFile(join(dir, f), 'utf8');
    const chat = parseJsonl(await read(SFT_FILES.chat), 'chat', ChatRecordSchema);
    const alpaca = parseJsonl(await read(SFT_FILES.alpaca), 'alpaca', AlpacaRecordSchema);
    const rejected = parseJsonl(await read(SFT_FILES.rejected), 'rejected', z.object({ reason: z.string(), instructionId: z.string() }).loose());
    expect(chat.length).toBe(r.pairs.length);
    expect(alpaca.length).toBe(r.pairs.length);
    expect(JSON.parse(chat[0]!.messages[2]!.content)).toEqual(born);
    // q2's teacher replies were unusable: the embedded extractor wrote its graph, marked as the fallback's
    const pairs = parseJsonl(await read(SFT_FILES.pairs), 'pairs', z.object({ instructionId: z.string(), source: z.enum(['teacher', 'fallback']), fallbackReason: z.string().optional() }).loose());
    const q2 = [...pairs, ...rejected].filter((x) => x.instructionId === 'q2');
    expect(q2).toEqual([expect.objectContaining({ source: 'fallback', fallbackReason: expect.stringMatching(/RAG_MODEL_OUTPUT_INVALID/) })]);
    expect(pairs.filter((p) => p.instructionId !== 'q2').every((p) => p.source === 'teacher')).toBe(true);
    // line i of the chat file is pair i of the pairs file
    expect(chat.map((c) => c.messages[2]!.content)).toEqual(r.pairs.map((p) => JSON.stringify(p.graph)));
    const cardJson = DatasetCardSchema.parse(JSON.parse(await read(SFT_FILES.cardJson)));
    expect(cardJson.counts.fallbacks).toBe(1);
    expect(cardJson.counts.bySource).toEqual(Object.fromEntries(Object.entries({ teacher: pairs.filter((p) => p.source === 'teacher').length, fallback: pairs.filter((p) => p.source === 'fallback').length }).filter(([, n]) => n > 0)));
    expect(cardJson).toEqual(card);
    expect(cardJson.teacher).toEqual({ id: 'teacher-test', models: ['teacher-test'] });
    expect(cardJson.source.license).toBe('CC0');
    expect(cardJson.counts.kept + cardJson.counts.rejected).toBe(4);
    expect(cardJson.counts.byTemplate).toEqual({ general: cardJson.counts.kept });
    const md = await read(SFT_FILES.cardMarkdown);
    expect(md).toContain('Source licence: CC0');
    expect(md).toContain('## Filters applied');
    expect(md).toContain('## Pairs per source');
    expect(md).toMatch(/graph written by the embedded fallback instead: 1/);
  });
});
