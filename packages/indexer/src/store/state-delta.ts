// Incremental state persistence: the state segment (documents, chunks, summaries, communities,
// GEAR ids) is a base plus append-only delta segments. A delta names the documents a commit
// removed or replaced and holds the current version of those still present (with their chunks
// and summaries), the GEAR ids that came and went, and the communities: the whole list when the
// commit recomputed them, else only those that lost members (and the ids of those dropped) —
// the whole list names every node of the graph, most of a small update's bytes when it was
// repeated in every delta. Applying a delta reproduces the in-memory order: a replaced document
// moves to the end; a changed community keeps its place.
//
// Versions: 1 always carried the whole list; 2 (26 Nov 2026) says in its header whether the list
// is whole or a patch. Both are read; a newer version fails naming the file.
import { decodeBinaryFile, decodeStrings, encodeBinaryFile, encodeStrings, jsonSection, RagError, readJsonSection } from '@rag/core';
import type { StoredState } from './format1.js';
import { defineLazyGear, gearReader, type StoredGear } from './lazy-gear.js';
import { decodeState, encodeState } from './state-codec.js';

export const STATE_DELTA_MAGIC = 'RAGSTD02';
export const STATE_DELTA_VERSION = 2;

export interface StateDelta {
  /** Documents removed or replaced since the previous segment (their old versions go). */
  removedDocs: string[];
  /** Whether the commit recomputed the communities: `added.communities` is then the whole list, else the changed ones. */
  communitiesChanged: boolean;
  /** Communities dropped without a recomputation (their members all left the graph). */
  droppedCommunities: number[];
  removedGear: { nodes: string[]; edges: string[] };
  /** Current versions of the touched documents still present; `gear` holds the ids added; `communities` all of them. */
  added: StoredState;
}

export function encodeStateDelta(delta: StateDelta): Uint8Array {
  return encodeBinaryFile(STATE_DELTA_MAGIC, STATE_DELTA_VERSION, [
    jsonSection({ removedDocs: delta.removedDocs.length, communities: delta.communitiesChanged, droppedCommunities: delta.droppedCommunities }),
    ...encodeStrings(delta.removedDocs),
    ...encodeStrings(delta.removedGear.nodes),
    ...encodeStrings(delta.removedGear.edges),
    encodeState(delta.added),
  ]);
}

export function decodeStateDelta(bytes: Uint8Array, source: string): StateDelta {
  const { version, sections: x } = decodeBinaryFile(bytes, STATE_DELTA_MAGIC, source);
  const corrupt = (why: string) => new RagError('RAG_STORE_CORRUPT', `${source}: ${why}`, { details: { file: source } });
  if (version < 1 || version > STATE_DELTA_VERSION) throw corrupt(`state delta version ${version} is not one this release reads (1–${STATE_DELTA_VERSION}; written by a newer version?)`);
  if (x.length !== 8) throw corrupt(`expected 8 sections, found ${x.length}`);
  const head = readJsonSection(x[0]!) as { removedDocs: number; communities?: unknown; droppedCommunities?: unknown };
  const removedDocs = decodeStrings(x[1]!, x[2]!);
  if (removedDocs.length !== head.removedDocs) throw corrupt('removed-document count disagrees with the header');
  if (version >= 2 && typeof head.communities !== 'boolean') throw corrupt('header does not say whether the delta carries the communities');
  const communitiesChanged = version === 1 ? true : (head.communities as boolean);
  const dropped = head.droppedCommunities ?? [];
  if (!Array.isArray(dropped) || !dropped.every((id) => Number.isSafeInteger(id))) throw corrupt('droppedCommunities is not a list of community ids');
  return { removedDocs, communitiesChanged, droppedCommunities: dropped as number[], removedGear: { nodes: decodeStrings(x[3]!, x[4]!), edges: decodeStrings(x[5]!, x[6]!) }, added: decodeState(x[7]!, source) };
}

/** The list with a delta's dropped communities left out and its changed ones in their places. */
function patchCommunities(list: StoredState['communities'], d: StateDelta): StoredState['communities'] {
  const dropped = new Set(d.droppedCommunities);
  const changed = new Map(d.added.communities.map((c) => [c.id, c]));
  return list.filter((c) => !dropped.has(c.id)).map((c) => changed.get(c.id) ?? c);
}

/** The state after applying `deltas` to `base` in commit order. */
export function applyStateDeltas(base: StoredState, deltas: readonly StateDelta[]): StoredState {
  if (deltas.length === 0) return base;
  const docs = new Map(base.docs.map((d) => [d.id, d]));
  const chunksByDoc = new Map<string, StoredState['chunks']>();
  for (const c of base.chunks) {
    const list = chunksByDoc.get(c.docId);
    if (list) list.push(c);
    else chunksByDoc.set(c.docId, [c]);
  }
  const summaries = new Map(base.summaries.map((s) => [s.docId, s]));
  let communities = base.communities;
  let age = base.communitiesAge;
  for (const d of deltas) {
    for (const id of d.removedDocs) {
      docs.delete(id);
      chunksByDoc.delete(id);
      summaries.delete(id);
    }
    for (const doc of d.added.docs) docs.set(doc.id, doc);
    for (const c of d.added.chunks) {
      const list = chunksByDoc.get(c.docId);
      if (list) list.push(c);
      else chunksByDoc.set(c.docId, [c]);
    }
    for (const s of d.added.summaries) summaries.set(s.docId, s);
    if (d.communitiesChanged) communities = d.added.communities;
    else if (d.added.communities.length > 0 || d.droppedCommunities.length > 0) communities = patchCommunities(communities, d);
    if (d.added.communitiesAge !== undefined) age = d.added.communitiesAge;
  }
  // chunks follow their documents' order, as the indexer's maps do after the same operations
  const chunks = [...docs.keys()].flatMap((id) => chunksByDoc.get(id) ?? []);
  // the GEAR id lists are replayed only when read (see decodeState)
  return defineLazyGear(
    {
      docs: [...docs.values()],
      chunks,
      summaries: [...summaries.values()],
      communities,
      ...(age !== undefined ? { communitiesAge: age } : {}),
    },
    gearReplay(gearReader(base), deltas.map((d) => ({ removed: d.removedGear, added: gearReader(d.added) }))),
  );
}

/** The base's GEAR lists with the deltas' changes (holding only those changes, not the deltas' records). */
function gearReplay(base: () => StoredGear, steps: readonly { removed: StoredGear; added: () => StoredGear }[]): () => StoredGear {
  return () => {
    const from = base();
    const nodes = new Set(from.nodes);
    const edges = new Set(from.edges);
    for (const d of steps) {
      d.removed.nodes.forEach((id) => nodes.delete(id));
      d.removed.edges.forEach((id) => edges.delete(id));
      const added = d.added();
      added.nodes.forEach((id) => nodes.add(id));
      added.edges.forEach((id) => edges.add(id));
    }
    return { nodes: [...nodes], edges: [...edges] };
  };
}
