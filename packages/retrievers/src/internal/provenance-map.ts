// π with emphasis: a node's provenance chunks weighted for map-back. A chunk of a document whose
// title is the node's name (or alias) *defines* the node and gets full weight; chunks that only
// mention it share `mentionWeight`, so hubs mentioned everywhere do not flood the ranking.
import type { RagIndex } from '@rag/indexer';
import { getAdjacency } from '@rag/graph-store';
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
  adj.ids.forEach((id, i) => {
    const n = index.graph.getNode(id);
    const defs = new Set<string>();
    if (n) for (const name of [n.name, ...n.aliases]) for (const c of byTitle.get(normalize(name)) ?? []) defs.add(c);
    // A hub mentioned in very many chunks says little about any one of them; dropping those
    // mention links bounds the work per node (their weight would be ≤ 0.35/√64 anyway).
    const allMentions = n ? index.graph.chunksOfNode(id).filter((c) => !defs.has(c)) : [];
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
