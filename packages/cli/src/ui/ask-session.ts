// One question asked from the web UI over GET /api/ask/stream (server-sent events, read with
// fetch so the page's bearer token goes along): trace events and answer tokens as they happen,
// then the result — or an error, whichever way the ask fails: an `error` event from the server,
// a refused request (its problem message), or a connection lost mid-answer.
import type { TraceEvent } from '@rag/core';
import type { AskResult } from '../types.js';
import { openEventStream } from './event-stream.js';

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
  let finished = false;
  const data = (raw: string) => JSON.parse(raw) as unknown;
  const stream = openEventStream(`/api/ask/stream?${new URLSearchParams(params)}`, {
    event(name, raw) {
      if (finished) return;
      if (name === 'trace') on.trace(data(raw) as TraceEvent);
      else if (name === 'token') {
        const t = data(raw) as { text: string; generation: number };
        on.token(t.text, t.generation);
      } else if (name === 'result') {
        finish();
        on.result(data(raw) as AskResult);
      } else if (name === 'error') {
        // The server's own `error` event, with a problem message.
        finish();
        let message = 'the server could not answer';
        try {
          message = (JSON.parse(raw) as { message?: string }).message ?? message;
        } catch {
          // keep the generic message
        }
        on.error(message);
      }
    },
    end({ message, status, opened }) {
      if (finished) return;
      finished = true;
      if (status !== undefined) on.error(`the server refused the question (${status})${message ? `: ${message}` : ''}`);
      else on.error(opened ? 'the connection to the server was lost before the answer arrived' : `the server could not be reached${message ? ` (${message})` : ''}`);
    },
  });
  function finish() {
    finished = true;
    stream.close();
  }
  return { close: finish };
}
