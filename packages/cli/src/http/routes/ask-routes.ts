// Asking: one JSON answer, or the same answer with its trace (and, with a streaming chat model,
// the answer text as it is written) streamed as server-sent events.
import { RagError, type TokenListener, type TraceEvent } from '@rag/core';
import { streamSSE } from 'hono/streaming';
import { readBody, readQuery, type HttpApp, type RouteContext } from '../http-kit.js';
import { describeRoute } from '../openapi/describe-route.js';
import { AskResultSchema, InfoSchema } from '../openapi/response-schemas.js';
import { AskBodySchema, AskStreamQuerySchema } from '../schemas.js';

export function registerAskRoutes(app: HttpApp, ctx: RouteContext): void {
  const { service } = ctx;
  describeRoute(app, { method: 'get', path: '/api/info', tag: 'meta', summary: 'The store, its size, the methods offered and the default one', response: InfoSchema });
  // The store's directory is shown to this machine only: a remote client has no use for it.
  app.get('/api/info', (c) => {
    const { dir, ...info } = service.info();
    return c.json({ ...(ctx.remote(c).loopback ? { dir } : {}), ...info, writesNeedToken: ctx.tokenRequired });
  });

  describeRoute(app, { method: 'post', path: '/api/ask', tag: 'ask', summary: 'Ask a question; the answer comes with citations, verification and trace', body: AskBodySchema, response: AskResultSchema });
  app.post('/api/ask', ctx.admitAny, ctx.limit(ctx.maxJsonBytes), async (c) => {
    const b = await readBody(c, AskBodySchema);
    const ac = new AbortController();
    c.req.raw.signal.addEventListener('abort', () => ac.abort(), { once: true });
    return c.json(await service.ask({ ...b, signal: ac.signal }));
  });

  describeRoute(app, {
    method: 'get',
    path: '/api/ask/stream',
    tag: 'ask',
    summary: 'Ask as server-sent events: `trace` and `token` events while it runs, then one `result` (or `error`)',
    description:
      'Events: `trace` (a TraceEvent as JSON), `token` (`{"text","generation"}`: answer text as the chat model writes it; sent only by agents whose chat model streams — ' +
      'a new `generation` means the text before it belonged to a discarded attempt), `result` (the AskResult, as POST /api/ask returns it) and `error` (`{"code","message"}`).',
    query: AskStreamQuerySchema,
    responseMedia: { type: 'text/event-stream' },
  });
  app.get('/api/ask/stream', (c) => {
    const q = readQuery(c, AskStreamQuerySchema);
    // Validate the method before opening the stream so a bad one is a plain 400.
    if (q.method !== undefined && !service.stack.methods.has(q.method))
      throw new RagError('RAG_INVALID_INPUT', `method: unknown method "${q.method}"`, { details: { input: 'method' } });
    // A full ask queue is a plain 503 with Retry-After, not an error event inside a stream.
    ctx.admit(q.method);
    return streamSSE(c, async (stream) => {
      const ac = new AbortController();
      stream.onAbort(() => ac.abort());
      const pending: Promise<void>[] = [];
      const onEvent = (e: TraceEvent) => {
        pending.push(stream.writeSSE({ event: 'trace', data: JSON.stringify(e) }));
      };
      const onToken: TokenListener = (text, { generation }) => {
        pending.push(stream.writeSSE({ event: 'token', data: JSON.stringify({ text, generation }) }));
      };
      try {
        const result = await service.ask({ question: q.question, ...(q.method ? { method: q.method } : {}), ...(q.k ? { k: q.k } : {}), onEvent, onToken, signal: ac.signal });
        await Promise.all(pending);
        await stream.writeSSE({ event: 'result', data: JSON.stringify(result) });
      } catch (err) {
        await Promise.all(pending);
        const e = RagError.isInstance(err) ? { code: err.code, message: err.message } : { code: 'RAG_INTERNAL', message: 'internal error' };
        await stream.writeSSE({ event: 'error', data: JSON.stringify(e) });
      }
    });
  });
}
