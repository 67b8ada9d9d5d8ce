// Test support: the fixture store served with a chat model that streams, so the streaming
// paths (SSE `token` events, the OpenAI / Ollama compatible streams, the web UI) run through the
// real service and agents. The model is a TEST DOUBLE built on @rag/core/testing's scripted
// model: it answers the answer prompt and the Triple-Check prompts (per check or combined) from a script (a fixed answer
// per question, cited with a quote that must be in the evidence the prompt shows it), and
// refuses every other request, so query analysis, the sufficiency judge, rewrites and proposal
// extraction fall back to the embedded strategies (traced as fallbacks). It never produces real
// answers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatModel, ChatRequest, ChatStreamChunk } from '@rag/core';
import { createScriptedChatModel, type ScriptedChatModel } from '@rag/core/testing';
import { createStackFromEnv } from '@rag/eval';
import { createRagService, type RagService } from '../../src/service/rag-service.js';
import { createIndexerBackend } from '../../src/stack/indexer-backend.js';
import { readSampleCorpus, SAMPLE_QUESTION } from './fixture-stack.js';

export interface ScriptedAnswer {
  /** Matched against the question the answer prompt asks. */
  question: RegExp;
  answer: string;
  /** The sentence cited; the answer abstains when no evidence block shown to the model contains it. */
  quote: string;
}

export const SAMPLE_ANSWER: ScriptedAnswer = {
  question: /Leland, North Carolina/,
  answer: 'Stephen King, who wrote and directed Maximum Overdrive',
  quote: 'Maximum Overdrive is a 1986 American science fiction horror comedy film written and directed by Stephen King.',
};

const dataBlocks = (text: string) => [...text.matchAll(/<data id="([^"]*)"[^>]*>\n([\s\S]*?)\n<\/data>/g)].map((m) => ({ id: m[1]!, text: m[2]! }));
const lastUser = (r: ChatRequest) => [...r.messages].reverse().find((m) => m.role === 'user')?.content ?? '';

function reply(script: readonly ScriptedAnswer[], r: ChatRequest) {
  const system = r.messages[0]?.content ?? '';
  const user = lastUser(r);
  const entry = script.find((s) => s.question.test(user));
  const block = entry ? dataBlocks(user).find((b) => b.text.includes(entry.quote)) : undefined;
  if (system.startsWith('You answer questions')) {
    if (!entry || !block) return { json: { answer: '', citations: [], abstain: true } };
    return { json: { answer: entry.answer, citations: [{ chunkId: block.id, quote: entry.quote }], abstain: false } };
  }
  // Triple-Check's validators (relevance, grounding, adequacy): pass the scripted answer, citing its quote when the evidence is shown.
  if (system.startsWith('You are a strict binary classifier')) {
    if (!entry || (!block && !user.includes(entry.answer))) return { json: { verdict: 'fail', reason: 'Neither the quote nor the expected answer is shown.', spans: [] } };
    return { json: { verdict: 'pass', reason: 'The answer is supported by the quoted evidence.', spans: block ? [{ chunkId: block.id, quote: entry.quote }] : [] } };
  }
  // Triple-Check as one combined call (the a2rag-agent's default with a model): the same three verdicts in one object.
  if (system.startsWith('You are a strict verifier')) {
    const ok = entry !== undefined && (block !== undefined || user.includes(entry.answer));
    const verdict = ok
      ? { verdict: 'pass', reason: 'The answer is supported by the quoted evidence.', spans: block ? [{ chunkId: block.id, quote: entry!.quote }] : [] }
      : { verdict: 'fail', reason: 'Neither the quote nor the expected answer is shown.', spans: [] };
    return { json: { relevance: verdict, grounding: verdict, adequacy: verdict } };
  }
  return new Error('not scripted: the embedded strategy decides');
}

export type StreamingTestModel = ScriptedChatModel;

/** The scripted model; `delayMs` spaces the streamed pieces so a browser can watch them arrive. */
export function createStreamingTestModel(options: { script?: readonly ScriptedAnswer[]; delayMs?: number } = {}): StreamingTestModel {
  const script = options.script ?? [SAMPLE_ANSWER];
  const model = createScriptedChatModel((r) => reply(script, r), { id: 'scripted-streaming-test-double' });
  const delay = options.delayMs ?? 0;
  if (delay === 0) return model;
  const stream = model.stream.bind(model);
  return {
    ...model,
    async *stream(request): AsyncGenerator<ChatStreamChunk> {
      for await (const chunk of stream(request)) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        yield chunk;
      }
    },
  };
}

/** The fixture store (first 80 sample passages) with `model` as the agents' chat model. */
export async function createStreamingFixtureService(options: { model: ChatModel; dir?: string }): Promise<{ service: RagService; dir: string }> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'rag-stream-'));
  const backend = createIndexerBackend({ stack: { ...createStackFromEnv({}), mode: 'service', chat: options.model, describe: `${options.model.id} (test double)` }, llmExtraction: false });
  const stack = await backend.build(dir);
  await stack.ingest(readSampleCorpus(80));
  await stack.save();
  return { service: createRagService({ stack, samples: [SAMPLE_QUESTION] }), dir };
}
