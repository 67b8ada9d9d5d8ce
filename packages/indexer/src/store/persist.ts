// Writing an index as a format-2 generation. Each component is encoded only when it changed
// since the file it was last written to or opened from (a token per component: the graph's
// version, each vector namespace's version, a keyword-index dirty flag); a component that was
// never read since open keeps its file without being loaded at all.
import { encodeBinaryFile, encodeVectorNamespace, jsonSection, type KeywordIndex, type MemoryVectorStore, type VectorStore } from '@rag/core';
import { encodeGraph, type GraphStore } from '@rag/graph-store';
import type { StoredManifest, StoredState } from './format1.js';
import { commitGeneration, FORMAT2_VERSION, writeSegment, type DerivedRef, type Manifest2, type SegmentRef, type VectorSegmentRef } from './format2.js';
import { isLoaded } from './lazy.js';
import { encodeState } from './state-codec.js';

// The BM25 snapshot (term statistics) is JSON, deflated: several times smaller and inflated in
// milliseconds when the first keyword question comes.
export const KEYWORD_MAGIC = 'RAGKWD02';

/** What was last written (or opened) per component, and the change token it was written at. */
export interface PersistCache {
  graph?: { token: number; ref: SegmentRef };
  keyword?: { ref: SegmentRef; dirty: boolean };
  vectors: Map<string, { token: number; ref: VectorSegmentRef }>;
}

export interface PersistParts {
  manifest: Omit<StoredManifest, 'formatVersion'>;
  state: StoredState;
  graph: GraphStore;
  keyword?: KeywordIndex & { toJSON(): unknown };
  vectors?: MemoryVectorStore | VectorStore;
  /** Namespaces recomputed from the graph at open (not written). */
  derived?: Record<string, DerivedRef>;
}

const isMemoryStore = (v: VectorStore | undefined): v is MemoryVectorStore =>
  v !== undefined && typeof (v as Partial<MemoryVectorStore>).exportNamespace === 'function';

/** `keep`: the generation to keep besides the new one (default: the one it replaces; null: none). */
export async function persistIndex(dir: string, parts: PersistParts, cache: PersistCache, keep?: string | null): Promise<Manifest2> {
  const state = await writeSegment(dir, 'state', encodeState(parts.state));

  let graph: SegmentRef;
  const graphUntouched = !isLoaded(parts.graph) || (cache.graph !== undefined && parts.graph.version === cache.graph.token);
  if (graphUntouched && cache.graph) graph = cache.graph.ref;
  else {
    graph = await writeSegment(dir, 'graph', encodeGraph(parts.graph.toJSON()));
    cache.graph = { token: parts.graph.version, ref: graph };
  }

  let keyword: SegmentRef | undefined;
  if (parts.keyword) {
    if (cache.keyword && (!cache.keyword.dirty || !isLoaded(parts.keyword))) keyword = cache.keyword.ref;
    else {
      keyword = await writeSegment(dir, 'keyword', encodeBinaryFile(KEYWORD_MAGIC, 1, [jsonSection(parts.keyword.toJSON())], { deflate: true }));
      cache.keyword = { ref: keyword, dirty: false };
    }
  }

  const vectors: Record<string, VectorSegmentRef> = {};
  if (isMemoryStore(parts.vectors)) {
    const store = parts.vectors;
    for (const ns of store.namespaces()) {
      if (parts.derived?.[ns]) continue;
      const token = store.namespaceVersion(ns);
      const hit = cache.vectors.get(ns);
      if (hit && (hit.token === token || !store.isLoaded(ns))) {
        vectors[ns] = hit.ref;
        continue;
      }
      const data = store.exportNamespace(ns);
      if (!data) continue;
      const kind = `vec-${ns.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}`;
      const ref = { ...(await writeSegment(dir, kind, encodeVectorNamespace(data))), dims: data.dims, count: data.ids.length };
      cache.vectors.set(ns, { token, ref });
      vectors[ns] = ref;
    }
    for (const ns of [...cache.vectors.keys()]) if (!(ns in vectors)) cache.vectors.delete(ns);
  }

  const manifest: Manifest2 = {
    ...parts.manifest,
    formatVersion: FORMAT2_VERSION,
    versions: { ...parts.manifest.versions, format: String(FORMAT2_VERSION) },
    files: { state, graph, ...(keyword ? { keyword } : {}), vectors, derived: parts.derived ?? {} },
  };
  await commitGeneration(dir, manifest, keep);
  return manifest;
}
