import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateObject } from '../llm/generate-object.js';
import { quoteUntrusted } from '../llm/quote-untrusted.js';
import { looksLikeRefusal } from '../structured/clean-model-text.js';
import { createOracleChatModel, findGold } from './oracle-chat-model.js';

const evidence = (texts: Record<string, string>) => Object.entries(texts).map(([id, t]) => quoteUntrusted(t, { id })).join('\n');
const Verdict = z.object({ verdict: z.enum(['pass', 'fail']), reason: z.string().min(1), spans: z.array(z.object({ chunkId: z.string(), quote: z.string().min(1) })) });
const Triple = z.object({ relevance: Verdict, grounding: Verdict, adequacy: Verdict });
const Answer = z.object({ answer: z.string(), citations: z.array(z.object({ chunkId: z.string(), quote: z.string() })), abstain: z.boolean() });

describe('oracle chat model (cost simulator)', () => {
  const model = createOracleChatModel({ gold: { answers: ['Paris'] } });
  const ask = <S extends z.ZodType>(schema: S, texts: Record<string, string>) =>
    generateObject({ model, schema, messages: [{ role: 'user', content: `Evidence:\n${evidence(texts)}\n\nQuestion: Where did Ada live?` }], retries: 0 });

  it('answers with the gold answer and cites the block holding it when the evidence shows it', async () => {
    const { object } = await ask(Answer, { c1: 'Ada was born in Lyon.', c2: 'Ada later lived in Paris for years.' });
    expect(object).toEqual({ answer: 'Paris', citations: [{ chunkId: 'c2', quote: 'Paris' }], abstain: false });
  });

  it('abstains when no gold answer is in the evidence, even if the question names it', async () => {
    const r = await generateObject({
      model,
      schema: Answer,
      messages: [{ role: 'user', content: `Evidence:\n${evidence({ c1: 'Ada was born in Lyon.' })}\n\nQuestion: Did Ada live in Paris?` }],
      retries: 0,
    });
    expect(r.object).toEqual({ answer: '', citations: [], abstain: true });
  });

  it('passes or fails all three Triple-Check verdicts in one reply by whether the gold is in the evidence', async () => {
    const pass = (await ask(Triple, { c1: 'Ada lived in Paris.' })).object;
    expect([pass.relevance.verdict, pass.grounding.verdict, pass.adequacy.verdict]).toEqual(['pass', 'pass', 'pass']);
    expect(pass.grounding.spans).toEqual([{ chunkId: 'c1', quote: 'Paris' }]);
    const fail = (await ask(Triple, { c1: 'Ada lived in Lyon.' })).object;
    expect([fail.relevance.verdict, fail.grounding.verdict, fail.adequacy.verdict]).toEqual(['fail', 'fail', 'fail']);
    const suff = z.object({ verdict: z.enum(['sufficient', 'insufficient']), reason: z.string(), missing: z.array(z.string()) });
    expect((await ask(suff, { c1: 'Ada lived in Paris.' })).object.verdict).toBe('sufficient');
    expect((await ask(suff, { c1: 'Ada lived in Lyon.' })).object.verdict).toBe('insufficient');
  });

  it('ignores the question and candidate answer blocks when looking for the gold', async () => {
    const content = [quoteUntrusted('Did Ada live in Paris?', { source: 'question' }), quoteUntrusted('Paris', { source: 'answer' }), evidence({ c1: 'Ada lived in Lyon.' })].join('\n');
    const r = await generateObject({ model, schema: Triple, messages: [{ role: 'user', content }], retries: 0 });
    expect(r.object.relevance.verdict).toBe('fail');
  });

  it('finds a yes/no gold only when every supporting passage is shown', () => {
    const gold = { answers: ['yes'], supports: ['Ada Lovelace was a mathematician born in London.', 'Charles Babbage was a mathematician and engineer.'] };
    expect(findGold(gold, [{ id: 'a', text: 'Ada Lovelace was a mathematician born in London.' }])).toBeUndefined();
    expect(findGold(gold, [{ id: 'a', text: 'Ada Lovelace was a mathematician born in London.' }, { id: 'b', text: 'Charles Babbage was a mathematician and engineer.' }])?.answer).toBe('yes');
  });

  it('cites every supporting passage of a yes/no answer, as a comparison rests on all of them', async () => {
    const yesNo = createOracleChatModel({ gold: { answers: ['yes'], supports: ['Ada Lovelace was a mathematician born in London.', 'Charles Babbage was a mathematician and engineer.'] } });
    const content = `Evidence:\n${evidence({ x: 'Lyon is a city.', a: 'Ada Lovelace was a mathematician born in London.', b: 'Charles Babbage was a mathematician and engineer.' })}\n\nQuestion: Were both mathematicians?`;
    const r = await generateObject({ model: yesNo, schema: Answer, messages: [{ role: 'user', content }], retries: 0 });
    expect(r.object.answer).toBe('yes');
    expect(r.object.citations.map((c) => c.chunkId)).toEqual(['a', 'b']);
  });

  it('states the answer in plain text, searches with tools until it has it, and says when it cannot answer', async () => {
    const plain = await model.chat({ messages: [{ role: 'system', content: 'End with: So the answer is: X.' }, { role: 'user', content: `${evidence({ c1: 'Ada lived in Paris.' })}\nQuestion: Where?` }] });
    expect(plain.text).toBe('So the answer is: Paris.');
    const none = await model.chat({ messages: [{ role: 'user', content: `${evidence({ c1: 'Ada lived in Lyon.' })}\nQuestion: Where did Ada live?` }] });
    expect(none.text).toMatch(/does not answer/);
    expect(looksLikeRefusal(none.text)).toBe(false);
    const tools = [
      { name: 'keyword_search', description: '', parameters: { type: 'object', properties: { keywords: { type: 'array', items: { type: 'string' } } } } },
      { name: 'chunk_read', description: '', parameters: { type: 'object', properties: { chunk_ids: { type: 'array', items: { type: 'string' } } } } },
    ];
    const first = await model.chat({ tools, messages: [{ role: 'user', content: 'Where did Ada Lovelace live?' }] });
    expect(first.toolCalls[0]!.name).toBe('keyword_search');
    const second = await model.chat({
      tools,
      messages: [
        { role: 'user', content: 'Where did Ada Lovelace live?' },
        { role: 'assistant', content: '', toolCalls: first.toolCalls },
        { role: 'tool', content: '[c9] Ada moved …', toolCallId: first.toolCalls[0]!.id },
      ],
    });
    expect(second.toolCalls[0]).toMatchObject({ name: 'chunk_read', arguments: { chunk_ids: ['c9'] } });
    const done = await model.chat({ tools, messages: [{ role: 'user', content: 'Where did Ada live?' }, { role: 'tool', content: '[c9] Ada lived in Paris.' }] });
    expect(done).toMatchObject({ text: 'Paris', toolCalls: [] });
  });

  describe('reasoning steps (IRCoT: "Reasoning so far: …", "Next sentence:")', () => {
    const bridge = 'Harwick Bridge crosses the Lune. It was designed by Mara Ostby.';
    const target = 'Mara Ostby was a Norwegian engineer. She was born in Selvik.';
    const gold = { answers: ['Selvik'], supports: [bridge, target] };
    const step = (chain: string[], texts: Record<string, string> = { p1: target, p2: bridge, p3: 'The Lune is a river.' }) => ({
      messages: [
        { role: 'system' as const, content: 'Write the next sentence. End with: So the answer is: X.' },
        { role: 'user' as const, content: `Paragraphs:\n${evidence(texts)}\n\nQuestion: Where was the designer of Harwick Bridge born?\nReasoning so far: ${chain.join(' ') || '(none)'}\nNext sentence:` },
      ],
    });

    it('per-fact (default): states each shown supporting passage, bridge first, one sentence per call, then the answer', async () => {
      const m = createOracleChatModel({ gold });
      const first = (await m.chat(step([]))).text;
      expect(first).toBe('It was designed by Mara Ostby.');
      const second = (await m.chat(step([first]))).text;
      expect(second).toBe('She was born in Selvik.');
      expect((await m.chat(step([first, second]))).text).toBe('So the answer is: Selvik.');
    });

    it('per-fact: a supporting passage not shown is not stated; with the gold shown and every shown passage stated it answers', async () => {
      const m = createOracleChatModel({ gold });
      const only = { p1: target };
      expect((await m.chat(step([], only))).text).toBe('She was born in Selvik.');
      expect((await m.chat(step(['She was born in Selvik.'], only))).text).toBe('So the answer is: Selvik.');
      // no supporting passage shown, no gold: as before, it says it cannot answer
      expect((await m.chat(step([], { p3: 'The Lune is a river in England.' }))).text).toMatch(/does not answer/);
      // bridge stated, answer passage not shown yet: nothing left to state, no answer
      expect((await m.chat(step(['It was designed by Mara Ostby.'], { p2: bridge }))).text).toMatch(/does not answer/);
    });

    it('jump, and a gold without supports: the answer sentence as soon as the gold is shown', async () => {
      expect((await createOracleChatModel({ gold, chain: 'jump' }).chat(step([]))).text).toBe('So the answer is: Selvik.');
      expect((await createOracleChatModel({ gold: { answers: ['Selvik'] } }).chat(step([]))).text).toBe('So the answer is: Selvik.');
      expect(() => createOracleChatModel({ gold, chain: 'hop' as never })).toThrow(/chain must be per-fact or jump/);
    });

    it('leaves every other request as it was: a plain answer prompt and a structured answer answer at once', async () => {
      const m = createOracleChatModel({ gold });
      const plain = step([]).messages.map((msg) => ({ ...msg, content: msg.content.replace(/\nReasoning so far:[\s\S]*$/, '') }));
      expect((await m.chat({ messages: plain })).text).toBe('So the answer is: Selvik.');
      const r = await generateObject({ model: m, schema: Answer, messages: step([]).messages, retries: 0 });
      expect(r.object.answer).toBe('Selvik');
    });
  });

  it('refuses a request for which no gold is known', async () => {
    const m = createOracleChatModel({ gold: () => undefined });
    await expect(m.chat({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ code: 'RAG_CONFIG' });
  });
});
