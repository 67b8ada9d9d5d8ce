// One schema-validated JSON call through @rag/core's generateObject: the zod schema goes to
// the model as a JSON schema, near-miss JSON is repaired, invalid replies are retried
// (bounded) with the problem quoted back, and every call is charged to the run's budget.
import { generateObject, type ChatModel, type RunContext } from '@rag/core';
import type { z } from 'zod';

export interface AskJsonInput {
  system: string;
  user: string;
  context?: RunContext;
  /** Retries after an invalid reply (default 2). */
  maxRetries?: number;
  temperature?: number;
  /** Trace name of the call. */
  name?: string;
}

export async function askJson<S extends z.ZodType>(model: ChatModel, schema: S, input: AskJsonInput): Promise<z.output<S>> {
  const { object } = await generateObject({
    model,
    schema,
    messages: [
      { role: 'system', content: input.system },
      { role: 'user', content: input.user },
    ],
    retries: input.maxRetries ?? 2,
    temperature: input.temperature ?? 0,
    name: input.name ?? 'indexer-json',
    ...(input.context ? { context: input.context } : {}),
  });
  return object;
}
