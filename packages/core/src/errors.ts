// One error base for the whole toolkit: stable codes so callers and tests check kinds, not
// messages, and a global marker so `isInstance` works across duplicate installs.

const MARKER = Symbol.for('@rag/core.RagError');

/** Stable error codes. Extend with `RAG_<PACKAGE>_<WHAT>` in other packages. */
export type RagErrorCode =
  | 'RAG_INVALID_INPUT'
  | 'RAG_EMPTY_TEXT'
  | 'RAG_INVALID_TEXT'
  | 'RAG_TOO_LARGE'
  | 'RAG_INVALID_VECTOR'
  | 'RAG_DIMENSION_MISMATCH'
  | 'RAG_NOT_FOUND'
  | 'RAG_CONFLICT'
  | 'RAG_SCHEMA_VIOLATION'
  | 'RAG_BUDGET_EXCEEDED'
  | 'RAG_ABORTED'
  | 'RAG_STORE_CORRUPT'
  | 'RAG_STORE_VERSION'
  | 'RAG_IO'
  | 'RAG_CONFIG'
  | 'RAG_UNSUPPORTED'
  | 'RAG_MODEL_OUTPUT_INVALID'
  | 'RAG_MODEL_NOT_FOUND'
  | 'RAG_CONTEXT_OVERFLOW'
  | 'RAG_SERVICE_UNAVAILABLE'
  | 'RAG_SERVICE_TIMEOUT'
  | 'RAG_SERVICE_ERROR'
  | `RAG_${Uppercase<string>}`;

export interface RagErrorOptions {
  cause?: unknown;
  /** Structured details: the offending input's name, limits, ids. JSON-serialisable. */
  details?: Record<string, unknown>;
}

export class RagError extends Error {
  readonly code: RagErrorCode;
  readonly details: Record<string, unknown>;
  /** The brand {@link RagError.isInstance} reads, so that errors from another copy of @rag/core are recognised. */
  readonly [MARKER] = true;

  constructor(code: RagErrorCode, message: string, options: RagErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RagError';
    this.code = code;
    this.details = options.details ?? {};
  }

  /** True for any RagError, even one created by another copy of @rag/core. */
  static isInstance(error: unknown, code?: RagErrorCode): error is RagError {
    const ok =
      error != null &&
      typeof error === 'object' &&
      MARKER in error &&
      (error as Record<symbol, unknown>)[MARKER] === true;
    return ok && (code === undefined || (error as unknown as RagError).code === code);
  }

  toJSON(): { name: string; code: string; message: string; details: Record<string, unknown> } {
    return { name: this.name, code: this.code, message: this.message, details: this.details };
  }
}

/** Shorthand used at boundaries: `throw invalidInput('query', 'must not be empty')`. */
export function invalidInput(input: string, problem: string, details: Record<string, unknown> = {}): RagError {
  return new RagError('RAG_INVALID_INPUT', `${input}: ${problem}`, { details: { input, ...details } });
}
