// TEST DOUBLE. A ChatModel that answers from a script instead of a model, so LLM code paths
// (tool loops, JSON repair, retries, budgets) can be tested deterministically without a
// service. It is not a heuristic strategy and must never be used to produce real answers.
import type { ChatModel, ChatRequest, ChatResponse, ChatStreamChunk, ToolCall } from '../contracts/chat-model.js';
import { RagError } from '../errors.js';
import { countMessageTokens, countTokens } from '../text/count-tokens.js';

/** One scripted reply. A string is plain text; `json` is serialised to the reply text. */
export type ScriptedReply =
  | string
  | Error
  | {
      text?: string;
      json?: unknown;
      toolCalls?: { name: string; arguments: unknown; id?: string }[];
      finishReason?: ChatResponse['finishReason'];
      usage?: { tokensIn: number; tokensOut: number };
    };

/** A list of replies used in order, or a function of the request (and its 0-based index). */
export type ChatScript = ScriptedReply[] | ((request: ChatRequest, index: number) => ScriptedReply | Promise<ScriptedReply>);

export interface ScriptedChatModel extends ChatModel {
  stream(request: ChatRequest): AsyncIterable<ChatStreamChunk>;
  /** Every request received, in order (copies). */
  readonly requests: ChatRequest[];
  /** Replies still unused (list scripts only). */
  remaining(): number;
}

export interface ScriptedChatModelOptions {
  id?: string;
}

export function createScriptedChatModel(script: ChatScript, options: ScriptedChatModelOptions = {}): ScriptedChatModel {
  const id = options.id ?? 'scripted-test-double';
  const requests: ChatRequest[] = [];
  let next = 0;

  const reply = async (request: ChatRequest): Promise<ChatResponse> => {
    if (request.signal?.aborted) throw new RagError('RAG_ABORTED', 'chat was aborted', { cause: request.signal.reason });
    const { signal: _signal, ...copy } = request;
    requests.push(structuredClone(copy));
    const index = next++;
    let step: ScriptedReply;
    if (typeof script === 'function') step = await script(request, index);
    else {
      if (index >= script.length)
        throw new RagError('RAG_TEST_SCRIPT_EXHAUSTED', `scripted chat model: no reply left for call ${index + 1} (script has ${script.length})`, {
          details: { calls: index + 1, scripted: script.length },
        });
      step = script[index]!;
    }
    if (step instanceof Error) throw step;
    const s = typeof step === 'string' ? { text: step } : step;
    const text = s.text ?? (s.json !== undefined ? JSON.stringify(s.json) : '');
    const toolCalls: ToolCall[] = (s.toolCalls ?? []).map((c, i) => ({ id: c.id ?? `call_${index}_${i}`, name: c.name, arguments: c.arguments }));
    const usage = s.usage ?? {
      tokensIn: countMessageTokens(request.messages),
      tokensOut: countTokens(text) + toolCalls.reduce((n, c) => n + countTokens(JSON.stringify(c.arguments) ?? '') + 2, 0),
    };
    return {
      text,
      toolCalls,
      usage,
      model: id,
      finishReason: s.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
    };
  };

  return {
    id,
    requests,
    chat: reply,
    async *stream(request) {
      const response = await reply(request);
      // Word-sized deltas, then the final chunk with the full response.
      const parts = response.text.match(/\S+\s*|\s+/g) ?? [];
      for (const p of parts) yield { text: p };
      yield { text: '', done: response };
    },
    remaining: () => (typeof script === 'function' ? Number.POSITIVE_INFINITY : Math.max(0, script.length - next)),
  };
}
