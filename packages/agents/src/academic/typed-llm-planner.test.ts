import type { ChatRequest } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import { createGraphStore } from '@rag/graph-store';
import { describe, expect, it } from 'vitest';
import { createAcademicAgent } from './academic-agent.js';
import { createTypedGraphPlanner } from './typed-graph-plan.js';
import { readTypedGraphSchema } from './typed-graph-schema.js';
import { createLlmTypedGraphPlanner } from './typed-llm-planner.js';

// A documentation graph with its own types: Library —provides→ Function —has_option→ Option.
function docsGraph() {
  const g = createGraphStore();
  const p = (chunkId: string) => [{ chunkId, start: 0, end: 20 }];
  g.addTriple({ head: 'argkit', headType: 'Library', relation: 'provides', tail: 'parse_args', tailType: 'Function', provenance: p('c-lib'), confidence: 0.9 });
  g.addTriple({ head: 'argkit', headType: 'Library', relation: 'provides', tail: 'print_help', tailType: 'Function', provenance: p('c-lib'), confidence: 0.9 });
  g.addTriple({ head: 'parse_args', headType: 'Function', relation: 'has_option', tail: '--strict', tailType: 'Option', provenance: p('c-parse'), confidence: 0.9 });
  g.addTriple({ head: 'print_help', headType: 'Function', relation: 'has_option', tail: '--width', tailType: 'Option', provenance: p('c-help'), confidence: 0.9 });
  g.addTriple({ head: 'parse_args', headType: 'Function', relation: 'returns', tail: 'Namespace', tailType: 'Type', provenance: p('c-parse'), confidence: 0.9 });
  g.addTriple({ head: 'parse_args', headType: 'Function', relation: 'mentions', tail: 'print_help', tailType: 'Function', provenance: p('c-parse'), confidence: 0.3 });
  return g;
}

const isPlan = (r: ChatRequest) => r.messages[0]!.content.startsWith('You plan retrieval over a typed knowledge graph');
const isTagging = (r: ChatRequest) => r.messages[0]!.content.startsWith('You extract the factual content of an answer');
const QUESTION = 'Which option does the function parse_args take?';
const GOOD_PLAN = { type: 'rel', target: 'relation', entities: ['parse_args'], startType: 'Function', relations: ['has_option'], answerTypes: ['Option'], order: 'none', yesNo: false };

describe('readTypedGraphSchema', () => {
  it("reads the graph's own node and relation types, without weak edges", () => {
    const s = readTypedGraphSchema(docsGraph());
    expect(s.coreTyped).toBe(false);
    expect(s.nodeTypes.map((t) => t.type).sort()).toEqual(['Function', 'Library', 'Option', 'Type']);
    expect(s.relations.map((r) => r.relation).sort()).toEqual(['has_option', 'provides', 'returns']);
    expect(s.relations.find((r) => r.relation === 'has_option')).toMatchObject({ count: 2, heads: ['Function'], tails: ['Option'] });
  });
});

describe('createLlmTypedGraphPlanner', () => {
  it("asks once with the graph's schema and maps the validated plan to Q(q)", async () => {
    const model = createScriptedChatModel([{ json: GOOD_PLAN }]);
    const plan = await createLlmTypedGraphPlanner({ model, graph: docsGraph() }).plan(QUESTION);
    expect(model.requests).toHaveLength(1);
    const prompt = model.requests[0]!.messages[1]!.content;
    expect(prompt).toContain('has_option: Function → Option');
    expect(prompt).not.toMatch(/Author|writes|born_in/);
    expect(plan).toMatchObject({ type: 'rel', hops: 1, startType: 'Function', relations: ['has_option'], answerTypes: ['Option'], target: 'relation' });
    expect(plan.steps).toEqual(['lookup:parse_args', 'hop:has_option', 'collect:Option']);
  });

  it('re-asks once when the plan names types the graph does not have, then falls back to the rule planner over the same schema', async () => {
    const bad = { ...GOOD_PLAN, relations: ['writes'], answerTypes: ['Venue'] };
    const model = createScriptedChatModel([{ json: bad }, { json: bad }]);
    const graph = docsGraph();
    const agent = createAcademicAgent({ graph, planner: createLlmTypedGraphPlanner({ model, graph }) });
    const a = await agent.answer(QUESTION);
    expect(model.requests).toHaveLength(2);
    // the re-ask carries the validation error naming the allowed relations
    expect(JSON.stringify(model.requests[1]!.messages)).toContain('has_option');
    expect(a.trace.find((e) => e.kind === 'warning' && e.name === 'fallback')?.data).toMatchObject({ decision: 'academic-plan' });
    expect(a.text).toBe('--strict');
  });

  it('a corrected second reply is used', async () => {
    const model = createScriptedChatModel([{ json: { ...GOOD_PLAN, relations: ['options'] } }, { json: GOOD_PLAN }]);
    const plan = await createLlmTypedGraphPlanner({ model, graph: docsGraph() }).plan(QUESTION);
    expect(model.requests).toHaveLength(2);
    expect(plan.relations).toEqual(['has_option']);
  });

  it('rejects a missing model or graph', () => {
    expect(() => createLlmTypedGraphPlanner({ model: undefined as never, graph: docsGraph() })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => createLlmTypedGraphPlanner({ model: createScriptedChatModel([]), graph: {} as never })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});

describe('createAcademicAgent on a graph that is not Author/Paper/Venue', () => {
  it('with a model: the LLM planner plans over the graph schema (planner 1 + answer 1 + S_cons tagging 1 calls)', async () => {
    const model = createScriptedChatModel((r) => {
      if (isPlan(r)) return { json: GOOD_PLAN };
      if (isTagging(r)) return { json: { entities: ['--strict'], relations: [], attributes: [] } };
      return { json: { answer: ['--strict'] } };
    });
    const a = await createAcademicAgent({ graph: docsGraph(), model }).answer(QUESTION);
    expect(model.requests.filter(isPlan)).toHaveLength(1);
    expect(a.cost.llmCalls).toBe(3);
    expect(a).toMatchObject({ status: 'answered', text: '--strict' });
    expect(a.trace.find((e) => e.name === 'plan' && e.kind === 'decision')?.decision).toContain('π=lookup:parse_args → hop:has_option → collect:Option');
    expect(a.trace.some((e) => e.kind === 'warning' && e.name === 'fallback')).toBe(false);
  });

  it("without a model: the rule planner reads the graph's own relation and answer types from the question", async () => {
    const plan = await createTypedGraphPlanner({ graph: docsGraph() }).plan(QUESTION);
    expect(plan).toMatchObject({ relations: ['has_option'], answerTypes: ['Option'], entities: ['parse_args'] });
    const agent = createAcademicAgent({ graph: docsGraph() });
    expect((await agent.answer(QUESTION)).text).toBe('--strict');
    expect((await agent.answer('What does the function parse_args return?')).text).toBe('Namespace');
    expect((await agent.answer('How many functions does argkit provide?')).text).toBe('2');
  });
});
