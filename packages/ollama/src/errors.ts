// Turns whatever the ollama client or fetch threw into a RagError that tells the user what to
// do next: start the server, pull the model, shorten the prompt, raise the timeout.
import { RagError, connectionErrorCode } from '@rag/core';

export interface OllamaErrorContext {
  host: string;
  model: string;
  /** e.g. "chat", "embed", "show" */
  operation: string;
  timeoutMs: number;
  /** The caller's own signal: an abort from it is RAG_ABORTED, not a timeout. */
  signal?: AbortSignal | undefined;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

/** Message of an Ollama `{"error": "..."}` body, or of any Error. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const CONTEXT_OVERFLOW = /context length|context window|exceeds (the )?(maximum )?context|input length exceeds/i;

export function toOllamaError(error: unknown, ctx: OllamaErrorContext): RagError {
  if (RagError.isInstance(error)) return error;
  const base = { host: ctx.host, model: ctx.model, operation: ctx.operation };
  if (ctx.signal?.aborted) {
    return new RagError('RAG_ABORTED', `ollama ${ctx.operation} was aborted`, { cause: error, details: base });
  }
  if (isTimeout(error)) {
    return new RagError(
      'RAG_SERVICE_TIMEOUT',
      `ollama ${ctx.operation} at ${ctx.host} did not answer within ${ctx.timeoutMs} ms (model "${ctx.model}"); raise timeoutMs if the model is still loading`,
      { cause: error, details: { ...base, timeoutMs: ctx.timeoutMs } },
    );
  }
  const status = (error as { status_code?: unknown } | null)?.status_code;
  const message = messageOf(error);
  if (typeof status === 'number') {
    if (status === 404 && /not found/i.test(message)) {
      return new RagError(
        'RAG_MODEL_NOT_FOUND',
        `model "${ctx.model}" is not available on ${ctx.host}: run \`ollama pull ${ctx.model}\` (server said: ${message})`,
        { cause: error, details: { ...base, status, pull: `ollama pull ${ctx.model}` } },
      );
    }
    if (CONTEXT_OVERFLOW.test(message)) {
      return new RagError('RAG_CONTEXT_OVERFLOW', `ollama ${ctx.operation}: input exceeds the context of "${ctx.model}" (server said: ${message})`, {
        cause: error,
        details: { ...base, status },
      });
    }
    if (/does not support (tools|thinking|embeddings|chat|generate|completion)/i.test(message)) {
      return new RagError('RAG_UNSUPPORTED', `model "${ctx.model}": ${message}`, { cause: error, details: { ...base, status } });
    }
    return new RagError('RAG_SERVICE_ERROR', `ollama ${ctx.operation} at ${ctx.host} failed with HTTP ${status}: ${message}`, {
      cause: error,
      details: { ...base, status },
    });
  }
  const code = connectionErrorCode(error);
  // undici reports a socket closed mid-body as TypeError("terminated"); the client reports a
  // stream that ended without its final `done` line. Both mean the server went away.
  if (code !== undefined || /fetch failed|terminated|other side closed|Did not receive done/i.test(message)) {
    return new RagError(
      'RAG_SERVICE_UNAVAILABLE',
      `ollama is not reachable at ${ctx.host}${code ? ` (${code})` : ''} during ${ctx.operation}: start it with \`ollama serve\` or \`docker compose up -d ollama\`, or point OLLAMA_HOST at a running server`,
      { cause: error, details: { ...base, ...(code ? { errno: code } : {}) } },
    );
  }
  if (CONTEXT_OVERFLOW.test(message)) {
    return new RagError('RAG_CONTEXT_OVERFLOW', `ollama ${ctx.operation}: ${message}`, { cause: error, details: base });
  }
  return new RagError('RAG_SERVICE_ERROR', `ollama ${ctx.operation} at ${ctx.host} failed: ${message}`, { cause: error, details: base });
}

/** Connection failures and 5xx are worth another attempt; everything else is not. */
export function isRetryableOllamaError(error: RagError): boolean {
  if (error.code === 'RAG_SERVICE_UNAVAILABLE') return true;
  const status = error.details.status;
  return error.code === 'RAG_SERVICE_ERROR' && typeof status === 'number' && status >= 500;
}
