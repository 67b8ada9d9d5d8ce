// One structured model call with repair and bounded retry: the reply is parsed leniently,
// validated with a zod schema and checked for self-consistency; a rejected reply is sent back
// with the problem, within `maxAttempts` and the request's budget. The caller decides what "no
// usable value" means: the LLM validators hand the check to their embedded fallback, except
// when the budget ran out (`budgetExhausted`), which is not a fallback — never a pass.
import { z } from 'zod';
import { RagError, chatWithBudget, coerceToSchema, parseJsonLoose, stripReasoning } from '@rag/core';
import type { ChatMessage, ChatModel, RunContext } from '@rag/core';

export interface JsonCallOptions<T> {
  model: ChatModel;
  /** Trace name, e.g. "verify.grounding". */
  name: string;
  promptVersion: string;
  system: string;
  user: string;
  schema: z.ZodType<T>;
  /** Returns why a schema-valid value is still unacceptable (self-contradiction), if it is. */
  inspect?: (value: T) => string | undefined;
  context: RunContext;
  maxAttempts: number;
}

export interface JsonCallResult<T> {
  /** The accepted value, when one was obtained. */
  value?: T;
  /** The last schema-valid but rejected value (for partial use by combined checks). */
  lastValid?: T;
  calls: number;
  problems: string[];
  /** Set when the budget refused a call: the attempts ended for lack of budget, not of a usable reply. */
  budgetExhausted?: string;
}

export async function callForJson<T>(o: JsonCallOptions<T>): Promise<JsonCallResult<T>> {
  const messages: ChatMessage[] = [
    { role: 'system', content: o.system },
    { role: 'user', content: o.user },
  ];
  const problems: string[] = [];
  let lastValid: T | undefined;
  let budgetExhausted: string | undefined;
  let calls = 0;
  const jsonSchema = z.toJSONSchema(o.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  for (let attempt = 1; attempt <= o.maxAttempts; attempt++) {
    if (attempt > 1) o.context.trace.add({ kind: 'retry', name: o.name, data: { attempt, problem: problems.at(-1), promptVersion: o.promptVersion } });
    let text: string;
    try {
      // chatWithBudget refuses the call before it is made when the budget is spent, and
      // records the call (tokens, model) in the meter and the trace.
      const response = await chatWithBudget(o.model, { messages, jsonSchema, temperature: 0 }, o.context, { name: o.name });
      calls++;
      text = response.text;
    } catch (e) {
      if (RagError.isInstance(e, 'RAG_ABORTED')) throw e;
      if (RagError.isInstance(e, 'RAG_BUDGET_EXCEEDED')) {
        budgetExhausted = (e as RagError).message;
        problems.push(`budget exhausted: ${budgetExhausted}`);
        break;
      }
      calls++;
      problems.push(`model call failed: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    // Near-miss JSON (fences, prose, trailing commas, cut-off brackets) is repaired here.
    // Reasoning blocks are stripped first; wrapped arrays and renamed keys are reshaped after.
    const loose = parseJsonLoose(stripReasoning(text));
    const parsed = loose === undefined ? undefined : coerceToSchema(o.schema, loose);
    let problem: string | undefined;
    if (parsed === undefined) problem = 'the reply is not valid JSON';
    else {
      const checked = o.schema.safeParse(parsed);
      if (!checked.success) problem = `the reply does not match the schema: ${z.prettifyError(checked.error)}`;
      else {
        problem = o.inspect?.(checked.data);
        if (problem === undefined) return { value: checked.data, calls, problems };
        lastValid = checked.data;
      }
    }
    problems.push(problem);
    messages.push(
      { role: 'assistant', content: text },
      { role: 'user', content: `Your reply was rejected: ${problem}. Reply again with the JSON object only.` },
    );
  }
  return { ...(lastValid !== undefined ? { lastValid } : {}), calls, problems, ...(budgetExhausted !== undefined ? { budgetExhausted } : {}) };
}
