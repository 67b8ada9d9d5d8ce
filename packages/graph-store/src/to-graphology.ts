// A graphology graph built on demand from a store, for libraries that work on graphology
// (graphology-metrics, layouts, sigma.js). The store itself does not keep one: its graph is the
// compact multigraph in multigraph.ts, and a copy made here does not follow later writes.
import { MultiDirectedGraph } from 'graphology';
import type { EntityNode, GraphStore, RelationEdge } from './types.js';

/**
 * Every node and edge of the store in a graphology `MultiDirectedGraph` (self-loops allowed),
 * keyed by their ids, in the store's iteration order. Attributes are shallow copies of the
 * stored records, so graphology's attribute setters work on them without touching the store.
 */
export function toGraphology(store: GraphStore): MultiDirectedGraph<EntityNode, RelationEdge> {
  const g = new MultiDirectedGraph<EntityNode, RelationEdge>({ allowSelfLoops: true });
  for (const n of store.nodes()) g.addNode(n.id, { ...n });
  for (const e of store.edges()) g.addDirectedEdgeWithKey(e.id, e.source, e.target, { ...e });
  return g;
}
