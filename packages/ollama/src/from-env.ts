// Service mode from configuration: OLLAMA_HOST set means "use Ollama", with no code change.
import { RagError, type ChatModel } from '@rag/core';
import { z } from 'zod';
import { createOllamaChatModel } from './chat-model.js';
import { normaliseHost } from './connection.js';
import { createOllamaEmbedder, type OllamaEmbedder } from './embedder.js';

/** A small instruct model with native tool calling that runs on a laptop CPU. */
export const DEFAULT_OLLAMA_CHAT_MODEL = 'qwen2.5:3b-instruct';
/** 768-dimensional, 8k-token context, the most pulled embedding model on ollama.com. */
export const DEFAULT_OLLAMA_EMBED_MODEL = 'nomic-embed-text';

const EnvSchema = z.object({
  OLLAMA_HOST: z.string().trim().optional(),
  OLLAMA_CHAT_MODEL: z.string().trim().min(1).optional(),
  OLLAMA_EMBED_MODEL: z.string().trim().min(1).optional(),
  OLLAMA_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  OLLAMA_KEEP_ALIVE: z.string().trim().min(1).optional(),
  OLLAMA_NUM_CTX: z.coerce.number().int().min(512).optional(),
});

export interface OllamaFromEnv {
  host: string;
  chatModel: string;
  embedModel: string;
  chat: ChatModel;
  embedder: OllamaEmbedder;
  /** One line for "which mode am I in" output, e.g. "ollama at http://… (chat qwen2.5:3b-instruct, embed nomic-embed-text)". */
  describe: string;
}

/**
 * Builds the chat model and embedder from OLLAMA_* variables, or returns undefined when
 * OLLAMA_HOST is unset or empty (embedded mode). No request is made here.
 */
export function ollamaFromEnv(
  env: Record<string, string | undefined> = process.env,
  overrides: { fetch?: typeof fetch } = {},
): OllamaFromEnv | undefined {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('OLLAMA_') && v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'OLLAMA_*');
    throw new RagError('RAG_CONFIG', `${name}: ${issue?.message ?? 'invalid'} (got "${env[name] ?? ''}")`, { details: { input: name } });
  }
  const e = parsed.data;
  if (!e.OLLAMA_HOST) return undefined;
  const chatModel = e.OLLAMA_CHAT_MODEL ?? DEFAULT_OLLAMA_CHAT_MODEL;
  const embedModel = e.OLLAMA_EMBED_MODEL ?? DEFAULT_OLLAMA_EMBED_MODEL;
  const common = {
    host: e.OLLAMA_HOST,
    ...(e.OLLAMA_TIMEOUT_MS ? { timeoutMs: e.OLLAMA_TIMEOUT_MS } : {}),
    ...(e.OLLAMA_KEEP_ALIVE ? { keepAlive: /^-?\d+$/.test(e.OLLAMA_KEEP_ALIVE) ? Number(e.OLLAMA_KEEP_ALIVE) : e.OLLAMA_KEEP_ALIVE } : {}),
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
  };
  const chat = createOllamaChatModel({ ...common, model: chatModel, ...(e.OLLAMA_NUM_CTX ? { maxContextTokens: e.OLLAMA_NUM_CTX } : {}) });
  const embedder = createOllamaEmbedder({ ...common, model: embedModel });
  const host = normaliseHost(e.OLLAMA_HOST);
  return { host, chatModel, embedModel, chat, embedder, describe: `ollama at ${host} (chat ${chatModel}, embed ${embedModel})` };
}
