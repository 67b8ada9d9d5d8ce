// One configured `openai` client per adapter (official SDK; it speaks to any server with the
// OpenAI Chat Completions / Embeddings API when given its base URL).
import OpenAI from 'openai';

export interface OpenAIConnectionOptions {
  /** e.g. http://localhost:8000/v1 (vLLM), http://localhost:11434/v1 (Ollama). Default: api.openai.com. */
  baseURL?: string;
  /** Required by OpenAI; most local servers accept any value (default "not-needed"). */
  apiKey?: string;
  /** Per-request deadline, ms (default 120000). */
  timeoutMs?: number;
  /** Retries of connection errors, 408/429/5xx by the SDK (default 2). */
  maxRetries?: number;
  /** An existing client (tests, custom fetch). */
  client?: OpenAI;
}

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export function openAIClient(options: OpenAIConnectionOptions): { client: OpenAI; baseURL: string } {
  const baseURL = (options.baseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const client =
    options.client ??
    new OpenAI({ baseURL, apiKey: options.apiKey ?? 'not-needed', timeout: options.timeoutMs ?? 120_000, maxRetries: options.maxRetries ?? 2 });
  return { client, baseURL };
}
