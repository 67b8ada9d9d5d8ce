// Bodies of the Ollama-compatible endpoints (/api/tags, /api/chat, /api/version) as zod
// schemas, following Ollama's published OpenAPI document (ChatRequest, ChatResponse,
// ChatStreamEvent, ListResponse, VersionResponse). Requests are open objects: options such as
// `format`, `options`, `keep_alive` or `think` are accepted and ignored.
import { z } from 'zod';
import { RagFieldSchema } from './openai-schemas.js';

export const OllamaMessageSchema = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string().max(100_000),
  images: z.array(z.string()).optional(),
});

export const OllamaChatBodySchema = z.looseObject({
  model: z.string().trim().min(1, 'must name a model (GET /api/tags lists them)').max(200),
  messages: z.array(OllamaMessageSchema).min(1, 'must hold at least one message').max(500),
  /** Ollama streams unless told otherwise. */
  stream: z.boolean().optional(),
  options: z.looseObject({}).optional(),
  keep_alive: z.union([z.string(), z.number()]).optional(),
});
export type OllamaChatBody = z.infer<typeof OllamaChatBodySchema>;

/** Ollama's error body: `{ error: "message" }`. */
export const OllamaErrorSchema = z.object({ error: z.string() });

export const OllamaTagsSchema = z.object({
  models: z.array(
    z.object({
      name: z.string(),
      model: z.string(),
      modified_at: z.string(),
      size: z.number().int(),
      digest: z.string(),
      details: z.object({
        format: z.string(),
        family: z.string(),
        families: z.array(z.string()),
        parameter_size: z.string(),
        quantization_level: z.string(),
      }),
    }),
  ),
});

export const OllamaVersionSchema = z.object({ version: z.string() });

const Stats = {
  done_reason: z.string(),
  total_duration: z.number().int(),
  load_duration: z.number().int(),
  prompt_eval_count: z.number().int(),
  prompt_eval_duration: z.number().int(),
  eval_count: z.number().int(),
  eval_duration: z.number().int(),
};

export const OllamaChatResponseSchema = z.looseObject({
  model: z.string(),
  created_at: z.string(),
  message: z.object({ role: z.literal('assistant'), content: z.string() }),
  done: z.literal(true),
  ...Stats,
  rag: RagFieldSchema.describe('The structured answer: citations with quotes and offsets, verification, evidence ranking, cost'),
});

/** One NDJSON line of a streamed chat: `done: false` lines carry text, the last one the stats. */
export const OllamaChatStreamEventSchema = z.looseObject({
  model: z.string(),
  created_at: z.string(),
  message: z.object({ role: z.literal('assistant'), content: z.string() }),
  done: z.boolean(),
  ...Object.fromEntries(Object.entries(Stats).map(([k, v]) => [k, v.optional()])),
  rag: RagFieldSchema.optional().describe('On the final (`done: true`) line only'),
});
