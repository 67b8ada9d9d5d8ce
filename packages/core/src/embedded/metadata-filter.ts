// Metadata filter semantics shared by every VectorStore: each key must match (AND); a scalar
// is equality, an array is "any of" (an empty array matches nothing); the key `docId` tests
// the record's document id; a record without the key never matches.
import type { FilterValue, MetadataFilter } from '../contracts/vector-store.js';
import { RagError } from '../errors.js';

export type FilterTarget = { docId?: string | undefined; metadata?: Record<string, FilterValue | null> | undefined };

export function matchesFilter(record: FilterTarget, filter: MetadataFilter | undefined): boolean {
  if (!filter) return true;
  for (const key in filter) {
    const want = filter[key]!;
    const have = key === 'docId' ? record.docId : record.metadata?.[key];
    if (have === undefined || have === null) return false;
    if (Array.isArray(want)) {
      if (!want.includes(have)) return false;
    } else if (want !== have) return false;
  }
  return true;
}

/** Throws RAG_INVALID_INPUT unless `filter` is a MetadataFilter (scalars or arrays of scalars). */
export function assertValidFilter(inputName: string, filter: unknown): asserts filter is MetadataFilter | undefined {
  if (filter === undefined) return;
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter))
    throw new RagError('RAG_INVALID_INPUT', `${inputName}: expected an object of field → value`, { details: { input: inputName } });
  for (const [key, value] of Object.entries(filter)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values)
      if (!isFilterValue(v))
        throw new RagError('RAG_INVALID_INPUT', `${inputName}.${key}: expected string, finite number or boolean`, {
          details: { input: `${inputName}.${key}` },
        });
  }
}

export function isFilterValue(v: unknown): v is FilterValue {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}
