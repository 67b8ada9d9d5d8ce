// A minimal ChatModel over any OpenAI-compatible /v1/chat/completions server (vLLM, llama.cpp
// server, LM Studio, Ollama's /v1, hosted APIs), so the CLI can use a teacher without importing
// a service package. Text and JSON replies only; tool calls are not supported here.
import { RagError, invalidInput, type ChatModel, type ChatRequest, type ChatResponse } from '@rag/core';
import { z } from 'zod';
import { postJson, trimSlash, type FetchLike } from '../rewards/http.js';

export const ChatCompletionReplySchema = z.object({
  model: z.string().optional(),
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }), finish_reason: z.string().nullable().optional() })).min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).partial().optional(),
});

export interface OpenAiChatModelOptions {
  /** Base URL including /v1, e.g. http://localhost:8000/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** How a JSON Schema request is passed on (default "json_object"; "json_schema" for servers with strict structured output). */
  structuredOutput?: 'json_object' | 'json_schema' | 'none';
  fetch?: FetchLike;
  timeoutMs?: number;
}

const FINISH: Record<string, ChatResponse['finishReason']> = { stop: 'stop', length: 'length', tool_calls: 'tool_calls' };

export function createOpenAiChatModel(options: OpenAiChatModelOptions): ChatModel {
  if (!options.baseUrl) throw invalidInput('baseUrl', 'is required (e.g. http://localhost:8000/v1)');
  if (!options.model) throw invalidInput('model', 'is required');
  const url = `${trimSlash(options.baseUrl)}/chat/completions`;
  const mode = options.structuredOutput ?? 'json_object';
  return {
    id: `openai-compatible:${options.model}`,
    async chat(request: ChatRequest): Promise<ChatResponse> {
      if (request.tools?.length) throw new RagError('RAG_UNSUPPORTED', 'openai-compatible teacher: tool calls are not supported by this adapter', { details: { url } });
      const responseFormat =
        request.jsonSchema && mode === 'json_schema'
          ? { response_format: { type: 'json_schema', json_schema: { name: 'reply', schema: request.jsonSchema } } }
          : request.jsonSchema && mode === 'json_object'
            ? { response_format: { type: 'json_object' } }
            : {};
      const reply = await postJson({
        url,
        service: 'teacher model',
        schema: ChatCompletionReplySchema,
        body: {
          model: options.model,
          messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
          ...(request.seed !== undefined ? { seed: request.seed } : {}),
          ...responseFormat,
        },
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.apiKey ? { headers: { authorization: `Bearer ${options.apiKey}` } } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      });
      const choice = reply.choices[0]!;
      return {
        text: choice.message.content ?? '',
        toolCalls: [],
        usage: { tokensIn: reply.usage?.prompt_tokens ?? 0, tokensOut: reply.usage?.completion_tokens ?? 0 },
        model: reply.model ?? options.model,
        finishReason: FINISH[choice.finish_reason ?? 'stop'] ?? 'stop',
      };
    },
  };
}
