// Whatever the Qdrant client or fetch threw, as a RagError that says what to do next.
import { RagError, connectionErrorCode } from '@rag/core';

export interface QdrantErrorContext {
  url: string;
  collection: string;
  operation: string;
  timeoutMs: number;
}

/** Qdrant's error body is `{"status": {"error": "..."}, "time": …}`. */
function serverMessage(data: unknown): string | undefined {
  if (typeof data === 'string') return data.slice(0, 300);
  const status = (data as { status?: unknown } | null)?.status;
  const error = (status as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error : undefined;
}

export function toQdrantError(error: unknown, ctx: QdrantErrorContext): RagError {
  if (RagError.isInstance(error)) return error;
  const base = { url: ctx.url, collection: ctx.collection, operation: ctx.operation };
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'QdrantClientTimeoutError' || name === 'TimeoutError')
    return new RagError(
      'RAG_SERVICE_TIMEOUT',
      `qdrant ${ctx.operation} on "${ctx.collection}" at ${ctx.url} did not answer within ${ctx.timeoutMs} ms`,
      { cause: error, details: { ...base, timeoutMs: ctx.timeoutMs } },
    );
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') {
    const said = serverMessage((error as { data?: unknown }).data) ?? message;
    if (status === 401 || status === 403)
      return new RagError('RAG_CONFIG', `qdrant at ${ctx.url} refused the request (HTTP ${status}): check QDRANT_API_KEY`, {
        cause: error,
        details: { ...base, status },
      });
    if (status === 404)
      return new RagError('RAG_NOT_FOUND', `qdrant ${ctx.operation}: ${said}`, { cause: error, details: { ...base, status } });
    return new RagError('RAG_SERVICE_ERROR', `qdrant ${ctx.operation} on "${ctx.collection}" at ${ctx.url} failed with HTTP ${status}: ${said}`, {
      cause: error,
      details: { ...base, status },
    });
  }
  const code = connectionErrorCode(error);
  if (code !== undefined || /fetch failed|terminated|other side closed/i.test(message))
    return new RagError(
      'RAG_SERVICE_UNAVAILABLE',
      `qdrant is not reachable at ${ctx.url}${code ? ` (${code})` : ''} during ${ctx.operation}: start it with \`docker compose up -d qdrant\`, or point QDRANT_URL at a running server`,
      { cause: error, details: { ...base, ...(code ? { errno: code } : {}) } },
    );
  return new RagError('RAG_SERVICE_ERROR', `qdrant ${ctx.operation} on "${ctx.collection}" at ${ctx.url} failed: ${message}`, {
    cause: error,
    details: base,
  });
}

/** Connection failures and 5xx may pass on a second try; our writes are idempotent, so retrying is safe. */
export function isRetryableQdrantError(error: RagError): boolean {
  if (error.code === 'RAG_SERVICE_UNAVAILABLE') return true;
  const status = error.details.status;
  return error.code === 'RAG_SERVICE_ERROR' && typeof status === 'number' && status >= 500;
}
