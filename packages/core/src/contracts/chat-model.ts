import { z } from 'zod';

export const ChatRoleSchema = z.enum(['system', 'user', 'assistant', 'tool']);

export const ToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Parsed arguments as the model sent them; validate against the tool's schema before use. */
  arguments: z.unknown(),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

export const ChatMessageSchema = z.object({
  role: ChatRoleSchema,
  content: z.string(),
  toolCalls: z.array(ToolCallSchema).optional(),
  /** For role "tool": the call this message answers. */
  toolCallId: z.string().optional(),
  name: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface TokenUsage {
  tokensIn: number;
  tokensOut: number;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  /** Ask for JSON matching this JSON Schema (structured output). */
  jsonSchema?: Record<string, unknown>;
  temperature?: number;
  maxTokens?: number;
  seed?: number;
  signal?: AbortSignal;
}

export interface ChatResponse {
  text: string;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  model: string;
  finishReason: 'stop' | 'length' | 'tool_calls' | 'error';
}

export interface ChatStreamChunk {
  /** Text delta. */
  text: string;
  /** Present on the final chunk. */
  done?: ChatResponse;
}

export interface ChatModel {
  readonly id: string;
  chat(request: ChatRequest): Promise<ChatResponse>;
  /** Optional capability: token streaming. The final chunk carries the full response. */
  stream?(request: ChatRequest): AsyncIterable<ChatStreamChunk>;
}
