// The one structured-output path of every model-driven decision: the zod schema goes to the
// model as JSON Schema (Ollama's `format`), the reply is cleaned (reasoning blocks), repaired
// (near-miss JSON), reshaped (wrapped arrays, renamed keys) and validated; one bounded re-ask
// carries the validation error; if that fails too — or the model errors, times out, refuses or
// says nothing — the embedded heuristic decides instead, and the fallback is recorded in the
// trace (`warning` event named `fallback`, with the decision and the reason) and counted.
// Budget exhaustion and aborts are not fallbacks: they stop the run as before.
import type { z } from 'zod';
import type { ChatMessage, ChatModel, ChatRequest } from '../contracts/chat-model.js';
import { RagError } from '../errors.js';
import { chatWithBudget } from '../llm/chat-with-budget.js';
import { generateObject } from '../llm/generate-object.js';
import type { RunContext } from '../trace/run-context.js';
import { looksLikeRefusal, stripReasoning } from './clean-model-text.js';

export interface DecisionOutcome<T> {
  value: T;
  /** `model`: the model decided; `fallback`: the embedded heuristic did. */
  source: 'model' | 'fallback';
  /** Why the model's decision was not used (fallback only). */
  reason?: string;
}

/** Errors that end the run instead of falling back. */
export function isFatalForDecision(error: unknown): boolean {
  return RagError.isInstance(error, 'RAG_BUDGET_EXCEEDED') || RagError.isInstance(error, 'RAG_ABORTED');
}

/** Record a fallback in the trace (one `warning` event named `fallback`, decision in `data`). */
export function recordFallback(context: RunContext | undefined, decision: string, error: unknown): string {
  const reason = RagError.isInstance(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
  context?.trace.add({ kind: 'warning', name: 'fallback', decision: `${decision}: embedded heuristic used`, data: { decision, reason: reason.slice(0, 300) } });
  return reason;
}

export interface DecideOptions<S extends z.ZodType, T> {
  /** Decision name (trace, counts): e.g. "query-analysis", "sufficiency", "answer". */
  decision: string;
  model: ChatModel;
  schema: S;
  messages: ChatMessage[];
  context?: RunContext;
  /** Check a validated object beyond its schema (e.g. cited ids exist); a message means reject. */
  check?: (value: z.output<S>) => string | undefined;
  /** Map the model's object to the decision's value. */
  map: (value: z.output<S>) => T;
  /** The embedded heuristic. */
  fallback: () => T | Promise<T>;
  temperature?: number;
  maxTokens?: number;
  seed?: number;
}

/** Ask the model for a schema-valid decision (one re-ask at most); fall back to the heuristic. */
export async function decide<S extends z.ZodType, T>(options: DecideOptions<S, T>): Promise<DecisionOutcome<T>> {
  try {
    const { object } = await generateObject({
      model: options.model,
      schema: options.schema,
      messages: options.messages,
      retries: 1,
      name: options.decision,
      ...(options.context ? { context: options.context } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : { temperature: 0 }),
      ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
    });
    const problem = options.check?.(object);
    if (problem) throw new RagError('RAG_MODEL_OUTPUT_INVALID', `${options.decision}: ${problem}`, { details: { decision: options.decision } });
    return { value: options.map(object), source: 'model' };
  } catch (error) {
    if (isFatalForDecision(error)) throw error;
    const reason = recordFallback(options.context, options.decision, error);
    return { value: await options.fallback(), source: 'fallback', reason };
  }
}

export interface DecideTextOptions<T> {
  decision: string;
  model: ChatModel;
  request: Omit<ChatRequest, 'signal'>;
  context?: RunContext;
  /** Turn the cleaned reply into the decision's value; `undefined` rejects it. */
  accept: (text: string) => T | undefined;
  fallback: () => T | Promise<T>;
}

/**
 * A free-text decision (reasoning step, summary): reasoning blocks are stripped; an empty reply,
 * a refusal, a model error or a reply `accept` rejects is re-asked once, then falls back.
 */
export async function decideText<T>(options: DecideTextOptions<T>): Promise<DecisionOutcome<T>> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const res = await chatWithBudget(options.model, options.request, options.context, { name: options.decision });
      const text = stripReasoning(res.text);
      if (text === '') throw new RagError('RAG_MODEL_OUTPUT_INVALID', `${options.decision}: empty reply`);
      if (looksLikeRefusal(text)) throw new RagError('RAG_MODEL_OUTPUT_INVALID', `${options.decision}: the model refused`);
      const value = options.accept(text);
      if (value === undefined) throw new RagError('RAG_MODEL_OUTPUT_INVALID', `${options.decision}: reply rejected`);
      return { value, source: 'model' };
    } catch (error) {
      if (isFatalForDecision(error)) throw error;
      lastError = error;
      if (attempt === 0) options.context?.trace.add({ kind: 'retry', name: options.decision, data: { problem: String(RagError.isInstance(error) ? error.message : error).slice(0, 300) } });
    }
  }
  const reason = recordFallback(options.context, options.decision, lastError);
  return { value: await options.fallback(), source: 'fallback', reason };
}
