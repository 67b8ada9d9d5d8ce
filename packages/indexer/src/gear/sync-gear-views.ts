// Bring the GEAR path views in line with the graph: embed nodes and edges the views do not hold
// yet, drop the ones the graph no longer has; over the ids a batch wrote when the caller knows
// them, else over the whole graph. `held` is the set of ids the views hold (updated).
import type { Embedder, RunContext, VectorStore } from '@rag/core';
import type { EntityNode, GraphStore, RelationEdge } from '@rag/graph-store';
import { edgeText, nodeText } from './path-texts.js';

export interface GearSyncDeps {
  graph: GraphStore;
  vectors: VectorStore;
  embedders: readonly Embedder[];
  /** Relations the edge views leave out (e.g. co-occurrence). */
  skipRelations: ReadonlySet<string>;
  namespace: (kind: 'node' | 'edge', head: number) => string;
  embed: (texts: string[], ctx: RunContext, using: Embedder) => Promise<Float32Array[]>;
  /**
   * Called per view before it is embedded, with the number of ids the view holds after this
   * sync: returning true means the caller re-registered the view to be derived from the graph
   * and the held ids on first use (derived-views.ts), so it is neither embedded nor edited here.
   */
  defer?: (kind: 'node' | 'edge', head: number, count: number) => boolean;
}

/**
 * The node and edge ids written (added, changed or removed) since the views were last in line
 * with the graph; every id not listed is known to be unchanged.
 */
export interface GraphTouched {
  nodes: Iterable<string>;
  edges: Iterable<string>;
}

/**
 * `held.touched`, when given, collects every id added or removed (for incremental persistence).
 * `changed`, when given, limits the work to those ids (proportional to what a batch changed);
 * without it every node and edge of the graph is compared with the views.
 */
export async function syncGearViews(
  deps: GearSyncDeps,
  held: { nodes: Set<string>; edges: Set<string>; touched?: { nodes: Set<string>; edges: Set<string> } },
  ctx: RunContext,
  changed?: GraphTouched,
): Promise<void> {
  const { graph, vectors, embedders } = deps;
  if (embedders.length === 0) return;
  const addNodes: { id: string; text: string; type: string }[] = [];
  const addEdges: { id: string; text: string; relation: string; source: string; target: string }[] = [];
  const goneNodes: string[] = [];
  const goneEdges: string[] = [];
  const addNode = (n: EntityNode) => {
    if (!held.nodes.has(n.id)) addNodes.push({ id: n.id, text: nodeText(n), type: n.type });
  };
  const addEdge = (e: RelationEdge) => {
    if (!held.edges.has(e.id)) addEdges.push({ id: e.id, text: edgeText(graph, e), relation: e.relation, source: e.source, target: e.target });
  };
  if (changed) {
    for (const id of changed.nodes) {
      const n = graph.getNode(id);
      if (n) addNode(n);
      else if (held.nodes.has(id)) goneNodes.push(id);
    }
    for (const id of changed.edges) {
      const e = graph.getEdge(id);
      if (e && !deps.skipRelations.has(e.relation)) addEdge(e);
      else if (held.edges.has(id)) goneEdges.push(id);
    }
  } else {
    const nodeIds = new Set<string>();
    for (const n of graph.nodes()) {
      nodeIds.add(n.id);
      addNode(n);
    }
    const edgeIds = new Set<string>();
    for (const e of graph.edges()) {
      if (deps.skipRelations.has(e.relation)) continue;
      edgeIds.add(e.id);
      addEdge(e);
    }
    for (const id of held.nodes) if (!nodeIds.has(id)) goneNodes.push(id);
    for (const id of held.edges) if (!edgeIds.has(id)) goneEdges.push(id);
  }
  const nodesChanged = goneNodes.length + addNodes.length > 0;
  const edgesChanged = goneEdges.length + addEdges.length > 0;
  const nodeCount = held.nodes.size - goneNodes.length + addNodes.length;
  const edgeCount = held.edges.size - goneEdges.length + addEdges.length;
  for (let h = 0; h < embedders.length; h++) {
    const view = embedders[h]!;
    if (nodesChanged && !deps.defer?.('node', h, nodeCount)) {
      if (goneNodes.length) await vectors.delete(deps.namespace('node', h), goneNodes);
      if (addNodes.length) {
        const vs = await deps.embed(addNodes.map((n) => n.text), ctx, view);
        await vectors.upsert(deps.namespace('node', h), addNodes.map((n, i) => ({ id: n.id, vector: vs[i]!, metadata: { type: n.type } })));
      }
    }
    if (edgesChanged && !deps.defer?.('edge', h, edgeCount)) {
      if (goneEdges.length) await vectors.delete(deps.namespace('edge', h), goneEdges);
      if (addEdges.length) {
        const vs = await deps.embed(addEdges.map((e) => e.text), ctx, view);
        await vectors.upsert(
          deps.namespace('edge', h),
          addEdges.map((e, i) => ({ id: e.id, vector: vs[i]!, metadata: { relation: e.relation, source: e.source, target: e.target } })),
        );
      }
    }
  }
  // a deferred view reads the held ids when it is first used, after this
  goneNodes.forEach((id) => held.nodes.delete(id));
  goneEdges.forEach((id) => held.edges.delete(id));
  addNodes.forEach((n) => held.nodes.add(n.id));
  addEdges.forEach((e) => held.edges.add(e.id));
  if (held.touched) {
    for (const id of goneNodes) held.touched.nodes.add(id);
    for (const n of addNodes) held.touched.nodes.add(n.id);
    for (const id of goneEdges) held.touched.edges.add(id);
    for (const e of addEdges) held.touched.edges.add(e.id);
  }
}
