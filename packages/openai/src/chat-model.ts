// ChatModel over the official openai client: Chat Completions with native tool calls,
// structured output (response_format json_schema) and streaming (with usage in the last chunk).
import { RagError, countMessageTokens, countTokens, invalidInput, type ChatModel, type ChatRequest, type ChatStreamChunk, type ToolCall } from '@rag/core';
import { openAIClient, type OpenAIConnectionOptions } from './client.js';
import { toOpenAIError } from './errors.js';
import { finishReasonOf, parseArguments, toWireBody } from './messages.js';

export interface OpenAIChatModelOptions extends OpenAIConnectionOptions {
  model: string;
}

interface WireChoice {
  message?: { content?: string | null; tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[] };
  finish_reason?: string | null;
}
interface WireCompletion {
  model?: string;
  choices?: WireChoice[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

function toolCallsOf(calls: { id?: string; function?: { name?: string; arguments?: string } }[] | undefined): ToolCall[] {
  return (calls ?? []).map((c, i) => ({ id: c.id || `call_${i}`, name: c.function?.name ?? '', arguments: parseArguments(c.function?.arguments ?? '') }));
}

export function createOpenAIChatModel(options: OpenAIChatModelOptions): ChatModel & { stream(request: ChatRequest): AsyncIterable<ChatStreamChunk> } {
  if (!options?.model || typeof options.model !== 'string') throw invalidInput('model', 'must be a model name');
  const { client, baseURL } = openAIClient(options);
  const model = options.model;
  const ctx = (operation: string, signal?: AbortSignal) => ({ baseURL, model, operation, signal });
  const usageOf = (request: ChatRequest, text: string, usage: WireCompletion['usage']) => ({
    tokensIn: usage?.prompt_tokens ?? countMessageTokens(request.messages),
    tokensOut: usage?.completion_tokens ?? countTokens(text),
  });

  return {
    id: `openai:${model}@${baseURL}`,
    async chat(request) {
      let raw: WireCompletion;
      try {
        raw = (await client.chat.completions.create({ ...toWireBody(model, request), stream: false } as never, request.signal ? { signal: request.signal } : {})) as unknown as WireCompletion;
      } catch (error) {
        throw toOpenAIError(error, ctx('chat', request.signal));
      }
      const choice = raw.choices?.[0];
      if (!choice) throw new RagError('RAG_SERVICE_ERROR', `openai-compatible chat at ${baseURL}: the reply has no choices`, { details: { model } });
      const text = choice.message?.content ?? '';
      const toolCalls = toolCallsOf(choice.message?.tool_calls);
      return { text, toolCalls, usage: usageOf(request, text, raw.usage), model: raw.model || model, finishReason: finishReasonOf(choice.finish_reason, toolCalls) };
    },
    async *stream(request) {
      let stream: AsyncIterable<{ model?: string; choices?: { delta?: { content?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] }; finish_reason?: string | null }[]; usage?: WireCompletion['usage'] }>;
      try {
        stream = (await client.chat.completions.create(
          { ...toWireBody(model, request), stream: true, stream_options: { include_usage: true } } as never,
          request.signal ? { signal: request.signal } : {},
        )) as unknown as typeof stream;
      } catch (error) {
        throw toOpenAIError(error, ctx('chat stream', request.signal));
      }
      let text = '';
      let finish: string | null | undefined;
      let usage: WireCompletion['usage'];
      let served = model;
      const calls = new Map<number, { id?: string; name: string; args: string }>();
      try {
        for await (const chunk of stream) {
          if (chunk.model) served = chunk.model;
          if (chunk.usage) usage = chunk.usage;
          const choice = chunk.choices?.[0];
          if (!choice) continue;
          if (choice.finish_reason) finish = choice.finish_reason;
          for (const d of choice.delta?.tool_calls ?? []) {
            const c = calls.get(d.index) ?? { name: '', args: '' };
            if (d.id) c.id = d.id;
            if (d.function?.name) c.name += d.function.name;
            if (d.function?.arguments) c.args += d.function.arguments;
            calls.set(d.index, c);
          }
          const delta = choice.delta?.content ?? '';
          if (delta) {
            text += delta;
            yield { text: delta };
          }
        }
      } catch (error) {
        throw toOpenAIError(error, ctx('chat stream', request.signal));
      }
      const toolCalls = toolCallsOf([...calls.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => ({ ...(c.id ? { id: c.id } : {}), function: { name: c.name, arguments: c.args } })));
      yield { text: '', done: { text, toolCalls, usage: usageOf(request, text, usage), model: served, finishReason: finishReasonOf(finish, toolCalls) } };
    },
  };
}
