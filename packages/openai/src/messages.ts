// ChatRequest ⇄ the Chat Completions wire format (OpenAI and compatible servers).
import { parseJsonLoose, type ChatMessage, type ChatRequest, type ChatResponse, type ToolCall } from '@rag/core';

export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[] }
  | { role: 'tool'; content: string; tool_call_id: string };

export function toWireMessages(messages: ChatMessage[]): WireMessage[] {
  return messages.map((m): WireMessage => {
    if (m.role === 'tool') return { role: 'tool', content: m.content, tool_call_id: m.toolCallId ?? '' };
    if (m.role === 'assistant')
      return {
        role: 'assistant',
        content: m.content,
        ...(m.toolCalls && m.toolCalls.length > 0
          ? { tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}) } })) }
          : {}),
      };
    return { role: m.role, content: m.content };
  });
}

export function toWireBody(model: string, request: ChatRequest): Record<string, unknown> {
  return {
    model,
    messages: toWireMessages(request.messages),
    ...(request.tools && request.tools.length > 0
      ? { tools: request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } })) }
      : {}),
    // Structured output: the schema travels as response_format json_schema (non-strict: zod's
    // JSON Schema is not always inside OpenAI's strict subset); the caller still validates.
    ...(request.jsonSchema ? { response_format: { type: 'json_schema', json_schema: { name: 'reply', schema: request.jsonSchema, strict: false } } } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    ...(request.seed !== undefined ? { seed: request.seed } : {}),
  };
}

/** Tool arguments arrive as a JSON string; parse it (repairing near misses) or keep the string. */
export function parseArguments(raw: string): unknown {
  if (raw.trim() === '') return {};
  return parseJsonLoose(raw) ?? raw;
}

export function finishReasonOf(reason: string | null | undefined, toolCalls: ToolCall[]): ChatResponse['finishReason'] {
  if (toolCalls.length > 0 || reason === 'tool_calls' || reason === 'function_call') return toolCalls.length > 0 ? 'tool_calls' : 'stop';
  if (reason === 'length') return 'length';
  if (reason === 'content_filter') return 'error';
  return 'stop';
}
