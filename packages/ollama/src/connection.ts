// How every call reaches the server: the official client, built per call around a fetch that
// carries the call's deadline and the caller's abort signal (the client itself takes neither
// for non-streamed requests), plus the retry policy.
import { RagError, withRetry } from '@rag/core';
import { Ollama } from 'ollama';
import { isRetryableOllamaError, toOllamaError } from './errors.js';


export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';

export interface OllamaConnectionOptions {
  /** Server address. Default `http://127.0.0.1:11434` (Ollama's own default). */
  host?: string;
  /** fetch implementation; tests point it at a wire-format fake. Default: global fetch. */
  fetch?: typeof fetch;
  /** Extra HTTP headers, e.g. a bearer token for a proxy in front of Ollama. */
  headers?: Record<string, string>;
  /** Per-request deadline in ms (for streams: the longest silence between two chunks). Default 120000. */
  timeoutMs?: number;
  /** Extra attempts on connection errors and HTTP 5xx. Default 2. */
  retries?: number;
  /** First backoff delay in ms; doubles per retry. Default 250. */
  retryBaseDelayMs?: number;
  /** Cap of one backoff delay in ms. Default 4000. */
  retryMaxDelayMs?: number;
  /** How long Ollama keeps the model loaded after a call (`"5m"`, seconds, `-1` = forever). Default: server default. */
  keepAlive?: string | number;
  /** Called before each retry, e.g. to record it in a trace. */
  onRetry?: (error: RagError, attempt: number, delayMs: number) => void;
}

export interface OllamaConnection {
  readonly host: string;
  readonly timeoutMs: number;
  readonly keepAlive: string | number | undefined;
  /** Runs `fn` with a fresh client whose requests obey the deadline and `signal`, retrying per policy. */
  call<T>(operation: string, model: string, fn: (client: Ollama) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** A client whose requests are bound to `signal` only (the caller manages the deadline). */
  clientFor(signal: AbortSignal): Ollama;
  retry<T>(operation: string, model: string, fn: (attempt: number) => Promise<T>, signal?: AbortSignal): Promise<T>;
  toError(error: unknown, operation: string, model: string, signal?: AbortSignal): RagError;
}

function positive(name: string, value: number | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0))
    throw new RagError('RAG_INVALID_INPUT', `${name}: must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${value}`, {
      details: { input: name, value },
    });
  return value;
}

export function normaliseHost(host: string | undefined): string {
  const raw = (host ?? DEFAULT_OLLAMA_HOST).trim();
  if (raw === '') return DEFAULT_OLLAMA_HOST;
  // OLLAMA_HOST is often written as "0.0.0.0:11434" or "localhost"; the client accepts both.
  const withScheme = raw.includes('://') ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch (cause) {
    throw new RagError('RAG_CONFIG', `host: "${raw}" is not a valid URL`, { cause, details: { input: 'host', value: raw } });
  }
  if (!url.port && !raw.includes('://')) url.port = '11434';
  return url.toString().replace(/\/$/, '');
}

export function createOllamaConnection(options: OllamaConnectionOptions = {}): OllamaConnection {
  const host = normaliseHost(options.host);
  const timeoutMs = positive('timeoutMs', options.timeoutMs, 120_000);
  const retries = Math.floor(positive('retries', options.retries, 2, true));
  const baseDelayMs = positive('retryBaseDelayMs', options.retryBaseDelayMs, 250, true);
  const maxDelayMs = positive('retryMaxDelayMs', options.retryMaxDelayMs, 4_000, true);
  const baseFetch = options.fetch ?? globalThis.fetch;

  const boundFetch =
    (signals: AbortSignal[]): typeof fetch =>
    async (input, init) => {
      const all = init?.signal ? [...signals, init.signal] : signals;
      const response = await baseFetch(input, { ...init, signal: AbortSignal.any(all) });
      if (response.ok || response.headers.get('content-type')?.includes('application/json')) return response;
      // A proxy in front of Ollama may answer errors as text/html; the client would console.log
      // while reading it. Hand it Ollama's own error shape instead.
      const text = (await response.text()).trim().slice(0, 500);
      return new Response(JSON.stringify({ error: text || `HTTP ${response.status}` }), {
        status: response.status,
        statusText: response.statusText,
        headers: { 'content-type': 'application/json' },
      });
    };
  const makeClient = (signals: AbortSignal[]) =>
    new Ollama({ host, fetch: boundFetch(signals), ...(options.headers ? { headers: options.headers } : {}) });

  const connection: OllamaConnection = {
    host,
    timeoutMs,
    keepAlive: options.keepAlive,
    toError: (error, operation, model, signal) => toOllamaError(error, { host, model, operation, timeoutMs, signal }),
    clientFor: (signal) => makeClient([signal]),
    retry(_operation, _model, fn, signal) {
      return withRetry(fn, {
        retries,
        baseDelayMs,
        maxDelayMs,
        ...(signal ? { signal } : {}),
        isRetryable: isRetryableOllamaError,
        onRetry: (error, attempt, delay) => {
          error.details.retrying = { attempt, delayMs: delay };
          options.onRetry?.(error, attempt, delay);
        },
      });
    },
    call(operation, model, fn, signal) {
      return connection.retry(
        operation,
        model,
        async () => {
          const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
          try {
            return await fn(makeClient(signals));
          } catch (error) {
            throw connection.toError(error, operation, model, signal);
          }
        },
        signal,
      );
    },
  };
  return connection;
}
