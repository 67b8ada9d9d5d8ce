// Reads: lookups, name search, incident edges, provenance (π) and its inverse, refs and
// subgraphs — answered from the graph and the core's indexes, returning the stored frozen objects.
import type { GraphEdgeRef, GraphNodeRef, Subgraph } from '@rag/core';
import { normalizeName } from './entity-id.js';
import type { StoreCore } from './store-core.js';
import type { ChunkFacts, GraphStore } from './types.js';

type ReadKeys =
  | 'getNode' | 'getEdge' | 'hasNode' | 'findByName' | 'nodes' | 'edges' | 'edgesOf' | 'neighbors'
  | 'chunksOfNode' | 'factsOfChunk' | 'toRef' | 'edgeRef' | 'subgraph';

export type StoreReads = Pick<GraphStore, ReadKeys> & {
  /** Distinct relation labels present in the graph, sorted. */
  relationTypes(): string[];
  /** Every chunk id that supports some node or edge, sorted. */
  chunkIds(): string[];
};

export function createStoreReads(core: StoreCore): StoreReads {
  const { graph, chunkNodes, chunkEdges, nameIndex, relationCounts, requireNode, requireEdge, incident } = core;

  function chunksOfNode(nodeId: string, opts: { viaEdges?: boolean } = {}): string[] {
    const node = requireNode(nodeId);
    const out = new Set(node.provenance.map((p) => p.chunkId));
    if (opts.viaEdges) for (const k of graph.edges(nodeId)) for (const p of graph.getEdgeAttributes(k).provenance) out.add(p.chunkId);
    return [...out];
  }

  function toRef(nodeId: string): GraphNodeRef {
    const n = requireNode(nodeId);
    return {
      id: n.id,
      name: n.name,
      type: n.type,
      aliases: [...n.aliases],
      ...(n.description !== undefined ? { description: n.description } : {}),
    };
  }
  function edgeRef(edgeId: string): GraphEdgeRef {
    const e = requireEdge(edgeId);
    return {
      id: e.id,
      source: e.source,
      target: e.target,
      relation: e.relation,
      confidence: e.confidence,
      provenance: e.provenance.map((p) => ({ ...p })),
    };
  }

  function subgraph(nodeIds: string[], edgeIds?: string[]): Subgraph {
    const nodes = new Set<string>();
    for (const id of nodeIds) {
      requireNode(id, 'nodeIds');
      nodes.add(id);
    }
    let edges: string[];
    if (edgeIds) {
      edges = [...new Set(edgeIds)];
      for (const e of edges) {
        const edge = requireEdge(e, 'edgeIds');
        nodes.add(edge.source);
        nodes.add(edge.target);
      }
    } else {
      const set = new Set<string>();
      for (const id of nodes) {
        for (const k of graph.outEdges(id)) if (nodes.has(graph.target(k))) set.add(k);
      }
      edges = [...set];
    }
    return { nodes: [...nodes].map(toRef), edges: edges.map(edgeRef) };
  }

  return {
    getNode: (id) => (graph.hasNode(id) ? graph.getNodeAttributes(id) : undefined),
    getEdge: (id) => (graph.hasEdge(id) ? graph.getEdgeAttributes(id) : undefined),
    hasNode: (id) => graph.hasNode(id),
    findByName(name) {
      const ids = nameIndex.get(normalizeName(name));
      return ids ? [...ids].sort().map((id) => graph.getNodeAttributes(id)) : [];
    },
    // a callback pass into an array is several times faster than graphology's entry iterators
    nodes: () => graph.mapNodes((_, n) => n).values(),
    edges: () => graph.mapEdges((_, e) => e).values(),
    edgesOf(nodeId, opts = {}) {
      requireNode(nodeId);
      return incident(nodeId, opts.direction ?? 'both', opts.relations);
    },
    neighbors(nodeId, opts = {}) {
      requireNode(nodeId);
      const out = new Set<string>();
      for (const e of incident(nodeId, opts.direction ?? 'both', opts.relations)) {
        out.add(e.source === nodeId ? e.target : e.source);
      }
      return [...out];
    },
    chunksOfNode,
    factsOfChunk(chunkId): ChunkFacts {
      return { nodes: [...(chunkNodes.get(chunkId) ?? [])].sort(), edges: [...(chunkEdges.get(chunkId) ?? [])].sort() };
    },
    toRef,
    edgeRef,
    subgraph,
    relationTypes: () => [...relationCounts.keys()].sort(),
    chunkIds: () => [...new Set([...chunkNodes.keys(), ...chunkEdges.keys()])].sort(),
  };
}
