// No retrieval, the "direct answer" row of the papers' tables: the model answers from what it
// knows, in one call, with no evidence. Without a model there is nothing to answer from, so the
// embedded agent abstains (saying why) rather than guess.
import { decideText, invalidInput, type ChatModel } from '@rag/core';
import { runAgent } from '../internal/run-agent.js';
import type { Agent } from '../types.js';

export interface NoragAgentOptions {
  model?: ChatModel;
  name?: string;
}

export const NORAG_SYSTEM_PROMPT = [
  'Answer the question from your own knowledge; no documents are provided.',
  'Reply with the short answer only (a name, date, number, or yes/no), not a sentence.',
  'If you do not know, reply exactly: unknown',
].join('\n');

export function createNoragAgent(options: NoragAgentOptions = {}): Agent {
  if (options.model !== undefined && typeof options.model?.chat !== 'function') throw invalidInput('createNoragAgent(options.model)', 'must be a ChatModel');
  const model = options.model;
  const name = options.name ?? 'norag';
  return {
    name,
    answer: (question, answerOptions) =>
      runAgent(name, question, answerOptions, async (q, context) => {
        const unanswered = (reason: string) => ({ status: 'abstained' as const, text: '', citations: [], verification: { status: 'unsure' as const, reason }, evidence: [], stage: 'no-retrieval', retries: 0 });
        if (!model) return unanswered('no model and no retrieval: nothing to answer from');
        const reply = await decideText({
          decision: 'norag-answer',
          model,
          request: { messages: [{ role: 'system', content: NORAG_SYSTEM_PROMPT }, { role: 'user', content: `Question: ${q}` }], temperature: 0, maxTokens: 64 },
          context,
          accept: (text) => text.trim().split('\n')[0]!.trim() || undefined,
          fallback: () => '',
        });
        const text = reply.value ?? '';
        if (!text || /^(unknown|i (do not|don't) know)\b/i.test(text)) return unanswered('the model does not know the answer');
        // Nothing was retrieved, so nothing can verify it: the honest label is unsure.
        return { status: 'answered', text, citations: [], verification: { status: 'unsure', reason: 'answered without retrieval: no evidence to check it against' }, evidence: [], stage: 'no-retrieval', retries: 0 };
      }),
  };
}
