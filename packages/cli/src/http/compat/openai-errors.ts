// Errors of the OpenAI-compatible endpoints in OpenAI's shape,
// `{ error: { message, type, param, code } }`, so OpenAI clients raise their usual exceptions.
import { RagError } from '@rag/core';
import type { Context } from 'hono';

type Status = 400 | 404 | 413 | 422 | 500 | 503;

/** A RAG error code as an HTTP status, an OpenAI error type and code. */
const BY_CODE: Record<string, { status: Status; type: string; code: string | null }> = {
  RAG_INVALID_INPUT: { status: 400, type: 'invalid_request_error', code: null },
  RAG_EMPTY_TEXT: { status: 400, type: 'invalid_request_error', code: null },
  RAG_INVALID_TEXT: { status: 400, type: 'invalid_request_error', code: null },
  RAG_UNSUPPORTED: { status: 400, type: 'invalid_request_error', code: 'unsupported' },
  RAG_NOT_FOUND: { status: 404, type: 'invalid_request_error', code: 'model_not_found' },
  RAG_TOO_LARGE: { status: 413, type: 'invalid_request_error', code: 'request_too_large' },
  RAG_BUDGET_EXCEEDED: { status: 422, type: 'invalid_request_error', code: 'budget_exceeded' },
  RAG_SERVICE_UNAVAILABLE: { status: 503, type: 'api_error', code: 'service_unavailable' },
};

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** The status and body for any error thrown while serving an OpenAI-compatible request. */
export function openAIError(err: unknown): { status: Status; body: OpenAIErrorBody } {
  if (RagError.isInstance(err)) {
    const m = BY_CODE[err.code];
    const input = (err.details as { input?: unknown } | undefined)?.input;
    if (m) return { status: m.status, body: { error: { message: err.message, type: m.type, param: typeof input === 'string' ? input : null, code: m.code } } };
  }
  return { status: 500, body: { error: { message: 'internal error', type: 'api_error', param: null, code: 'internal_error' } } };
}

/** Seconds a client should wait before retrying, when the error says (a full ask queue). */
export function retryAfterOf(err: unknown): number | undefined {
  if (!RagError.isInstance(err)) return undefined;
  const s = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof s === 'number' && Number.isFinite(s) ? s : undefined;
}

/** Sets `Retry-After` on a 503 the ask queue gave, as the native API does. */
export function setRetryAfter(c: Context, err: unknown): void {
  const s = retryAfterOf(err);
  if (s !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(s))));
}

export function openAIErrorResponse(c: Context, err: unknown) {
  const { status, body } = openAIError(err);
  setRetryAfter(c, err);
  return c.json(body, status);
}
