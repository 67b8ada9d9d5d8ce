// One question asked from the web UI over GET /api/ask/stream (server-sent events): trace
// events and answer tokens as they happen, then the result — or an error, whichever way the ask
// fails: an `error` event from the server, a refused request, or a connection lost mid-answer.
import type { TraceEvent } from '@rag/core';
import type { AskResult } from '../types.js';

export interface AskHandlers {
  trace(event: TraceEvent): void;
  /** Answer text as the chat model writes it; a new `generation` replaces the text before it. */
  token(text: string, generation: number): void;
  result(result: AskResult): void;
  error(message: string): void;
}

export interface AskSession {
  close(): void;
}

export function openAskSession(params: { question: string; method: string }, on: AskHandlers): AskSession {
  const source = new EventSource(`/api/ask/stream?${new URLSearchParams(params)}`);
  let opened = false;
  let finished = false;
  const finish = () => {
    finished = true;
    source.close();
  };
  const data = (e: Event) => JSON.parse((e as MessageEvent<string>).data) as unknown;
  source.addEventListener('open', () => (opened = true));
  source.addEventListener('trace', (e) => on.trace(data(e) as TraceEvent));
  source.addEventListener('token', (e) => {
    const t = data(e) as { text: string; generation: number };
    on.token(t.text, t.generation);
  });
  source.addEventListener('result', (e) => {
    finish();
    on.result(data(e) as AskResult);
  });
  // Both the server's `error` event (with data) and EventSource's own connection error land here.
  source.addEventListener('error', (e) => {
    if (finished) return;
    finish();
    const raw = (e as MessageEvent<string>).data;
    let message = opened ? 'the connection to the server was lost before the answer arrived' : 'the server refused the question or could not be reached';
    if (typeof raw === 'string' && raw) {
      try {
        message = (JSON.parse(raw) as { message?: string }).message ?? message;
      } catch {
        // keep the generic message
      }
    }
    on.error(message);
  });
  return { close: finish };
}
