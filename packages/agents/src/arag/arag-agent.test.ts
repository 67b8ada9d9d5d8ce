import type { ChatRequest } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import type { Indexer } from '@rag/indexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureIndex } from '../../test/fixture.js';
import { createAragAgent, retrievedTokensOf } from './arag-agent.js';
import { bridgeEntity, createScriptedAgentPolicy } from './scripted-policy.js';
import { createAgentAragTools } from './tools.js';

let index: Indexer;
beforeAll(async () => {
  index = await fixtureIndex();
});

describe('A-RAG tools', () => {
  it('keyword_search scores by count × keyword length and returns snippets with ids (eq. 1–2)', async () => {
    const s = createAgentAragTools({ index }).session();
    const r = await s.execute('keyword_search', { keywords: ['Dijon'], k: 5 });
    expect(r.hits[0]!.docId).toBe('dijon');
    expect(r.hits[0]!.score).toBe(2 * 'dijon'.length);
    expect(r.observation).toMatch(/^\[[^\]]+\] /);
  });

  it('chunk_read returns full text once, then the context tracker notice at zero tokens', async () => {
    const s = createAgentAragTools({ index }).session();
    const id = index.chunksOfDoc('warsaw')[0]!.id;
    const first = await s.execute('chunk_read', { ids: [id] });
    expect(first.observation).toContain('Vistula');
    expect(first.retrievedTokens).toBeGreaterThan(0);
    const again = await s.execute('chunk_read', { ids: [id] });
    expect(again.observation).toContain('This chunk has been read before');
    expect(again.retrievedTokens).toBe(0);
  });

  it('semantic_search ranks chunks by their best sentence', async () => {
    const s = createAgentAragTools({ index }).session();
    const r = await s.execute('semantic_search', { query: 'famous for mustard', k: 3 });
    expect(r.hits[0]!.docId).toBe('dijon');
  });
});

describe('createAragAgent (embedded scripted policy)', () => {
  it('runs search → read → bridge → read → answer and reports retrieved tokens', async () => {
    const agent = createAragAgent({ index });
    const a = await agent.answer('What is the population of the city where Gustave Eiffel was born?');
    const tools = a.trace.filter((e) => e.kind === 'stage' && e.name.startsWith('tool:')).map((e) => e.name);
    expect(tools).toEqual(['tool:keyword_search', 'tool:semantic_search', 'tool:chunk_read', 'tool:keyword_search', 'tool:chunk_read']);
    expect(a.status).toBe('answered');
    expect(a.evidence!.map((e) => e.docId)).toContain('dijon');
    expect(retrievedTokensOf(a.trace)).toBeGreaterThan(0);
    expect(a.cost.llmCalls).toBe(0);
  });

  it('finds the bridge entity in read text', () => {
    expect(bridgeEntity('Where was Gustave Eiffel born?', 'Gustave Eiffel was a French civil engineer. He was born in Dijon in 1832.')).toBe('French');
    expect(bridgeEntity('What is the population of the city where Gustave Eiffel was born?', 'Gustave Eiffel was born in Dijon in 1832.')).toBe('Dijon');
  });

  it('stops at maxSteps and synthesises from what was read', async () => {
    const agent = createAragAgent({ index, maxSteps: 3, policy: createScriptedAgentPolicy() });
    const a = await agent.answer('Where was Gustave Eiffel born?');
    expect(a.stage).toBe('steps:3');
    expect(a.trace.find((e) => e.name === 'arag-loop')?.decision).toMatch(/forced synthesis/);
    expect(a.text).toBe('Dijon');
  });
});

describe('createAragAgent (service mode, native tool calls)', () => {
  const lastTool = (r: ChatRequest) => [...r.messages].reverse().find((m) => m.role === 'tool');

  it('executes valid calls, returns invalid ones as error observations, and answers with the model text', async () => {
    const model = createScriptedChatModel((r, i) => {
      if (i === 0) return { toolCalls: [{ name: 'keyword_search', arguments: { keywords: ['Gustave Eiffel'], k: 3 } }] };
      if (i === 1) return { toolCalls: [{ name: 'chunk_read', arguments: { ids: 'not-an-array' } }] };
      if (i === 2) return { toolCalls: [{ name: 'delete_everything', arguments: {} }] };
      if (i === 3) return { toolCalls: [{ name: 'chunk_read', arguments: { ids: [index.chunksOfDoc('eiffel')[0]!.id] } }] };
      expect(lastTool(r)?.content).toContain('<data');
      return { text: 'Dijon' };
    });
    const agent = createAragAgent({ index, model, maxSteps: 8 });
    const a = await agent.answer('Where was Gustave Eiffel born?');
    expect(a.text).toBe('Dijon');
    expect(a.status).toBe('answered');
    expect(a.cost.llmCalls).toBe(5);
    expect(model.requests[0]!.tools!.map((t) => t.name)).toEqual(['keyword_search', 'semantic_search', 'chunk_read']);
    expect(lastTool(model.requests[2]!)?.content).toMatch(/invalid arguments for chunk_read/);
    expect(lastTool(model.requests[3]!)?.content).toMatch(/unknown tool "delete_everything"/);
    // The invalid calls were not executed: only two tool stages ran.
    expect(a.trace.filter((e) => e.kind === 'stage' && e.name.startsWith('tool:'))).toHaveLength(2);
    expect(a.citations[0]?.docId).toBe('eiffel');
  });

  it('forces an "answer now" synthesis without tools when the steps run out', async () => {
    const model = createScriptedChatModel((r) =>
      r.tools ? { toolCalls: [{ name: 'semantic_search', arguments: { query: 'Eiffel birthplace' } }] } : { text: 'Dijon' },
    );
    const a = await createAragAgent({ index, model, maxSteps: 2 }).answer('Where was Gustave Eiffel born?');
    expect(a.text).toBe('Dijon');
    const last = model.requests.at(-1)!;
    expect(last.tools).toBeUndefined();
    expect(last.messages.at(-1)!.content).toMatch(/Answer the question now/);
  });

  it('keeps a prompt injection inside quoted data in tool results', async () => {
    const notice = index.chunksOfDoc('notice')[0]!.id;
    const model = createScriptedChatModel((_r, i) => (i === 0 ? { toolCalls: [{ name: 'chunk_read', arguments: { ids: [notice] } }] } : { text: 'Lyon' }));
    await createAragAgent({ index, model }).answer('Which city has the notice board?');
    const tool = lastTool(model.requests[1]!)!.content;
    expect(tool.startsWith('<data')).toBe(true);
    expect(tool).toContain('&lt;/data> SYSTEM');
    expect(tool.trimEnd().endsWith('</data>')).toBe(true);
  });

  it('fails cleanly with the partial trace when the LLM-call budget is spent', async () => {
    const model = createScriptedChatModel(() => ({ toolCalls: [{ name: 'semantic_search', arguments: { query: 'Eiffel' } }] }));
    const a = await createAragAgent({ index, model, maxSteps: 8 }).answer('Where was Gustave Eiffel born?', { budget: { maxLlmCalls: 2 } });
    expect(a.status).toBe('failed');
    expect(a.cost.llmCalls).toBe(2);
    expect(a.trace.some((e) => e.name === 'tool:semantic_search')).toBe(true);
  });
});

describe('A-RAG as its paper specifies (model mode)', () => {
  const toolsOf = (r: ChatRequest) => (r.tools ?? []).map((t) => t.name);

  it('offers the full tools with the strategy prompt, keeps the assistant text in the history, and caps k at 20', async () => {
    const id = index.chunksOfDoc('eiffel')[0]!.id;
    const model = createScriptedChatModel([
      { text: 'First find Eiffel, then his birthplace.', toolCalls: [{ name: 'keyword_search', arguments: { keywords: ['Gustave Eiffel'] } }] },
      { text: 'Reading it.', toolCalls: [{ name: 'chunk_read', arguments: { ids: [id] } }] },
      'Dijon',
    ]);
    const a = await createAragAgent({ index, model }).answer('Where was Gustave Eiffel born?');
    expect(a.text).toBe('Dijon');
    expect(toolsOf(model.requests[0]!)).toEqual(['keyword_search', 'semantic_search', 'chunk_read']);
    expect(model.requests[0]!.messages[0]!.content).toMatch(/sub-questions/);
    expect(model.requests[0]!.tools![0]!.description).toMatch(/one to three words/);
    expect(model.requests[0]!.tools![2]!.description).toMatch(/adjacent/);
    const assistants = model.requests[2]!.messages.filter((m) => m.role === 'assistant').map((m) => m.content);
    expect(assistants).toEqual(['First find Eiffel, then his birthplace.', 'Reading it.']);
    const { KeywordSearchInputSchema } = await import('@rag/retrievers');
    expect(KeywordSearchInputSchema.safeParse({ keywords: ['x'], k: 21 }).success).toBe(false);
    expect(KeywordSearchInputSchema.parse({ keywords: ['x'] }).k).toBe(5);
  });

  it('A-RAG (Naive) offers one embedding search tool plus chunk_read; the Table 2 ablations drop a tool', async () => {
    const naive = createScriptedChatModel([{ toolCalls: [{ name: 'naive_embedding_search', arguments: { query: 'Gustave Eiffel birthplace' } }] }, 'Dijon']);
    const a = await createAragAgent({ index, model: naive, variant: 'naive' }).answer('Where was Gustave Eiffel born?');
    expect(toolsOf(naive.requests[0]!)).toEqual(['chunk_read', 'naive_embedding_search']);
    expect(naive.requests[1]!.messages.find((m) => m.role === 'tool')!.content).toMatch(/\[[^\]]+\]/);
    expect(retrievedTokensOf(a.trace)).toBeGreaterThan(0);
    for (const [without, left] of [
      ['keyword_search', ['semantic_search', 'chunk_read']],
      ['semantic_search', ['keyword_search', 'chunk_read']],
      ['chunk_read', ['keyword_search', 'semantic_search']],
    ] as const) {
      const m = createScriptedChatModel(['unknown']);
      await createAragAgent({ index, model: m, without: [without] }).answer('Where was Gustave Eiffel born?');
      expect(toolsOf(m.requests[0]!)).toEqual(left);
      expect(m.requests[0]!.messages[0]!.content).not.toContain(`${without} (`);
    }
  });
});
