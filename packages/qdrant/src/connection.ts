// One Qdrant connection as the adapters use it: the official REST client, option checks, and
// `call`, which runs one request, maps whatever it throws to a RagError and retries per policy.
// Shared by the VectorStore and the KeywordIndex so both fail, retry and report alike.
import { QdrantClient } from '@qdrant/js-client-rest';
import { RagError, withRetry } from '@rag/core';
import { isRetryableQdrantError, toQdrantError } from './errors.js';

export const DEFAULT_QDRANT_URL = 'http://127.0.0.1:6333';

export interface QdrantConnectionOptions {
  /** Server URL. Default `http://127.0.0.1:6333`. */
  url?: string;
  /** Sent as the `api-key` header (Qdrant Cloud, or a server with service.api_key set). */
  apiKey?: string;
  /** Points per write request. Default 256. */
  batchSize?: number;
  /** Per-request deadline in ms. Default 30000. */
  timeoutMs?: number;
  /** Extra attempts on connection errors and HTTP 5xx. Default 2. */
  retries?: number;
  /** First backoff delay in ms; doubles per retry. Default 250. */
  retryBaseDelayMs?: number;
  /**
   * The client's version check against the server. Default false: it runs as a fire-and-forget
   * request at construction and can only console.warn (also when the server is merely not up
   * yet), which is noise in CLIs and tests; API incompatibilities surface as request errors.
   */
  checkCompatibility?: boolean;
  /** A ready client (then url/apiKey/timeoutMs/checkCompatibility are not used for it). */
  client?: QdrantClient;
  /** Called before each retry. */
  onRetry?: (error: RagError, attempt: number, delayMs: number) => void;
}

export interface QdrantConnection {
  client: QdrantClient;
  url: string;
  collection: string;
  batchSize: number;
  /** One request, mapped to a RagError, retried per policy. */
  call<T>(operation: string, fn: () => Promise<T>): Promise<T>;
}

export function positiveInt(owner: string, name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min)
    throw new RagError('RAG_INVALID_INPUT', `${owner}: ${name}: must be an integer >= ${min}, got ${value}`, {
      details: { input: name, value },
    });
  return value;
}

/** Checks the options and builds the client; no request is made here. `owner` names the caller in errors. */
export function connectQdrant(owner: string, collection: string, options: QdrantConnectionOptions): QdrantConnection {
  const url = (options.url ?? DEFAULT_QDRANT_URL).replace(/\/$/, '');
  if (!/^[A-Za-z0-9_-]{1,255}$/.test(collection))
    throw new RagError('RAG_INVALID_INPUT', `${owner}: collection: "${collection}" must be 1-255 letters, digits, "_" or "-"`, {
      details: { input: 'collection' },
    });
  const batchSize = positiveInt(owner, 'batchSize', options.batchSize, 256);
  const timeoutMs = positiveInt(owner, 'timeoutMs', options.timeoutMs, 30_000);
  const retries = positiveInt(owner, 'retries', options.retries, 2, 0);
  const baseDelayMs = positiveInt(owner, 'retryBaseDelayMs', options.retryBaseDelayMs, 250, 0);
  let client: QdrantClient;
  try {
    client =
      options.client ??
      new QdrantClient({
        url,
        ...(options.apiKey ? { apiKey: options.apiKey } : {}),
        timeout: timeoutMs,
        checkCompatibility: options.checkCompatibility ?? false,
      });
  } catch (cause) {
    throw new RagError('RAG_CONFIG', `${owner}: url: "${url}" is not usable: ${(cause as Error).message}`, {
      cause,
      details: { input: 'url' },
    });
  }
  const call = <T>(operation: string, fn: () => Promise<T>): Promise<T> =>
    withRetry(
      async () => {
        try {
          return await fn();
        } catch (error) {
          throw toQdrantError(error, { url, collection, operation, timeoutMs });
        }
      },
      { retries, baseDelayMs, maxDelayMs: 4_000, isRetryable: isRetryableQdrantError, ...(options.onRetry ? { onRetry: options.onRetry } : {}) },
    );
  return { client, url, collection, batchSize, call };
}

/** Whether a create-collection error only says that another process created it first. */
export function isAlreadyExists(error: unknown): boolean {
  return RagError.isInstance(error) && (error.details.status === 409 || /already exists/i.test(error.message));
}
