// Bounded retries with exponential backoff. Only failures that a second attempt can fix are
// retried (connection refused/reset, 5xx); timeouts are not, because a hung server retried
// would multiply the wait the caller already chose to bound.
import { RagError } from '../errors.js';

export interface RetryOptions {
  /** Extra attempts after the first one. */
  retries: number;
  /** Delay before the first retry; doubles on each further retry. */
  baseDelayMs: number;
  /** Upper bound of one delay. */
  maxDelayMs: number;
  signal?: AbortSignal;
  isRetryable(error: RagError): boolean;
  onRetry?(error: RagError, attempt: number, delayMs: number): void;
}

export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new RagError('RAG_ABORTED', 'the request was aborted', { cause: signal.reason }));
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(new RagError('RAG_ABORTED', 'the request was aborted', { cause: signal?.reason }));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs `attempt` until it succeeds, fails with a non-retryable RagError, or retries run out. */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!RagError.isInstance(error) || n >= options.retries || !options.isRetryable(error)) {
        if (RagError.isInstance(error) && n > 0) error.details.attempts = n + 1;
        throw error;
      }
      const delay = backoffDelay(n, options.baseDelayMs, options.maxDelayMs);
      options.onRetry?.(error, n + 1, delay);
      await sleep(delay, options.signal);
    }
  }
}
