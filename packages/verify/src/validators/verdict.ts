// Small helpers shared by every validator: build a Verdict, record it in the trace.
import type { Answer, RunContext, Verdict, VerdictOutcome } from '@rag/core';
import { invalidInput } from '@rag/core';
import type { AnswerInput } from '../types.js';

export function makeVerdict(
  check: string,
  outcome: VerdictOutcome,
  score: number,
  reason: string,
  spans: Verdict['spans'] = [],
): Verdict {
  return { check, outcome, score: Math.round(score * 1000) / 1000, reason, spans };
}

export function recordVerdict(verdict: Verdict, context: RunContext | undefined, data: Record<string, unknown> = {}): Verdict {
  context?.trace.add({
    kind: 'verdict',
    name: verdict.check,
    decision: verdict.outcome,
    data: { score: verdict.score, reason: verdict.reason, ...data },
  });
  return verdict;
}

export function answerText(answer: AnswerInput | Pick<Answer, 'text' | 'citations'> | undefined): string {
  if (answer === undefined) return '';
  if (typeof answer === 'string') return answer;
  if (typeof answer !== 'object' || answer === null || typeof answer.text !== 'string')
    throw invalidInput('answer', 'must be a string or an object with a string "text"');
  return answer.text;
}

export function assertQuery(query: unknown): string {
  if (typeof query !== 'string') throw invalidInput('query', 'must be a string');
  if (query.trim().length === 0) throw invalidInput('query', 'must not be empty');
  return query;
}

export function assertEvidence(evidence: unknown): void {
  if (evidence === null || typeof evidence !== 'object' || !Array.isArray((evidence as { chunks?: unknown }).chunks))
    throw invalidInput('evidence', 'must be an Evidence object with a "chunks" array');
  for (const [i, c] of ((evidence as { chunks: unknown[] }).chunks).entries()) {
    if (c === null || typeof c !== 'object' || typeof (c as { text?: unknown }).text !== 'string' || typeof (c as { chunkId?: unknown }).chunkId !== 'string')
      throw invalidInput('evidence', `chunk ${i} needs a string "chunkId" and "text"`, { index: i });
  }
}

export function assertUnit(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0 || value > 1) throw invalidInput(name, 'must be a number in [0, 1]', { value });
}
