// Incremental vector persistence: a namespace is a base segment plus append-only delta segments,
// each holding the ids deleted and the records upserted by the commits since the previous one.
// Opening applies the deltas in order; a commit rewrites the base (compaction) when the deltas
// would exceed a fraction of the namespace, when the namespace was cleared or replaced, or on
// `compact()`. A 100-document update on a large store thus writes about 100 documents' vectors.
import {
  decodeBinaryFile,
  decodeQuantizedVectorNamespace,
  decodeStrings,
  encodeBinaryFile,
  encodeStrings,
  encodeVectorNamespace,
  jsonSection,
  RagError,
  readJsonSection,
  type QuantizedNamespaceData,
  type VectorNamespaceData,
} from '@rag/core';

export const VECTOR_DELTA_MAGIC = 'RAGVDL02';

export interface VectorDelta {
  deleted: string[];
  upserted: VectorNamespaceData;
}

export function encodeVectorDelta(delta: VectorDelta): Uint8Array {
  return encodeBinaryFile(VECTOR_DELTA_MAGIC, 1, [
    jsonSection({ deleted: delta.deleted.length, upserted: delta.upserted.ids.length }),
    ...encodeStrings(delta.deleted),
    encodeVectorNamespace(delta.upserted),
  ]);
}

/** A delta as read back: the upserted rows as the file stores them (int8 codes, one scale a row). */
export interface StoredVectorDelta {
  deleted: string[];
  upserted: QuantizedNamespaceData;
}

export function decodeVectorDelta(bytes: Uint8Array, source: string): StoredVectorDelta {
  const { sections } = decodeBinaryFile(bytes, VECTOR_DELTA_MAGIC, source);
  if (sections.length !== 4) throw new RagError('RAG_STORE_CORRUPT', `${source}: expected 4 sections, found ${sections.length}`, { details: { file: source } });
  const head = readJsonSection(sections[0]!) as { deleted: number; upserted: number };
  const deleted = decodeStrings(sections[1]!, sections[2]!);
  const upserted = decodeQuantizedVectorNamespace(sections[3]!, source);
  if (deleted.length !== head.deleted || upserted.ids.length !== head.upserted)
    throw new RagError('RAG_STORE_CORRUPT', `${source}: record counts disagree with the header`, { details: { file: source } });
  return { deleted, upserted };
}

/**
 * The namespace after applying `deltas` to `base` in order (deletes, then upserts, per delta),
 * kept as int8 codes and scales: no float copy of the namespace is made (a reopened
 * 200,000-passage store's sentence vectors would take 1.5 GB as float32).
 */
export function applyVectorDeltas(base: QuantizedNamespaceData, deltas: readonly StoredVectorDelta[]): QuantizedNamespaceData {
  if (deltas.length === 0) return base;
  const { dims } = base;
  // each live id points at its row in one of the sources (0: base, i+1: delta i)
  const sources = [base, ...deltas.map((d) => d.upserted)];
  const rows = new Map<string, { src: number; row: number }>();
  base.ids.forEach((id, row) => rows.set(id, { src: 0, row }));
  deltas.forEach((d, i) => {
    if (d.upserted.ids.length > 0 && d.upserted.dims !== dims)
      throw new RagError('RAG_STORE_CORRUPT', `vector delta ${i + 1} has ${d.upserted.dims} dimensions, the namespace ${dims}`);
    for (const id of d.deleted) rows.delete(id);
    d.upserted.ids.forEach((id, row) => {
      rows.delete(id); // re-insert: an upserted id moves to the end, as a fresh insert would
      rows.set(id, { src: i + 1, row });
    });
  });
  const ids: string[] = [];
  const docIds: QuantizedNamespaceData['docIds'] = [];
  const metadata: QuantizedNamespaceData['metadata'] = [];
  const codes = new Int8Array(rows.size * dims);
  const scales = new Float32Array(rows.size);
  let r = 0;
  for (const [id, { src, row }] of rows) {
    const s = sources[src]!;
    ids.push(id);
    docIds.push(s.docIds[row]);
    metadata.push(s.metadata[row]);
    codes.set(s.codes.subarray(row * dims, (row + 1) * dims), r * dims);
    scales[r] = s.scales[row]!;
    r++;
  }
  return { dims, ids, docIds, metadata, codes, scales };
}
