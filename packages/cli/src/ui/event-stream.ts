// Server-sent events read with fetch instead of EventSource, so the page can send its bearer
// token: a server started with --token (and without --public-reads) answers 401 to an
// EventSource, which cannot set headers. The stream is parsed by eventsource-parser.
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { addToken } from './page-token.js';

export interface EventStreamHandlers {
  /** The response arrived with a 2xx status; events follow. */
  open?(): void;
  /** One event: its name (`message` when the server sent none) and its data. */
  event(name: string, data: string): void;
  /**
   * The stream ended or failed. `message` is the server's problem message when it refused the
   * request (non-2xx), else a description of the connection loss; `status` is the HTTP status
   * when there was a response.
   */
  end(reason: { message?: string; status?: number; opened: boolean }): void;
}

export interface EventStream {
  close(): void;
}

export function openEventStream(url: string, on: EventStreamHandlers): EventStream {
  const abort = new AbortController();
  let opened = false;
  void (async () => {
    let res: Response;
    try {
      res = await fetch(url, { headers: addToken(new Headers({ accept: 'text/event-stream' })), signal: abort.signal });
    } catch (error) {
      if (!abort.signal.aborted) on.end({ message: (error as Error).message, opened });
      return;
    }
    if (!res.ok || !res.body) {
      const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
      on.end({ message: body.error?.message ?? `${res.status} ${res.statusText}`, status: res.status, opened });
      return;
    }
    opened = true;
    on.open?.();
    try {
      const reader = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        on.event(value.event ?? 'message', value.data);
      }
      if (!abort.signal.aborted) on.end({ opened });
    } catch (error) {
      if (!abort.signal.aborted) on.end({ message: (error as Error).message, opened });
    }
  })();
  return { close: () => abort.abort() };
}
