// @rag/ollama public API. Named exports only.
export { createOllamaChatModel } from './chat-model.js';
export type { OllamaChatModelOptions } from './chat-model.js';
export { createOllamaEmbedder, defaultPrefixes } from './embedder.js';
export type { OllamaEmbedder, OllamaEmbedderOptions } from './embedder.js';
export { assertEmbedderMatchesManifest } from './manifest-check.js';
export type { EmbedderManifest } from './manifest-check.js';
export { ollamaFromEnv, DEFAULT_OLLAMA_CHAT_MODEL, DEFAULT_OLLAMA_EMBED_MODEL } from './from-env.js';
export type { OllamaFromEnv } from './from-env.js';
export { probeOllama } from './probe.js';
export type { OllamaProbeResult } from './probe.js';
export { DEFAULT_OLLAMA_HOST } from './connection.js';
export type { OllamaConnectionOptions } from './connection.js';
export { estimateTokens, chooseNumCtx, MIN_NUM_CTX } from './num-ctx.js';
export type { NumCtxInput } from './num-ctx.js';
