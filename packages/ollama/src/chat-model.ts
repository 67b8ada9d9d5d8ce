// ChatModel over Ollama's /api/chat through the official client: native tool calling,
// structured output (JSON Schema as `format`), num_ctx sized to the prompt, streaming.
import {
  parseJsonLoose,
  stripReasoning,
  ChatMessageSchema,
  RagError,
  type ChatModel,
  type ChatRequest,
  type ChatResponse,
  type ChatStreamChunk,
  type ToolCall,
} from '@rag/core';
import type { ChatRequest as OllamaChatRequest } from 'ollama';
import { z } from 'zod';
import { createOllamaConnection, type OllamaConnectionOptions } from './connection.js';
import { fromOllamaToolCalls, parseChatChunk, toOllamaMessages, toOllamaTools, type OllamaChatChunk } from './messages.js';
import { createModelInfoCache } from './model-info.js';
import { chooseNumCtx, estimateTokens } from './num-ctx.js';

export interface OllamaChatModelOptions extends OllamaConnectionOptions {
  /** Model tag as `ollama list` shows it, e.g. "qwen2.5:3b-instruct". */
  model: string;
  /**
   * Largest num_ctx ever sent. Default: the model's trained context length from /api/show,
   * capped at 32768 (bigger windows cost a lot of memory), or 8192 when the server does not say.
   */
  maxContextTokens?: number;
  /** Tokens reserved for the answer when the request sets no maxTokens. Default 1024. */
  defaultMaxOutputTokens?: number;
  /**
   * Keep num_ctx from shrinking between calls. Ollama reloads the model whenever num_ctx
   * changes, so a big prompt followed by small ones would reload on every switch. Default true.
   */
  growOnlyContext?: boolean;
  /** `think` for requests without structured output (reasoning models). Default: not sent. */
  think?: boolean;
}

const OptionsSchema = z.object({
  model: z.string().trim().min(1, 'must be a non-empty model name'),
  maxContextTokens: z.number().int().min(512).optional(),
  defaultMaxOutputTokens: z.number().int().positive().optional(),
});

const DEFAULT_CONTEXT_CAP = 32_768;
const UNKNOWN_CONTEXT = 8_192;
// Chat templates add role markers around every message; a few tokens each.
const PER_MESSAGE_OVERHEAD = 8;

function validateOptions(options: OllamaChatModelOptions): void {
  const parsed = OptionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const input = issue?.path.join('.') || 'options';
    throw new RagError('RAG_INVALID_INPUT', `createOllamaChatModel: ${input}: ${issue?.message ?? 'invalid'}`, { details: { input } });
  }
}

function validateRequest(request: ChatRequest, model: string): void {
  if (request.signal?.aborted)
    throw new RagError('RAG_ABORTED', `ollama chat with "${model}" was aborted before it started`, { cause: request.signal.reason, details: { model } });
  if (!Array.isArray(request.messages) || request.messages.length === 0)
    throw new RagError('RAG_INVALID_INPUT', 'messages: must contain at least one message', { details: { input: 'messages' } });
  request.messages.forEach((m, i) => {
    const parsed = ChatMessageSchema.safeParse(m);
    if (!parsed.success)
      throw new RagError('RAG_INVALID_INPUT', `messages[${i}]: ${parsed.error.issues[0]?.message ?? 'invalid message'}`, {
        details: { input: `messages[${i}]` },
      });
  });
  if (request.maxTokens !== undefined && !(Number.isInteger(request.maxTokens) && request.maxTokens > 0))
    throw new RagError('RAG_INVALID_INPUT', `maxTokens: must be a positive integer, got ${request.maxTokens}`, {
      details: { input: 'maxTokens' },
    });
}

function finishReason(chunk: OllamaChatChunk, toolCalls: ToolCall[]): ChatResponse['finishReason'] {
  if (toolCalls.length > 0) return 'tool_calls';
  if (chunk.done_reason === 'length') return 'length';
  return 'stop';
}

export function createOllamaChatModel(options: OllamaChatModelOptions): ChatModel {
  validateOptions(options);
  const model = options.model.trim();
  const connection = createOllamaConnection(options);
  const info = createModelInfoCache(connection, model);
  const growOnly = options.growOnlyContext ?? true;
  let lastNumCtx = 0;
  let callSeq = 0;
  const nextCallId = () => `call_${++callSeq}`;

  async function prepare(request: ChatRequest, stream: boolean): Promise<OllamaChatRequest & { stream: boolean }> {
    validateRequest(request, model);
    const modelInfo = await info.get(request.signal);
    const caps = modelInfo.capabilities;
    if (request.tools?.length && caps && !caps.includes('tools'))
      throw new RagError(
        'RAG_UNSUPPORTED',
        `model "${model}" does not support tool calling (capabilities: ${caps.join(', ') || 'none'}); use a model with the "tools" capability, e.g. qwen2.5:3b-instruct`,
        { details: { model, capabilities: caps } },
      );
    const maxCtx =
      options.maxContextTokens ?? Math.min(modelInfo.contextLength ?? UNKNOWN_CONTEXT, DEFAULT_CONTEXT_CAP);
    const promptTokens =
      request.messages.reduce((sum, m) => sum + estimateTokens(m.content) + PER_MESSAGE_OVERHEAD, 0) +
      (request.tools?.length ? estimateTokens(JSON.stringify(request.tools)) : 0) +
      (request.jsonSchema ? estimateTokens(JSON.stringify(request.jsonSchema)) : 0);
    const outputTokens = request.maxTokens ?? options.defaultMaxOutputTokens ?? 1024;
    const numCtx = chooseNumCtx({ promptTokens, outputTokens, maxCtx, model, ...(growOnly ? { floor: lastNumCtx } : {}) });
    lastNumCtx = Math.max(lastNumCtx, numCtx);

    const body: OllamaChatRequest & { stream: boolean } = {
      model,
      messages: toOllamaMessages(request.messages),
      stream,
      options: {
        num_ctx: numCtx,
        ...(request.maxTokens !== undefined ? { num_predict: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
      },
    };
    if (request.tools?.length) body.tools = toOllamaTools(request.tools);
    if (request.jsonSchema) {
      body.format = request.jsonSchema;
      // Reasoning models would otherwise spend the answer budget thinking and may wrap or
      // delay the JSON; structured output wants the constrained answer only.
      body.think = false;
    } else if (options.think !== undefined) {
      body.think = options.think;
    }
    if (connection.keepAlive !== undefined) body.keep_alive = connection.keepAlive;
    return body;
  }

  function toResponse(final: OllamaChatChunk, text: string, toolCalls: ToolCall[], request: ChatRequest): ChatResponse {
    const response: ChatResponse = {
      text,
      toolCalls,
      usage: { tokensIn: final.prompt_eval_count ?? 0, tokensOut: final.eval_count ?? 0 },
      model: final.model ?? model,
      finishReason: finishReason(final, toolCalls),
    };
    // Near-miss JSON (fences, prose, <think> blocks, trailing commas) is returned as is for the
    // caller's repair step (@rag/core's structured-output path); only a reply with no JSON value
    // in it at all is an error here.
    if (request.jsonSchema && response.finishReason === 'stop') {
      if (parseJsonLoose(stripReasoning(text)) === undefined) {
        throw new RagError('RAG_MODEL_OUTPUT_INVALID', `model "${model}" was asked for JSON but answered with text that does not parse`, {
          details: { model, excerpt: text.slice(0, 200) },
        });
      }
    }
    return response;
  }

  return {
    id: `ollama:${model}`,

    async chat(request) {
      const body = await prepare(request, false);
      const raw = await connection.call('chat', model, (client) => client.chat({ ...body, stream: false }), request.signal);
      const chunk = parseChatChunk(raw, model);
      const toolCalls = fromOllamaToolCalls(chunk.message?.tool_calls ?? [], nextCallId);
      return toResponse(chunk, chunk.message?.content ?? '', toolCalls, request);
    },

    async *stream(request): AsyncGenerator<ChatStreamChunk> {
      const body = await prepare(request, true);
      const timeoutMs = connection.timeoutMs;
      // Streams may run long; the deadline is the longest silence between two chunks.
      const idle = new AbortController();
      const stop = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(new DOMException(`no data for ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
      };
      const signal = AbortSignal.any([idle.signal, stop.signal, ...(request.signal ? [request.signal] : [])]);
      let text = '';
      const toolCalls: ToolCall[] = [];
      let final: OllamaChatChunk | undefined;
      try {
        arm();
        const iterator = await connection.retry(
          'chat',
          model,
          async () => {
            arm();
            try {
              return await connection.clientFor(signal).chat({ ...body, stream: true });
            } catch (error) {
              throw connection.toError(error, 'chat', model, request.signal);
            }
          },
          request.signal,
        );
        for await (const raw of iterator) {
          arm();
          const chunk = parseChatChunk(raw, model);
          const delta = chunk.message?.content ?? '';
          if (chunk.message?.tool_calls?.length) toolCalls.push(...fromOllamaToolCalls(chunk.message.tool_calls, nextCallId));
          if (delta) {
            text += delta;
            yield { text: delta };
          }
          if (chunk.done) final = chunk;
        }
      } catch (error) {
        throw connection.toError(error, 'chat', model, request.signal);
      } finally {
        clearTimeout(timer);
        stop.abort(); // the consumer may have stopped early: close the HTTP stream
      }
      if (!final)
        throw new RagError('RAG_SERVICE_UNAVAILABLE', `ollama chat stream from ${connection.host} ended before its final message`, {
          details: { host: connection.host, model, operation: 'chat' },
        });
      yield { text: '', done: toResponse(final, text, toolCalls, request) };
    },
  };
}
