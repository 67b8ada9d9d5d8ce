// π with emphasis: a node's provenance chunks weighted for map-back. A chunk of a document whose
// title is the node's name (or alias) *defines* the node and gets full weight; chunks that only
// mention it share `mentionWeight`, so hubs mentioned everywhere do not flood the ranking.
// Entries are derived per node on first use (a cold single question touches a few hundred nodes,
// not the whole graph); only the inverse `definedBy` needs every node and is built on first call.
import { columnSlice } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { getAdjacency, type GraphViewExtras } from '@rag/graph-store';
import { normalize, titleForms } from './text.js';

export interface ProvenanceMap {
  version: number;
  /** [chunkId, weight] pairs of the node at this index (graph-store's CSR order). */
  weighted(node: number): readonly (readonly [string, number])[];
  /** Chunk ids of documents titled by the node at this index. */
  defining(node: number): readonly string[];
  /** Inverse of `defining`: indices of the nodes this chunk defines, ascending. */
  definedBy(chunkId: string): readonly number[];
}

const cache = new WeakMap<RagIndex, ProvenanceMap>();

export function provenanceMapOf(index: RagIndex, mentionWeight = 0.35, maxMentions = 64): ProvenanceMap {
  const hit = cache.get(index);
  // node positions are graph-store's CSR order, shared with the walks (PPR, hop trees)
  const adj = getAdjacency(index.graph);
  if (hit && hit.version === adj.version) return hit;
  let titles: Map<string, string[]> | undefined;
  const byTitle = (): Map<string, string[]> => {
    if (titles) return titles;
    titles = new Map();
    for (const d of index.docs()) {
      if (!d.title) continue;
      const cs = index.chunksOfDoc(d.id).map((c) => c.id);
      for (const form of titleForms(d.title)) {
        const key = normalize(form);
        const prev = titles.get(key);
        if (prev) prev.push(...cs);
        else titles.set(key, [...cs]);
      }
    }
    return titles;
  };
  // A graph opened from disk and not edited hands over its columns: no node objects needed.
  const cols = (index.graph as Partial<GraphViewExtras>).columns?.();
  const namesOf = (id: string, i: number): string[] | undefined => {
    if (cols) return [cols.names.at(i)!, ...columnSlice(cols.aliases, cols.aliasOffsets[i]!, cols.aliasOffsets[i + 1]!)];
    const n = index.graph.getNode(id);
    return n ? [n.name, ...n.aliases] : undefined;
  };
  const chunksOf = (id: string, i: number): string[] => {
    if (!cols) return index.graph.chunksOfNode(id);
    const out = new Set<string>();
    for (let j = cols.nodeProv[i]!; j < cols.nodeProv[i + 1]!; j++) out.add(cols.chunkIds.at(cols.provChunk[j]!)!);
    return [...out];
  };
  const entries = new Map<number, { weighted: [string, number][]; defining: string[] }>();
  const entry = (i: number) => {
    const known = entries.get(i);
    if (known) return known;
    const id = adj.ids.at(i);
    const names = id === undefined ? undefined : namesOf(id, i);
    const defs = new Set<string>();
    if (names) for (const name of names) for (const c of byTitle().get(normalize(name)) ?? []) defs.add(c);
    // A hub mentioned in very many chunks says little about any one of them; dropping those
    // mention links bounds the work per node (their weight would be ≤ 0.35/√64 anyway).
    const allMentions = names ? chunksOf(id!, i).filter((c) => !defs.has(c)) : [];
    const mentions = allMentions.length > maxMentions ? [] : allMentions;
    const mw = mentionWeight / Math.sqrt(Math.max(1, mentions.length));
    const made = {
      weighted: [...[...defs].map((c) => [c, 1] as [string, number]), ...mentions.map((c) => [c, mw] as [string, number])],
      defining: [...defs],
    };
    entries.set(i, made);
    return made;
  };
  let inverse: Map<string, number[]> | undefined;
  const map: ProvenanceMap = {
    version: adj.version,
    weighted: (i) => entry(i).weighted,
    defining: (i) => entry(i).defining,
    definedBy(chunkId) {
      if (!inverse) {
        inverse = new Map();
        for (let i = 0; i < adj.ids.length; i++)
          for (const c of entry(i).defining) {
            const prev = inverse.get(c);
            if (prev) prev.push(i);
            else inverse.set(c, [i]);
          }
      }
      return inverse.get(chunkId) ?? [];
    },
  };
  cache.set(index, map);
  return map;
}
