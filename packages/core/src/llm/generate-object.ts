// Schema-validated JSON from a chat model: ask with the schema as JSON Schema, repair near-miss
// JSON, validate with zod, and on failure retry with the validation error fed back. Never
// returns data that did not validate.
import { z } from 'zod';
import type { ChatMessage, ChatModel, ChatResponse, TokenUsage } from '../contracts/chat-model.js';
import { RagError } from '../errors.js';
import type { RunContext } from '../trace/run-context.js';
import { chatWithBudget } from './chat-with-budget.js';
import { parseJsonLoose } from './repair-json.js';
import { stripReasoning } from '../structured/clean-model-text.js';
import { coerceToSchema } from '../structured/coerce-to-schema.js';

export interface GenerateObjectOptions<S extends z.ZodType> {
  model: ChatModel;
  schema: S;
  messages: ChatMessage[];
  context?: RunContext;
  /** Extra attempts after the first (default 2). */
  retries?: number;
  /** Trace event name (default "generate-object"). */
  name?: string;
  temperature?: number;
  maxTokens?: number;
  seed?: number;
}

export interface GenerateObjectResult<T> {
  object: T;
  /** The response that validated. */
  response: ChatResponse;
  /** Calls made, including the one that validated. */
  attempts: number;
  /** Summed usage over all attempts. */
  usage: TokenUsage;
}

export async function generateObject<S extends z.ZodType>(
  options: GenerateObjectOptions<S>,
): Promise<GenerateObjectResult<z.output<S>>> {
  const retries = options.retries ?? 2;
  const name = options.name ?? 'generate-object';
  const jsonSchema = toJsonSchema(options.schema);
  const messages = [...options.messages];
  const usage: TokenUsage = { tokensIn: 0, tokensOut: 0 };
  let lastProblem = '';
  let lastText = '';
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    const response = await chatWithBudget(
      options.model,
      {
        messages,
        jsonSchema,
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
      },
      options.context,
      { name },
    );
    usage.tokensIn += response.usage.tokensIn;
    usage.tokensOut += response.usage.tokensOut;
    lastText = response.text;
    // reasoning blocks out, near-miss JSON repaired, wrapped arrays and renamed keys reshaped
    const loose = parseJsonLoose(stripReasoning(response.text));
    const parsed = loose === undefined ? undefined : coerceToSchema(options.schema, loose);
    if (parsed === undefined) {
      lastProblem = 'the reply is not JSON';
    } else {
      const result = options.schema.safeParse(parsed);
      if (result.success) return { object: result.data, response, attempts: attempt, usage };
      lastProblem = z.prettifyError(result.error);
    }
    if (attempt <= retries) {
      options.context?.trace.add({ kind: 'retry', name, data: { attempt, problem: lastProblem.slice(0, 500) } });
      messages.push(
        { role: 'assistant', content: response.text },
        {
          role: 'user',
          content: `Your reply did not match the required JSON schema:\n${lastProblem.slice(0, 2000)}\nReply again with only the corrected JSON.`,
        },
      );
    }
  }
  throw new RagError('RAG_MODEL_OUTPUT_INVALID', `${name}: model output did not validate after ${retries + 1} attempts: ${lastProblem.slice(0, 300)}`, {
    details: { model: options.model.id, attempts: retries + 1, problem: lastProblem.slice(0, 2000), output: lastText.slice(0, 2000) },
  });
}

function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  try {
    return z.toJSONSchema(schema, { unrepresentable: 'any' }) as Record<string, unknown>;
  } catch (cause) {
    throw new RagError('RAG_CONFIG', 'generateObject: schema cannot be expressed as JSON Schema', { cause });
  }
}
