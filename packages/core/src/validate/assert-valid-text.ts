// Boundary checks for text entering the toolkit (documents, chunks, queries). Each failure is a
// RagError naming the input, so a caller can tell which document or field was refused.
import { RagError } from '../errors.js';

/** Default largest accepted text: 20 MB of UTF-8. */
export const DEFAULT_MAX_TEXT_BYTES = 20 * 1024 * 1024;

export interface TextLimits {
  /** Largest accepted UTF-8 size in bytes (default 20 MB). */
  maxBytes?: number;
  /** Accept empty or whitespace-only text (default false). */
  allowEmpty?: boolean;
}

/**
 * Throws RAG_INVALID_INPUT (not a string), RAG_TOO_LARGE (over `maxBytes`), RAG_EMPTY_TEXT
 * (empty or whitespace only) or RAG_INVALID_TEXT (U+FFFD replacement characters, the mark of
 * bytes that were not valid UTF-8, or unpaired surrogates).
 */
export function assertValidText(inputName: string, text: unknown, limits: TextLimits = {}): asserts text is string {
  if (typeof text !== 'string')
    throw new RagError('RAG_INVALID_INPUT', `${inputName}: expected a string, got ${describe(text)}`, {
      details: { input: inputName },
    });
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_TEXT_BYTES;
  // A UTF-16 code unit is at most 3 UTF-8 bytes, so short strings skip the byte count.
  if (text.length * 3 > maxBytes) {
    const bytes = text.length > maxBytes ? text.length : Buffer.byteLength(text, 'utf8');
    if (bytes > maxBytes)
      throw new RagError('RAG_TOO_LARGE', `${inputName}: text is ${bytes} bytes, over the ${maxBytes}-byte limit`, {
        details: { input: inputName, bytes, maxBytes },
      });
  }
  if (!limits.allowEmpty && !/\S/u.test(text))
    throw new RagError('RAG_EMPTY_TEXT', `${inputName}: text is empty or whitespace only`, { details: { input: inputName } });
  const bad = text.indexOf('\uFFFD');
  if (bad >= 0)
    throw new RagError(
      'RAG_INVALID_TEXT',
      `${inputName}: contains U+FFFD replacement characters at offset ${bad} (the source was not valid UTF-8)`,
      { details: { input: inputName, offset: bad } },
    );
  // String.prototype.isWellFormed is in Node 20 but not in our ES2023 lib typings.
  if (!(text as string & { isWellFormed(): boolean }).isWellFormed())
    throw new RagError('RAG_INVALID_TEXT', `${inputName}: contains unpaired UTF-16 surrogates`, {
      details: { input: inputName },
    });
}

/** Decode bytes as strict UTF-8: invalid sequences are RAG_INVALID_TEXT, not silent U+FFFD. */
export function decodeUtf8(inputName: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (cause) {
    throw new RagError('RAG_INVALID_TEXT', `${inputName}: is not valid UTF-8`, { cause, details: { input: inputName } });
  }
}

/** A non-empty string id (document, chunk, record). */
export function assertValidId(inputName: string, id: unknown): asserts id is string {
  if (typeof id !== 'string' || id.length === 0)
    throw new RagError('RAG_INVALID_INPUT', `${inputName}: expected a non-empty string id, got ${describe(id)}`, {
      details: { input: inputName },
    });
}

/** A result count: a non-negative integer. */
export function assertValidK(inputName: string, k: unknown): asserts k is number {
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 0)
    throw new RagError('RAG_INVALID_INPUT', `${inputName}: expected a non-negative integer, got ${describe(k)}`, {
      details: { input: inputName },
    });
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (typeof value === 'string') return value.length === 0 ? 'an empty string' : `a string of length ${value.length}`;
  if (typeof value === 'number') return String(value);
  return typeof value;
}
