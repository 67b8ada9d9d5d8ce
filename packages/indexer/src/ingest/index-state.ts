// The in-memory state of an index besides its components (keyword index, vectors, graph):
// documents, chunks by document, summaries, communities and the ids the GEAR views hold.
// Restored from a stored generation and written back as one by persistence.
import type { Chunk, Doc } from '@rag/core';
import type { StoredState } from '../store/format1.js';
import type { StateDelta } from '../store/state-delta.js';
import type { Community, DocSummary } from '../types.js';

export interface IndexState {
  readonly docs: Map<string, Doc>;
  readonly chunks: Map<string, Chunk>;
  readonly docChunks: Map<string, string[]>;
  readonly summaries: Map<string, DocSummary>;
  communities: Community[];
  /** Documents added, replaced or removed since the communities were computed (undefined: not known, e.g. a store written before 26 Nov 2026). */
  docsSinceCommunities: number | undefined;
  readonly gearNodes: Set<string>;
  readonly gearEdges: Set<string>;
  sentenceCount: number;
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
  };
}

export function createIndexState(restored?: StoredState): IndexState {
  const state: IndexState = {
    docs: new Map(),
    chunks: new Map(),
    docChunks: new Map(),
    summaries: new Map(),
    communities: [],
    docsSinceCommunities: undefined,
    gearNodes: new Set(),
    gearEdges: new Set(),
    sentenceCount: 0,
    touched: { docs: new Set(), chunks: new Set(), gearNodes: new Set(), gearEdges: new Set(), communities: false, communityIds: new Set() },
  };
  if (!restored) return state;
  for (const d of restored.docs) state.docs.set(d.id, d);
  for (const c of restored.chunks) addChunk(state, c);
  for (const s of restored.summaries) state.summaries.set(s.docId, s);
  state.communities = restored.communities;
  state.docsSinceCommunities = restored.communitiesAge;
  // the GEAR id sets are built from the stored lists on first use (a question never reads them)
  let nodes: Set<string> | undefined;
  let edges: Set<string> | undefined;
  Object.defineProperties(state, {
    gearNodes: { get: () => (nodes ??= new Set(restored.gear.nodes)), enumerable: true },
    gearEdges: { get: () => (edges ??= new Set(restored.gear.edges)), enumerable: true },
  });
  return state;
}

function addChunk(state: IndexState, c: Chunk): void {
  state.chunks.set(c.id, c);
  const list = state.docChunks.get(c.docId);
  if (list) list.push(c.id);
  else state.docChunks.set(c.docId, [c.id]);
  state.sentenceCount += c.sentences.length;
}

/** Record a document and its chunks (replacing nothing: remove the old version first). */
export function addDocument(state: IndexState, doc: Doc, chunks: Chunk[]): void {
  state.docs.set(doc.id, doc);
  state.touched.docs.add(doc.id);
  state.docChunks.set(doc.id, []);
  for (const c of chunks) {
    addChunk(state, c);
    state.touched.chunks.add(c.id);
  }
}

/** Forget a document, its chunks and its summary; returns the ids of the chunks it had. */
export function dropDocument(state: IndexState, docId: string): string[] {
  const ids = state.docChunks.get(docId) ?? [];
  for (const id of ids) {
    state.sentenceCount -= state.chunks.get(id)?.sentences.length ?? 0;
    state.chunks.delete(id);
    state.touched.chunks.add(id);
  }
  state.docChunks.delete(docId);
  state.summaries.delete(docId);
  state.docs.delete(docId);
  state.touched.docs.add(docId);
  return ids;
}

export function chunksOf(state: IndexState, docId: string): Chunk[] {
  return (state.docChunks.get(docId) ?? []).map((id) => state.chunks.get(id)!).filter(Boolean);
}

/** The chunks before and after one in its document. */
export function adjacentChunks(state: IndexState, chunkId: string): { previous?: Chunk; next?: Chunk } {
  const c = state.chunks.get(chunkId);
  if (!c) return {};
  const list = state.docChunks.get(c.docId) ?? [];
  const i = list.indexOf(chunkId);
  const previous = i > 0 ? state.chunks.get(list[i - 1]!) : undefined;
  const next = i >= 0 && i + 1 < list.length ? state.chunks.get(list[i + 1]!) : undefined;
  return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}

const ageOf = (state: IndexState) => (state.docsSinceCommunities === undefined ? {} : { communitiesAge: state.docsSinceCommunities });

export function toStoredState(state: IndexState): StoredState {
  return {
    docs: [...state.docs.values()],
    chunks: [...state.chunks.values()],
    summaries: [...state.summaries.values()],
    communities: state.communities,
    ...ageOf(state),
    gear: { nodes: [...state.gearNodes], edges: [...state.gearEdges] },
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

/** Forget the changes: they are committed. */
export function clearTouched(state: IndexState): void {
  state.touched.docs.clear();
  state.touched.chunks.clear();
  state.touched.gearNodes.clear();
  state.touched.gearEdges.clear();
  state.touched.communities = false;
  state.touched.communityIds.clear();
}
