// Compiled (hand-written) shape checks for the bulk write path (bulk-ops.ts). Each accepts only
// inputs that the zod schema (EntityInputSchema / RelationInputSchema) also accepts unchanged, so
// a record that passes is used as it is; anything else — including odd but valid shapes such as
// array values in attributes — goes through the zod schema, which gives the error or the parsed
// copy. The checks therefore never change what is accepted, only how fast plain records pass.
import type { EntityInput, RelationInput } from './types.js';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const nonBlank = (x: unknown): boolean => typeof x === 'string' && x.trim().length > 0;
const optNonBlank = (x: unknown): boolean => x === undefined || nonBlank(x);
const index = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) >= 0;

function provenanceList(x: unknown): boolean {
  if (x === undefined) return true;
  if (!Array.isArray(x)) return false;
  for (const p of x) {
    if (!isObject(p)) return false;
    if (typeof p.chunkId !== 'string' || p.chunkId.length === 0 || !index(p.start) || !index(p.end)) return false;
  }
  return true;
}

// scalar values only: an array value would be shared with the caller unless zod copies it
function scalarMetadata(x: unknown): boolean {
  if (x === undefined) return true;
  if (!isObject(x)) return false;
  const proto = Object.getPrototypeOf(x);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k of Object.keys(x)) {
    const v = x[k];
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number' && Number.isFinite(v)) continue;
    return false;
  }
  return true;
}

function stringList(x: unknown): boolean {
  if (x === undefined) return true;
  if (!Array.isArray(x)) return false;
  for (const s of x) if (typeof s !== 'string') return false;
  return true;
}

/** True when `x` is an EntityInput the zod schema accepts as it is (false: ask the schema). */
export function isPlainEntityInput(x: unknown): x is EntityInput {
  return (
    isObject(x) &&
    nonBlank(x.name) &&
    optNonBlank(x.id) &&
    optNonBlank(x.type) &&
    stringList(x.aliases) &&
    (x.description === undefined || typeof x.description === 'string') &&
    scalarMetadata(x.attributes) &&
    provenanceList(x.provenance)
  );
}

/** True when `x` is a RelationInput the zod schema accepts as it is (false: ask the schema). */
export function isPlainRelationInput(x: unknown): x is RelationInput {
  if (!isObject(x)) return false;
  const c = x.confidence;
  return (
    nonBlank(x.source) &&
    nonBlank(x.target) &&
    nonBlank(x.relation) &&
    (c === undefined || (typeof c === 'number' && c >= 0 && c <= 1)) &&
    scalarMetadata(x.attributes) &&
    provenanceList(x.provenance)
  );
}
