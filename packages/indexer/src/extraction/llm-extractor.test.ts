import { createRunContext, type Chunk } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { naiveSegment } from '../../test/fixtures/segment.js';
import { chunkDocument } from '../chunking/chunker.js';
import { estimateExtractionCost } from './cost-estimate.js';
import { createLlmIntentRouter } from './llm-intent-router.js';
import { createLlmTripleExtractor } from './llm-extractor.js';
import { MEDICAL_TEMPLATE } from './templates.js';

const text = 'Aspirin treats headache. It was first synthesised by Felix Hoffmann at Bayer.';
const chunk: Chunk = chunkDocument({ id: 'd1', text, metadata: {} }, { segment: naiveSegment })[0]!;
const reply = {
  entities: [
    { name: 'Aspirin', type: 'Drug' },
    { name: 'headache', type: 'Symptom' },
    { name: 'Felix Hoffmann', type: 'Person' },
    { name: 'Bayer', type: 'Company' },
  ],
  relations: [
    { head: 'Aspirin', relation: 'Treats', tail: 'headache', evidence: 'Aspirin treats headache.' },
    { head: 'Felix Hoffmann', relation: 'works at', tail: 'Bayer' },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('createLlmTripleExtractor', () => {
  it('sends the template and a JSON schema, maps typed triples with sentence provenance', async () => {
    const model = createScriptedChatModel([{ json: reply }]);
    const ex = createLlmTripleExtractor({ model });
    const out = await ex.extract({ chunk, template: MEDICAL_TEMPLATE });
    expect(model.requests[0]!.jsonSchema).toBeDefined();
    expect(model.requests[0]!.messages[0]!.content).toContain('treats');
    expect(model.requests[0]!.messages[1]!.content).toContain('<data');
    expect(out.entities.map((e) => `${e.name}:${e.type}`)).toEqual(['Aspirin:Drug', 'headache:Symptom', 'Felix Hoffmann:Person', 'Bayer:Company']);
    const treats = out.triples.find((t) => t.relation === 'treats')!;
    expect(treats).toMatchObject({ head: 'Aspirin', headType: 'Drug', tail: 'headache', tailType: 'Symptom' });
    const s0 = chunk.sentences[0]!;
    expect(treats.provenance).toEqual([{ chunkId: 'd1::0', start: s0.start, end: s0.end }]);
    const works = out.triples.find((t) => t.relation === 'works_at')!;
    const s1 = chunk.sentences[1]!;
    expect(works.provenance[0]).toEqual({ chunkId: 'd1::0', start: s1.start, end: s1.end });
  });

  it('repairs near-miss JSON, retries invalid replies within bounds, and caches by content hash', async () => {
    const fenced = '```json\n' + JSON.stringify(reply).replace(/}]}$/, '},]}') + '\n```';
    const model = createScriptedChatModel(['not json at all', fenced]);
    const ex = createLlmTripleExtractor({ model });
    const ctx = createRunContext();
    const a = await ex.extract({ chunk }, ctx);
    expect(a.triples).toHaveLength(2);
    expect(model.requests).toHaveLength(2);
    const b = await ex.extract({ chunk: { ...chunk, id: 'copy::0' } }, ctx);
    expect(model.requests).toHaveLength(2);
    expect(b.triples[0]!.provenance[0]!.chunkId).toBe('copy::0');
    // Never valid: one re-ask (default), then the heuristic extractor for this chunk, traced.
    const badModel = createScriptedChatModel(['x', 'y', 'z']);
    const bad = createLlmTripleExtractor({ model: badModel });
    const badCtx = createRunContext();
    const fellBack = await bad.extract({ chunk }, badCtx);
    expect(badModel.requests).toHaveLength(2);
    expect(fellBack.entities.length).toBeGreaterThan(0);
    expect(badCtx.trace.events.find((e) => e.name === 'fallback')?.data).toMatchObject({ decision: 'triple-extraction' });
  });

  it('warns loudly when a chunk yields zero entities', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen: string[] = [];
    const ex = createLlmTripleExtractor({ model: createScriptedChatModel([{ json: { entities: [], relations: [] } }]), onWarning: (w) => seen.push(w.chunkId) });
    const ctx = createRunContext();
    await ex.extract({ chunk }, ctx);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ZERO entities'));
    expect(seen).toEqual(['d1::0']);
    expect(ctx.trace.events.some((e) => e.kind === 'warning' && e.name === 'zero-entities')).toBe(true);
  });

  it('enforces the budget', async () => {
    const ex = createLlmTripleExtractor({ model: createScriptedChatModel([{ json: reply }, { json: reply }]) });
    const ctx = createRunContext({ budget: { maxLlmCalls: 1 } });
    await ex.extract({ chunk }, ctx);
    await expect(ex.extract({ chunk: { ...chunk, text: 'Other text.', id: 'o::0' } }, ctx)).rejects.toMatchObject({ code: 'RAG_BUDGET_EXCEEDED' });
  });

  it('lets an LLM intent router pick the template, falling back to general on unknown domains', async () => {
    const model = createScriptedChatModel([{ json: { domain: 'medical', confidence: 0.9 } }, { json: reply }, { json: { domain: 'astrology' } }]);
    const router = createLlmIntentRouter({ model });
    const ex = createLlmTripleExtractor({ model, intentRouter: router });
    await ex.extract({ chunk });
    expect(model.requests[1]!.messages[0]!.content).toContain('"medical" domain');
    expect(await router.route('horoscope text')).toEqual({ domain: 'general', confidence: 0 });
  });
});

describe('estimateExtractionCost', () => {
  it('counts one call per chunk (two with an LLM router) and scales tokens with text', () => {
    const docs = [{ id: 'a', text: 'One sentence. '.repeat(10) }, { id: 'b', text: 'Another sentence here. '.repeat(400) }];
    const est = estimateExtractionCost(docs, { segment: naiveSegment, chunkTokens: 500 });
    expect(est.docs).toBe(2);
    expect(est.chunks).toBeGreaterThan(2);
    expect(est.llmCalls).toBe(est.chunks);
    const withRouter = estimateExtractionCost(docs, { segment: naiveSegment, chunkTokens: 500, llmIntentRouter: true });
    expect(withRouter.llmCalls).toBe(2 * est.chunks);
    expect(withRouter.tokensIn).toBeGreaterThan(est.tokensIn);
    expect(est.tokensIn).toBeGreaterThan(9200 / 4);
  });
});
