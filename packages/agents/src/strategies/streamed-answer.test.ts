import { createRunContext, type ChatRequest, type Verdict } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import type { Indexer } from '@rag/indexer';
import { createHeuristicQueryAnalyzer, createHeuristicSufficiencyJudge } from '@rag/retrievers';
import type { TripleCheck } from '@rag/verify';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureIndex } from '../../test/fixture.js';
import { createA2ragAgent } from '../a2rag/a2rag-agent.js';
import { createTadaragAgent } from '../tadarag/tadarag-agent.js';
import { createLlmAnswerGenerator } from './llm-answer-generator.js';
import { createFieldReader } from './streamed-answer.js';

let index: Indexer;
beforeAll(async () => {
  index = await fixtureIndex();
});

/** Feed `text` to a fresh reader in pieces cut at `cuts`; the decoded text, piece by piece. */
function readInPieces(text: string, cuts: number[]): string[] {
  const reader = createFieldReader('answer');
  const out: string[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    out.push(reader.push(text.slice(from, cut)));
    from = cut;
  }
  return out;
}

describe('createFieldReader', () => {
  const replies = [
    JSON.stringify({ answer: 'Dijon, in eastern France', citations: [], abstain: false }),
    JSON.stringify({ citations: [{ chunkId: 'c1', quote: 'x' }], answer: 'He said "yes" \\ no\nthen: tab\there', abstain: false }),
    JSON.stringify({ answer: 'Zoë 😀 café — naïve', citations: [] }),
    '{"answer":"\\u00e9t\\u00e9 \\ud83d\\ude00 ok","citations":[]}',
    '<think>the "answer": "wrong" would be</think>\n```json\n{ "answer" : "right one", "abstain": false }\n```',
  ];

  it('decodes the answer field whatever the piece boundaries', () => {
    for (const reply of replies) {
      const expected = (JSON.parse(reply.replace(/^<think>[\s\S]*?<\/think>\s*```json\s*|\s*```$/g, '')) as { answer: string }).answer;
      // Every single cut position, and every character as its own piece.
      for (let cut = 0; cut <= reply.length; cut++) expect(readInPieces(reply, [cut]).join('')).toBe(expected);
      expect(readInPieces(reply, Array.from({ length: reply.length }, (_, i) => i)).join('')).toBe(expected);
    }
  });

  it('emits text before the reply is complete, and nothing after the closing quote', () => {
    const pieces = readInPieces('{"answer": "Marie Curie was born", "abstain": false}', [16, 22, 30]);
    expect(pieces[0]).toBe('Mari');
    expect(pieces[1]).toBe('e Curi');
    expect(pieces.join('')).toBe('Marie Curie was born');
    const reader = createFieldReader();
    reader.push('{"answer":"x"');
    expect(reader.done).toBe(true);
    expect(reader.push(', "answer": "again"}')).toBe('');
  });

  it('emits nothing for a reply without the field', () => {
    expect(readInPieces('{"abstain": true, "citations": []}', [5, 12]).join('')).toBe('');
    expect(readInPieces('not json at all', [3]).join('')).toBe('');
  });
});

const isAnswer = (r: ChatRequest) => r.messages[0]?.content.startsWith('You answer questions');
const verdict = (check: string, outcome: Verdict['outcome']): Verdict => ({ check, outcome, score: outcome === 'pass' ? 1 : 0, reason: 'test', spans: [] });
/** A Triple-Check double that fails with `failures` in order, then passes. */
function scriptedCheck(failures: ('rel' | 'grd' | 'ans')[]): TripleCheck {
  let calls = 0;
  return {
    async check() {
      const f = failures[calls++];
      if (!f) return { pass: true, failure: undefined, verdicts: [verdict('relevance', 'pass'), verdict('grounding', 'pass'), verdict('adequacy', 'pass')], calls: 0 };
      return { pass: false, failure: f, verdicts: [verdict('grounding', 'fail')], calls: 0 };
    },
  };
}

describe('streamed answer generation', () => {
  const eiffelReply = () => ({
    json: { answer: 'Dijon, a city in eastern France', citations: [{ chunkId: index.chunksOfDoc('eiffel')[0]!.id, quote: 'He was born in Dijon in 1832.' }], abstain: false },
  });

  it('the LLM generator streams the answer text to context.onToken and returns the same answer', async () => {
    const model = createScriptedChatModel([eiffelReply(), eiffelReply()]);
    const generator = createLlmAnswerGenerator({ model, index });
    const evidence = { query: 'q', chunks: index.chunksOfDoc('eiffel').map((c) => ({ chunkId: c.id, docId: c.docId, score: 1, text: c.text })), trace: [] };
    const tokens: { text: string; generation: number }[] = [];
    const context = createRunContext({ onToken: (text, info) => tokens.push({ text, ...info }) });
    const streamed = await generator.generate({ query: 'Where was Gustave Eiffel born?', evidence }, context);
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.map((t) => t.text).join('')).toBe('Dijon, a city in eastern France');
    expect(new Set(tokens.map((t) => t.generation))).toEqual(new Set([1]));
    // The budgeted call is traced and metered as without streaming.
    expect(context.meter.snapshot().llmCalls).toBe(1);
    expect(context.trace.events.filter((e) => e.kind === 'llm')).toHaveLength(1);
    // Without a listener: the same answer, from chat().
    const whole = await generator.generate({ query: 'Where was Gustave Eiffel born?', evidence }, createRunContext());
    expect(whole).toEqual(streamed);
    expect(streamed.citations[0]?.docId).toBe('eiffel');
  });

  it('a model without stream() answers whole: no tokens, same answer', async () => {
    const scripted = createScriptedChatModel([eiffelReply()]);
    const model = { id: 'no-stream', chat: scripted.chat };
    const tokens: string[] = [];
    const agent = createA2ragAgent({ index, model, gate: false, tripleCheck: scriptedCheck([]), analyzer: createHeuristicQueryAnalyzer(), judge: createHeuristicSufficiencyJudge() });
    const a = await agent.answer('Where was Gustave Eiffel born?', { onToken: (t) => tokens.push(t) });
    expect(a.text).toBe('Dijon, a city in eastern France');
    expect(tokens).toEqual([]);
  });

  it('A2RAG streams tokens before it returns; concatenated they are the answer', async () => {
    const model = createScriptedChatModel((r) => {
      if (!isAnswer(r)) throw new Error('unexpected request');
      return eiffelReply();
    });
    const agent = createA2ragAgent({ index, model, gate: false, tripleCheck: scriptedCheck([]), analyzer: createHeuristicQueryAnalyzer(), judge: createHeuristicSufficiencyJudge() });
    const log: string[] = [];
    const pending = agent.answer('Where was Gustave Eiffel born?', { onToken: (t) => log.push(`token:${t}`) });
    const a = await pending.then((x) => (log.push('result'), x));
    expect(a.status).toBe('answered');
    expect(log.at(-1)).toBe('result');
    expect(log.filter((l) => l.startsWith('token:')).length).toBeGreaterThan(3);
    expect(log.slice(0, -1).map((l) => l.slice('token:'.length)).join('')).toBe(a.text);
  });

  it('A2RAG numbers each attempt: after a failed check the next attempt streams as generation 2', async () => {
    let n = 0;
    const model = createScriptedChatModel((r) => {
      if (isAnswer(r)) return n++ === 0 ? { json: { answer: 'Paris, France', citations: [], abstain: false } } : eiffelReply();
      if (r.messages[0]?.content.startsWith('You rewrite search queries')) return { json: { query: 'Gustave Eiffel birthplace' } };
      throw new Error('unexpected request');
    });
    const agent = createA2ragAgent({ index, model, gate: false, tripleCheck: scriptedCheck(['grd']), analyzer: createHeuristicQueryAnalyzer(), judge: createHeuristicSufficiencyJudge() });
    const tokens: { text: string; generation: number }[] = [];
    const a = await agent.answer('Where was Gustave Eiffel born?', { onToken: (text, info) => tokens.push({ text, ...info }) });
    expect(a.retries).toBe(1);
    const byGeneration = (g: number) => tokens.filter((t) => t.generation === g).map((t) => t.text).join('');
    expect(byGeneration(1)).toBe('Paris, France');
    expect(byGeneration(2)).toBe(a.text);
    expect(tokens.findIndex((t) => t.generation === 2)).toBeGreaterThan(tokens.findLastIndex((t) => t.generation === 1));
  });

  it('TAdaRAG streams its answer step too, and a throwing listener does not break the answer', async () => {
    const model = createScriptedChatModel((r) => (isAnswer(r) ? eiffelReply() : new Error('not scripted: the embedded strategy answers')));
    const agent = createTadaragAgent({ index, model });
    let calls = 0;
    const a = await agent.answer('Where was Gustave Eiffel born?', {
      onToken: () => {
        calls++;
        throw new Error('listener bug');
      },
    });
    expect(a.text).toBe('Dijon, a city in eastern France');
    expect(calls).toBeGreaterThan(3);
  });

  it('rejects an onToken that is not a function', async () => {
    const agent = createA2ragAgent({ index, gate: false });
    await expect(agent.answer('Where was Gustave Eiffel born?', { onToken: 'yes' as never })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
  });
});
