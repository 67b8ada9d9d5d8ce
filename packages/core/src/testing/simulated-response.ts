// What every simulated chat model (schema-following, oracle) returns for one request: the text or
// tool calls it chose, with token usage counted the same way, and a stream that replays the reply
// word by word. One implementation, so the simulators differ only in what they answer.
import type { ChatModel, ChatRequest, ChatResponse, ChatStreamChunk, ToolCall } from '../contracts/chat-model.js';
import { countMessageTokens, countTokens } from '../text/count-tokens.js';

/** A response carrying `text` or `toolCalls`, with usage counted from the request and the reply. */
export function simulatedResponse(id: string, request: ChatRequest, text: string, toolCalls: ToolCall[]): ChatResponse {
  return {
    text,
    toolCalls,
    usage: { tokensIn: countMessageTokens(request.messages), tokensOut: countTokens(text) + toolCalls.reduce((t, c) => t + countTokens(JSON.stringify(c.arguments)), 0) },
    model: id,
    finishReason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
  };
}

/** A chat model from a reply function; `stream` yields the same reply word by word, then the whole response. */
export function simulatedChatModel(id: string, reply: (request: ChatRequest) => Promise<ChatResponse>): ChatModel & { stream(request: ChatRequest): AsyncIterable<ChatStreamChunk> } {
  return {
    id,
    chat: reply,
    async *stream(request) {
      const response = await reply(request);
      for (const p of response.text.match(/\S+\s*|\s+/g) ?? []) yield { text: p };
      yield { text: '', done: response };
    },
  };
}
