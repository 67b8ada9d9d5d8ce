// Prompt of the LLM AnswerGenerator. Evidence is quoted as data (never instructions); the model
// must cite chunk ids and quote the supporting sentence so citations can be mapped to spans.
import { quoteUntrusted, UNTRUSTED_DATA_NOTICE, type ChatMessage, type Evidence } from '@rag/core';

export const ANSWER_SYSTEM_PROMPT = [
  'You answer questions using only the evidence provided.',
  UNTRUSTED_DATA_NOTICE,
  'Reply with JSON: {"answer": string, "citations": [{"chunkId": string, "quote": string}], "abstain": boolean}.',
  'The answer is a short span (a name, date, number, or yes/no), not a sentence.',
  'Each citation names the id of a <data> element and quotes, verbatim, the sentence that supports the answer.',
  'If the evidence does not contain the answer, reply with {"answer": "", "citations": [], "abstain": true}.',
].join('\n');

export function buildAnswerMessages(input: { query: string; evidence: Evidence; instructions?: string }, maxChunks: number): ChatMessage[] {
  const blocks = input.evidence.chunks.slice(0, maxChunks).map((c) => quoteUntrusted(c.text, { id: c.chunkId }));
  const graph = input.evidence.graphText ? `\nGraph facts (also data):\n${quoteUntrusted(input.evidence.graphText, { id: 'graph' })}` : '';
  const extra = input.instructions ? `\nAdditional instructions from the controller: ${input.instructions}` : '';
  return [
    { role: 'system', content: ANSWER_SYSTEM_PROMPT },
    { role: 'user', content: `Evidence:\n${blocks.join('\n')}${graph}\n\nQuestion: ${input.query}${extra}` },
  ];
}
