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
  const { graph, chunkNodes, chunkEdges, relationCounts, requireNode, requireEdge, incident } = core;

  function chunksOfNode(nodeId: string, opts: { viaEdges?: boolean } = {}): string[] {
    const node = requireNode(nodeId);
    const out = new Set(node.provenance.map((p) => p.chunkId));
    if (opts.viaEdges) graph.forEachIncident(nodeId, 'both', (e) => {
      for (const p of e.provenance) out.add(p.chunkId);
    });
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
        graph.forEachIncident(id, 'out', (e, k) => {
          if (nodes.has(e.target)) set.add(k);
        });
      }
      edges = [...set];
    }
    return { nodes: [...nodes].map(toRef), edges: edges.map(edgeRef) };
  }

  return {
    getNode: (id) => graph.getNode(id),
    getEdge: (id) => graph.getEdge(id),
    hasNode: (id) => graph.hasNode(id),
    findByName(name) {
      return core.nameIndex.get(normalizeName(name)).sort().map((id) => graph.getNode(id)!); // built on this first read (store-core.ts)
    },
    // a snapshot array: the caller may write to the store while iterating
    // in id order, as a graph read back from its file lists them: the same answers after a reopen
    nodes: () => graph.nodesById().values(),
    edges: () => graph.edgesById().values(),
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
      return { nodes: chunkNodes.get(chunkId).sort(), edges: chunkEdges.get(chunkId).sort() };
    },
    toRef,
    edgeRef,
    subgraph,
    relationTypes: () => [...relationCounts.keys()].sort(),
    chunkIds: () => [...new Set([...chunkNodes.keys(), ...chunkEdges.keys()])].sort(),
  };
}
