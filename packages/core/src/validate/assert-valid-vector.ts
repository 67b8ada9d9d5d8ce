// Vector checks shared by every VectorStore and Embedder: NaN or Infinity would poison cosine
// scores silently, and a wrong length means a different embedder wrote the vector.
import { RagError } from '../errors.js';
import { describe } from './assert-valid-text.js';

/** Throws RAG_INVALID_VECTOR (not numeric, empty, NaN/Infinity) or RAG_DIMENSION_MISMATCH. */
export function assertValidVector(
  inputName: string,
  vector: unknown,
  dimensions?: number,
): asserts vector is Float32Array | number[] {
  const isArrayLike = vector instanceof Float32Array || vector instanceof Float64Array || Array.isArray(vector);
  if (!isArrayLike)
    throw new RagError('RAG_INVALID_VECTOR', `${inputName}: expected a Float32Array, got ${describe(vector)}`, {
      details: { input: inputName },
    });
  const v = vector as ArrayLike<unknown>;
  if (v.length === 0)
    throw new RagError('RAG_INVALID_VECTOR', `${inputName}: vector is empty`, { details: { input: inputName } });
  if (dimensions !== undefined && v.length !== dimensions)
    throw new RagError(
      'RAG_DIMENSION_MISMATCH',
      `${inputName}: vector has ${v.length} dimensions, expected ${dimensions}`,
      { details: { input: inputName, expected: dimensions, actual: v.length } },
    );
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (typeof x !== 'number' || !Number.isFinite(x))
      throw new RagError('RAG_INVALID_VECTOR', `${inputName}: component ${i} is ${String(x)}, expected a finite number`, {
        details: { input: inputName, index: i },
      });
  }
}
