// Ollama-compatible endpoints, so Ollama clients (the `ollama` libraries, Open WebUI's Ollama
// connection) can ask the store: GET /api/tags lists each method as the model `rag:<method>`,
// POST /api/chat answers the last user message with it (NDJSON lines `done: false` … then one
// `done: true` line with Ollama's timing and count fields; Ollama streams unless `stream` is
// false), GET /api/version answers the version probe. Errors are Ollama's `{ "error": "…" }`.
// These are reads: they need no write token, and the cross-site / Host guard applies.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { stream as streamBody } from 'hono/streaming';
import type { AskResult } from '../../types.js';
import { askEvents, type AskEvent } from '../compat/ask-events.js';
import { compatModels, MODEL_PREFIX, methodOfModel } from '../compat/compat-models.js';
import { OllamaChatBodySchema, OllamaChatResponseSchema, OllamaChatStreamEventSchema, OllamaErrorSchema, OllamaTagsSchema, OllamaVersionSchema } from '../compat/ollama-schemas.js';
import { openAIError, setRetryAfter } from '../compat/openai-errors.js';
import { questionOf } from '../compat/question-of.js';
import { compatAdmitAny, compatBodyLimit, readCompatBody } from '../compat/read-compat-body.js';
import { createReplyStream } from '../compat/reply-stream.js';
import { ragField, replyText } from '../compat/reply-text.js';
import type { HttpApp, RouteContext } from '../http-kit.js';
import { API_VERSION } from '../openapi/api-document.js';
import { describeRoute } from '../openapi/describe-route.js';

/** Same statuses as the OpenAI dialect; Ollama's body is just the message. */
function ollamaErrorResponse(c: Context, err: unknown) {
  const { status, body } = openAIError(err);
  setRetryAfter(c, err);
  return c.json({ error: body.error.message }, status);
}

const ns = (ms: number) => Math.max(0, Math.round(ms * 1e6));

/**
 * Ollama's closing fields: durations in ns — everything before the first answer token counts as
 * prompt evaluation (retrieval, checks), the time from it to the end as evaluation (0 when the
 * answer was not streamed) — and token counts from the cost meter (0 without a chat model).
 */
function stats(result: AskResult, t0: number, firstToken: number | undefined, end: number) {
  const writing = firstToken ?? end;
  return {
    done_reason: 'stop',
    total_duration: ns(end - t0),
    load_duration: 0,
    prompt_eval_count: result.cost.tokensIn,
    prompt_eval_duration: ns(writing - t0),
    eval_count: result.cost.tokensOut,
    eval_duration: ns(end - writing),
  };
}

export function registerOllamaCompatRoutes(app: HttpApp, ctx: RouteContext): void {
  const { service } = ctx;

  describeRoute(app, { method: 'get', path: '/api/version', tag: 'compat', summary: 'Ollama-compatible version probe: the version of this server', response: OllamaVersionSchema });
  app.get('/api/version', (c) => c.json({ version: API_VERSION }));

  describeRoute(app, { method: 'get', path: '/api/tags', tag: 'compat', summary: 'Ollama-compatible: the methods of the store as models (`rag:<method>`)', response: OllamaTagsSchema, errorBody: OllamaErrorSchema });
  app.get('/api/tags', (c) => {
    const updated = service.stack.index.manifest().updatedAt;
    return c.json({
      models: compatModels(service).map((m) => ({
        name: m.id,
        model: m.id,
        modified_at: updated,
        size: 0,
        digest: createHash('sha256').update(`${m.id}\n${updated}`).digest('hex'),
        details: { format: 'rag', family: m.kind, families: ['rag', m.kind], parameter_size: '', quantization_level: '' },
      })),
    });
  });

  describeRoute(app, {
    method: 'post',
    path: '/api/chat',
    tag: 'compat',
    summary: 'Ollama-compatible chat: the last user message is the question, the model names the method',
    description:
      'Streams NDJSON unless `"stream": false`: lines with `done: false` carry answer text as the chat model writes it (when it streams), the last line has `done: true`, ' +
      "Ollama's duration and count fields and the structured result in `rag`. The answer text ends with its sources and verification; retrievers reply with their top passages. " +
      '`format`, `options`, `keep_alive`, `think` and `tools` are accepted and ignored. Needs no write token.',
    body: OllamaChatBodySchema,
    response: OllamaChatResponseSchema,
    responseMedia: { type: 'application/x-ndjson', schema: OllamaChatStreamEventSchema.describe('One JSON object per line') },
    errorBody: OllamaErrorSchema,
    errorStatuses: [
      { status: 404, description: 'Unknown model (GET /api/tags lists them)' },
      { status: 503, description: 'A service the method needs (chat model, vector store) is unavailable' },
    ],
  });
  app.post('/api/chat', compatAdmitAny(ctx.busyForAny, ollamaErrorResponse), compatBodyLimit(ctx.maxJsonBytes, ollamaErrorResponse), async (c) => {
    try {
      const t0 = performance.now();
      const body = await readCompatBody(c, OllamaChatBodySchema);
      const method = methodOfModel(service, body.model);
      const question = questionOf(body.messages);
      const ac = new AbortController();
      c.req.raw.signal.addEventListener('abort', () => ac.abort(), { once: true });
      const model = `${MODEL_PREFIX}${method}`;
      const line = (content: string, done: boolean, extra: Record<string, unknown> = {}) => ({ model, created_at: new Date().toISOString(), message: { role: 'assistant', content }, done, ...extra });
      const events = askEvents(service, { question, method, signal: ac.signal });
      // Wait for the first token (or the whole result): a failure before any output is a plain HTTP error.
      const first = (await events.next()).value as AskEvent;
      if (first.type === 'error') throw first.error;
      const firstToken = first.type === 'token' ? performance.now() : undefined;

      if (body.stream === false) {
        let e: AskEvent = first;
        for await (const next of events) e = next;
        if (e.type === 'error') throw e.error;
        if (e.type !== 'result') throw new Error('ask ended without a result');
        return c.json(line(replyText(e.result), true, { ...stats(e.result, t0, firstToken, performance.now()), rag: ragField(e.result) }));
      }

      c.header('Content-Type', 'application/x-ndjson');
      return streamBody(c, async (out) => {
        out.onAbort(() => ac.abort());
        const write = (o: unknown) => out.write(`${JSON.stringify(o)}\n`);
        const reply = createReplyStream();
        const handle = async (e: AskEvent): Promise<boolean> => {
          if (e.type === 'token') {
            await write(line(reply.token(e.text, e.generation), false));
            return false;
          }
          if (e.type === 'error') {
            await write({ error: openAIError(e.error).body.error.message });
            return true;
          }
          const tail = reply.finish(e.result);
          if (tail) await write(line(tail, false));
          await write(line('', true, { ...stats(e.result, t0, firstToken, performance.now()), rag: ragField(e.result) }));
          return true;
        };
        if (await handle(first)) return;
        for await (const e of events) if (await handle(e)) return;
      });
    } catch (err) {
      return ollamaErrorResponse(c, err);
    }
  });
}
