// Streaming for the LLM answer step. The answer model replies with JSON ({"answer": …,
// "citations": …}), so the raw token stream is not the answer: the reader below decodes the
// value of the "answer" field incrementally and hands on only its text. The model is still
// called through the usual budgeted path (chatWithBudget sees an ordinary ChatModel whose chat()
// consumes the stream), so usage, trace, retries and validation stay exactly as without
// streaming; streaming only adds the early view of the answer text.
import { RagError, type ChatModel, type ChatRequest, type ChatResponse, type ChatStreamChunk, type RunContext, type TokenListener } from '@rag/core';

export interface FieldReader {
  /** Feed the next piece of the model's text; returns the newly decoded text of the field (may be ''). */
  push(delta: string): string;
  /** The field's string has been read to its closing quote. */
  readonly done: boolean;
}

const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Incrementally reads the string value of `field` from streamed JSON. Reasoning blocks
 * (`<think>…</think>`) before the JSON are skipped. Text arriving before the field is buffered
 * until the key and its opening quote are complete; an escape split across pieces waits for
 * its rest. Anything after the closing quote is ignored.
 */
export function createFieldReader(field = 'answer'): FieldReader {
  const key = new RegExp(`"${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:\\s*"`);
  let buffer = '';
  let pos = -1; // index in `buffer` of the next undecoded character of the value; -1 while seeking
  let done = false;

  const seek = () => {
    const open = buffer.lastIndexOf('<think>');
    const close = buffer.lastIndexOf('</think>');
    if (open > close) return; // inside a reasoning block: wait for its end
    const from = close >= 0 ? close + '</think>'.length : 0;
    const m = key.exec(buffer.slice(from));
    if (m) pos = from + m.index + m[0].length;
  };

  const decode = (): string => {
    let out = '';
    while (pos < buffer.length) {
      const c = buffer[pos]!;
      if (c === '"') {
        done = true;
        break;
      }
      if (c !== '\\') {
        out += c;
        pos++;
        continue;
      }
      const e = buffer[pos + 1];
      if (e === undefined) break; // the escape continues in the next piece
      if (e !== 'u') {
        out += SIMPLE_ESCAPES[e] ?? e;
        pos += 2;
        continue;
      }
      const hex = buffer.slice(pos + 2, pos + 6);
      if (hex.length < 4) break;
      const code = Number.parseInt(hex, 16);
      if (Number.isNaN(code)) {
        out += `\\u${hex}`;
        pos += 6;
        continue;
      }
      // A high surrogate waits for its low half so no piece ends with half a character.
      if (code >= 0xd800 && code <= 0xdbff) {
        const low = buffer.slice(pos + 6, pos + 12);
        if (low.length < 6) break;
        const lowCode = low.startsWith('\\u') ? Number.parseInt(low.slice(2), 16) : Number.NaN;
        if (lowCode >= 0xdc00 && lowCode <= 0xdfff) {
          out += String.fromCharCode(code, lowCode);
          pos += 12;
          continue;
        }
      }
      out += String.fromCharCode(code);
      pos += 6;
    }
    return out;
  };

  return {
    get done() {
      return done;
    },
    push(delta) {
      if (done || !delta) return '';
      buffer += delta;
      if (pos < 0) seek();
      return pos < 0 ? '' : decode();
    },
  };
}

type StreamingModel = ChatModel & { stream(request: ChatRequest): AsyncIterable<ChatStreamChunk> };

export const canStream = (model: ChatModel): model is StreamingModel => typeof model.stream === 'function';

// Generation numbers per run: every streamed answer call of one run gets the next one.
const generations = new WeakMap<RunContext, number>();

/**
 * A ChatModel whose chat() streams from `model` and passes the decoded "answer" text to
 * `onToken` as it arrives (a failing listener never breaks the answer). The response returned
 * is the stream's final one, so callers see the same ChatResponse as from chat().
 */
export function streamingAnswerModel(model: StreamingModel, context: RunContext, onToken: TokenListener): ChatModel {
  return {
    id: model.id,
    async chat(request) {
      const generation = (generations.get(context) ?? 0) + 1;
      generations.set(context, generation);
      const reader = createFieldReader('answer');
      let final: ChatResponse | undefined;
      for await (const chunk of model.stream(request)) {
        const text = chunk.text ? reader.push(chunk.text) : '';
        if (text) {
          try {
            onToken(text, { generation });
          } catch {
            // a failing listener must never break the answer it observes
          }
        }
        if (chunk.done) final = chunk.done;
      }
      if (!final) throw new RagError('RAG_MODEL_OUTPUT_INVALID', `${model.id}: the answer stream ended without its final message`, { details: { model: model.id } });
      return final;
    },
  };
}
