// @rag/openai: ChatModel and Embedder for OpenAI and OpenAI-compatible servers.
export { createOpenAIChatModel } from './chat-model.js';
export type { OpenAIChatModelOptions } from './chat-model.js';
export { createOpenAIEmbedder } from './embedder.js';
export type { OpenAIEmbedderOptions } from './embedder.js';
export type { OpenAIConnectionOptions } from './client.js';
export { openaiFromEnv, OPENAI_DEFAULT_CHAT_MODEL, OPENAI_DEFAULT_EMBED_MODEL } from './from-env.js';
export type { OpenAIFromEnv } from './from-env.js';
export { toOpenAIError } from './errors.js';
