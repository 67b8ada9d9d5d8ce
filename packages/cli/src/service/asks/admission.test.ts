import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { createAdmission, PRIOR_ASK_MS } from './admission.js';

/** An admission on a fake clock: `clock.t` is "now" in milliseconds. */
function fixture(options: { workers: number; queueLimit?: number; maxWaitMs?: number }) {
  const clock = { t: 10_000 };
  const admission = createAdmission({ queueLimit: 100, ...options, now: () => clock.t });
  return { clock, admission };
}

const retryAfter = (e: RagError | undefined) => (e?.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;

describe('ask admission', () => {
  it('averages measured ask times per method, starting from the first measurement', () => {
    const { admission } = fixture({ workers: 1 });
    expect(admission.meanMs('')).toBe(PRIOR_ASK_MS);
    admission.record('', 500);
    expect(admission.meanMs('')).toBe(500);
    admission.record('', 1000);
    expect(admission.meanMs('')).toBeCloseTo(600, 6);
    // A method never measured is assumed as slow as the slowest measured one.
    admission.record('bm25', 20);
    expect(admission.meanMs('hybrid')).toBeCloseTo(600, 6);
    // Nonsense times are ignored.
    admission.record('', Number.NaN);
    admission.record('', -5);
    expect(admission.meanMs('')).toBeCloseTo(600, 6);
  });

  it('always admits when a worker is idle, even when one ask takes longer than the bound', () => {
    const { admission } = fixture({ workers: 2, maxWaitMs: 100 });
    admission.record('', 5000);
    expect(admission.refusal('', [], [])).toBeUndefined();
    expect(admission.refusal('', [{ method: '', startedAt: 10_000 }], [])).toBeUndefined();
  });

  it('estimates completion from the asks in progress and the queue, shared among the workers', () => {
    const { clock, admission } = fixture({ workers: 2 });
    admission.record('', 400);
    admission.record('slow', 1000);
    // Both workers busy: one ends in 100 ms (started 300 ms ago), the other in 1000 ms.
    clock.t = 10_300;
    const running = [
      { method: '', startedAt: 10_000 },
      { method: 'slow', startedAt: 10_300 },
    ];
    // Nothing queued: the new ask starts at 100 ms and takes 400.
    expect(admission.estimate('', running, [])).toBe(500);
    // Two queued asks of 400: the first goes to the worker free at 100 (free again at 500), the
    // second to the same worker (free at 900, before the other's 1000); the new ask starts at 900
    // and ends at 1300.
    expect(admission.estimate('', running, ['', ''])).toBe(1300);
    // An ask that ran past its mean is expected to end now, not in the past.
    clock.t = 20_000;
    expect(admission.estimate('', running, [])).toBe(400);
  });

  it('refuses an ask expected past the bound, with a Retry-After of the excess in whole seconds', () => {
    const { clock, admission } = fixture({ workers: 1, maxWaitMs: 2000 });
    admission.record('', 500);
    const running = [{ method: '', startedAt: clock.t }];
    // 500 (in progress) + 2 × 500 (queued) + 500 (this ask) = 2000: within the bound.
    expect(admission.refusal('', running, ['', ''])).toBeUndefined();
    // One more queued: 2500 > 2000.
    const refused = admission.refusal('', running, ['', '', '']);
    expect(refused).toBeInstanceOf(RagError);
    expect(refused?.code).toBe('RAG_SERVICE_UNAVAILABLE');
    expect(retryAfter(refused)).toBe(1);
    expect(refused?.message).toMatch(/--max-wait-ms 2000/);
    // Ten queued: 6000 ms, 4000 over the bound.
    expect(retryAfter(admission.refusal('', running, Array(10).fill('')))).toBe(4);
  });

  it('bounds admitted asks by the same time whatever the machine speed: a slower machine admits fewer', () => {
    const admitted = (askMs: number) => {
      const { clock, admission } = fixture({ workers: 1, maxWaitMs: 2000 });
      admission.record('', askMs);
      const running = [{ method: '', startedAt: clock.t }];
      const queued: string[] = [];
      while (!admission.refusal('', running, queued)) queued.push('');
      return queued.length;
    };
    // Asks admitted behind a busy worker: (2000 − 2 × askMs) / askMs + 1 of them.
    expect(admitted(100)).toBe(19);
    expect(admitted(400)).toBe(4);
    expect(admitted(1000)).toBe(1);
  });

  it('keeps --queue as a hard cap even when the estimate is within the bound', () => {
    const { clock, admission } = fixture({ workers: 1, queueLimit: 2, maxWaitMs: 60_000 });
    admission.record('', 10);
    const running = [{ method: '', startedAt: clock.t }];
    expect(admission.refusal('', running, [''])).toBeUndefined();
    const refused = admission.refusal('', running, ['', '']);
    expect(refused?.message).toMatch(/--queue 2/);
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
    // --queue 0: nothing waits; a busy pool refuses at once.
    const none = fixture({ workers: 1, queueLimit: 0 }).admission;
    expect(none.refusal('', [{ method: '', startedAt: 0 }], [])).toBeInstanceOf(RagError);
  });

  it('takes a slower measured method into account for the asks ahead of a fast one', () => {
    const { clock, admission } = fixture({ workers: 1, maxWaitMs: 2000 });
    admission.record('bm25', 10);
    admission.record('a2rag-agent', 900);
    const running = [{ method: 'a2rag-agent', startedAt: clock.t }];
    expect(admission.refusal('bm25', running, ['a2rag-agent'])).toBeUndefined();
    expect(admission.refusal('bm25', running, ['a2rag-agent', 'a2rag-agent'])).toBeInstanceOf(RagError);
  });

  it('counts the reopen ahead of a worker after a write: measured as the extra time of such asks, cautious before', () => {
    const { clock, admission } = fixture({ workers: 1, maxWaitMs: 2000 });
    admission.record('', 400);
    const running = [{ method: '', startedAt: clock.t }];
    // No reopen measured yet: one more ask's time is assumed (400 + 400 + 400).
    expect(admission.reopenMs('')).toBe(400);
    expect(admission.estimate('', running, [], 1)).toBe(1200);
    // A reopened ask took 1000 ms: 600 over the mean; the mean itself stays that of ordinary asks.
    admission.record('', 1000, true);
    expect(admission.meanMs('')).toBe(400);
    expect(admission.reopenMs('')).toBe(600);
    expect(admission.estimate('', running, [], 1)).toBe(1400);
    expect(admission.estimate('', running, [], 0)).toBe(800);
    // A running ask that reopens ends later by the same amount.
    expect(admission.estimate('', [{ method: '', startedAt: clock.t, reopening: true }], [])).toBe(1400);
    // The bound applies to the estimate with the reopen: 400 + 600 + 400 + 400 (one queued) = 1800 admitted, two queued refused.
    expect(admission.refusal('', [{ method: '', startedAt: clock.t, reopening: true }], [''])).toBeUndefined();
    expect(admission.refusal('', [{ method: '', startedAt: clock.t, reopening: true }], ['', ''])).toBeInstanceOf(RagError);
    // A faster reopen moves the average (weight 0.2): 600 × 0.8 + 100 × 0.2 = 500.
    admission.record('', 500, true);
    expect(admission.reopenMs('')).toBeCloseTo(500, 6);
  });

  it('refuses an ask of any method only when even the fastest measured method would be refused', () => {
    const { clock, admission } = fixture({ workers: 1, maxWaitMs: 1000 });
    admission.record('a2rag-agent', 900);
    admission.record('bm25', 50);
    clock.t = 10_000;
    // The worker is busy with an ask of 900 ms that just started.
    const running = [{ method: 'a2rag-agent', startedAt: 10_000 }];
    // a2rag-agent would end at 1800 ms (refused), bm25 at 950 (admitted): some method is admitted.
    expect(admission.refusal('a2rag-agent', running, [])).toBeInstanceOf(RagError);
    expect(admission.refusal('bm25', running, [])).toBeUndefined();
    expect(admission.refusalForAny(running, [])).toBeUndefined();
    // One bm25 ask queued ahead: bm25 would end at 1000 ms, still admitted; two: 1050, refused by every method.
    expect(admission.refusalForAny(running, ['bm25'])).toBeUndefined();
    const busy = admission.refusalForAny(running, ['bm25', 'bm25']);
    expect(busy?.code).toBe('RAG_SERVICE_UNAVAILABLE');
    expect(retryAfter(busy)).toBe(1);
    // An idle worker admits whatever the estimates.
    expect(admission.refusalForAny([], [])).toBeUndefined();
  });
});
