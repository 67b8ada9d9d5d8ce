// The texts GEAR embeds per path: a node's name and type, an edge as "head —relation→ tail".
import type { EntityNode, GraphStore, RelationEdge } from '@rag/graph-store';

export function nodeText(node: EntityNode): string {
  return node.type && node.type !== 'Entity' ? `${node.name} (${node.type})` : node.name;
}

export function edgeText(graph: GraphStore, edge: RelationEdge): string {
  const h = graph.getNode(edge.source)?.name ?? edge.source;
  const t = graph.getNode(edge.target)?.name ?? edge.target;
  return `${h} —${edge.relation.replace(/_/g, ' ')}→ ${t}`;
}
