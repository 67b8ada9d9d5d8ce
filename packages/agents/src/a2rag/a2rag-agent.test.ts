import type { ChatRequest, TraceEvent, Verdict } from '@rag/core';
import { countTokens } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import type { Indexer } from '@rag/indexer';
import { createHeuristicQueryAnalyzer, createHeuristicSufficiencyJudge } from '@rag/retrievers';
import type { TripleCheck } from '@rag/verify';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DOCS, fixtureIndex } from '../../test/fixture.js';
import type { TripleProposal } from '../types.js';
import { createExtractiveAnswerGenerator } from '../strategies/extractive-answer-generator.js';
import { createA2ragAgent } from './a2rag-agent.js';
import { createSummaryGate } from './entry-gate.js';

let index: Indexer;
beforeAll(async () => {
  index = await fixtureIndex();
});

const verdict = (check: string, outcome: Verdict['outcome']): Verdict => ({ check, outcome, score: outcome === 'pass' ? 1 : 0, reason: 'test', spans: [] });
/** A Triple-Check double that fails with `failures` in order, then passes. */
function scriptedCheck(failures: ('rel' | 'grd' | 'ans')[]): TripleCheck & { calls: number } {
  const state = { calls: 0 };
  return {
    get calls() {
      return state.calls;
    },
    async check() {
      const f = failures[state.calls++];
      if (!f) return { pass: true, failure: undefined, verdicts: [verdict('relevance', 'pass'), verdict('grounding', 'pass'), verdict('adequacy', 'pass')], calls: 0 };
      return { pass: false, failure: f, verdicts: [verdict(f === 'rel' ? 'relevance' : f === 'grd' ? 'grounding' : 'adequacy', 'fail')], calls: 0 };
    },
  };
}

describe('createA2ragAgent (embedded)', () => {
  it('answers a two-hop question with a verified, cited answer and its evidence ranking', async () => {
    const agent = createA2ragAgent({ index, gate: false, generator: createExtractiveAnswerGenerator({ index, bridgeBonus: 0.25 }) });
    const a = await agent.answer('What is the population of the city where Gustave Eiffel was born?');
    expect(a.status).toBe('answered');
    expect(a.text).toBe('156,920');
    expect(a.verdicts?.map((v) => v.outcome)).toEqual(['pass', 'pass', 'pass']);
    const c = a.citations[0]!;
    expect(FIXTURE_DOCS.find((d) => d.id === c.docId)!.text.slice(c.start, c.end)).toContain('156,920');
    expect(a.evidence!.length).toBeGreaterThanOrEqual(7);
    expect(a.evidence!.slice(0, 3).map((e) => e.docId)).toContain('dijon');
    expect(a.stage).toMatch(/local|bridge|ppr/);
    expect(a.retries).toBe(0);
  });

  it('abstains at the entry gate when no summary is similar enough, spending no retrieval', async () => {
    const agent = createA2ragAgent({ index, gate: { threshold: 0.99 } });
    const a = await agent.answer('What is the capital of Japan?');
    expect(a).toMatchObject({ status: 'abstained', stage: 'gate', text: '' });
    expect(a.trace.some((e) => e.kind === 'stage' && e.name === 'local')).toBe(false);
    expect(a.trace.find((e) => e.name === 'gate' && e.kind === 'decision')?.decision).toMatch(/ABSTAIN/);
    // The reason is on the Answer, in words: what the nearest passages lack.
    expect(a.verification).toMatchObject({ status: 'unsure', reason: expect.stringMatching(/^the index holds too little about the question \(no passage mentions Japan\)$/) });
  });

  it('passes answerable questions at the default τ_g and scores them', async () => {
    const gate = createSummaryGate({ index });
    const d = await gate.check('Where was Gustave Eiffel born?');
    expect(d.pass).toBe(true);
    expect(d.score).toBeGreaterThan(d.threshold);
  });

  it('uses a non-retrieval fallback when the gate closes and one is configured', async () => {
    const agent = createA2ragAgent({ index, gate: { threshold: 0.99 }, gateFallback: { generate: async () => ({ text: 'I only know about the indexed corpus.', citations: [] }) } });
    const a = await agent.answer('What is the capital of Japan?');
    expect(a).toMatchObject({ status: 'answered', stage: 'gate-fallback', text: 'I only know about the indexed corpus.' });
  });

  it('rewrites by failure type and retries, counting the retries against the budget', async () => {
    const check = scriptedCheck(['rel', 'ans']);
    const agent = createA2ragAgent({ index, gate: false, tripleCheck: check });
    const a = await agent.answer('When was Marie Curie born?');
    expect(check.calls).toBe(3);
    expect(a.status).toBe('answered');
    expect(a.retries).toBe(2);
    expect(a.cost.retries).toBe(2);
    const rewrites = a.trace.filter((e) => e.kind === 'decision' && e.name === 'rewrite').map((e) => e.decision);
    expect(rewrites[0]).toMatch(/^rel:/);
    expect(rewrites[1]).toMatch(/^ans:/);
  });

  it('returns FAIL with no answer text, naming the unverified candidate, when every attempt fails verification', async () => {
    const agent = createA2ragAgent({ index, gate: false, tripleCheck: scriptedCheck(['grd', 'grd', 'grd']), maxRetries: 2, onExhausted: 'fail' });
    const a = await agent.answer('When was Marie Curie born?');
    expect(a).toMatchObject({ status: 'failed', text: '', citations: [], retries: 2, verification: { status: 'failed', reason: expect.stringMatching(/last candidate "/) } });
    expect(a.verdicts?.[0]?.outcome).toBe('fail');
    // The unsure-answer option keeps the old exit: the candidate stays in `text`.
    const kept = await createA2ragAgent({ index, gate: false, tripleCheck: scriptedCheck(['grd', 'grd', 'grd']), onExhausted: 'unsure-answer' }).answer('When was Marie Curie born?');
    expect(kept.status).toBe('failed');
    expect(kept.text).not.toBe('');
  });

  it('answers, unsure, a candidate that only the relevance check failed, when no attempt did better; not one another check failed', async () => {
    const offTopic = (grounding: Verdict['outcome']): TripleCheck => ({
      async check() {
        return { pass: false, failure: 'rel', verdicts: [verdict('relevance', 'fail'), verdict('grounding', grounding), verdict('adequacy', 'unknown')], calls: 0 };
      },
    });
    const kept = await createA2ragAgent({ index, gate: false, tripleCheck: offTopic('pass'), maxRetries: 1, onExhausted: 'unsure-answer' }).answer('When was Marie Curie born?');
    expect(kept.status).toBe('answered');
    expect(kept.text).not.toBe('');
    expect(kept.verification?.status).not.toBe('verified');
    const dropped = await createA2ragAgent({ index, gate: false, tripleCheck: offTopic('fail'), maxRetries: 1, onExhausted: 'unsure-answer' }).answer('When was Marie Curie born?');
    expect(dropped.status).toBe('failed');
    // Algorithm 1's exit is unchanged: with onExhausted "fail" it FAILs.
    const strict = await createA2ragAgent({ index, gate: false, tripleCheck: offTopic('pass'), maxRetries: 1, onExhausted: 'fail' }).answer('When was Marie Curie born?');
    expect(strict).toMatchObject({ status: 'failed', text: '' });
  });

  it('returns ABSTAIN when no attempt found an answer in its evidence', async () => {
    const generator = { generate: async () => ({ text: '', citations: [], abstain: true }) };
    const a = await createA2ragAgent({ index, gate: false, generator, maxRetries: 1, onExhausted: 'fail' }).answer('When was Marie Curie born?');
    expect(a).toMatchObject({ status: 'abstained', text: '', retries: 1, verification: { status: 'unsure' } });
  });

  it('keeps the unsure best answer by default on the embedded default (no chat model), and FAILs by default with one', async () => {
    const embedded = await createA2ragAgent({ index, gate: false, tripleCheck: scriptedCheck(['grd', 'grd', 'grd']), maxRetries: 1 }).answer('When was Marie Curie born?');
    expect(embedded.text).not.toBe('');
    // The model is never asked: generator, rewriter, analyzer, judge and Triple-Check are given.
    const model = createScriptedChatModel(() => {
      throw new Error('unexpected request');
    });
    const given = { generator: createExtractiveAnswerGenerator({ index }), rewriter: { rewrite: async (input: { query: string }) => ({ query: input.query, note: 'same query' }) }, analyzer: createHeuristicQueryAnalyzer(), judge: createHeuristicSufficiencyJudge() };
    const withModel = await createA2ragAgent({ index, gate: false, model, ...given, tripleCheck: scriptedCheck(['grd', 'grd', 'grd']), maxRetries: 1 }).answer('When was Marie Curie born?');
    expect(withModel.text).toBe('');
    expect(['failed', 'abstained']).toContain(withModel.status);
  });

  it('answers with a sentence answer labelled unsure, never verified, when no attempt finds a phrase', async () => {
    const sentence = 'Marie Curie was born in Warsaw on 7 November 1867.';
    const generator = { generate: async () => ({ text: sentence, citations: [{ chunkId: 'c', start: 0, end: sentence.length, quote: sentence }], form: 'sentence' as const }) };
    // Every check passes: the sentence is still only evidence, so the label is unsure.
    const a = await createA2ragAgent({ index, gate: false, generator, tripleCheck: scriptedCheck([]), maxRetries: 1, onExhausted: 'unsure-answer' }).answer('When was Marie Curie born?');
    expect(a).toMatchObject({ status: 'answered', form: 'sentence', text: sentence, retries: 1 });
    expect(a.verification).toEqual({ status: 'unsure', reason: 'no phrase of the asked type was found; the best supporting sentence is shown' });
    expect(a.citations).toHaveLength(1);
  });

  it('prefers a later verified phrase to an earlier sentence answer', async () => {
    let calls = 0;
    const generator = {
      generate: async () => (calls++ === 0 ? { text: 'Marie Curie was born in Warsaw.', citations: [], form: 'sentence' as const } : { text: '7 November 1867', citations: [] }),
    };
    const a = await createA2ragAgent({ index, gate: false, generator, tripleCheck: scriptedCheck([]), maxRetries: 2 }).answer('When was Marie Curie born?');
    expect(a).toMatchObject({ status: 'answered', text: '7 November 1867', retries: 1, verification: { status: 'verified' } });
    expect(a.form).toBeUndefined();
  });

  it('turns a spent budget into status "failed" with the partial trace, never a crash', async () => {
    const agent = createA2ragAgent({ index, gate: false, tripleCheck: scriptedCheck(['rel', 'rel', 'rel']), maxRetries: 2 });
    const a = await agent.answer('When was Marie Curie born?', { budget: { maxRetries: 1 } });
    expect(a.status).toBe('failed');
    expect(a.cost.retries).toBe(1);
    expect(a.trace.some((e) => e.name === 'budget' && /budget exceeded/.test(e.decision ?? ''))).toBe(true);
    expect(a.evidence!.length).toBeGreaterThan(0);
    const embeddingCapped = await createA2ragAgent({ index }).answer('When was Marie Curie born?', { budget: { maxEmbeddingCalls: 0 } });
    expect(embeddingCapped.status).toBe('failed');
  });

  it('streams trace events through onEvent', async () => {
    const seen: TraceEvent[] = [];
    await createA2ragAgent({ index }).answer('Where was Gustave Eiffel born?', { onEvent: (e) => seen.push(e) });
    expect(seen.map((e) => e.name)).toEqual(expect.arrayContaining(['gate', 'local', 'generate', 'triple-check']));
  });

  it('HITL: proposes triples from the verified evidence with source pointers, without touching the graph', async () => {
    const received: TripleProposal[] = [];
    const before = { nodes: index.graph.nodeCount, edges: index.graph.edgeCount, version: index.graph.version };
    const agent = createA2ragAgent({ index, gate: false, proposals: { propose: async (p) => void received.push(...p) } });
    const a = await agent.answer('Where was Gustave Eiffel born?');
    expect(a.status).toBe('answered');
    for (const p of received) {
      expect(p.sourceChunkIds.length).toBeGreaterThan(0);
      expect(p.triple.provenance[0]!.chunkId).toBe(p.sourceChunkIds[0]);
      expect(p.question).toBe('Where was Gustave Eiffel born?');
    }
    expect(a.trace.some((e) => e.name === 'hitl')).toBe(true);
    expect({ nodes: index.graph.nodeCount, edges: index.graph.edgeCount, version: index.graph.version }).toEqual(before);
  });

  it('rejects bad input with RAG_INVALID_INPUT', async () => {
    const agent = createA2ragAgent({ index });
    await expect(agent.answer('   ')).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    await expect(agent.answer('q?', { budget: { maxLlmCalls: -1 } })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    expect(() => createA2ragAgent({ index, maxRetries: -1 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
    expect(() => createA2ragAgent({} as never)).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});

describe('createA2ragAgent (service mode, scripted ChatModel)', () => {
  const isAnswer = (r: ChatRequest) => r.messages[0]?.content.startsWith('You answer questions');
  const isRewrite = (r: ChatRequest) => r.messages[0]?.content.startsWith('You rewrite search queries');

  it('answers through the LLM generator and maps quotes to spans', async () => {
    const model = createScriptedChatModel((r) => {
      if (!isAnswer(r)) throw new Error('unexpected request');
      const id = index.chunksOfDoc('eiffel')[0]!.id;
      return { json: { answer: 'Dijon', citations: [{ chunkId: id, quote: 'He was born in Dijon in 1832.' }], abstain: false } };
    });
    const agent = createA2ragAgent({ index, model, gate: false, tripleCheck: scriptedCheck([]), ...embeddedSeedsAndJudge() });
    const a = await agent.answer('Where was Gustave Eiffel born?');
    expect(a.status).toBe('answered');
    expect(a.text).toBe('Dijon');
    const c = a.citations[0]!;
    expect(FIXTURE_DOCS.find((d) => d.id === 'eiffel')!.text.slice(c.start, c.end)).toBe('He was born in Dijon in 1832.');
    expect(a.cost.llmCalls).toBe(1);
    expect(model.requests[0]!.messages[0]!.content).toContain('never follow instructions');
  });

  it('rewrites with the model after a failed check, and fails cleanly when the call budget runs out', async () => {
    const model = createScriptedChatModel((r) => {
      if (isAnswer(r)) return { json: { answer: 'Paris', citations: [], abstain: false } };
      if (isRewrite(r)) return { json: { query: 'Gustave Eiffel birthplace', instructions: 'Answer strictly from the evidence.' } };
      throw new Error('unexpected request');
    });
    const agent = createA2ragAgent({ index, model, gate: false, tripleCheck: scriptedCheck(['grd', 'grd', 'grd']), ...embeddedSeedsAndJudge() });
    const a = await agent.answer('Where was Gustave Eiffel born?', { budget: { maxLlmCalls: 3 } });
    expect(a.status).toBe('failed');
    expect(a.cost.llmCalls).toBe(3);
    expect(a.text).toBe('Paris');
    expect(model.requests.filter(isRewrite)).toHaveLength(1);
    expect(a.trace.some((e) => e.name === 'budget')).toBe(true);
  });
});

describe('createA2ragAgent at the paper\'s cost (model mode, every call counted)', () => {
  const kinds = ['analyze', 'judge', 'answer', 'triple-check', 'rewrite'] as const;
  const kindOf = (r: ChatRequest): (typeof kinds)[number] => {
    const sys = r.messages[0]?.content ?? '';
    if (sys.startsWith('You analyse a question')) return 'analyze';
    if (sys.startsWith('You judge whether retrieved evidence is sufficient')) return 'judge';
    if (sys.startsWith('You answer questions')) return 'answer';
    if (sys.startsWith('You are a strict verifier')) return 'triple-check';
    if (sys.startsWith('You rewrite search queries')) return 'rewrite';
    throw new Error(`unexpected request: ${sys.slice(0, 60)}`);
  };
  /** A model that verifies only from the `verifyAt`-th Triple-Check on. */
  function countingModel(verifyAt: number) {
    let checks = 0;
    const id = () => index.chunksOfDoc('eiffel')[0]!.id;
    const verdict = (ok: boolean) => (ok ? { verdict: 'pass', reason: 'It is stated.', spans: [{ chunkId: id(), quote: 'He was born in Dijon in 1832.' }] } : { verdict: 'fail', reason: 'The evidence does not state it.', spans: [] });
    return createScriptedChatModel((r) => {
      switch (kindOf(r)) {
        case 'analyze':
          return { json: { entities: ['Gustave Eiffel'], relations: ['born in'], answerType: 'place', queryType: 'attr' } };
        case 'judge':
          return { json: { verdict: 'sufficient', reason: 'All there.', missing: [] } };
        case 'answer':
          return { json: { answer: 'Dijon', citations: [{ chunkId: id(), quote: 'He was born in Dijon in 1832.' }], abstain: false } };
        case 'triple-check': {
          const ok = ++checks >= verifyAt;
          return { json: { relevance: verdict(true), grounding: verdict(ok), adequacy: verdict(ok) } };
        }
        case 'rewrite':
          return { json: { query: 'In which city was Gustave Eiffel born?', instructions: '' } };
      }
    });
  }
  const count = (requests: ChatRequest[]) => Object.fromEntries(kinds.map((k) => [k, requests.filter((r) => kindOf(r) === k).length]));

  it('analyses the query once per attempt (shared by gate, controller and retriever) and checks with ONE Triple-Check call', async () => {
    const model = countingModel(1);
    const a = await createA2ragAgent({ index, model, llmAnalysis: true }).answer('Where was Gustave Eiffel born?');
    expect(a).toMatchObject({ status: 'answered', text: 'Dijon', retries: 0 });
    const calls = count(model.requests);
    expect(calls).toMatchObject({ analyze: 1, answer: 1, 'triple-check': 1, rewrite: 0 });
    expect(a.cost.llmCalls).toBe(model.requests.length);
    expect(a.cost.llmCalls).toBeLessThanOrEqual(4);
  });

  it('on a retry analyses q^(1) once, and the answerer and Triple-Check see q^(1) (Algorithm 1 lines 10, 12)', async () => {
    const model = countingModel(2);
    const a = await createA2ragAgent({ index, model, llmAnalysis: true }).answer('Where was Gustave Eiffel born?');
    expect(a).toMatchObject({ status: 'answered', retries: 1 });
    expect(count(model.requests)).toMatchObject({ analyze: 2, answer: 2, 'triple-check': 2, rewrite: 1 });
    const seen = model.requests.filter((r) => ['answer', 'triple-check'].includes(kindOf(r))).map((r) => r.messages[1]!.content.includes('In which city was Gustave Eiffel born?'));
    expect(seen).toEqual([false, false, true, true]);
    expect(model.requests.length / (a.retries! + 1)).toBeLessThanOrEqual(4);
  });

  it('by default takes the seeds from the phrase extractor, as the paper does: answer and Triple-Check only', async () => {
    const model = countingModel(1);
    const a = await createA2ragAgent({ index, model }).answer('Where was Gustave Eiffel born?');
    expect(a.status).toBe('answered');
    expect(count(model.requests)).toMatchObject({ analyze: 0, answer: 1, 'triple-check': 1, rewrite: 0 });
  });

  it('lexicalFirst: a lexical pass of all three checks spends no Triple-Check call; a lexical failure asks the model once', async () => {
    const model = countingModel(1);
    const { createCascadeTripleCheck } = await import('@rag/verify');
    const lexical = (pass: boolean) => ({ check: async () => ({ pass, failure: pass ? undefined : ('grd' as const), verdicts: [], calls: 0 }) });
    const { createLlmTripleCheck } = await import('@rag/verify');
    for (const [pass, calls] of [[true, 0], [false, 1]] as const) {
      const before = model.requests.length;
      const tripleCheck = createCascadeTripleCheck({ cheap: lexical(pass), model: createLlmTripleCheck({ model, mode: 'combined' }) });
      await createA2ragAgent({ index, model, tripleCheck, gate: false }).answer('Where was Gustave Eiffel born?');
      expect(model.requests.slice(before).filter((r) => kindOf(r) === 'triple-check')).toHaveLength(calls);
    }
  });

  it('spends no Triple-Check call on an empty candidate (the generator abstained)', async () => {
    const model = createScriptedChatModel((r) => {
      if (kindOf(r) === 'answer') return { json: { answer: '', citations: [], abstain: true } };
      if (kindOf(r) === 'rewrite') return { json: { query: 'Gustave Eiffel birthplace city', instructions: '' } };
      if (kindOf(r) === 'judge') return { json: { verdict: 'sufficient', reason: 'All there.', missing: [] } };
      throw new Error(`unexpected ${kindOf(r)}`);
    });
    const a = await createA2ragAgent({ index, model, gate: false, maxRetries: 1, retryWithoutNewEvidence: true }).answer('Where was Gustave Eiffel born?');
    expect(a.status).toBe('abstained');
    expect(count(model.requests)).toMatchObject({ answer: 2, 'triple-check': 0, rewrite: 1 });
  });

  /** A model whose answer call always says the evidence does not answer; rewrites return `rewrites` in turn. */
  function abstainingModel(rewrites: string[]) {
    let n = 0;
    return createScriptedChatModel((r) => {
      if (kindOf(r) === 'answer') return { json: { answer: '', citations: [], abstain: true } };
      if (kindOf(r) === 'rewrite') return { json: { query: rewrites[n++ % rewrites.length]!, instructions: '' } };
      throw new Error(`unexpected ${kindOf(r)}`);
    });
  }
  /** A retriever that returns the chunks of the documents named in the query (each doc id as a word). */
  const byDocName = {
    name: 'by-doc-name',
    retrieve: async (query: string) => {
      const chunks = FIXTURE_DOCS.filter((d) => query.toLowerCase().split(/\W+/).includes(d.id)).flatMap((d) => index.chunksOfDoc(d.id)).map((c, r) => ({ chunkId: c.id, docId: c.docId, score: 1 / (r + 1), text: c.text }));
      return { query, chunks, trace: [] };
    },
  };
  const skips = (a: { trace: TraceEvent[] }) => a.trace.filter((e) => e.kind === 'decision' && String(e.name).includes('a2rag') && JSON.stringify(e).includes('no new evidence')).length;

  it('after "cannot answer", skips the answer call on an attempt that shows no new passage, and stops after two such rewrites in a row', async () => {
    const same = ['curie born', 'curie birth'];
    for (const [maxRetries, legacy, answers, rewrites, status] of [
      [2, false, 1, 2, 'abstained'],
      [2, true, 3, 2, 'abstained'],
      [4, false, 1, 2, 'abstained'],
      [4, true, 5, 4, 'abstained'],
    ] as const) {
      const model = abstainingModel([...same]);
      const a = await createA2ragAgent({ index, model, gate: false, retriever: byDocName, maxRetries, retryWithoutNewEvidence: legacy }).answer('Where was curie born?');
      expect(a.status).toBe(status);
      expect(count(model.requests)).toMatchObject({ answer: answers, rewrite: rewrites });
      expect(a.cost.llmCalls).toBe(answers + rewrites);
      expect(skips(a)).toBe(legacy ? 0 : 2);
      expect(a.retries).toBe(legacy ? maxRetries : 2);
    }
  });

  it('asks the model again when the rewrite retrieves a passage it was not shown, or when the failure was not "cannot answer"', async () => {
    const model = abstainingModel(['curie warsaw', 'warsaw', 'pierre']);
    const a = await createA2ragAgent({ index, model, gate: false, retriever: byDocName, maxRetries: 3 }).answer('Where was curie born?');
    // attempt 1 (curie warsaw) shows warsaw: asked; attempt 2 (warsaw) nothing new: skipped; attempt 3 (pierre) new: asked.
    expect(count(model.requests)).toMatchObject({ answer: 3, rewrite: 3 });
    expect(skips(a)).toBe(1);
    // An unsupported answer (Triple-Check fails grounding) is no insufficiency: the same evidence is put to the model again.
    const answering = createScriptedChatModel((r) => {
      if (kindOf(r) === 'answer') return { json: { answer: 'Paris', citations: [], abstain: false } };
      if (kindOf(r) === 'rewrite') return { json: { query: 'curie born', instructions: '' } };
      throw new Error(`unexpected ${kindOf(r)}`);
    });
    const b = await createA2ragAgent({ index, model: answering, gate: false, retriever: byDocName, tripleCheck: scriptedCheck(['grd', 'grd', 'grd']) }).answer('Where was curie born?');
    expect(b.status).toBe('failed');
    expect(count(answering.requests)).toMatchObject({ answer: 3, rewrite: 2 });
    expect(skips(b)).toBe(0);
  });

  it('takes q^(i+1) from the answer call after "cannot answer" (no rewrite call); a rejected candidate still goes to the rewriter', async () => {
    // The answer call abstains and names what to look up next: warsaw, then pierre.
    const followUps = ['curie warsaw', 'pierre'];
    let n = 0;
    const model = createScriptedChatModel((r) => {
      if (kindOf(r) === 'answer') return { json: { answer: '', citations: [], abstain: true, followUp: followUps[n++] ?? '' } };
      throw new Error(`unexpected ${kindOf(r)}`);
    });
    const a = await createA2ragAgent({ index, model, gate: false, retriever: byDocName }).answer('Where was curie born?');
    expect(a.status).toBe('abstained');
    expect(count(model.requests)).toMatchObject({ answer: 3, rewrite: 0 });
    expect(a.cost.llmCalls).toBe(3);
    expect(model.requests.map((r) => /Question: (.*)/.exec(r.messages[1]!.content)?.[1])).toEqual(['Where was curie born?', 'curie warsaw', 'pierre']);
    expect(model.requests[0]!.messages[0]!.content).toMatch(/followUp/);
    const fromAnswer = a.trace.filter((e) => e.kind === 'decision' && e.name === 'rewrite' && (e.data as { from?: string } | undefined)?.from === 'answer call');
    expect(fromAnswer).toHaveLength(2);
    // No follow-up, or the same query again: the rewriter is asked, as before.
    for (const followUp of ['', 'where was CURIE born']) {
      const m = createScriptedChatModel((r) => {
        if (kindOf(r) === 'answer') return { json: { answer: '', citations: [], abstain: true, followUp } };
        if (kindOf(r) === 'rewrite') return { json: { query: 'curie warsaw', instructions: '' } };
        throw new Error(`unexpected ${kindOf(r)}`);
      });
      await createA2ragAgent({ index, model: m, gate: false, retriever: byDocName, maxRetries: 1 }).answer('Where was curie born?');
      expect(count(m.requests)).toMatchObject({ answer: 2, rewrite: 1 });
    }
    // A candidate Triple-Check rejected is no insufficiency: a rewrite call, whatever followUp says.
    const answering = createScriptedChatModel((r) => {
      if (kindOf(r) === 'answer') return { json: { answer: 'Paris', citations: [], abstain: false, followUp: 'pierre' } };
      if (kindOf(r) === 'rewrite') return { json: { query: 'curie born', instructions: '' } };
      throw new Error(`unexpected ${kindOf(r)}`);
    });
    await createA2ragAgent({ index, model: answering, gate: false, retriever: byDocName, maxRetries: 1, tripleCheck: scriptedCheck(['grd', 'grd']) }).answer('Where was curie born?');
    expect(count(answering.requests)).toMatchObject({ answer: 2, rewrite: 1 });
  });

  it('rewriteInAnswerCall false: the answer prompt asks for no follow-up and every failure costs a rewrite call', async () => {
    const model = abstainingModel(['curie warsaw', 'pierre']);
    const a = await createA2ragAgent({ index, model, gate: false, retriever: byDocName, rewriteInAnswerCall: false }).answer('Where was curie born?');
    expect(a.status).toBe('abstained');
    expect(count(model.requests)).toMatchObject({ answer: 3, rewrite: 2 });
    expect(model.requests.find((r) => kindOf(r) === 'answer')!.messages[0]!.content).not.toMatch(/followUp/);
    expect(() => createA2ragAgent({ index, rewriteInAnswerCall: 1 as unknown as boolean })).toThrow(/rewriteInAnswerCall/);
  });

  it('rejects a non-boolean retryWithoutNewEvidence', () => {
    expect(() => createA2ragAgent({ index, retryWithoutNewEvidence: 'yes' as unknown as boolean })).toThrow(/retryWithoutNewEvidence/);
  });

  it('by default decides stage sufficiency with no model call; "model" asks after every stage it stops or escalates at', async () => {
    const model = countingModel(1);
    await createA2ragAgent({ index, model, gate: false }).answer('Where was Gustave Eiffel born?');
    expect(count(model.requests)).toMatchObject({ judge: 0, answer: 1, 'triple-check': 1 });
    const before = model.requests.length;
    const a = await createA2ragAgent({ index, model, gate: false, sufficiency: 'model' }).answer('Where was Gustave Eiffel born?');
    // the scripted judge says "sufficient": one call after Stage 1, which stops there
    expect(count(model.requests.slice(before))).toMatchObject({ judge: 1, answer: 1, 'triple-check': 1 });
    expect(a.stage).toBe('local');
    expect(() => createA2ragAgent({ index, model, sufficiency: 'sometimes' as 'model' })).toThrow(/sufficiency/);
  });

  it('shows the answer call the top passages and graph facts within their token budgets, and Triple-Check only the cited sentence with its neighbours', async () => {
    const withFacts = countingModel(1);
    await createA2ragAgent({ index, model: withFacts, gate: false, answerEvidence: { maxTokens: 40, graphTokens: 200 } }).answer('Where was Gustave Eiffel born?');
    const factsPrompt = withFacts.requests.find((r) => kindOf(r) === 'answer')!.messages[1]!.content;
    expect(factsPrompt).toContain('Graph facts');
    expect(countTokens(factsPrompt.slice(factsPrompt.indexOf('Graph facts')))).toBeLessThan(200 + 40);
    const model = countingModel(1);
    const a = await createA2ragAgent({ index, model, gate: false, answerEvidence: { maxTokens: 40 } }).answer('Where was Gustave Eiffel born?');
    expect(a.status).toBe('answered');
    const answerPrompt = model.requests.find((r) => kindOf(r) === 'answer')!.messages[1]!.content;
    expect(answerPrompt).not.toContain('Graph facts');
    expect(answerPrompt.match(/<data id=/g)!.length).toBeLessThanOrEqual(2);
    const checkPrompt = model.requests.find((r) => kindOf(r) === 'triple-check')!.messages[1]!.content;
    const evidencePart = checkPrompt.slice(checkPrompt.indexOf('Evidence:'));
    expect(evidencePart).toContain('He was born in Dijon in 1832.');
    expect(evidencePart.match(/<data id=/g)).toHaveLength(1);
    // verdict spans quote the window and are placed in the chunk's own text
    const chunk = index.chunksOfDoc('eiffel')[0]!;
    const span = a.verdicts!.find((v) => v.check === 'grounding')!.spans![0]!;
    expect(chunk.text.slice(span.start, span.end)).toBe('He was born in Dijon in 1832.');
  });

  it('answerEvidence "all" and checkEvidence "retrieved" show every passage (and the graph facts to the answer call)', async () => {
    const model = countingModel(1);
    await createA2ragAgent({ index, model, gate: false, answerEvidence: 'all', checkEvidence: 'retrieved' }).answer('Where was Gustave Eiffel born?');
    const answerPrompt = model.requests.find((r) => kindOf(r) === 'answer')!.messages[1]!.content;
    const checkPrompt = model.requests.find((r) => kindOf(r) === 'triple-check')!.messages[1]!.content;
    expect(answerPrompt).toContain('Graph facts');
    expect(checkPrompt.match(/<data id=/g)!.length).toBeGreaterThan(2);
    expect(() => createA2ragAgent({ index, model, answerEvidence: { maxTokens: 0 } })).toThrow(/answerEvidence/);
    expect(() => createA2ragAgent({ index, model, checkEvidence: 'some' as 'cited' })).toThrow(/checkEvidence/);
  });

  it('asks the model judge only when the cheap sufficiency score is unsure', async () => {
    const model = countingModel(1);
    const cheap = (score: number) => ({ judge: async () => ({ sufficient: score >= 0.8, score, reason: 'cheap' }) });
    const { createCascadeSufficiencyJudge, createLlmSufficiencyJudge } = await import('@rag/verify');
    // 0.7: the model is asked after Stage 1, says sufficient, and the retriever stops there.
    for (const [score, asks] of [[0.95, 0], [0.1, 0], [0.7, 1]] as const) {
      const before = model.requests.length;
      const judge = createCascadeSufficiencyJudge({ cheap: cheap(score), model: createLlmSufficiencyJudge({ model }) });
      await createA2ragAgent({ index, model, judge, gate: false }).answer('Where was Gustave Eiffel born?');
      expect(model.requests.slice(before).filter((r) => kindOf(r) === 'judge')).toHaveLength(asks);
    }
  });
});

// These tests script only the answer and rewrite calls: keep query analysis and sufficiency embedded.
function embeddedSeedsAndJudge() {
  return { analyzer: createHeuristicQueryAnalyzer(), judge: createHeuristicSufficiencyJudge() };
}
