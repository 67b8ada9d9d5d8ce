// What a verification prompt must return, and the self-consistency rules a reply must meet
// before its verdict is believed: a relevance or grounding pass cites real evidence, and the
// reason does not argue the opposite of the verdict.
import { z } from 'zod';
import type { Evidence, Verdict } from '@rag/core';
import { makeVerdict } from '../validators/verdict.js';

const VERDICT_WORDS: Record<string, 'pass' | 'fail'> = { pass: 'pass', yes: 'pass', true: 'pass', fail: 'fail', no: 'fail', false: 'fail' };

export const LlmVerdictSchema = z.object({
  verdict: z.preprocess((v) => (typeof v === 'string' || typeof v === 'boolean' ? VERDICT_WORDS[String(v).trim().toLowerCase()] ?? v : v), z.enum(['pass', 'fail'])),
  reason: z.string().trim().min(1),
  spans: z.array(z.object({ chunkId: z.string(), quote: z.string().min(1) })).default([]),
});
export type LlmVerdict = z.infer<typeof LlmVerdictSchema>;

export const LlmTripleVerdictSchema = z.object({
  relevance: LlmVerdictSchema,
  grounding: LlmVerdictSchema,
  adequacy: LlmVerdictSchema,
});
export type LlmTripleVerdict = z.infer<typeof LlmTripleVerdictSchema>;

const NEGATIVE =
  /\b(not (relevant|supported|grounded|stated|mentioned|found|present|adequate|answer|resolve|about)|unsupported|irrelevant|off-topic|does not|doesn't|do not|don't|no evidence|contradict\w*|fails? to|missing|abstains?)\b/i;
const POSITIVE =
  /\b((is|are|fully|directly|clearly) (supported|relevant|grounded|stated)|supported by|resolves the question|answers the question|directly answers)\b/i;

export interface CheckedVerdict {
  verdict: Verdict;
  /** Why the reply contradicts itself; undefined when it is consistent. */
  problem?: string;
}

/** Turn a schema-valid reply into a Verdict, resolving quotes to chunk offsets, and check it. */
export function toVerdict(check: string, reply: LlmVerdict, evidence: Evidence): CheckedVerdict {
  const spans: Verdict['spans'] = [];
  let invalid = 0;
  for (const s of reply.spans) {
    const chunk = evidence.chunks.find((c) => c.chunkId === s.chunkId);
    const at = chunk ? locate(chunk.text, s.quote) : -1;
    if (!chunk || at < 0) invalid++;
    else spans.push({ chunkId: s.chunkId, start: at, end: at + s.quote.length });
  }
  const verdict = makeVerdict(check, reply.verdict, reply.verdict === 'pass' ? 1 : 0, reply.reason, spans);
  const needsCitation = check === 'relevance' || check === 'grounding';
  if (reply.verdict === 'pass' && needsCitation && spans.length === 0 && evidence.chunks.length > 0)
    return { verdict, problem: `a ${check} "pass" must cite at least one span copied exactly from an evidence block${invalid ? ` (${invalid} cited span(s) were not found in the evidence)` : ''}` };
  const negative = NEGATIVE.test(reply.reason);
  // "not supported by" is negative, not positive: drop negated phrases before looking for praise.
  const positive = POSITIVE.test(reply.reason.replace(new RegExp(NEGATIVE.source, 'gi'), ' '));
  if (reply.verdict === 'pass' && negative && !positive) return { verdict, problem: `the ${check} verdict is "pass" but its reason argues the opposite` };
  if (reply.verdict === 'fail' && positive && !negative) return { verdict, problem: `the ${check} verdict is "fail" but its reason argues the opposite` };
  return { verdict };
}

function locate(text: string, quote: string): number {
  const exact = text.indexOf(quote);
  if (exact >= 0) return exact;
  const lower = text.toLowerCase().indexOf(quote.toLowerCase());
  return lower >= 0 && text.length === text.toLowerCase().length ? lower : -1;
}
