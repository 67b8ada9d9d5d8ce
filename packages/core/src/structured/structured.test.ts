import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RagError } from '../errors.js';
import { createMessyChatModel, damageText, MODEL_FAULTS, parseModelFaults } from '../testing/messy-chat-model.js';
import { createScriptedChatModel } from '../testing/scripted-chat-model.js';
import { createSchemaFollowingChatModel } from '../testing/schema-following-chat-model.js';
import { createRunContext } from '../trace/run-context.js';
import { looksLikeRefusal, stripReasoning } from './clean-model-text.js';
import { coerceToSchema } from './coerce-to-schema.js';
import { decide, decideText } from './decide.js';

const Schema = z.object({ subjectName: z.string(), score: z.number().min(0).max(1), tags: z.array(z.string()).default([]) });
const good = { subjectName: 'Marie Curie', score: 0.5, tags: ['physics'] };
const ask = [{ role: 'user' as const, content: 'Who?' }];

describe('stripReasoning / looksLikeRefusal', () => {
  it('removes closed and unterminated reasoning blocks', () => {
    expect(stripReasoning('<think>{"x": 1}</think>\n{"y": 2}')).toBe('{"y": 2}');
    expect(stripReasoning('<think>still thinking {"x"')).toBe('');
    expect(stripReasoning('plain')).toBe('plain');
  });
  it('recognises refusals only at the start', () => {
    expect(looksLikeRefusal("I'm sorry, but I can't help with that.")).toBe(true);
    expect(looksLikeRefusal('Paris, though sorry for the delay')).toBe(false);
  });
});

describe('coerceToSchema', () => {
  it('unwraps a one-element array, maps miscased and snake_case keys, parses a JSON string', () => {
    expect(Schema.parse(coerceToSchema(Schema, [{ SUBJECTNAME: 'A', Score: 1 }]))).toEqual({ subjectName: 'A', score: 1, tags: [] });
    expect(Schema.parse(coerceToSchema(Schema, { subject_name: 'A', score: 0 }))).toEqual({ subjectName: 'A', score: 0, tags: [] });
    expect(Schema.parse(coerceToSchema(Schema, '{"subjectName":"A","score":0.2}'))).toEqual({ subjectName: 'A', score: 0.2, tags: [] });
  });
  it('never invents a missing field', () => {
    expect(Schema.safeParse(coerceToSchema(Schema, { score: 1 })).success).toBe(false);
  });
});

describe('decide', () => {
  it('repairs every text fault it can and falls back, traced, on the rest — at most two calls each', async () => {
    const repaired: string[] = [];
    const fellBack: string[] = [];
    for (const fault of MODEL_FAULTS) {
      const context = createRunContext();
      const model = createMessyChatModel({ faults: [fault], inner: createScriptedChatModel(() => ({ json: good })), slowMs: 1 });
      const out = await decide({ decision: 'test', model, schema: Schema, messages: ask, context, map: (v) => v.subjectName, fallback: () => 'heuristic' });
      expect(context.meter.snapshot().llmCalls, fault).toBeLessThanOrEqual(2);
      (out.source === 'model' ? repaired : fellBack).push(fault);
      if (out.source === 'model') expect(out.value).toBe('Marie Curie');
      else {
        expect(out.value).toBe('heuristic');
        expect(context.trace.events.some((e) => e.kind === 'warning' && e.name === 'fallback' && e.data?.decision === 'test')).toBe(true);
      }
    }
    for (const f of ['fenced-json', 'prose-around-json', 'think-preamble', 'trailing-commas-single-quotes', 'renamed-keys', 'array-for-object', 'extra-fields', 'slow-first-token'])
      expect(repaired, f).toContain(f);
    for (const f of ['empty-output', 'refusal', 'server-error-mid-stream', 'missing-required']) expect(fellBack, f).toContain(f);
  });

  it('re-asks once with the validation error, then uses the corrected reply', async () => {
    const model = createScriptedChatModel([{ json: { score: 2 } }, { json: good }]);
    const out = await decide({ decision: 'test', model, schema: Schema, messages: ask, map: (v) => v.score, fallback: () => -1 });
    expect(out).toEqual({ value: 0.5, source: 'model' });
    expect(model.requests[1]!.messages.at(-1)!.content).toMatch(/did not match/);
  });

  it('does not fall back on a spent budget or an abort', async () => {
    const context = createRunContext({ budget: { maxLlmCalls: 0 } });
    const model = createScriptedChatModel(() => ({ json: good }));
    await expect(decide({ decision: 'test', model, schema: Schema, messages: ask, context, map: (v) => v, fallback: () => good })).rejects.toSatisfy((e) => RagError.isInstance(e, 'RAG_BUDGET_EXCEEDED'));
  });

  it('rejects a schema-valid reply the check refuses', async () => {
    const model = createScriptedChatModel(() => ({ json: good }));
    const out = await decide({ decision: 'test', model, schema: Schema, messages: ask, check: () => 'cites an unknown id', map: (v) => v.subjectName, fallback: () => 'h' });
    expect(out.source).toBe('fallback');
    expect(out.reason).toMatch(/unknown id/);
  });
});

describe('decideText', () => {
  it('falls back after an empty reply and a refusal', async () => {
    const context = createRunContext();
    const model = createScriptedChatModel(['<think>hm</think>', "I'm sorry, I can't help with that."]);
    const out = await decideText({ decision: 'reason', model, request: { messages: ask }, context, accept: (t) => t, fallback: () => 'embedded' });
    expect(out).toMatchObject({ value: 'embedded', source: 'fallback' });
    expect(context.meter.snapshot().llmCalls).toBe(2);
  });
});

describe('simulators', () => {
  it('parseModelFaults accepts all / names and rejects unknown names', () => {
    expect(parseModelFaults('all')).toHaveLength(MODEL_FAULTS.length);
    expect(parseModelFaults('refusal,truncated')).toEqual(['refusal', 'truncated']);
    expect(() => parseModelFaults('nonsense')).toThrow(/unknown fault/);
  });
  it('damageText damages the reply as named', () => {
    const t = JSON.stringify(good);
    expect(damageText('fenced-json', t).text).toMatch(/^```json/);
    expect(damageText('truncated', t)).toMatchObject({ finishReason: 'length' });
    expect(JSON.parse(damageText('array-for-object', t).text)).toEqual([good]);
    expect(damageText('trailing-commas-single-quotes', t).text).toContain("'subjectName'");
  });
  it('the schema-following simulator answers with schema-valid JSON and valid tool arguments', async () => {
    const model = createSchemaFollowingChatModel();
    const jsonSchema = z.toJSONSchema(Schema) as Record<string, unknown>;
    const r = await model.chat({ messages: [{ role: 'user', content: 'Where was Marie Curie born?' }], jsonSchema });
    expect(Schema.safeParse(JSON.parse(r.text)).success).toBe(true);
    const t = await model.chat({ messages: ask, tools: [{ name: 'search', description: 's', parameters: jsonSchema }] });
    expect(t.toolCalls[0]!.name).toBe('search');
    expect(Schema.safeParse(t.toolCalls[0]!.arguments).success).toBe(true);
  });
  it('tool faults: arguments as a string, unknown tool, repeated call; 5xx mid-stream', async () => {
    const inner = createScriptedChatModel(() => ({ toolCalls: [{ name: 'search', arguments: { q: 'x' } }] }));
    expect((await createMessyChatModel({ faults: ['tool-args-as-string'], inner }).chat({ messages: ask })).toolCalls[0]!.arguments).toBe('{"q":"x"}');
    expect((await createMessyChatModel({ faults: ['unknown-tool'], inner }).chat({ messages: ask })).toolCalls[0]!.name).not.toBe('search');
    expect((await createMessyChatModel({ faults: ['repeated-tool-call'], inner }).chat({ messages: ask })).toolCalls).toHaveLength(2);
    const chunks: string[] = [];
    await expect(
      (async () => {
        for await (const c of createMessyChatModel({ faults: ['server-error-mid-stream'] }).stream({ messages: ask })) chunks.push(c.text);
      })(),
    ).rejects.toSatisfy((e) => RagError.isInstance(e, 'RAG_SERVICE_ERROR'));
    expect(chunks.length).toBeGreaterThan(0);
  });
});
