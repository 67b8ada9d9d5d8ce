// Service selection by configuration: OPENAI_BASE_URL (any OpenAI-compatible server) or
// OPENAI_API_KEY alone (OpenAI itself) turns the provider on.
import type { ChatModel, Embedder } from '@rag/core';
import { DEFAULT_BASE_URL } from './client.js';
import { createOpenAIChatModel } from './chat-model.js';
import { createOpenAIEmbedder } from './embedder.js';

export interface OpenAIFromEnv {
  chat: ChatModel;
  embedder: Embedder;
  describe: string;
}

export const OPENAI_DEFAULT_CHAT_MODEL = 'gpt-4o-mini';
export const OPENAI_DEFAULT_EMBED_MODEL = 'text-embedding-3-small';

export function openaiFromEnv(env: Record<string, string | undefined> = process.env): OpenAIFromEnv | undefined {
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  const apiKey = env.OPENAI_API_KEY?.trim() || undefined;
  if (!baseURL && !apiKey) return undefined;
  const timeout = Number(env.OPENAI_TIMEOUT_MS);
  const common = { baseURL: baseURL ?? DEFAULT_BASE_URL, ...(apiKey ? { apiKey } : {}), ...(Number.isFinite(timeout) && timeout > 0 ? { timeoutMs: timeout } : {}) };
  const chatModel = env.OPENAI_CHAT_MODEL?.trim() || OPENAI_DEFAULT_CHAT_MODEL;
  const embedModel = env.OPENAI_EMBED_MODEL?.trim() || OPENAI_DEFAULT_EMBED_MODEL;
  return {
    chat: createOpenAIChatModel({ ...common, model: chatModel }),
    embedder: createOpenAIEmbedder({ ...common, model: embedModel }),
    describe: `openai-compatible ${common.baseURL} (chat ${chatModel}, embeddings ${embedModel})`,
  };
}
