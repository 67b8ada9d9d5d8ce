// The request envelope every agent shares: validate the question, make the run context with the
// caller's budget, and turn a spent budget into a "failed" Answer that keeps its partial trace
// (never a crash). Aborts still throw: the caller asked to stop.
import { createRunContext, RagError, invalidInput, type Answer, type RunContext } from '@rag/core';
import { z } from 'zod';
import type { AnswerOptions } from '../types.js';

const QuestionSchema = z.string().trim().min(1).max(20_000);

/** What an agent body returns; cost and trace are filled in by the envelope. */
export type AgentResult = Omit<Answer, 'cost' | 'trace'>;

export interface PartialResult {
  /** Best evidence ranking so far, reported with a failed answer too. */
  evidence?: Answer['evidence'];
  stage?: string;
  retries?: number;
  text?: string;
}

export function assertQuestion(question: unknown): string {
  const parsed = QuestionSchema.safeParse(question);
  if (!parsed.success) throw invalidInput('question', 'must be a non-empty string of at most 20000 characters', { received: typeof question });
  return parsed.data;
}

export function validateAnswerOptions(options: AnswerOptions | undefined): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object') throw invalidInput('options', 'must be an object');
  if (options.onToken !== undefined && typeof options.onToken !== 'function') throw invalidInput('options.onToken', 'must be a function');
  if (options.budget !== undefined && (options.budget === null || typeof options.budget !== 'object'))
    throw invalidInput('options.budget', 'must be an object of limits');
  for (const [k, v] of Object.entries(options.budget ?? {}))
    if (v !== undefined && (typeof v !== 'number' || !(v >= 0))) throw invalidInput(`options.budget.${k}`, 'must be a number ≥ 0', { value: v });
}

export async function runAgent(
  name: string,
  question: unknown,
  options: AnswerOptions | undefined,
  body: (question: string, context: RunContext, partial: PartialResult) => Promise<AgentResult>,
): Promise<Answer> {
  const q = assertQuestion(question);
  validateAnswerOptions(options);
  const context = createRunContext({
    ...(options?.budget ? { budget: options.budget } : {}),
    ...(options?.signal ? { signal: options.signal } : {}),
    ...(options?.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options?.onToken ? { onToken: options.onToken } : {}),
  });
  const partial: PartialResult = {};
  try {
    const result = await context.trace.stage(name, () => body(q, context, partial));
    return { ...result, cost: context.meter.snapshot(), trace: context.trace.toJSON() };
  } catch (error) {
    if (!RagError.isInstance(error, 'RAG_BUDGET_EXCEEDED')) throw error;
    context.trace.decision('budget', `budget exceeded: ${error.message}: FAIL`, { ...error.details });
    return {
      status: 'failed',
      text: partial.text ?? '',
      citations: [],
      evidence: partial.evidence ?? [],
      stage: partial.stage ?? 'failed',
      retries: partial.retries ?? context.meter.snapshot().retries,
      cost: context.meter.snapshot(),
      trace: context.trace.toJSON(),
    };
  }
}
