// Writing an index as a format-2 generation. Each component is encoded only when it changed
// since the file it was last written to or opened from (a token per component: the graph's
// version, each vector namespace's version, a keyword-index dirty flag); a component that was
// never read since open keeps its file without being loaded at all. The state, the keyword index
// and each vector namespace are written as a delta segment appended to their base while the
// deltas stay within the budget of delta-policy.ts (`compactRatio` of the component, plus its
// growth since the base while it grows; state-delta.ts, keyword-delta.ts, vector-delta.ts); the graph likewise (its changed nodes, edges and log entries, tracked by the
// graph store: @rag/graph-store's graph-delta.ts). Compaction writes every component whole and lets
// each one a store opened lazily go once written (read again from its new file on next use,
// segment-loaders.ts), so it holds one component at a time, not all of them until the commit.
import { encodeQuantizedVectorNamespace, encodeVectorNamespace, type VectorNamespaceData, type Bm25Columns, type KeywordIndex, type MemoryVectorStore, type VectorStore } from '@rag/core';
import { deltaRecords, encodeGraph, encodeGraphDelta, type GraphChanges, type GraphStore } from '@rag/graph-store';
import type { StoredManifest, StoredState } from './format1.js';
import { commitGeneration, FORMAT2_VERSION, writeSegment, type DerivedRef, type Manifest2, type SegmentRef, type VectorSegmentRef } from './format2.js';
import { isLoaded, unload } from './lazy.js';
import { graphLoader, keywordLoader, vectorNamespace } from './segment-loaders.js';
import { encodeState } from './state-codec.js';
import { encodeKeywordDelta } from './keyword-delta.js';
import { encodeKeywordSegment } from './keyword-segment.js';
import { encodeStateDelta, type StateDelta } from './state-delta.js';
import { encodeVectorDelta } from './vector-delta.js';
import { readVectorRows } from './vector-rows.js';
import { withinDeltaBudget } from './delta-policy.js';

/**
 * A component's deltas are folded into a new base once their records (e.g. a vector namespace's
 * upserted + deleted, summed over the deltas) would exceed this fraction of the component's
 * records, plus, while the component grows, the growth since its base (delta-policy.ts).
 */
export const DEFAULT_COMPACT_RATIO = 0.25;

/** What was last written (or opened) per component, and the change token it was written at. */
export interface PersistCache {
  /**
   * `tracked`: the graph store's change tracking starts at exactly this ref's content (set for
   * a graph opened from this ref and after each commit), so its pending changes can be written
   * as a delta.
   */
  graph?: { token: number; ref: SegmentRef; deltas?: Manifest2['files']['graphDeltas']; tracked?: boolean; base?: number };
  keyword?: { ref: SegmentRef; dirty: boolean; deltas?: Manifest2['files']['keywordDeltas']; base?: number };
  vectors: Map<string, { token: number; ref: VectorSegmentRef; base?: number }>;
  /**
   * The state's base segment and its deltas. `base` (here and above): the component's records
   * when its base was written in this process (unknown for a store opened from disk).
   */
  state?: { ref: SegmentRef; deltas: Manifest2['files']['stateDeltas']; base?: number };
  /** See DEFAULT_COMPACT_RATIO; 0 writes every changed namespace whole. */
  compactRatio?: number;
  /** The directory the refs above live in (a write elsewhere starts from nothing). */
  dir?: string;
}

/** What a commit wrote, for callers that report write amplification. */
export interface PersistResult {
  manifest: Manifest2;
  /** Bytes of the segment files this commit wrote (files already there are not counted). */
  bytesWritten: number;
}

export interface PersistParts {
  manifest: Omit<StoredManifest, 'formatVersion'>;
  /** The whole state (called when the state is written whole). */
  state: () => StoredState;
  /** The changes since the last commit, and how many documents they touch (enables state deltas). */
  stateDelta?: () => StateDelta;
  touchedDocs?: number;
  /** True when the state has not changed since the last commit: its base and deltas are kept as they are. */
  stateUnchanged?: boolean;
  /** Chunk ids added, replaced or removed since the last commit (enables keyword deltas). */
  touchedChunks?: () => string[];
  /** Called once the generation is committed (the changes above are then durable). */
  onCommitted?: () => void;
  graph: GraphStore;
  keyword?: KeywordIndex & { toJSON(): unknown; toColumns?: () => Bm25Columns };
  vectors?: MemoryVectorStore | VectorStore;
  /** Namespaces recomputed from the graph at open (not written). */
  derived?: Record<string, DerivedRef>;
  /**
   * More commits of the same build follow (an ingest call's batches before its last): the
   * deltas may then also hold the components' growth (delta-policy.ts); the last commit of the
   * call folds them back to the steady-state budget, so a finished build opens as fast as before.
   */
  more?: boolean;
  /** The graph's `pendingChanges()` as of now, when the caller already read them (saves reading them again). */
  graphChanges?: GraphChanges;
}

/** The graph store's change tracking, when it has one (createGraphStore and the graph view do). */
function changeTracking(g: GraphStore): { pendingChanges(): GraphChanges; markPersisted(): void } | undefined {
  const t = g as Partial<{ pendingChanges(): GraphChanges; markPersisted(): void }>;
  return typeof t.pendingChanges === 'function' && typeof t.markPersisted === 'function' ? (t as { pendingChanges(): GraphChanges; markPersisted(): void }) : undefined;
}

/** The graph as a file: through the store's own encoder when it has one (it copies the merge log's stored pages). */
function graphFile(g: GraphStore): Uint8Array {
  const own = (g as Partial<{ encodeBinary(): Uint8Array }>).encodeBinary;
  return typeof own === 'function' ? own.call(g) : encodeGraph(g.toJSON());
}

const isMemoryStore = (v: VectorStore | undefined): v is MemoryVectorStore =>
  v !== undefined && typeof (v as Partial<MemoryVectorStore>).exportNamespace === 'function';

/**
 * Where a namespace's released rows are read back from. Made here, not as a closure inside
 * persistIndex: the store keeps it until the next commit, and a closure there would keep
 * persistIndex's whole scope with it (the parts: the batch's graph changes, the state).
 */
function rowsReader(dir: string, ref: VectorSegmentRef): () => ReturnType<typeof readVectorRows> {
  return () => readVectorRows(dir, ref);
}

/**
 * `keep`: the generation to keep besides the new one (default: the one it replaces; null: none).
 * `compact`: write every component whole, folding its deltas into a new base.
 * `snapshot`: `dir` is not the index's home (see `elsewhere` below).
 */
export async function persistIndex(dir: string, parts: PersistParts, home: PersistCache, keep?: string | null, compact = false, snapshot = false): Promise<PersistResult> {
  // a snapshot into another directory (save(elsewhere)), or any save of an index with no home
  // directory (`snapshot`), writes everything and leaves the home cache alone: nothing held in
  // memory may come to depend on files in a directory the index does not own (it may be moved)
  const elsewhere = snapshot || (home.dir !== undefined && home.dir !== dir);
  const cache: PersistCache = elsewhere ? { vectors: new Map() } : home;
  if (elsewhere) compact = true;
  else cache.dir = dir;
  let bytesWritten = 0;
  const write = async (kind: string, bytes: Uint8Array) => {
    const ref = await writeSegment(dir, kind, bytes);
    if (ref.written) bytesWritten += ref.bytes;
    return { file: ref.file, bytes: ref.bytes, sha256: ref.sha256 };
  };
  const ratio = cache.compactRatio ?? DEFAULT_COMPACT_RATIO;
  // the growth allowance needs the base's size, and holds only while more commits follow
  const growing = (base: number | undefined) => (parts.more ? base : undefined);
  let state: SegmentRef;
  let stateDeltas: Manifest2['files']['stateDeltas'] = [];
  const prior = cache.state?.deltas ?? [];
  const touched = prior.reduce((n, d) => n + d.docs, 0) + (parts.touchedDocs ?? 0);
  let stateBase = cache.state?.base;
  if (cache.state && !compact && parts.stateUnchanged) {
    state = cache.state.ref;
    stateDeltas = prior;
  } else if (
    cache.state &&
    !compact &&
    parts.stateDelta &&
    withinDeltaBudget({ deltaRecords: touched, deltaCount: prior.length + 1, current: parts.manifest.docs, base: growing(stateBase), ratio })
  ) {
    state = cache.state.ref;
    stateDeltas = [...prior, { ...(await write('state-d', encodeStateDelta(parts.stateDelta()))), docs: parts.touchedDocs ?? 0 }];
  } else {
    state = await write('state', encodeState(parts.state()));
    stateBase = parts.manifest.docs;
  }
  cache.state = { ref: state, deltas: stateDeltas, ...(stateBase !== undefined ? { base: stateBase } : {}) };

  let graph: SegmentRef;
  let graphDeltas: Manifest2['files']['graphDeltas'] = [];
  const graphUntouched = !isLoaded(parts.graph) || (cache.graph !== undefined && parts.graph.version === cache.graph.token);
  const tracker = isLoaded(parts.graph) ? changeTracking(parts.graph) : undefined;
  // compaction folds the deltas into a new base (reading the graph if it was not read yet)
  if (graphUntouched && cache.graph && !(compact && (cache.graph.deltas?.length ?? 0) > 0)) {
    graph = cache.graph.ref;
    graphDeltas = cache.graph.deltas ?? [];
  } else {
    const priorGraph = cache.graph?.deltas ?? [];
    const changes = cache.graph?.tracked && !compact && tracker ? (parts.graphChanges ?? tracker.pendingChanges()) : undefined;
    const records = changes ? deltaRecords(changes) : 0;
    const size = parts.graph.nodeCount + parts.graph.edgeCount;
    let graphBase = cache.graph?.base;
    if (
      cache.graph &&
      changes &&
      withinDeltaBudget({ deltaRecords: priorGraph.reduce((n, d) => n + d.records, 0) + records, deltaCount: priorGraph.length + 1, current: size, base: growing(graphBase), ratio })
    ) {
      graph = cache.graph.ref;
      graphDeltas = [...priorGraph, { ...(await write('graph-d', encodeGraphDelta(changes))), records }];
    } else {
      graph = await write('graph', graphFile(parts.graph));
      graphBase = size;
    }
    cache.graph = { token: parts.graph.version, ref: graph, deltas: graphDeltas, tracked: false, ...(graphBase !== undefined ? { base: graphBase } : {}) };
    // compaction lets a graph read from disk go once written whole (its next use reads this file,
    // tracking changes from it as an open does): the components are then held one at a time
    if (compact && !elsewhere && graphDeltas.length === 0 && unload(parts.graph, graphLoader(dir, graph, [], 0))) cache.graph.tracked = true;
  }

  let keyword: SegmentRef | undefined;
  let keywordDeltas: Manifest2['files']['keywordDeltas'] = [];
  if (parts.keyword) {
    const prior = cache.keyword?.deltas ?? [];
    const ids = parts.touchedChunks?.() ?? [];
    const changed = prior.reduce((n, d) => n + d.chunks, 0) + ids.length;
    if (cache.keyword && !compact && (!cache.keyword.dirty || !isLoaded(parts.keyword))) {
      keyword = cache.keyword.ref;
      keywordDeltas = prior;
    } else if (
      cache.keyword &&
      !compact &&
      parts.touchedChunks &&
      withinDeltaBudget({ deltaRecords: changed, deltaCount: prior.length + 1, current: parts.manifest.chunks, base: growing(cache.keyword.base), ratio })
    ) {
      keyword = cache.keyword.ref;
      keywordDeltas = [...prior, { ...(await write('keyword-d', encodeKeywordDelta(ids))), chunks: ids.length }];
      cache.keyword = { ref: keyword, dirty: false, deltas: keywordDeltas, ...(cache.keyword.base !== undefined ? { base: cache.keyword.base } : {}) };
    } else {
      keyword = await write('keyword', encodeKeywordSegment(parts.keyword));
      cache.keyword = { ref: keyword, dirty: false, deltas: [], base: parts.manifest.chunks };
      if (compact && !elsewhere) unload(parts.keyword, keywordLoader(dir, keyword, []));
    }
  }

  const vectors: Record<string, VectorSegmentRef> = {};
  const marked: string[] = [];
  if (isMemoryStore(parts.vectors)) {
    const store = parts.vectors;
    for (const ns of store.namespaces()) {
      if (parts.derived?.[ns]) {
        marked.push(ns); // recomputed at open, never written: just drop its change log
        continue;
      }
      const token = store.namespaceVersion(ns);
      const hit = cache.vectors.get(ns);
      if (hit && !compact && (hit.token === token || !store.isLoaded(ns))) {
        vectors[ns] = hit.ref;
        continue;
      }
      const kind = `vec-${ns.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}`;
      const count = await store.count(ns);
      const changes = store.pendingChanges(ns);
      const prior = hit?.ref.deltas ?? [];
      const deltaRecords = prior.reduce((n, d) => n + d.records + d.deleted, 0) + changes.upserted.length + changes.deleted.length;
      let ref: VectorSegmentRef;
      let base = hit?.base;
      let int8 = false;
      if (hit && !compact && !changes.reset && withinDeltaBudget({ deltaRecords, deltaCount: prior.length + 1, current: count, base: growing(base), ratio })) {
        const upserted = store.exportRecords(ns, changes.upserted) ?? { dims: hit.ref.dims, ids: [], docIds: [], metadata: [], vectors: new Float32Array(0) };
        const delta = await write(`${kind}-d`, encodeVectorDelta({ deleted: changes.deleted, upserted }));
        ref = { ...hit.ref, count, deltas: [...prior, { ...delta, records: upserted.ids.length, deleted: changes.deleted.length }] };
      } else {
        // int8 rows are written as they are held: no float copy of the whole namespace
        const quantized = typeof store.exportQuantized === 'function' ? store.exportQuantized(ns) : undefined;
        const data = quantized ?? store.exportNamespace(ns);
        if (!data) continue;
        const bytes = quantized ? encodeQuantizedVectorNamespace(quantized) : encodeVectorNamespace(data as VectorNamespaceData);
        ref = { ...(await write(kind, bytes)), dims: data.dims, count: data.ids.length, deltas: [] };
        base = data.ids.length;
        int8 = quantized !== undefined;
      }
      // compaction lets int8 rows go once written whole: the namespace is read from this file on next use
      const released = compact && !elsewhere && int8;
      if (released) store.deferNamespace(ns, vectorNamespace(dir, ref));
      cache.vectors.set(ns, { token: released ? store.namespaceVersion(ns) : token, ref, ...(base !== undefined ? { base } : {}) });
      marked.push(ns);
      vectors[ns] = ref;
    }
    for (const ns of [...cache.vectors.keys()]) if (!(ns in vectors)) cache.vectors.delete(ns);
  }

  const manifest: Manifest2 = {
    ...parts.manifest,
    formatVersion: FORMAT2_VERSION,
    versions: { ...parts.manifest.versions, format: String(FORMAT2_VERSION) },
    files: { state, stateDeltas, graph, graphDeltas, ...(keyword ? { keyword } : {}), keywordDeltas, vectors, derived: parts.derived ?? {} },
  };
  await commitGeneration(dir, manifest, keep);
  // only now is the written state durable: changes are tracked from here on
  if (!elsewhere) {
    if (isMemoryStore(parts.vectors)) {
      const store = parts.vectors;
      for (const ns of marked) store.markPersisted(ns);
      // every row is in the files now: an int8 namespace nobody searched since the previous
      // commit lets its rows go (read back from these files on first use)
      if (typeof store.releaseRows === 'function')
        for (const [ns, ref] of Object.entries(vectors)) store.releaseRows(ns, rowsReader(dir, ref));
    }
    // a graph never loaded has nothing pending; a loaded one is durable as it is now
    const now = isLoaded(parts.graph) ? changeTracking(parts.graph) : undefined;
    if (now) {
      now.markPersisted();
      cache.graph!.tracked = true;
    }
    parts.onCommitted?.();
  }
  return { manifest, bytesWritten };
}
