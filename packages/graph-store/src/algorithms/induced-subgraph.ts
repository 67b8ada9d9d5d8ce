// The subgraph induced by a node set: every edge whose two endpoints are in the set.
import { invalidInput } from '@rag/core';
import type { Subgraph } from '@rag/core';
import { normalizeRelation } from '../entity-id.js';
import type { GraphStore } from '../types.js';

export interface InducedSubgraphOptions {
  /** Keep only edges with these relation labels. */
  relations?: string[];
}

export function inducedSubgraph(store: GraphStore, nodeIds: Iterable<string>, options: InducedSubgraphOptions = {}): Subgraph {
  const nodes = [...new Set(nodeIds)];
  if (nodes.some((n) => typeof n !== 'string')) throw invalidInput('nodeIds', 'must be strings');
  const inSet = new Set(nodes);
  const rel = options.relations && options.relations.length > 0 ? new Set(options.relations.map(normalizeRelation)) : undefined;
  const edges: string[] = [];
  for (const id of nodes) {
    for (const e of store.edgesOf(id, { direction: 'out' })) {
      if (inSet.has(e.target) && (!rel || rel.has(e.relation))) edges.push(e.id);
    }
  }
  return store.subgraph(nodes, edges);
}
