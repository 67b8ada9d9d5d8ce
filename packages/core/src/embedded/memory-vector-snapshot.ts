// The in-memory vector store's whole-store snapshot (`serialize()` / `restoreMemoryVectorStore`):
// 8-byte magic, 4-byte header length, a JSON header (ids, doc ids, metadata per namespace),
// padding to a 4-byte boundary, then each namespace's Float32 rows packed to `dims` floats.
// Stores keep per-namespace files (vector-namespace-codec.ts); this is the one-file form.
import { z } from 'zod';
import { RagError } from '../errors.js';
import type { VectorNamespaceData } from './vector-namespace-codec.js';

const MAGIC = 'RAGVEC01';

const HeaderSchema = z.object({
  format: z.literal(MAGIC),
  version: z.literal(1),
  id: z.string(),
  dimensions: z.number().int().positive().optional(),
  namespaces: z.array(
    z.object({
      name: z.string().min(1),
      dims: z.number().int().positive(),
      ids: z.array(z.string().min(1)),
      docIds: z.array(z.string().min(1).nullable()),
      metadata: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable()),
    }),
  ),
});
type Header = z.infer<typeof HeaderSchema>;

export function encodeMemoryVectorSnapshot(id: string, dimensions: number | undefined, namespaces: ReadonlyArray<[string, VectorNamespaceData]>): Uint8Array {
  const header: Header = { format: MAGIC, version: 1, id, namespaces: [] };
  if (dimensions !== undefined) header.dimensions = dimensions;
  for (const [name, d] of namespaces)
    header.namespaces.push({ name, dims: d.dims, ids: d.ids, docIds: d.docIds.map((x) => x ?? null), metadata: d.metadata.map((m) => m ?? null) });
  const json = new TextEncoder().encode(JSON.stringify(header));
  const headerEnd = 12 + json.length;
  const dataStart = Math.ceil(headerEnd / 4) * 4;
  const total = dataStart + namespaces.reduce((n, [, d]) => n + d.vectors.byteLength, 0);
  const out = new Uint8Array(total);
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(8, json.length, true);
  out.set(json, 12);
  let at = dataStart;
  for (const [, { vectors: b }] of namespaces) {
    out.set(new Uint8Array(b.buffer, b.byteOffset, b.byteLength), at);
    at += b.byteLength;
  }
  return out;
}

export interface MemoryVectorSnapshot {
  id: string;
  dimensions: number | undefined;
  namespaces: [string, VectorNamespaceData][];
}

/** Reads `serialize()` output. Throws RAG_STORE_CORRUPT when the bytes do not check out. */
export function decodeMemoryVectorSnapshot(bytes: Uint8Array): MemoryVectorSnapshot {
  const corrupt = (why: string, cause?: unknown) =>
    new RagError('RAG_STORE_CORRUPT', `vector store snapshot is corrupt: ${why}`, cause === undefined ? {} : { cause });
  if (!(bytes instanceof Uint8Array) || bytes.length < 12) throw corrupt('too short');
  if (new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) throw corrupt('bad magic (not a rag vector snapshot)');
  const headerLen = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  if (12 + headerLen > bytes.length) throw corrupt('header length exceeds the data');
  let header: Header;
  try {
    header = HeaderSchema.parse(JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLen))));
  } catch (cause) {
    throw corrupt('header does not validate', cause);
  }
  let at = Math.ceil((12 + headerLen) / 4) * 4;
  const expected = header.namespaces.reduce((n, ns) => n + ns.ids.length * ns.dims * 4, 0);
  if (bytes.length - at !== expected) throw corrupt(`expected ${expected} bytes of vectors, found ${bytes.length - at}`);
  const namespaces: [string, VectorNamespaceData][] = [];
  for (const ns of header.namespaces) {
    const n = ns.ids.length;
    if (ns.docIds.length !== n || ns.metadata.length !== n || new Set(ns.ids).size !== n)
      throw corrupt(`namespace "${ns.name}" has inconsistent record lists`);
    // Copy out so the store never aliases (or mis-aligns on) the caller's buffer.
    const vectors = new Float32Array(n * ns.dims);
    new Uint8Array(vectors.buffer).set(bytes.subarray(at, at + n * ns.dims * 4));
    for (let i = 0; i < vectors.length; i++)
      if (!Number.isFinite(vectors[i]!)) throw corrupt(`namespace "${ns.name}" holds a non-finite value`);
    at += n * ns.dims * 4;
    namespaces.push([ns.name, { dims: ns.dims, ids: ns.ids, docIds: ns.docIds.map((d) => d ?? undefined), metadata: ns.metadata.map((m) => m ?? undefined), vectors }]);
  }
  return { id: header.id, dimensions: header.dimensions, namespaces };
}
