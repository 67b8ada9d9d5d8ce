// The in-memory state of an index besides its components (keyword index, vectors, graph):
// documents, chunks by document, summaries, communities and the ids the GEAR views hold.
// Restored from a stored generation and written back as one by persistence.
import type { Chunk, Doc } from '@rag/core';
import type { StoredState } from '../store/format1.js';
import { gearReader, type StoredGear } from '../store/lazy-gear.js';
import type { StateDelta } from '../store/state-delta.js';
import type { Community } from '../types.js';
import { DocTable, isStoredLazily } from './doc-table.js';

/** The documents, read as a map of id → document (documents are made when read; see doc-table.ts). */
export interface DocsView {
  readonly size: number;
  get(id: string): Doc | undefined;
  has(id: string): boolean;
  keys(): IterableIterator<string>;
  values(): IterableIterator<Doc>;
}

export interface ChunksView {
  readonly size: number;
  get(id: string): Chunk | undefined;
  values(): IterableIterator<Chunk>;
}

export interface IndexState {
  /** The columns behind `docs`, `chunks` and `docChunks`. */
  readonly table: DocTable;
  readonly docs: DocsView;
  readonly chunks: ChunksView;
  readonly docChunks: { get(docId: string): string[] | undefined };
  /** Summaries by document id (see DocTable.summaries). */
  readonly summaries: DocTable['summaries'];
  communities: Community[];
  /** Documents added, replaced or removed since the communities were computed (undefined: not known, e.g. a store written before 26 Nov 2026). */
  docsSinceCommunities: number | undefined;
  readonly gearNodes: Set<string>;
  readonly gearEdges: Set<string>;
  readonly sentenceCount: number;
  /** Documents and GEAR ids added, replaced or removed since the last commit (for state deltas). */
  readonly touched: {
    docs: Set<string>;
    chunks: Set<string>;
    gearNodes: Set<string>;
    gearEdges: Set<string>;
    /** The communities were recomputed (the whole list changed). */
    communities: boolean;
    /** Ids of communities that lost members or were dropped since the last commit (without a recomputation). */
    communityIds: Set<number>;
    /** `docsSinceCommunities` as the last commit stored it. */
    committedAge: number | undefined;
  };
}

/**
 * The graph's own string for a node or edge id (or the id itself): the GEAR id sets built from a
 * store then share their strings with the graph instead of holding a second copy of every id.
 */
export type GearIdInterner = (kind: 'node' | 'edge', id: string) => string;

export function createIndexState(restored?: StoredState, intern?: GearIdInterner): IndexState {
  const table = new DocTable();
  const state: IndexState = {
    table,
    docs: {
      get size() {
        return table.size;
      },
      get: (id) => table.get(id),
      has: (id) => table.has(id),
      keys: () => table.keys(),
      values: () => table.values(),
    },
    chunks: {
      get size() {
        return table.chunkCount;
      },
      get: (id) => table.getChunk(id),
      values: () => table.chunks(),
    },
    docChunks: { get: (docId) => table.chunkIds(docId) },
    summaries: table.summaries,
    communities: [],
    docsSinceCommunities: undefined,
    gearNodes: new Set(),
    gearEdges: new Set(),
    get sentenceCount() {
      return table.sentenceCount;
    },
    touched: { docs: new Set(), chunks: new Set(), gearNodes: new Set(), gearEdges: new Set(), communities: false, communityIds: new Set(), committedAge: undefined },
  };
  if (!restored) return state;
  const byDoc = new Map<string, Chunk[]>();
  for (const c of restored.chunks) {
    const list = byDoc.get(c.docId);
    if (list) list.push(c);
    else byDoc.set(c.docId, [c]);
  }
  for (const d of restored.docs) table.add(d, byDoc.get(d.id) ?? [], isStoredLazily(d));
  for (const s of restored.summaries) state.summaries.set(s.docId, s);
  state.communities = restored.communities;
  state.docsSinceCommunities = state.touched.committedAge = restored.communitiesAge;
  restoreGear(state, gearReader(restored), intern);
  return state;
}

/** The stored GEAR lists of a restored state whose id sets were not built yet (a whole write copies them as they are). */
const unbuiltGear = new WeakMap<IndexState, () => StoredGear>();

/**
 * The GEAR id sets are built from the stored lists on first use (a question never reads them).
 * Apart from createIndexState so that the getters hold the lists' reader only, not the decoded
 * state: its chunk records are let go once the table has them.
 */
function restoreGear(state: IndexState, gear: () => StoredGear, intern?: GearIdInterner): void {
  let read: (() => StoredGear) | undefined = gear;
  let nodes: Set<string> | undefined;
  let edges: Set<string> | undefined;
  unbuiltGear.set(state, gear);
  const built = () => {
    if (read) {
      unbuiltGear.delete(state);
      const lists = read();
      nodes = new Set();
      edges = new Set();
      for (const id of lists.nodes) nodes.add(intern ? intern('node', id) : id);
      for (const id of lists.edges) edges.add(intern ? intern('edge', id) : id);
      read = undefined;
    }
  };
  Object.defineProperties(state, {
    gearNodes: {
      get: () => {
        built();
        return nodes!;
      },
      enumerable: true,
    },
    gearEdges: {
      get: () => {
        built();
        return edges!;
      },
      enumerable: true,
    },
  });
}

/** Record a document and its chunks (replacing nothing: remove the old version first). */
export function addDocument(state: IndexState, doc: Doc, chunks: Chunk[]): void {
  state.table.add(doc, chunks);
  state.touched.docs.add(doc.id);
  for (const c of chunks) state.touched.chunks.add(c.id);
}

/** Forget a document, its chunks and its summary; returns the ids of the chunks it had. */
export function dropDocument(state: IndexState, docId: string): string[] {
  const ids = state.table.delete(docId);
  for (const id of ids) state.touched.chunks.add(id);
  state.summaries.delete(docId);
  state.touched.docs.add(docId);
  return ids;
}

export function chunksOf(state: IndexState, docId: string): Chunk[] {
  return state.table.chunksOf(docId);
}

/** The chunks before and after one in its document. */
export function adjacentChunks(state: IndexState, chunkId: string): { previous?: Chunk; next?: Chunk } {
  const c = state.table.getChunk(chunkId);
  if (!c) return {};
  const list = state.table.chunkIds(c.docId) ?? [];
  const i = list.indexOf(chunkId);
  const previous = i > 0 ? state.table.getChunk(list[i - 1]!) : undefined;
  const next = i >= 0 && i + 1 < list.length ? state.table.getChunk(list[i + 1]!) : undefined;
  return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}

const ageOf = (state: IndexState) => (state.docsSinceCommunities === undefined ? {} : { communitiesAge: state.docsSinceCommunities });

export function toStoredState(state: IndexState): StoredState {
  return {
    docs: [...state.docs.values()],
    chunks: [...state.table.chunks()],
    summaries: state.summaries.values(),
    communities: state.communities,
    ...ageOf(state),
    // lists never read since the open are written as stored (no id sets, no graph read to intern them)
    gear: unbuiltGear.get(state)?.() ?? { nodes: [...state.gearNodes], edges: [...state.gearEdges] },
  };
}

/** What changed since the last commit, as a state delta (see store/state-delta.ts). */
export function stateDelta(state: IndexState): StateDelta {
  const { touched } = state;
  const docs = [...touched.docs].map((id) => state.docs.get(id)).filter((d): d is Doc => d !== undefined);
  // in the maps' order, so applying the delta reproduces it
  const present = new Set(docs.map((d) => d.id));
  const ordered = [...state.docs.values()].filter((d) => present.has(d.id));
  return {
    removedDocs: [...touched.docs],
    communitiesChanged: touched.communities,
    droppedCommunities: touched.communities ? [] : [...touched.communityIds].filter((id) => !state.communities.some((c) => c.id === id)),
    removedGear: { nodes: [...touched.gearNodes], edges: [...touched.gearEdges] },
    added: {
      docs: ordered,
      chunks: ordered.flatMap((d) => chunksOf(state, d.id)),
      summaries: ordered.flatMap((d) => (state.summaries.has(d.id) ? [state.summaries.get(d.id)!] : [])),
      // the whole list after a recomputation, else the communities that changed (dropped ones in `droppedCommunities`)
      communities: touched.communities ? state.communities : state.communities.filter((c) => touched.communityIds.has(c.id)),
      ...ageOf(state),
      gear: { nodes: [...state.gearNodes].filter((id) => touched.gearNodes.has(id)), edges: [...state.gearEdges].filter((id) => touched.gearEdges.has(id)) },
    },
  };
}

/**
 * Whether nothing a state delta records changed since the last commit (a save right after an
 * ingest's own commit, as the CLI's service does, then writes no empty delta).
 */
export function stateUnchanged(state: IndexState): boolean {
  const t = state.touched;
  return t.docs.size === 0 && t.chunks.size === 0 && t.gearNodes.size === 0 && t.gearEdges.size === 0 && !t.communities && t.communityIds.size === 0 && state.docsSinceCommunities === t.committedAge;
}

/** Forget the changes: they are committed. */
export function clearTouched(state: IndexState): void {
  state.touched.committedAge = state.docsSinceCommunities;
  state.touched.docs.clear();
  state.touched.chunks.clear();
  state.touched.gearNodes.clear();
  state.touched.gearEdges.clear();
  state.touched.communities = false;
  state.touched.communityIds.clear();
}
