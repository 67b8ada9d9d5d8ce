// How each component of a format-2 generation is read back from its segment files: the graph
// (base + deltas, as a read-only view), the keyword index (base + replayed deltas) and a vector
// namespace (stored int8 codes, deltas applied). Used by openIndex for a store's lazy components
// and by persistence, which lets a component go once compaction has written it whole and points
// it at the new file.
//
// Each loader is a top-level function of its refs only: a closure made inside a larger function
// would hold that function's whole scope (e.g. persistIndex's parts) for as long as it lives.
import { join } from 'node:path';
import { decodeQuantizedVectorNamespace, type KeywordIndex, type LazyNamespace } from '@rag/core';
import { applyGraphDeltas, createGraphView, decodeGraphColumns, decodeGraphDelta, type GraphStore } from '@rag/graph-store';
import type { StoredState } from './format1.js';
import { readSegmentSync, SEGMENT_DIR, type SegmentRef, type VectorSegmentRef } from './format2.js';
import { decodeKeywordDelta, replayKeywordDeltas } from './keyword-delta.js';
import { decodeKeywordSegment } from './keyword-segment.js';
import { applyVectorDeltas, decodeVectorDelta } from './vector-delta.js';
import { readVectorRows } from './vector-rows.js';

const pathOf = (dir: string, file: string) => join(dir, SEGMENT_DIR, file);

/**
 * The graph of `ref` with `deltas` applied, as a view over its columns. `size` (the generation's
 * nodes + edges) bounds how many delta records are decoded at once: deltas past a quarter of it
 * (a build interrupted between its batches, or one run with `fold: false`) are applied in
 * passes of about that much, each pass's records let go before the next is decoded.
 */
export function graphLoader(dir: string, ref: SegmentRef, deltas: readonly GraphDeltaRef[], size: number): () => GraphStore {
  return () => {
    const source = `${pathOf(dir, ref.file)} with its deltas ${deltas.map((d) => d.file).join(', ')}`;
    let cols = decodeGraphColumns(readSegmentSync(dir, ref), pathOf(dir, ref.file));
    for (const pass of deltaPasses(deltas, size * PASS_SHARE)) cols = applyGraphDeltas(cols, pass.map((d) => decodeGraphDelta(readSegmentSync(dir, d), pathOf(dir, d.file))), source);
    return createGraphView(cols);
  };
}

type GraphDeltaRef = SegmentRef & { records: number };

/** The share of the graph one pass of delta records may hold. */
const PASS_SHARE = 0.25;

/** Consecutive deltas grouped so that each group's records stay within `limit` (a group holds at least one). */
export function deltaPasses<T extends { records: number }>(deltas: readonly T[], limit: number): T[][] {
  const passes: T[][] = [];
  let records = 0;
  for (const d of deltas) {
    const last = passes.at(-1);
    if (last && records + d.records <= limit) {
      last.push(d);
      records += d.records;
    } else {
      passes.push([d]);
      records = d.records;
    }
  }
  return passes;
}

/**
 * The keyword index of `ref` with `deltas` replayed: the chunks they name are re-read from
 * `state` (needed only when there are deltas; it is let go once the index is loaded).
 */
export function keywordLoader(dir: string, ref: SegmentRef, deltas: readonly SegmentRef[], state?: StoredState): () => KeywordIndex {
  let replayFrom: StoredState | undefined = deltas.length > 0 ? state : undefined;
  return () => {
    const index = decodeKeywordSegment(readSegmentSync(dir, ref), pathOf(dir, ref.file));
    if (replayFrom) replayKeywordDeltas(index, deltas.map((d) => decodeKeywordDelta(readSegmentSync(dir, d), pathOf(dir, d.file))), replayFrom);
    replayFrom = undefined;
    return index;
  };
}

/**
 * A stored vector namespace for a lazy int8 store: the stored codes go into the int8 rows as they
 * are, deltas applied (no float copy); a write or count before the first read holds the
 * namespace without its rows (vector-rows.ts).
 */
export function vectorNamespace(dir: string, ref: VectorSegmentRef): LazyNamespace {
  return {
    dims: ref.dims,
    count: ref.count,
    load: () =>
      applyVectorDeltas(
        decodeQuantizedVectorNamespace(readSegmentSync(dir, ref), pathOf(dir, ref.file)),
        ref.deltas.map((d) => decodeVectorDelta(readSegmentSync(dir, d), pathOf(dir, d.file))),
      ),
    rows: () => readVectorRows(dir, ref),
  };
}
