import { RagError } from '../errors.js';
import { describe, expect, it } from 'vitest';
import { backoffDelay, withRetry } from './retry.js';

describe('withRetry', () => {
  it('doubles the delay up to the cap', () => {
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, 100, 500))).toEqual([100, 200, 400, 500, 500]);
  });

  it('retries retryable errors a bounded number of times, then throws the last one', async () => {
    let calls = 0;
    const delays: number[] = [];
    const err = await withRetry(
      async () => {
        calls++;
        throw new RagError('RAG_SERVICE_UNAVAILABLE', 'down');
      },
      { retries: 2, baseDelayMs: 1, maxDelayMs: 10, isRetryable: () => true, onRetry: (_e, _a, d) => delays.push(d) },
    ).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(delays).toEqual([1, 2]);
    expect(RagError.isInstance(err, 'RAG_SERVICE_UNAVAILABLE')).toBe(true);
    expect((err as RagError).details.attempts).toBe(3);
  });

  it('does not retry what is not retryable', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new RagError('RAG_MODEL_NOT_FOUND', 'pull it');
        },
        { retries: 5, baseDelayMs: 1, maxDelayMs: 1, isRetryable: (e) => e.code !== 'RAG_MODEL_NOT_FOUND' },
      ),
    ).rejects.toMatchObject({ code: 'RAG_MODEL_NOT_FOUND' });
    expect(calls).toBe(1);
  });

  it('returns the first success', async () => {
    let calls = 0;
    const v = await withRetry(
      async () => {
        if (++calls < 2) throw new RagError('RAG_SERVICE_UNAVAILABLE', 'down');
        return 'ok';
      },
      { retries: 3, baseDelayMs: 1, maxDelayMs: 1, isRetryable: () => true },
    );
    expect(v).toBe('ok');
    expect(calls).toBe(2);
  });
});
