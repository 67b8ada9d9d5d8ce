import { describe, expect, it } from 'vitest';
import { RagError, invalidInput } from './errors.js';

describe('RagError', () => {
  it('carries a stable code, details and cause', () => {
    const cause = new Error('disk');
    const e = new RagError('RAG_IO', 'cannot write', { cause, details: { path: '/x' } });
    expect(e.code).toBe('RAG_IO');
    expect(e.details).toEqual({ path: '/x' });
    expect(e.cause).toBe(cause);
    expect(RagError.isInstance(e)).toBe(true);
    expect(RagError.isInstance(e, 'RAG_IO')).toBe(true);
    expect(RagError.isInstance(e, 'RAG_NOT_FOUND')).toBe(false);
  });

  it('recognises an error made by another copy of the class (duplicate installs)', () => {
    const foreign = Object.assign(new Error('x'), { code: 'RAG_IO', [Symbol.for('@rag/core.RagError')]: true });
    expect(RagError.isInstance(foreign)).toBe(true);
    expect(RagError.isInstance(new Error('plain'))).toBe(false);
    expect(RagError.isInstance(null)).toBe(false);
  });

  it('names the offending input', () => {
    const e = invalidInput('query', 'must not be empty');
    expect(e.code).toBe('RAG_INVALID_INPUT');
    expect(e.message).toBe('query: must not be empty');
    expect(e.details.input).toBe('query');
  });
});
