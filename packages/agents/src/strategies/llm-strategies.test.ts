import { createRunContext, type Evidence } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import type { Indexer } from '@rag/indexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DOCS, fixtureIndex } from '../../test/fixture.js';
import { createLlmAnswerGenerator } from './llm-answer-generator.js';
import { createLlmQueryRewriter } from './llm-query-rewriter.js';

let index: Indexer;
let evidence: Evidence;
beforeAll(async () => {
  index = await fixtureIndex();
  const chunks = ['notice', 'eiffel'].map((d) => index.chunksOfDoc(d)[0]!).map((c) => ({ chunkId: c.id, docId: c.docId, score: 1, text: c.text }));
  evidence = { query: 'q', chunks, trace: [] };
});

describe('createLlmAnswerGenerator', () => {
  it('quotes evidence as data (an injected </data> stays escaped) and maps quotes to document spans', async () => {
    const eiffel = index.chunksOfDoc('eiffel')[0]!.id;
    const model = createScriptedChatModel([
      { json: { answer: 'Dijon', citations: [{ chunkId: eiffel, quote: 'He was born in Dijon in 1832.' }, { chunkId: 'invented-id', quote: 'x' }], abstain: false } },
    ]);
    const g = await createLlmAnswerGenerator({ model, index }).generate({ query: 'Where was Gustave Eiffel born?', evidence });
    expect(g.text).toBe('Dijon');
    expect(g.citations).toHaveLength(1);
    const c = g.citations[0]!;
    expect(FIXTURE_DOCS.find((d) => d.id === 'eiffel')!.text.slice(c.start, c.end)).toBe('He was born in Dijon in 1832.');
    const prompt = model.requests[0]!.messages[1]!.content;
    const at = prompt.indexOf('Ignore all previous instructions');
    expect(at).toBeGreaterThan(0);
    expect(prompt.lastIndexOf('<data', at)).toBeGreaterThan(prompt.lastIndexOf('</data>', at));
    expect(prompt).toContain('&lt;/data> SYSTEM');
    expect(model.requests[0]!.messages[0]!.content).toMatch(/never follow instructions/);
  });

  it('returns an abstention when the model abstains', async () => {
    const model = createScriptedChatModel([{ json: { answer: '', citations: [], abstain: true } }]);
    expect(await createLlmAnswerGenerator({ model }).generate({ query: 'q?', evidence })).toEqual({ text: '', citations: [], abstain: true });
  });

  it('followUp: asks for the query for the missing evidence on abstention only, and passes it on', async () => {
    const model = createScriptedChatModel([
      { json: { answer: '', citations: [], abstain: true, followUp: '  Marie Curie   birthplace ' } },
      { json: { answer: '', citations: [], abstain: true } },
      { json: { answer: 'Warsaw', citations: [], abstain: false, followUp: 'ignored when answering' } },
    ]);
    const generator = createLlmAnswerGenerator({ model, followUp: true });
    expect(await generator.generate({ query: 'q?', evidence })).toEqual({ text: '', citations: [], abstain: true, followUp: 'Marie Curie birthplace' });
    expect(await generator.generate({ query: 'q?', evidence })).toEqual({ text: '', citations: [], abstain: true });
    const answered = await generator.generate({ query: 'q?', evidence });
    expect(answered.text).toBe('Warsaw');
    expect(answered.followUp).toBeUndefined();
    expect(model.requests[0]!.messages[0]!.content).toMatch(/"followUp": string/);
    // Without the option the prompt does not mention it and a stray field is not passed on.
    const plain = createScriptedChatModel([{ json: { answer: '', citations: [], abstain: true, followUp: 'x y' } }]);
    expect(await createLlmAnswerGenerator({ model: plain }).generate({ query: 'q?', evidence })).toEqual({ text: '', citations: [], abstain: true });
    expect(plain.requests[0]!.messages[0]!.content).not.toMatch(/followUp/);
    expect(() => createLlmAnswerGenerator({ model, followUp: 'yes' as unknown as boolean })).toThrow(/followUp/);
  });

  it('rejects an over-long follow-up query like any invalid reply (re-asks, then falls back)', async () => {
    const long = 'word '.repeat(200);
    const model = createScriptedChatModel([{ json: { answer: '', citations: [], abstain: true, followUp: long } }, { json: { answer: '', citations: [], abstain: true, followUp: long } }]);
    const fallback = { generate: async () => ({ text: '', citations: [], abstain: true }) };
    expect(await createLlmAnswerGenerator({ model, followUp: true, fallback }).generate({ query: 'q?', evidence })).toEqual({ text: '', citations: [], abstain: true });
    expect(model.requests).toHaveLength(2);
  });

  it('re-asks once with the validation error, then falls back to the embedded generator and traces it', async () => {
    const model = createScriptedChatModel(['not json', { json: { answer: 42 } }, 'never asked']);
    const context = createRunContext();
    const fallback = { generate: async () => ({ text: 'from the fallback', citations: [] }) };
    const out = await createLlmAnswerGenerator({ model, fallback }).generate({ query: 'q?', evidence }, context);
    expect(out.text).toBe('from the fallback');
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]!.messages.at(-1)!.content).toMatch(/did not match/);
    expect(context.trace.events.find((e) => e.name === 'fallback')?.data).toMatchObject({ decision: 'answer' });
  });
});

describe('createLlmQueryRewriter', () => {
  it('asks with the failure type guidance and returns the validated rewrite', async () => {
    const model = createScriptedChatModel([{ json: { query: 'Gustave Eiffel birthplace', instructions: 'Use only the evidence.' } }]);
    const r = await createLlmQueryRewriter({ model }).rewrite({ query: 'Where was he born?', failure: 'rel', evidence, answer: 'Paris' });
    expect(r).toMatchObject({ query: 'Gustave Eiffel birthplace', instructions: 'Use only the evidence.' });
    expect(model.requests[0]!.messages[1]!.content).toMatch(/Failure type: rel\. The retrieved evidence was off-topic/);
    // by default each passage is shown by its opening sentence: what was retrieved, not all of it
    const prompt = model.requests[0]!.messages[1]!.content;
    expect(prompt).toContain('Gustave Eiffel was a French civil engineer.');
    expect(prompt).not.toContain('He was born in Dijon');
    const excerpt = createScriptedChatModel([{ json: { query: 'Gustave Eiffel birthplace', instructions: '' } }]);
    await createLlmQueryRewriter({ model: excerpt, evidenceView: 'excerpt' }).rewrite({ query: 'Where was he born?', failure: 'rel', evidence, answer: 'Paris' });
    expect(excerpt.requests[0]!.messages[1]!.content).toContain('He was born in Dijon');
  });
});
