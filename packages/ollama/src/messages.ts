// Our ChatMessage/ToolDefinition <-> Ollama's /api/chat shapes. Ollama's native tool calls
// carry no id (newer servers may send one), so ids are generated and tool results are matched
// back to the tool's name, which is what Ollama's `tool_name` field expects.
import { RagError, type ChatMessage, type ToolCall, type ToolDefinition } from '@rag/core';
import type { Message, Tool } from 'ollama';
import { z } from 'zod';

export function toOllamaTools(tools: ToolDefinition[]): Tool[] {
  return tools.map((tool, i) => {
    if (typeof tool.name !== 'string' || tool.name.trim() === '')
      throw new RagError('RAG_INVALID_INPUT', `tools[${i}].name: must be a non-empty string`, { details: { input: `tools[${i}].name` } });
    return {
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters as Tool['function']['parameters'] },
    };
  });
}

function argumentsObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // not JSON: fall through and pass it under one key so nothing is lost
    }
    return { input: value };
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return value === undefined || value === null ? {} : { input: value };
}

export function toOllamaMessages(messages: ChatMessage[]): Message[] {
  const nameByCallId = new Map<string, string>();
  return messages.map((m) => {
    const out: Message = { role: m.role, content: m.content };
    if (m.role === 'assistant' && m.toolCalls?.length) {
      out.tool_calls = m.toolCalls.map((c) => {
        nameByCallId.set(c.id, c.name);
        return { function: { name: c.name, arguments: argumentsObject(c.arguments) } };
      });
    }
    if (m.role === 'tool') {
      const name = m.name ?? (m.toolCallId ? nameByCallId.get(m.toolCallId) : undefined);
      if (name) out.tool_name = name;
    }
    return out;
  });
}

// Untrusted: the server's (and the model's) output, validated before use.
export const OllamaToolCallSchema = z.looseObject({
  id: z.string().optional(),
  function: z.looseObject({
    name: z.string(),
    arguments: z.unknown().optional(),
  }),
});

export const OllamaChatResponseSchema = z.looseObject({
  model: z.string().optional(),
  message: z
    .looseObject({
      role: z.string().optional(),
      content: z.string().nullish(),
      thinking: z.string().nullish(),
      tool_calls: z.array(OllamaToolCallSchema).nullish(),
    })
    .optional(),
  done: z.boolean().optional(),
  done_reason: z.string().nullish(),
  prompt_eval_count: z.number().nullish(),
  eval_count: z.number().nullish(),
});
export type OllamaChatChunk = z.infer<typeof OllamaChatResponseSchema>;

export function parseChatChunk(body: unknown, model: string): OllamaChatChunk {
  const parsed = OllamaChatResponseSchema.safeParse(body);
  if (!parsed.success)
    throw new RagError('RAG_SERVICE_ERROR', `ollama chat returned a body that is not a chat response (model "${model}")`, {
      cause: parsed.error,
      details: { model, issues: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`) },
    });
  return parsed.data;
}

export function fromOllamaToolCalls(calls: z.infer<typeof OllamaToolCallSchema>[], nextId: () => string): ToolCall[] {
  return calls.map((c) => ({
    id: c.id && c.id.length > 0 ? c.id : nextId(),
    name: c.function.name,
    arguments: typeof c.function.arguments === 'string' ? argumentsObject(c.function.arguments) : (c.function.arguments ?? {}),
  }));
}
