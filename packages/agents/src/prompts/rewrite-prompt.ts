// Prompt of the LLM QueryRewriter (A2RAG eq. 6): one instruction per failure type.
import { quoteUntrusted, sentenceSpans, UNTRUSTED_DATA_NOTICE, type ChatMessage, type Evidence, type FailureType } from '@rag/core';

export const REWRITE_GUIDANCE: Record<FailureType, string> = {
  rel: 'The retrieved evidence was off-topic. Rewrite the query to sharpen its entity names and the relation asked about, so retrieval finds the right passages.',
  grd: 'The answer made claims the evidence does not support. Keep the query, and write instructions that demand an answer strictly grounded in the evidence.',
  ans: 'The answer did not resolve the question. Rewrite the query to add the constraints the question implies (answer type, time, the intermediate entity to look up).',
};

export const REWRITE_SYSTEM_PROMPT = [
  'You rewrite search queries for a retrieval system after a failed verification.',
  UNTRUSTED_DATA_NOTICE,
  'Reply with JSON: {"query": string, "instructions": string}. Keep the user\'s intent; never answer the question yourself.',
].join('\n');

/**
 * What the rewrite is shown of the evidence: "lead" (default), the opening sentence of each of the
 * top 3 passages (what was retrieved: what each passage is about, enough to sharpen entities and
 * relations or to see what is missing); "excerpt", their first 600 characters.
 */
export type RewriteEvidenceView = 'lead' | 'excerpt';

function shownText(text: string, view: RewriteEvidenceView): string {
  if (view === 'excerpt') return text.slice(0, 600);
  const first = sentenceSpans(text)[0];
  return (first ? text.slice(first.start, first.end) : text).trim().slice(0, 300);
}

export function buildRewriteMessages(input: { query: string; failure: FailureType; evidence?: Evidence; answer?: string }, view: RewriteEvidenceView = 'lead'): ChatMessage[] {
  const ev = (input.evidence?.chunks ?? []).slice(0, 3).map((c) => quoteUntrusted(shownText(c.text, view), { id: c.chunkId })).join('\n');
  return [
    { role: 'system', content: REWRITE_SYSTEM_PROMPT },
    {
      role: 'user',
      content: `Failure type: ${input.failure}. ${REWRITE_GUIDANCE[input.failure]}\nQuery: ${input.query}\nRejected answer: ${quoteUntrusted(input.answer ?? '', { id: 'answer' })}\nTop evidence:\n${ev || '(none)'}`,
    },
  ];
}
