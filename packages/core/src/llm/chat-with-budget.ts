// Every LLM call goes through here so the budget is enforced before the call (never after the
// money is spent) and the call lands in the meter and the trace with its token usage.
import type { ChatModel, ChatRequest, ChatResponse } from '../contracts/chat-model.js';
import { RagError } from '../errors.js';
import type { RunContext } from '../trace/run-context.js';

export interface ChatWithBudgetOptions {
  /** Trace event name (default "chat"); e.g. "triple-check", "rewrite". */
  name?: string;
}

/**
 * Calls `model.chat(request)` under `context`'s budget: throws RAG_BUDGET_EXCEEDED (or
 * RAG_ABORTED) before calling when the budget is spent, records usage in the meter and an
 * `llm` trace event after. A failed call is traced and counted as a call with no tokens.
 */
export async function chatWithBudget(
  model: ChatModel,
  request: ChatRequest,
  context?: RunContext,
  options: ChatWithBudgetOptions = {},
): Promise<ChatResponse> {
  const name = options.name ?? 'chat';
  if (!context) return model.chat(request);
  context.meter.assertCanSpend('llm');
  const signal = request.signal ?? context.signal;
  const start = context.trace.now();
  let response: ChatResponse;
  try {
    response = await model.chat(signal ? { ...request, signal } : request);
  } catch (error) {
    context.trace.add({
      kind: 'llm',
      name,
      start,
      end: context.trace.now(),
      calls: 1,
      data: { model: model.id, error: RagError.isInstance(error) ? error.code : String(error) },
    });
    context.meter.recordLlm({ tokensIn: 0, tokensOut: 0 });
    throw error;
  }
  // Trace first: if the usage pushes the meter over its token budget, the call is still visible.
  context.trace.add({
    kind: 'llm',
    name,
    start,
    end: context.trace.now(),
    calls: 1,
    tokensIn: response.usage.tokensIn,
    tokensOut: response.usage.tokensOut,
    data: { model: response.model || model.id, finishReason: response.finishReason },
  });
  context.meter.recordLlm(response.usage);
  return response;
}
