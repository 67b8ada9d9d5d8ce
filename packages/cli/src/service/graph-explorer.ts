// Read views of the whole knowledge graph for the explorer: a node's neighbourhood (depth 1 or
// 2, filtered by entity type, relation, confidence), an overview of the best-connected nodes,
// and the facets (entity and relation types with counts) the filters and the legend are built
// from. Provenance (`mentions`) and co-occurrence (`co_occurs_with`) edges are "weak": they
// link almost everything on a page, so they are hidden unless asked for and never count
// toward a node's degree.
import { RagError } from '@rag/core';
import type { GraphStore, RelationEdge } from '@rag/graph-store';
import { COOCCURS, MENTIONS } from '@rag/indexer';

export const WEAK_RELATIONS: readonly string[] = [MENTIONS, COOCCURS];
const WEAK = new Set(WEAK_RELATIONS);
export const isWeakRelation = (relation: string) => WEAK.has(relation);

export interface ExplorerNode {
  id: string;
  name: string;
  type: string;
  /** Incident edges that are not weak. */
  degree: number;
}

export interface ExplorerEdge {
  id: string;
  source: string;
  target: string;
  relation: string;
  confidence: number;
  weak: boolean;
}

export interface ExplorerGraph {
  /** The node(s) the view starts from (the neighbourhood's centre; none for the overview). */
  seeds: string[];
  nodes: ExplorerNode[];
  edges: ExplorerEdge[];
  /** More nodes matched than `limit` allowed. */
  truncated: boolean;
}

export interface EdgeFilter {
  /** Relation labels to keep (default: all). */
  relations?: string[];
  minConfidence?: number;
  /** Keep provenance and co-occurrence edges (default false). */
  includeWeak?: boolean;
}

export interface NeighbourhoodQuery extends EdgeFilter {
  id: string;
  depth?: 1 | 2;
  /** Most nodes returned, the seed included (default 150). */
  limit?: number;
  /** Entity types to keep (default: all); the seed is always kept. */
  types?: string[];
}

export interface Facets {
  nodes: number;
  edges: number;
  types: { type: string; count: number }[];
  relations: { relation: string; count: number; weak: boolean }[];
}

function edgeFilter(f: EdgeFilter): (e: RelationEdge) => boolean {
  const relations = f.relations?.length ? new Set(f.relations) : undefined;
  const min = f.minConfidence ?? 0;
  return (e) => (f.includeWeak || !WEAK.has(e.relation)) && (!relations || relations.has(e.relation)) && e.confidence >= min;
}

const toEdge = (e: RelationEdge): ExplorerEdge => ({ id: e.id, source: e.source, target: e.target, relation: e.relation, confidence: e.confidence, weak: WEAK.has(e.relation) });

/** Degrees (weak edges left out) of every node, cached per graph version. */
function degreeTable(): (graph: GraphStore) => Map<string, number> {
  let cached: { graph: GraphStore; version: number; degrees: Map<string, number> } | undefined;
  return (graph) => {
    if (cached && cached.graph === graph && cached.version === graph.version) return cached.degrees;
    const degrees = new Map<string, number>();
    for (const n of graph.nodes()) degrees.set(n.id, 0);
    for (const e of graph.edges()) {
      if (WEAK.has(e.relation)) continue;
      degrees.set(e.source, (degrees.get(e.source) ?? 0) + 1);
      if (e.target !== e.source) degrees.set(e.target, (degrees.get(e.target) ?? 0) + 1);
    }
    cached = { graph, version: graph.version, degrees };
    return degrees;
  };
}

export interface GraphExplorer {
  neighbourhood(query: NeighbourhoodQuery): ExplorerGraph;
  overview(limit?: number): ExplorerGraph;
  facets(): Facets;
}

export function createGraphExplorer(graphOf: () => GraphStore): GraphExplorer {
  const degrees = degreeTable();

  /** The nodes with their degrees, and every edge among them that passes `keep`. */
  function induced(graph: GraphStore, ids: string[], keep: (e: RelationEdge) => boolean): { nodes: ExplorerNode[]; edges: ExplorerEdge[] } {
    const table = degrees(graph);
    const inView = new Set(ids);
    const edges: ExplorerEdge[] = [];
    for (const id of ids) for (const e of graph.edgesOf(id, { direction: 'out' })) if (inView.has(e.target) && keep(e)) edges.push(toEdge(e));
    const nodes = ids.map((id) => {
      const n = graph.getNode(id)!;
      return { id, name: n.name, type: n.type, degree: table.get(id) ?? 0 };
    });
    return { nodes, edges };
  }

  return {
    neighbourhood(q) {
      const graph = graphOf();
      if (!graph.hasNode(q.id)) throw new RagError('RAG_NOT_FOUND', `id: no entity "${q.id}"`, { details: { input: 'id', id: q.id } });
      const keep = edgeFilter(q);
      const types = q.types?.length ? new Set(q.types) : undefined;
      const limit = q.limit ?? 150;
      const depth = q.depth ?? 1;
      const picked = [q.id];
      const seen = new Set(picked);
      let truncated = false;
      let frontier = [q.id];
      for (let hop = 0; hop < depth && !truncated; hop++) {
        const next: string[] = [];
        for (const id of frontier) {
          // strongest edges first, so a cut keeps the most confident neighbours
          const edges = graph
            .edgesOf(id, { direction: 'both' })
            .filter(keep)
            .sort((a, b) => b.confidence - a.confidence || a.id.localeCompare(b.id));
          for (const e of edges) {
            const other = e.source === id ? e.target : e.source;
            if (seen.has(other)) continue;
            if (types && !types.has(graph.getNode(other)!.type)) continue;
            if (picked.length >= limit) {
              truncated = true;
              break;
            }
            seen.add(other);
            picked.push(other);
            next.push(other);
          }
          if (truncated) break;
        }
        frontier = next;
      }
      return { seeds: [q.id], truncated, ...induced(graph, picked, keep) };
    },

    overview(limit = 200) {
      const graph = graphOf();
      const table = degrees(graph);
      const ranked = [...table.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      const ids = ranked.slice(0, limit).map(([id]) => id);
      return { seeds: [], truncated: ranked.length > limit, ...induced(graph, ids, edgeFilter({})) };
    },

    facets() {
      const graph = graphOf();
      const types = new Map<string, number>();
      for (const n of graph.nodes()) types.set(n.type, (types.get(n.type) ?? 0) + 1);
      const relations = new Map<string, number>();
      for (const e of graph.edges()) relations.set(e.relation, (relations.get(e.relation) ?? 0) + 1);
      const byCount = <K extends string>(m: Map<string, number>, key: K) =>
        [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, count]) => ({ [key]: k, count }) as Record<K, string> & { count: number });
      return {
        nodes: graph.nodeCount,
        edges: graph.edgeCount,
        types: byCount(types, 'type'),
        relations: byCount(relations, 'relation').map((r) => ({ ...r, weak: WEAK.has(r.relation) })),
      };
    },
  };
}
