// Admission of asks to the ask pool (./ask-pool.ts): an ask is admitted only when it is expected
// to be answered within a bound (`rag serve --max-wait-ms`, default 2 s), else it is refused at
// once with 503 and a Retry-After, so an overloaded server answers the asks it admits in bounded
// time instead of all of them late — on any machine, because the estimate comes from how long
// asks take here, now, not from a threshold tuned to one machine.
//
// The estimate: each method's recent ask time (a moving average of the times the workers
// measure), the time the asks in progress still need, and the asks waiting, handed in order to
// the worker that frees first; the new ask completes one ask time after it starts. An ask is
// always admitted when a worker is idle (one ask's time is the least any server can do), and the
// queue limit (`--queue`) stays a hard cap whatever the estimate says.
import { RagError } from '@rag/core';

/** Weight of the newest measurement in the moving average (round value: about the last 5 asks). */
const ALPHA = 0.2;
/** An ask time assumed for a method before any ask of any method was measured (replaced by the first measurement). */
export const PRIOR_ASK_MS = 1000;
/** The default bound on an admitted ask's estimated completion. */
export const DEFAULT_MAX_WAIT_MS = 2000;

export interface AdmissionOptions {
  workers: number;
  /** Asks that may wait for a worker (hard cap). */
  queueLimit: number;
  /** Admit an ask only when its estimated completion is within this many milliseconds. */
  maxWaitMs?: number;
  /** Milliseconds now (injectable for tests). */
  now?: () => number;
}

/** An ask in progress: its method and when a worker started it. */
export interface Running {
  method: string;
  startedAt: number;
}

export interface Admission {
  readonly maxWaitMs: number;
  /** A worker answered an ask of `method` in `ms` milliseconds. */
  record(method: string, ms: number): void;
  /** The moving average of `method`'s ask time (the prior when nothing was measured yet). */
  meanMs(method: string): number;
  /** Milliseconds until an ask of `method` asked now would be answered. */
  estimate(method: string, running: readonly Running[], queued: readonly string[]): number;
  /** The error to refuse an ask of `method` with now, or undefined to admit it. */
  refusal(method: string, running: readonly Running[], queued: readonly string[]): RagError | undefined;
}

export function createAdmission(options: AdmissionOptions): Admission {
  const workers = Math.max(1, options.workers);
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const now = options.now ?? (() => performance.now());
  const means = new Map<string, number>();

  const meanMs = (method: string) => {
    const own = means.get(method);
    if (own !== undefined) return own;
    // A method not measured yet: the slowest measured one (cautious), else the prior.
    return means.size > 0 ? Math.max(...means.values()) : PRIOR_ASK_MS;
  };

  const estimate = (method: string, running: readonly Running[], queued: readonly string[]) => {
    const t = now();
    // When each worker is free: now for an idle one, else when its ask is expected to end.
    const free = running.map((r) => Math.max(0, r.startedAt + meanMs(r.method) - t));
    while (free.length < workers) free.push(0);
    free.sort((a, b) => a - b);
    for (const m of queued) {
      free[0] = free[0]! + meanMs(m);
      free.sort((a, b) => a - b);
    }
    return free[0]! + meanMs(method);
  };

  const refuse = (why: string, estimateMs: number, queued: number) => {
    const seconds = Math.max(1, Math.ceil((estimateMs - maxWaitMs) / 1000));
    return new RagError('RAG_SERVICE_UNAVAILABLE', `server busy: ${why}; retry in ${seconds} s`, {
      details: { retryAfterSeconds: seconds, queued, workers, estimateMs: Math.round(estimateMs), maxWaitMs },
    });
  };

  return {
    maxWaitMs,
    record(method, ms) {
      if (!(ms >= 0) || !Number.isFinite(ms)) return;
      const old = means.get(method);
      means.set(method, old === undefined ? ms : old * (1 - ALPHA) + ms * ALPHA);
    },
    meanMs,
    estimate,
    refusal(method, running, queued) {
      if (running.length < workers && queued.length === 0) return undefined;
      const ms = estimate(method, running, queued);
      if (queued.length >= options.queueLimit)
        return refuse(`${queued.length} asks are waiting for ${workers} workers (--queue ${options.queueLimit})`, Math.max(ms, maxWaitMs + 1000), queued.length);
      if (ms > maxWaitMs) return refuse(`an ask now would be answered in about ${Math.round(ms)} ms, over the ${maxWaitMs} ms bound (--max-wait-ms ${maxWaitMs})`, ms, queued.length);
      return undefined;
    },
  };
}
