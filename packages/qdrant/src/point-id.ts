// Qdrant point ids must be unsigned integers or UUIDs; ours are arbitrary strings scoped to a
// namespace. A name-based UUID (RFC 9562 version 5: SHA-1 of namespace + id) is stable across
// processes, so re-upserting a record overwrites it instead of duplicating it, and the same id
// in two namespaces maps to two different points. The original id is kept in the payload.
import { createHash } from 'node:crypto';

// A fixed UUID namespace for this toolkit (random, generated once).
const RAG_UUID_NAMESPACE = Buffer.from('6f1c2f0e9a4b4c3d8e2a5b7d1c9e4f30', 'hex');

export function pointId(namespace: string, id: string): string {
  const hash = createHash('sha1')
    .update(RAG_UUID_NAMESPACE)
    .update(`${namespace.length}:${namespace}\u0000${id}`, 'utf8')
    .digest();
  const b = hash.subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50; // version 5
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC variant
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
