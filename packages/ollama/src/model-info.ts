// What /api/show tells us about a model: its capabilities (tools, thinking, embedding) and its
// trained context length. Fetched once per model and cached; a 404 here is the earliest and
// clearest "model not pulled" signal.
import { z } from 'zod';
import type { OllamaConnection } from './connection.js';

const ShowResponseSchema = z.looseObject({
  capabilities: z.array(z.string()).nullish(),
  model_info: z.record(z.string(), z.unknown()).nullish(),
});

export interface OllamaModelInfo {
  capabilities: string[] | undefined;
  /** `<architecture>.context_length` from model_info, when reported. */
  contextLength: number | undefined;
}

export function parseShowResponse(body: unknown): OllamaModelInfo {
  const parsed = ShowResponseSchema.safeParse(body);
  if (!parsed.success) return { capabilities: undefined, contextLength: undefined };
  let contextLength: number | undefined;
  for (const [key, value] of Object.entries(parsed.data.model_info ?? {})) {
    if (key.endsWith('.context_length') && typeof value === 'number' && Number.isFinite(value) && value > 0) contextLength = value;
  }
  return { capabilities: parsed.data.capabilities ?? undefined, contextLength };
}

export function createModelInfoCache(connection: OllamaConnection, model: string) {
  let pending: Promise<OllamaModelInfo> | undefined;
  return {
    get(signal?: AbortSignal): Promise<OllamaModelInfo> {
      pending ??= connection
        .call('show', model, async (client) => parseShowResponse(await client.show({ model })), signal)
        .catch((error: unknown) => {
          pending = undefined; // a failed probe is retried on the next call
          throw error;
        });
      return pending;
    },
  };
}
