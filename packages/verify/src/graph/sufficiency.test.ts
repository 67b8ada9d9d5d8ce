import { describe, expect, it } from 'vitest';
import { createRunContext } from '@rag/core';
import type { Embedder, Subgraph } from '@rag/core';
import { sufficiencyScore } from './sufficiency-score.js';
import { createSufficiencyJudge } from './sufficiency-judge.js';
import { MARIE } from '../test-fixtures.js';

const node = (id: string, name: string, type: string, extra: { aliases?: string[]; description?: string } = {}) => ({ id, name, type, aliases: extra.aliases ?? [], ...(extra.description ? { description: extra.description } : {}) });
const G: Subgraph = {
  nodes: [
    node('p1', 'Marie Lindqvist', 'Person', { description: 'Swedish chemist born in Uppsala' }),
    node('c1', 'Uppsala', 'City'),
    node('a1', 'Nordic Chemistry Prize', 'Award', { aliases: ['NCP'] }),
  ],
  edges: [{ id: 'e1', source: 'p1', target: 'c1', relation: 'born_in', confidence: 1, provenance: [] }],
};

// A deterministic toy embedder for tests: one dimension per known word group.
const GROUPS = [['chemist', 'chemistry', 'scientist'], ['uppsala', 'city'], ['prize', 'award'], ['lindqvist', 'marie', 'm. lindqvist']];
const toyEmbedder: Embedder = {
  id: 'toy',
  dimensions: GROUPS.length,
  async embed(texts) {
    return texts.map((t) => Float32Array.from(GROUPS.map((g) => (g.some((w) => t.toLowerCase().includes(w)) ? 1 : 0))));
  },
};

describe('sufficiencyScore (academic eq. 4)', () => {
  it('combines coverage of query entities and mean query–node relevance with weight α', async () => {
    const s = await sufficiencyScore({ query: 'Which prize did Marie Lindqvist win?', subgraph: G, alpha: 0.5 });
    expect(s.coverage).toBe(1);
    expect(s.links.map((l) => l.nodeId)).toEqual(['p1']);
    expect(s.relevance).toBeGreaterThan(0);
    expect(s.relevance).toBeLessThan(1);
    expect(s.score).toBeCloseTo(0.5 * s.coverage + 0.5 * s.relevance, 10);
    const onlyCov = await sufficiencyScore({ query: 'Which prize did Marie Lindqvist win?', subgraph: G, alpha: 1 });
    expect(onlyCov.score).toBe(1);
  });
  it('lowers coverage for entities the subgraph lacks', async () => {
    const s = await sufficiencyScore({ query: 'Did Marie Lindqvist meet Karl Berg in Oslo?', subgraph: G, alpha: 1 });
    expect(s.coverage).toBeCloseTo(1 / 3, 5);
    expect(s.unmatched).toEqual(['Karl Berg', 'Oslo']);
  });
  it('matches by embedding what strings miss, and counts the embedding calls', async () => {
    const ctx = createRunContext();
    const s = await sufficiencyScore({ query: 'Where was M. Lindqvist born?', subgraph: G, entities: ['M. Lindqvist', 'the scientist'], embedder: toyEmbedder, context: ctx, alpha: 1 });
    expect(s.links.find((l) => l.mention === 'the scientist')).toBeUndefined();
    expect(s.links.find((l) => l.mention === 'M. Lindqvist')?.nodeId).toBe('p1');
    expect(ctx.meter.snapshot().embeddingCalls).toBeGreaterThan(0);
  });
  it('rejects bad α', async () => {
    await expect(sufficiencyScore({ query: 'q?', subgraph: G, alpha: 2 })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT', details: { input: 'alpha' } });
  });
});

describe('createSufficiencyJudge', () => {
  it('is sufficient iff S_suf ≥ τ and records the decision', async () => {
    const ctx = createRunContext();
    const evidence = { ...MARIE, query: 'q', subgraph: G };
    const yes = await createSufficiencyJudge({ alpha: 0.5, tau: 0.5 }).judge({ query: 'Where was Marie Lindqvist born?', evidence, stage: 'local' }, ctx);
    expect(yes.sufficient).toBe(true);
    const no = await createSufficiencyJudge({ alpha: 0.5, tau: 0.5 }).judge({ query: 'Where did Karl Berg and Anna Holm study?', evidence, stage: 'local' }, ctx);
    expect(no.sufficient).toBe(false);
    expect(ctx.trace.toJSON().map((e) => e.decision)).toEqual(['stage local: sufficient: stop', 'stage local: insufficient: expand']);
  });
  it('falls back to the chunks when the evidence has no subgraph', async () => {
    const d = await createSufficiencyJudge({ alpha: 1, tau: 0.9 }).judge({ query: 'Where was Marie Lindqvist born?', evidence: MARIE, stage: 'local' });
    expect(d.sufficient).toBe(true);
    expect(d.reason).toMatch(/over chunks/);
  });
});

describe('createLlmSufficiencyJudge', () => {
  it('follows a consistent model verdict and retries a contradictory one', async () => {
    const { createScriptedChatModel } = await import('@rag/core/testing');
    const { createLlmSufficiencyJudge } = await import('./llm-sufficiency-judge.js');
    const model = createScriptedChatModel([
      { json: { verdict: 'sufficient', reason: 'Birthplace is missing.', missing: ['birthplace'] } },
      { json: { verdict: 'insufficient', reason: 'The birthplace is not stated.', missing: ['birthplace of Karl Berg'] } },
    ]);
    const ctx = createRunContext();
    const d = await createLlmSufficiencyJudge({ model }).judge({ query: 'Where was Karl Berg born?', evidence: MARIE, stage: 'local' }, ctx);
    expect(d).toMatchObject({ sufficient: false, score: 0 });
    expect(d.reason).toMatch(/birthplace of Karl Berg/);
    expect(ctx.meter.snapshot().llmCalls).toBe(2);
  });
  it('never reads unusable output as a verdict: the embedded judge decides, and the fallback is traced', async () => {
    const { createScriptedChatModel } = await import('@rag/core/testing');
    const { createRunContext } = await import('@rag/core');
    const { createLlmSufficiencyJudge } = await import('./llm-sufficiency-judge.js');
    const { createSufficiencyJudge } = await import('./sufficiency-judge.js');
    const input = { query: 'Where was Marie Lindqvist born?', evidence: MARIE, stage: 'local' };
    const context = createRunContext();
    const model = createScriptedChatModel(['sufficient!', 'yes it is sufficient']);
    const fallback = { judge: async () => ({ sufficient: false, score: 0, reason: 'embedded says no' }) };
    const d = await createLlmSufficiencyJudge({ model, fallback }).judge(input, context);
    expect(d).toEqual({ sufficient: false, score: 0, reason: 'embedded says no' });
    expect(context.trace.events.find((e) => e.name === 'fallback')?.data).toMatchObject({ decision: 'sufficiency' });
    // default fallback: the embedded graph-aware judge
    const byDefault = await createLlmSufficiencyJudge({ model: createScriptedChatModel(['x', 'y']) }).judge(input);
    expect(byDefault).toEqual(await createSufficiencyJudge().judge(input));
  });
});
