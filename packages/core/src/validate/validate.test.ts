import { describe, expect, it } from 'vitest';
import { RagError } from '../errors.js';
import { assertValidId, assertValidK, assertValidText, decodeUtf8 } from './assert-valid-text.js';
import { assertValidVector } from './assert-valid-vector.js';

function codeOf(fn: () => unknown): { code: string; details: Record<string, unknown>; message: string } {
  try {
    fn();
  } catch (e) {
    if (RagError.isInstance(e)) return { code: e.code, details: e.details, message: e.message };
    throw e;
  }
  throw new Error('expected a RagError');
}

describe('assertValidText', () => {
  it('accepts ordinary text', () => {
    expect(() => assertValidText('doc', 'Hello, wörld 🎉')).not.toThrow();
  });

  it('refuses empty and whitespace-only text, naming the input', () => {
    expect(codeOf(() => assertValidText('docs[3].text', ''))).toMatchObject({
      code: 'RAG_EMPTY_TEXT',
      details: { input: 'docs[3].text' },
    });
    expect(codeOf(() => assertValidText('query', ' \n\t\u00a0')).code).toBe('RAG_EMPTY_TEXT');
    expect(() => assertValidText('q', '  ', { allowEmpty: true })).not.toThrow();
  });

  it('refuses replacement characters from invalid UTF-8 and reports where', () => {
    const text = Buffer.from([0x61, 0x62, 0xff, 0x63]).toString('utf8');
    expect(codeOf(() => assertValidText('a.txt', text))).toMatchObject({ code: 'RAG_INVALID_TEXT', details: { offset: 2 } });
    expect(codeOf(() => assertValidText('a.txt', 'x\ud800y')).code).toBe('RAG_INVALID_TEXT');
  });

  it('refuses a 50 MB document under the default 20 MB limit', () => {
    const big = 'a'.repeat(50 * 1024 * 1024);
    const err = codeOf(() => assertValidText('big.txt', big));
    expect(err).toMatchObject({ code: 'RAG_TOO_LARGE', details: { input: 'big.txt', maxBytes: 20 * 1024 * 1024 } });
    expect(err.message).toContain('big.txt');
  });

  it('counts UTF-8 bytes, not characters, against the limit', () => {
    expect(codeOf(() => assertValidText('t', 'é'.repeat(6), { maxBytes: 10 })).code).toBe('RAG_TOO_LARGE');
    expect(() => assertValidText('t', 'e'.repeat(10), { maxBytes: 10 })).not.toThrow();
  });

  it('refuses non-strings', () => {
    expect(codeOf(() => assertValidText('t', 42)).code).toBe('RAG_INVALID_INPUT');
  });
});

describe('decodeUtf8 / ids / k', () => {
  it('decodes strictly', () => {
    expect(decodeUtf8('f', new Uint8Array([0x68, 0x69]))).toBe('hi');
    expect(codeOf(() => decodeUtf8('f.txt', new Uint8Array([0xc3, 0x28]))).code).toBe('RAG_INVALID_TEXT');
  });

  it('checks ids and k', () => {
    expect(codeOf(() => assertValidId('id', '')).code).toBe('RAG_INVALID_INPUT');
    expect(() => assertValidId('id', 'x')).not.toThrow();
    expect(codeOf(() => assertValidK('k', -1)).code).toBe('RAG_INVALID_INPUT');
    expect(codeOf(() => assertValidK('k', 1.5)).code).toBe('RAG_INVALID_INPUT');
    expect(() => assertValidK('k', 0)).not.toThrow();
  });
});

describe('assertValidVector', () => {
  it('accepts finite vectors of the right length', () => {
    expect(() => assertValidVector('v', new Float32Array([1, 0, 0]), 3)).not.toThrow();
  });

  it('refuses NaN and Infinity with the component index', () => {
    expect(codeOf(() => assertValidVector('records[1].vector', new Float32Array([1, Number.NaN]), 2))).toMatchObject({
      code: 'RAG_INVALID_VECTOR',
      details: { input: 'records[1].vector', index: 1 },
    });
    expect(codeOf(() => assertValidVector('v', [Number.POSITIVE_INFINITY])).code).toBe('RAG_INVALID_VECTOR');
  });

  it('refuses wrong dimensions, empty vectors and non-vectors', () => {
    expect(codeOf(() => assertValidVector('v', new Float32Array(4), 3))).toMatchObject({
      code: 'RAG_DIMENSION_MISMATCH',
      details: { expected: 3, actual: 4 },
    });
    expect(codeOf(() => assertValidVector('v', new Float32Array(0))).code).toBe('RAG_INVALID_VECTOR');
    expect(codeOf(() => assertValidVector('v', 'nope')).code).toBe('RAG_INVALID_VECTOR');
  });
});
