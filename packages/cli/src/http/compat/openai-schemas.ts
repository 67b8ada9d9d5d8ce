// Bodies of the OpenAI-compatible endpoints (/v1/models, /v1/chat/completions) as zod
// schemas: the request the handler parses, and the responses as documented in /openapi.json.
// Requests are open objects: clients send many sampling options this server has no use for;
// the ones listed are type-checked and then ignored (answers come from the store's method).
import { z } from 'zod';
import { AskResultSchema } from '../openapi/response-schemas.js';

const ContentPart = z.looseObject({ type: z.string(), text: z.string().optional() });

export const OpenAIMessageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.union([z.string().max(100_000), z.array(ContentPart).max(100), z.null()]).optional(),
  name: z.string().optional(),
});

export const ChatCompletionBodySchema = z.looseObject({
  model: z.string().trim().min(1, 'must name a model (GET /v1/models lists them)').max(200),
  messages: z.array(OpenAIMessageSchema).min(1, 'must hold at least one message').max(500),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  n: z.literal(1, 'only one choice is returned (n must be 1)').nullable().optional(),
  // Accepted and ignored: the answer's length and wording are the method's.
  max_tokens: z.number().int().min(0).nullable().optional(),
  max_completion_tokens: z.number().int().min(0).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  seed: z.number().int().nullable().optional(),
  stop: z.union([z.string(), z.array(z.string())]).nullable().optional(),
  user: z.string().optional(),
});
export type ChatCompletionBody = z.infer<typeof ChatCompletionBodySchema>;

/** OpenAI's error body: `{ error: { message, type, param, code } }`. */
export const OpenAIErrorSchema = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
});

export const OpenAIModelSchema = z.looseObject({ id: z.string(), object: z.literal('model'), created: z.number().int(), owned_by: z.string() });
export const OpenAIModelListSchema = z.object({ object: z.literal('list'), data: z.array(OpenAIModelSchema) });

/** The structured result beside the text (see ../compat/reply-text.ts `ragField`). */
export const RagFieldSchema = AskResultSchema.pick({ question: true, method: true, kind: true, status: true, answer: true, verification: true, citations: true, stage: true, retries: true, cost: true }).extend({
  evidence: z.array(z.looseObject({ rank: z.number(), chunkId: z.string(), docId: z.string(), title: z.string(), score: z.number() })),
});

const Usage = z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() });

export const ChatCompletionSchema = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal('assistant'), content: z.string(), refusal: z.null() }),
      finish_reason: z.enum(['stop', 'length']),
      logprobs: z.null(),
    }),
  ),
  usage: Usage,
  rag: RagFieldSchema.describe('The structured answer: citations with quotes and offsets, verification, evidence ranking, cost'),
});

export const ChatCompletionChunkSchema = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      delta: z.object({ role: z.literal('assistant').optional(), content: z.string().optional() }),
      finish_reason: z.enum(['stop', 'length']).nullable(),
      logprobs: z.null(),
    }),
  ),
  usage: Usage.nullable().optional(),
  rag: RagFieldSchema.optional().describe('On the chunk with finish_reason "stop" only'),
});
