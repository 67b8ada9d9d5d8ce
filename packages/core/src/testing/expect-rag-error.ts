import { expect } from 'vitest';
import { RagError } from '../errors.js';

/** Assert that `promise` rejects with a RagError, optionally of one of `codes`. */
export async function expectRagError(promise: Promise<unknown> | (() => unknown), codes?: string[]): Promise<RagError> {
  let error: unknown;
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (e) {
    error = e;
  }
  expect(RagError.isInstance(error), `expected a RagError, got ${String(error)}`).toBe(true);
  const e = error as RagError;
  if (codes) expect(codes).toContain(e.code);
  return e;
}
