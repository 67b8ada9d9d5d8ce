// Our MetadataFilter (equality, arrays mean "any of") as a Qdrant filter, always AND-ed with
// the namespace condition so no call can reach another namespace's points.
import { RagError, type FilterValue, type MetadataFilter } from '@rag/core';

/** Payload fields of every point. Metadata lives under `metadata` so its keys cannot collide. */
export const PAYLOAD = { namespace: 'namespace', recordId: 'recordId', docId: 'docId', metadata: 'metadata' } as const;

export type QdrantCondition = Record<string, unknown>;
export interface QdrantFilter {
  must: QdrantCondition[];
}

function keyFor(field: string): string {
  if (field === 'docId') return PAYLOAD.docId;
  // Qdrant reads "." and "[]" in a key as a path into nested payload.
  if (field === '' || /[.[\]"]/.test(field))
    throw new RagError('RAG_INVALID_INPUT', `filter.${field}: metadata keys used in filters may not be empty or contain ".", "[", "]" or '"'`, {
      details: { input: `filter.${field}` },
    });
  return `${PAYLOAD.metadata}.${field}`;
}

function condition(key: string, value: FilterValue, field: string): QdrantCondition {
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new RagError('RAG_INVALID_INPUT', `filter.${field}: must be a finite number`, { details: { input: `filter.${field}` } });
    // Qdrant's `match.value` takes integers only; an exact float is a closed range.
    if (!Number.isInteger(value)) return { key, range: { gte: value, lte: value } };
  } else if (typeof value !== 'string' && typeof value !== 'boolean') {
    throw new RagError('RAG_INVALID_INPUT', `filter.${field}: must be a string, number or boolean`, { details: { input: `filter.${field}` } });
  }
  return { key, match: { value } };
}

/**
 * The Qdrant filter for one namespace plus an optional metadata filter, or `null` when the
 * filter can match nothing (an empty "any of" list), so callers can skip the request.
 */
export function toQdrantFilter(namespace: string, filter?: MetadataFilter): QdrantFilter | null {
  const must: QdrantCondition[] = [{ key: PAYLOAD.namespace, match: { value: namespace } }];
  if (filter !== undefined && (filter === null || typeof filter !== 'object' || Array.isArray(filter)))
    throw new RagError('RAG_INVALID_INPUT', 'filter: must be an object of field -> value(s)', { details: { input: 'filter' } });
  for (const [field, value] of Object.entries(filter ?? {})) {
    const key = keyFor(field);
    if (!Array.isArray(value)) {
      must.push(condition(key, value, field));
      continue;
    }
    if (value.length === 0) return null;
    const allStrings = value.every((v) => typeof v === 'string');
    const allIntegers = value.every((v) => typeof v === 'number' && Number.isInteger(v));
    // `match.any` takes a list of strings or of integers only; anything else is an OR of equalities.
    must.push(allStrings || allIntegers ? { key, match: { any: value } } : { should: value.map((v) => condition(key, v, field)) });
  }
  return { must };
}
