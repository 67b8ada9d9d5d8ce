// Turns what the openai client threw into a RagError that says what to do next.
import { RagError, connectionErrorCode } from '@rag/core';
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } from 'openai';

export interface OpenAIErrorContext {
  baseURL: string;
  model: string;
  operation: string;
  signal?: AbortSignal | undefined;
}

const CONTEXT_OVERFLOW = /context length|context window|maximum context|too many tokens|exceeds (the )?(maximum )?context/i;

export function toOpenAIError(error: unknown, ctx: OpenAIErrorContext): RagError {
  if (RagError.isInstance(error)) return error;
  const base = { baseURL: ctx.baseURL, model: ctx.model, operation: ctx.operation };
  const e = error as { name?: string; status?: unknown; message?: string } | null;
  const message = e?.message ?? String(error);
  if (ctx.signal?.aborted || error instanceof APIUserAbortError || e?.name === 'AbortError')
    return new RagError('RAG_ABORTED', `openai ${ctx.operation} was aborted`, { cause: error, details: base });
  if (error instanceof APIConnectionTimeoutError || e?.name === 'TimeoutError')
    return new RagError('RAG_SERVICE_TIMEOUT', `openai-compatible ${ctx.operation} at ${ctx.baseURL} timed out (model "${ctx.model}")`, { cause: error, details: base });
  const status = typeof e?.status === 'number' ? e.status : undefined;
  if (status !== undefined) {
    if (status === 401 || status === 403)
      return new RagError('RAG_CONFIG', `openai-compatible server at ${ctx.baseURL} refused the key (HTTP ${status}): set OPENAI_API_KEY`, { cause: error, details: { ...base, status } });
    if (status === 404)
      return new RagError('RAG_MODEL_NOT_FOUND', `model "${ctx.model}" is not served at ${ctx.baseURL} (HTTP 404: ${message}); check OPENAI_CHAT_MODEL / OPENAI_EMBED_MODEL against GET /models`, {
        cause: error,
        details: { ...base, status },
      });
    if (CONTEXT_OVERFLOW.test(message)) return new RagError('RAG_CONTEXT_OVERFLOW', `openai ${ctx.operation}: input exceeds the context of "${ctx.model}" (${message})`, { cause: error, details: { ...base, status } });
    return new RagError('RAG_SERVICE_ERROR', `openai-compatible ${ctx.operation} at ${ctx.baseURL} failed with HTTP ${status}: ${message}`, { cause: error, details: { ...base, status } });
  }
  const code = connectionErrorCode(error) ?? connectionErrorCode((error as { cause?: unknown } | null)?.cause);
  if (code !== undefined || error instanceof APIConnectionError || /fetch failed|terminated|ECONNREFUSED/i.test(message))
    return new RagError('RAG_SERVICE_UNAVAILABLE', `openai-compatible server not reachable at ${ctx.baseURL}${code ? ` (${code})` : ''} during ${ctx.operation}: start it or fix OPENAI_BASE_URL`, {
      cause: error,
      details: { ...base, ...(code ? { errno: code } : {}) },
    });
  return new RagError('RAG_SERVICE_ERROR', `openai-compatible ${ctx.operation} at ${ctx.baseURL} failed: ${message}`, { cause: error, details: base });
}
