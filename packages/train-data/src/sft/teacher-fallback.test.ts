// The SFT teacher under a misbehaving model: an instruction whose teacher reply stays unusable
// after the re-ask (or whose teacher call fails) still yields an item, written by the embedded
// extractor, marked `source: 'fallback'` with its reason, counted in the result and the dataset
// card, and named in the trace — never silently dropped, never mistaken for teacher output.
import { createRunContext, type TraceEvent, type TripleExtractor } from '@rag/core';
import { createMessyChatModel, type ModelFault } from '@rag/core/simulate';
import { createScriptedChatModel } from '@rag/core/testing';
import { createBm25Retriever } from '@rag/retrievers';
import { describe, expect, it } from 'vitest';
import { buildIndex, QUESTIONS } from '../../test/helpers/corpus.js';
import { buildDatasetCard } from './export-sft.js';
import { templateGraphSchema } from './graph-schema.js';
import { groundingProblems } from './grounding.js';
import { generateSftData, SFT_TEACHER_DECISION } from './generate-sft.js';
import { buildInstructions, type Instruction } from './instructions.js';

// Faults no repair can undo: empty reply, refusal, server error, a required field missing.
const UNUSABLE: ModelFault[] = ['empty-output', 'refusal', 'server-error-mid-stream', 'missing-required'];

async function instructions(): Promise<Instruction[]> {
  const index = await buildIndex();
  return buildInstructions({ questions: QUESTIONS, retriever: createBm25Retriever({ index }), index, k: 2 });
}

const fallbacksIn = (events: readonly TraceEvent[]) => events.filter((e) => e.kind === 'warning' && e.name === 'fallback').map((e) => e.data?.decision);

describe('generateSftData: fallback to the embedded extractor', () => {
  for (const fault of UNUSABLE)
    it(`"${fault}" on every teacher call: every instruction still yields an item, marked and counted as the fallback's`, async () => {
      const ins = await instructions();
      const teacher = createMessyChatModel({ faults: [fault] });
      const context = createRunContext();
      const r = await generateSftData({ teacher, instructions: ins, context });
      expect(r.stopped).toBeUndefined();
      expect(r.fallbacks).toBe(ins.length);
      expect(r.pairs.length).toBeGreaterThan(0);
      // every instruction is accounted for: a pair or a rejection, each marked as the fallback's
      expect([...r.pairs.map((p) => p.instructionId), ...r.rejected.map((x) => x.instructionId)].sort()).toEqual(ins.map((i) => i.id).sort());
      for (const p of r.pairs) {
        expect(p).toMatchObject({ source: 'fallback', teacher: 'heuristic@1', fallbackReason: expect.stringMatching(/^RAG_/) });
        expect(templateGraphSchema(ins.find((i) => i.id === p.instructionId)!.template).safeParse(p.graph).success).toBe(true);
        expect(groundingProblems(p.graph, p.reference)).toEqual([]);
        expect(p.graph.entities.length).toBeGreaterThan(0);
      }
      for (const x of r.rejected) expect(x).toMatchObject({ source: 'fallback', fallbackReason: expect.stringMatching(/^RAG_/) });
      expect(r.teacherModels).toEqual([]);
      expect(fallbacksIn(context.trace.toJSON())).toEqual(ins.map(() => SFT_TEACHER_DECISION));
      // one re-ask per instruction, except a server error, which is not re-asked
      expect(context.meter.snapshot().llmCalls).toBe(ins.length * (fault === 'server-error-mid-stream' ? 1 : 2));
      const card = buildDatasetCard(r, { name: 't', teacherId: teacher.id, corpus: 'test' });
      expect(card.counts.fallbacks).toBe(ins.length);
      expect(card.counts.bySource).toEqual({ fallback: r.pairs.length });
      expect(r.filters.join('\n')).toMatch(/fallback: .*heuristic@1/);
    });

  it('scripted: two unusable replies → the embedded extractor writes a grounded, template-valid graph for that item alone', async () => {
    const [first, second] = await instructions();
    const born = {
      entities: [{ name: 'Marta Quill', type: 'Person' }, { name: 'Lindenport', type: 'Place' }],
      relations: [{ head: 'Marta Quill', relation: 'born_in', tail: 'Lindenport', evidence: 'Marta Quill was born in Lindenport.' }],
    };
    const teacher = createScriptedChatModel(['not json at all', "I'm sorry, but I can't help with that request.", { json: born }], { id: 'teacher-test' });
    const context = createRunContext();
    const r = await generateSftData({ teacher, instructions: [first!, second!], context });
    expect(teacher.remaining()).toBe(0);
    expect(r.fallbacks).toBe(1);
    expect(r.pairs.map((p) => [p.instructionId, p.source, p.teacher])).toEqual([
      ['q1', 'fallback', 'heuristic@1'],
      ['q2', 'teacher', 'teacher-test'],
    ]);
    const fb = r.pairs[0]!;
    expect(fb.fallbackReason).toMatch(/RAG_MODEL_OUTPUT_INVALID: sft-teacher: model output did not validate after 2 attempts/);
    expect(fb.graph.entities).toContainEqual({ name: 'Marta Quill', type: 'Person' });
    expect(fb.graph.entities.every((e) => first!.template.entityTypes.includes(e.type))).toBe(true);
    expect(groundingProblems(fb.graph, first!.reference)).toEqual([]);
    // the student's input is the same as for a teacher-written pair
    expect(fb.messages).toEqual(teacher.requests[0]!.messages);
    expect(r.pairs[1]!.fallbackReason).toBeUndefined();
    expect(context.trace.toJSON().find((e) => e.kind === 'warning' && e.name === 'fallback')?.data).toMatchObject({ decision: 'sft-teacher', reason: expect.stringMatching(/did not validate/) });
  });

  it('uses the fallback extractor it is given, and rejects loudly (fallback-empty) when it finds nothing the template allows', async () => {
    const ins = (await instructions()).slice(0, 2);
    const seen: string[] = [];
    const nothing: TripleExtractor = { id: 'nothing@1', extract: async ({ chunk }) => (seen.push(chunk.text), { entities: [], triples: [] }) };
    const r = await generateSftData({ teacher: createMessyChatModel({ faults: ['empty-output'] }), instructions: ins, fallback: nothing });
    expect(seen).toEqual(ins.map((i) => i.reference));
    expect(r.pairs).toEqual([]);
    expect(r.fallbacks).toBe(2);
    expect(r.rejected.map((x) => [x.instructionId, x.reason, x.source])).toEqual([
      ['q1', 'fallback-empty', 'fallback'],
      ['q2', 'fallback-empty', 'fallback'],
    ]);
    expect(r.rejected[0]!.detail).toMatch(/nothing@1 found no entity of the general template's types/);
  });

  it('a failing fallback extractor rejects the item with both causes, and the run goes on', async () => {
    const ins = (await instructions()).slice(0, 2);
    const broken: TripleExtractor = { id: 'broken@1', extract: async () => { throw new Error('extractor exploded'); } };
    const teacher = createScriptedChatModel(['', '', { json: { entities: [{ name: 'Lindenport', type: 'Place' }], relations: [] } }]);
    const r = await generateSftData({ teacher, instructions: ins, fallback: broken });
    expect(r.rejected).toEqual([expect.objectContaining({ instructionId: 'q1', reason: 'teacher-error', source: 'fallback', detail: expect.stringMatching(/unusable.*broken@1 failed: extractor exploded/) })]);
    expect(r.pairs.map((p) => [p.instructionId, p.source])).toEqual([['q2', 'teacher']]);
  });

  it('refuses a fallback that is not a TripleExtractor', async () => {
    await expect(generateSftData({ teacher: createScriptedChatModel([]), instructions: [], fallback: {} as never })).rejects.toMatchObject({ code: 'RAG_CONFIG' });
  });
});
