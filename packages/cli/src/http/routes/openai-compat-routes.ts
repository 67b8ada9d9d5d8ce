// OpenAI-compatible endpoints, so OpenAI clients (the `openai` SDKs, Open WebUI, editors) can ask
// the store: GET /v1/models lists each method as the model `rag:<method>`; POST
// /v1/chat/completions answers the last user message with that method, as one
// `chat.completion` or, with `stream: true`, as `chat.completion.chunk` server-sent events
// ending in `data: [DONE]`. The answer text carries its sources and verification readably; the
// structured result is the extra `rag` field. Errors use OpenAI's error shape. These are reads:
// they need no write token, and the cross-site / Host guard applies as to every route.
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AskResult } from '../../types.js';
import { askEvents, type AskEvent } from '../compat/ask-events.js';
import { compatModels, MODEL_PREFIX, methodOfModel, type CompatModel } from '../compat/compat-models.js';
import { openAIError, openAIErrorResponse } from '../compat/openai-errors.js';
import { ChatCompletionBodySchema, ChatCompletionChunkSchema, ChatCompletionSchema, OpenAIErrorSchema, OpenAIModelListSchema, OpenAIModelSchema } from '../compat/openai-schemas.js';
import { questionOf, type PlainMessage } from '../compat/question-of.js';
import { compatAdmitAny, compatBodyLimit, readCompatBody } from '../compat/read-compat-body.js';
import { createReplyStream } from '../compat/reply-stream.js';
import { ragField, replyText } from '../compat/reply-text.js';
import type { HttpApp, RouteContext } from '../http-kit.js';
import { describeRoute } from '../openapi/describe-route.js';

const seconds = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? Math.floor(Date.now() / 1000) : Math.floor(t / 1000);
};

/** OpenAI message content (a string or text parts) as plain text. */
const plain = (m: { role: string; content?: string | { type: string; text?: string }[] | null }): PlainMessage => ({
  role: m.role,
  content: typeof m.content === 'string' ? m.content : (m.content ?? []).flatMap((p) => (p.type === 'text' && typeof p.text === 'string' ? [p.text] : [])).join('\n'),
});

const usageOf = (r: AskResult) => ({ prompt_tokens: r.cost.tokensIn, completion_tokens: r.cost.tokensOut, total_tokens: r.cost.tokensIn + r.cost.tokensOut });

export function registerOpenAICompatRoutes(app: HttpApp, ctx: RouteContext): void {
  const { service } = ctx;
  const modelOf = (m: CompatModel) => ({ id: m.id, object: 'model' as const, created: seconds(service.stack.index.manifest().createdAt), owned_by: 'rag', description: m.description });

  describeRoute(app, {
    method: 'get',
    path: '/v1/models',
    tag: 'compat',
    summary: 'OpenAI-compatible: the methods of the store as models (`rag:<method>`)',
    response: OpenAIModelListSchema,
    errorBody: OpenAIErrorSchema,
  });
  app.get('/v1/models', (c) => c.json({ object: 'list', data: compatModels(service).map(modelOf) }));

  describeRoute(app, {
    method: 'get',
    path: '/v1/models/:model',
    tag: 'compat',
    summary: 'OpenAI-compatible: one model (`rag:<method>`)',
    response: OpenAIModelSchema,
    errorBody: OpenAIErrorSchema,
  });
  app.get('/v1/models/:model', (c) => {
    try {
      const method = methodOfModel(service, c.req.param('model'));
      return c.json(modelOf(compatModels(service).find((m) => m.method === method)!));
    } catch (err) {
      return openAIErrorResponse(c, err);
    }
  });

  describeRoute(app, {
    method: 'post',
    path: '/v1/chat/completions',
    tag: 'compat',
    summary: 'OpenAI-compatible chat: the last user message is the question, the model names the method',
    description:
      'Returns a `chat.completion` whose assistant message is the answer followed by its sources ("[1] Title — “quote”") and verification; the structured result is in `rag`. ' +
      'Retrievers (`rag:bm25`, …) reply with their top passages. With `"stream": true`: `chat.completion.chunk` server-sent events (answer tokens as the chat model writes them, ' +
      'when it streams), the last chunk with `finish_reason: "stop"` and `rag`, then `data: [DONE]`. Sampling options (`max_tokens`, `temperature`, …) are accepted and ignored. ' +
      'Needs no write token.',
    body: ChatCompletionBodySchema,
    response: ChatCompletionSchema,
    responseMedia: { type: 'text/event-stream', schema: ChatCompletionChunkSchema.describe('Each `data:` line holds one chunk; the stream ends with `data: [DONE]`') },
    errorBody: OpenAIErrorSchema,
    errorStatuses: [
      { status: 404, description: 'Unknown model (GET /v1/models lists them)' },
      { status: 503, description: 'A service the method needs (chat model, vector store) is unavailable' },
    ],
  });
  app.post('/v1/chat/completions', compatAdmitAny(ctx.busyForAny, openAIErrorResponse), compatBodyLimit(ctx.maxJsonBytes, openAIErrorResponse), async (c) => {
    try {
      const body = await readCompatBody(c, ChatCompletionBodySchema);
      const method = methodOfModel(service, body.model);
      const question = questionOf(body.messages.map(plain));
      const ac = new AbortController();
      c.req.raw.signal.addEventListener('abort', () => ac.abort(), { once: true });
      const head = { id: `chatcmpl-${randomUUID()}`, created: Math.floor(Date.now() / 1000), model: `${MODEL_PREFIX}${method}` };
      if (!body.stream) {
        const result = await service.ask({ question, method, signal: ac.signal });
        return c.json({
          ...head,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: replyText(result), refusal: null }, finish_reason: 'stop', logprobs: null }],
          usage: usageOf(result),
          rag: ragField(result),
        });
      }
      // Wait for the first token (or the whole result): a failure before any output is a plain HTTP error.
      const events = askEvents(service, { question, method, signal: ac.signal });
      const first = (await events.next()).value as AskEvent;
      if (first.type === 'error') throw first.error;
      return streamChunks(c, head, first, events, ac, body.stream_options?.include_usage === true);
    } catch (err) {
      return openAIErrorResponse(c, err);
    }
  });
}

function streamChunks(c: Context, head: { id: string; created: number; model: string }, first: AskEvent, rest: AsyncIterable<AskEvent>, ac: AbortController, includeUsage: boolean) {
  return streamSSE(c, async (stream) => {
    stream.onAbort(() => ac.abort());
    const chunk = (delta: { role?: 'assistant'; content?: string }, finish: 'stop' | null, extra: Record<string, unknown> = {}) =>
      stream.writeSSE({
        data: JSON.stringify({ ...head, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }], ...(includeUsage ? { usage: null } : {}), ...extra }),
      });
    const reply = createReplyStream();
    await chunk({ role: 'assistant', content: '' }, null);
    const handle = async (e: AskEvent): Promise<boolean> => {
      if (e.type === 'token') {
        await chunk({ content: reply.token(e.text, e.generation) }, null);
        return false;
      }
      if (e.type === 'error') {
        // Headers are sent: the error travels as a data line, as OpenAI's own streams do.
        await stream.writeSSE({ data: JSON.stringify(openAIError(e.error).body) });
        return true;
      }
      const tail = reply.finish(e.result);
      if (tail) await chunk({ content: tail }, null);
      await chunk({}, 'stop', { rag: ragField(e.result) });
      if (includeUsage) await stream.writeSSE({ data: JSON.stringify({ ...head, object: 'chat.completion.chunk', choices: [], usage: usageOf(e.result) }) });
      await stream.writeSSE({ data: '[DONE]' });
      return true;
    };
    if (await handle(first)) return;
    for await (const e of rest) if (await handle(e)) return;
  });
}
