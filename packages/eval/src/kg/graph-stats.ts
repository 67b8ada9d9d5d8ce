// Shape of a built graph: nodes and edges per passage, edges by kind (schema-typed, open-ended
// label, weak co-occurrence / page mention), node types and the share typed "Entity" (unknown).
import { isSchemaRelation, KG_WEAK_RELATIONS } from '@rag/core';
import type { GraphStore } from '@rag/graph-store';

export interface GraphStats {
  passages: number;
  nodes: number;
  edges: number;
  nodesPerPassage: number;
  edgesPerPassage: number;
  typedEdges: number;
  openEdges: number;
  weakEdges: number;
  typedEdgeShare: number;
  untypedNodeShare: number;
  nodeTypes: Record<string, number>;
  topRelations: [string, number][];
}

export function graphStats(graph: GraphStore, passages: number): GraphStats {
  const nodeTypes: Record<string, number> = {};
  let nodes = 0;
  for (const n of graph.nodes()) {
    nodes++;
    nodeTypes[n.type] = (nodeTypes[n.type] ?? 0) + 1;
  }
  const rel = new Map<string, number>();
  let edges = 0, typed = 0, weak = 0;
  for (const e of graph.edges()) {
    edges++;
    rel.set(e.relation, (rel.get(e.relation) ?? 0) + 1);
    if (KG_WEAK_RELATIONS.has(e.relation)) weak++;
    else if (isSchemaRelation(e.relation)) typed++;
  }
  const r = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    passages,
    nodes,
    edges,
    nodesPerPassage: r(nodes, passages),
    edgesPerPassage: r(edges, passages),
    typedEdges: typed,
    openEdges: edges - typed - weak,
    weakEdges: weak,
    typedEdgeShare: r(typed, edges),
    untypedNodeShare: r(nodeTypes['Entity'] ?? 0, nodes),
    nodeTypes,
    topRelations: [...rel].sort((a, b) => b[1] - a[1]).slice(0, 25),
  };
}
