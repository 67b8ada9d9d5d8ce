// Admission of asks to the ask pool (./ask-pool.ts): an ask is admitted only when it is expected
// to be answered within a bound (`rag serve --max-wait-ms`, default 2 s), else it is refused at
// once with 503 and a Retry-After, so an overloaded server answers the asks it admits in bounded
// time instead of all of them late — on any machine, because the estimate comes from how long
// asks take here, now, not from a threshold tuned to one machine.
//
// The estimate: each method's recent ask time (a moving average of the times the workers
// measure), the time the asks in progress still need, and the asks waiting, handed in order to
// the worker that frees first; the new ask completes one ask time after it starts. A worker's
// first ask after a write also opens the new generation and reads again what it reads lazily:
// that extra time is measured too (a moving average of how much longer such an ask took than
// its method's mean) and added for each worker that has a reopen ahead. An ask is
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
  /** The worker opens a newer generation for this ask (the first ask after a write). */
  reopening?: boolean;
}

export interface Admission {
  readonly maxWaitMs: number;
  /** A worker answered an ask of `method` in `ms` milliseconds; `reopened`: it opened a newer generation first. */
  record(method: string, ms: number, reopened?: boolean): void;
  /** The moving average of the extra time of an ask that opens a newer generation first. */
  reopenMs(method: string): number;
  /** The moving average of `method`'s ask time (the prior when nothing was measured yet). */
  meanMs(method: string): number;
  /**
   * Milliseconds until an ask of `method` asked now would be answered. `stale`: workers whose
   * next ask opens a newer generation first (a write committed since their last ask began).
   */
  estimate(method: string, running: readonly Running[], queued: readonly string[], stale?: number): number;
  /** The error to refuse an ask of `method` with now, or undefined to admit it. */
  refusal(method: string, running: readonly Running[], queued: readonly string[], stale?: number): RagError | undefined;
  /**
   * The error to refuse an ask of any method with now (the refusal of the method measured
   * fastest), or undefined when some method would be admitted: lets a server refuse before it
   * reads a request's body, whichever method the body names.
   */
  refusalForAny(running: readonly Running[], queued: readonly string[], stale?: number): RagError | undefined;
}

export function createAdmission(options: AdmissionOptions): Admission {
  const workers = Math.max(1, options.workers);
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const now = options.now ?? (() => performance.now());
  const means = new Map<string, number>();
  /** The extra time of an ask that reopens, as measured (undefined: nothing measured yet). */
  let reopenExtra: number | undefined;

  const meanMs = (method: string) => {
    const own = means.get(method);
    if (own !== undefined) return own;
    // A method not measured yet: the slowest measured one (cautious), else the prior.
    return means.size > 0 ? Math.max(...means.values()) : PRIOR_ASK_MS;
  };

  // Before a reopen was measured it is assumed to cost one more ask of the method (cautious).
  const reopenMs = (method: string) => reopenExtra ?? meanMs(method);

  const estimate = (method: string, running: readonly Running[], queued: readonly string[], stale = 0) => {
    const t = now();
    // When each worker is free: now for an idle one, else when its ask is expected to end.
    const free = running.map((r) => Math.max(0, r.startedAt + meanMs(r.method) + (r.reopening ? reopenMs(r.method) : 0) - t));
    while (free.length < workers) free.push(0);
    free.sort((a, b) => a - b);
    // the workers that free first take the next asks: those with a reopen ahead pay for it then
    for (let i = 0; i < Math.min(stale, free.length); i++) free[i] = free[i]! + reopenMs(method);
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

  const refusal = (method: string, running: readonly Running[], queued: readonly string[], stale = 0) => {
    if (running.length < workers && queued.length === 0) return undefined;
    const ms = estimate(method, running, queued, stale);
    if (queued.length >= options.queueLimit)
      return refuse(`${queued.length} asks are waiting for ${workers} workers (--queue ${options.queueLimit})`, Math.max(ms, maxWaitMs + 1000), queued.length);
    if (ms > maxWaitMs) return refuse(`an ask now would be answered in about ${Math.round(ms)} ms, over the ${maxWaitMs} ms bound (--max-wait-ms ${maxWaitMs})`, ms, queued.length);
    return undefined;
  };

  return {
    maxWaitMs,
    record(method, ms, reopened = false) {
      if (!(ms >= 0) || !Number.isFinite(ms)) return;
      if (reopened) {
        // the extra time over the method's mean; the mean itself is left to ordinary asks
        const extra = Math.max(0, ms - meanMs(method));
        reopenExtra = reopenExtra === undefined ? extra : reopenExtra * (1 - ALPHA) + extra * ALPHA;
        return;
      }
      const old = means.get(method);
      means.set(method, old === undefined ? ms : old * (1 - ALPHA) + ms * ALPHA);
    },
    meanMs,
    reopenMs,
    estimate,
    refusal,
    refusalForAny(running, queued, stale = 0) {
      // A method not measured yet counts as the slowest measured one (meanMs), so the fastest
      // measured method is the one an ask could be admitted with, if any.
      const fastest = [...means].sort((a, b) => a[1] - b[1])[0]?.[0] ?? '';
      return refusal(fastest, running, queued, stale);
    },
  };
}
