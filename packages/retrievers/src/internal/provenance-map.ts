// π with emphasis: a node's provenance chunks weighted for map-back. A chunk of a document whose
// title is the node's name (or alias) *defines* the node and gets full weight; chunks that only
// mention it share `mentionWeight`, so hubs mentioned everywhere do not flood the ranking.
import type { RagIndex } from '@rag/indexer';
import { getAdjacency, type GraphViewExtras } from '@rag/graph-store';
import { normalize, titleForms } from './text.js';

export interface ProvenanceMap {
  version: number;
  /** Per node index: [chunkId, weight] pairs. */
  weighted: [string, number][][];
  /** Per node index: chunk ids of documents titled by the node. */
  defining: string[][];
  /** Inverse of `defining`: chunk id → indices of the nodes it defines. */
  definedBy: Map<string, number[]>;
}

const cache = new WeakMap<RagIndex, ProvenanceMap>();

export function provenanceMapOf(index: RagIndex, mentionWeight = 0.35, maxMentions = 64): ProvenanceMap {
  const hit = cache.get(index);
  // node positions are graph-store's CSR order, shared with the walks (PPR, hop trees)
  const adj = getAdjacency(index.graph);
  if (hit && hit.version === adj.version) return hit;
  const byTitle = new Map<string, string[]>();
  for (const d of index.docs()) {
    if (!d.title) continue;
    const cs = index.chunksOfDoc(d.id).map((c) => c.id);
    for (const form of titleForms(d.title)) {
      const key = normalize(form);
      byTitle.set(key, [...(byTitle.get(key) ?? []), ...cs]);
    }
  }
  const weighted: [string, number][][] = [];
  const defining: string[][] = [];
  // A graph opened from disk and not edited hands over its columns: no node objects needed.
  const cols = (index.graph as Partial<GraphViewExtras>).columns?.();
  const namesOf = (id: string, i: number): string[] | undefined => {
    if (cols) return [cols.names[i]!, ...cols.aliases.slice(cols.aliasOffsets[i]!, cols.aliasOffsets[i + 1]!)];
    const n = index.graph.getNode(id);
    return n ? [n.name, ...n.aliases] : undefined;
  };
  const chunksOf = (id: string, i: number): string[] => {
    if (!cols) return index.graph.chunksOfNode(id);
    const out = new Set<string>();
    for (let j = cols.nodeProv[i]!; j < cols.nodeProv[i + 1]!; j++) out.add(cols.chunkIds[cols.provChunk[j]!]!);
    return [...out];
  };
  adj.ids.forEach((id, i) => {
    const names = namesOf(id, i);
    const defs = new Set<string>();
    if (names) for (const name of names) for (const c of byTitle.get(normalize(name)) ?? []) defs.add(c);
    // A hub mentioned in very many chunks says little about any one of them; dropping those
    // mention links bounds the work per node (their weight would be ≤ 0.35/√64 anyway).
    const allMentions = names ? chunksOf(id, i).filter((c) => !defs.has(c)) : [];
    const mentions = allMentions.length > maxMentions ? [] : allMentions;
    const mw = mentionWeight / Math.sqrt(Math.max(1, mentions.length));
    weighted.push([...[...defs].map((c) => [c, 1] as [string, number]), ...mentions.map((c) => [c, mw] as [string, number])]);
    defining.push([...defs]);
  });
  const definedBy = new Map<string, number[]>();
  defining.forEach((cs, i) => {
    for (const c of cs) definedBy.set(c, [...(definedBy.get(c) ?? []), i]);
  });
  const map = { version: adj.version, weighted, defining, definedBy };
  cache.set(index, map);
  return map;
}
