// A2RAG Stage 1 (eq. 7): 1-hop neighbourhoods N_1(v) of the entity seeds on the augmented graph,
// keeping only edges whose relation is in S_R when relation seeds are present. Each neighbour
// routes its parent's strength to its provenance chunks through π (defining chunks at full
// weight); the retriever then gates those links by each chunk's own relevance to the query.
import type { Adjacency, GraphStore, RelationEdge } from '@rag/graph-store';
import type { ProvenanceMap } from '../internal/provenance-map.js';
import type { StageResult } from './stage-result.js';
import { addChunkScore, emptyStageResult } from './stage-result.js';

/** Node types of attribute values (classes, dates, numbers) rather than named entities. */
const VALUE_TYPES: ReadonlySet<string> = new Set(['Concept', 'Date', 'Number']);

export interface LocalStageOptions {
  /** Cap on edges read per seed (default 80). */
  maxEdgesPerSeed?: number;
}

export interface LocalSeed {
  index: number;
  /** Strength in [0, 1]. */
  weight: number;
  /** An aligned query entity (S_V) rather than a feedback entity. */
  aligned: boolean;
  /** Aligned from a lower-case query phrase ("largest city") rather than a named mention. */
  phrase?: boolean;
}

/** `adj` gives the node positions (graph-store's CSR order) that `seeds` and `pm` use. */
export function localStage(graph: GraphStore, adj: Adjacency, pm: ProvenanceMap, seeds: readonly LocalSeed[], relationSeeds: readonly string[], options: LocalStageOptions = {}): StageResult {
  const cap = options.maxEdgesPerSeed ?? 80;
  const r = emptyStageResult('local');
  let filteredOut = 0;
  for (const s of seeds) {
    r.nodes.add(s.index);
    const seedId = adj.ids.at(s.index)!;
    // A class phrase of the question ("the largest city of Portugal", "how many congressional
    // districts") is defined by an article about the class, if the corpus has one; the passages
    // that merely name it are about other instances of the class.
    if (s.aligned) {
      const own = s.phrase && graph.getNode(seedId)?.type === 'Concept' ? pm.defining(s.index).map((c) => [c, 1] as const) : pm.weighted(s.index);
      for (const [c, w] of own) addChunkScore(r, c, s.weight * w, 'own');
    }
    // A class or literal ("congressional districts", "1902") is shared by unrelated passages:
    // its neighbours are instances or things dated alike, not evidence about the question.
    if (VALUE_TYPES.has(graph.getNode(seedId)?.type ?? '')) continue;
    const incident = graph.edgesOf(seedId);
    const filtered = relationSeeds.length > 0 ? graph.edgesOf(seedId, { relations: [...relationSeeds] }) : incident;
    // An S_R filter that removes every edge of a seed would silence it; keep all edges then.
    const kept = filtered.length > 0 ? filtered : incident;
    filteredOut += incident.length - kept.length;
    for (const edge of kept.length > cap ? inGraphOrder(adj, s.index, seedId, kept).slice(0, cap) : kept) {
      const other = edge.source === seedId ? edge.target : edge.source;
      const node = adj.index.get(other);
      if (other === seedId || node === undefined) continue;
      r.nodes.add(node);
      r.edges.add(edge.id);
      for (const [c, w] of pm.weighted(node)) addChunkScore(r, c, s.weight * w);
    }
  }
  r.info = { seeds: seeds.length, filteredOut };
  return r;
}

/**
 * The cap keeps a hub seed's first edges. "First" is the order of the CSR row (the store's edge
 * insertion order), not graphology's per-node out-then-in order, so the choice does not depend
 * on edge direction. Parallel edges to one neighbour stay together.
 */
function inGraphOrder(adj: Adjacency, seed: number, seedId: string, edges: RelationEdge[]): RelationEdge[] {
  const pos = new Map<number, number>();
  for (let j = adj.offsets[seed]!, end = adj.offsets[seed + 1]!; j < end; j += 1) pos.set(adj.sources[j]!, j);
  const at = (e: RelationEdge) => pos.get(adj.index.get(e.source === seedId ? e.target : e.source)!) ?? Number.MAX_SAFE_INTEGER;
  return [...edges].sort((a, b) => at(a) - at(b));
}
