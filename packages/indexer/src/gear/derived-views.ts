// GEAR path views are derived data: with the built-in feature-view embedders (pure functions of
// a node's or edge's text) they are recomputed from the graph on the first GEAR query instead of
// being stored. That keeps 3 heads × (nodes + edges) vectors — about half of a store's bytes —
// off disk; the cost moves to the first GEAR question after an open (docs/scaling.md has the
// figures). Views built with other embedders (a model) are stored like any vector namespace.
import type { Embedder, VectorNamespaceData } from '@rag/core';
import type { GraphStore } from '@rag/graph-store';
import type { FeatureViewEmbedder } from './feature-view-embedder.js';
import { edgeText, nodeText } from './path-texts.js';

export const isDerivable = (embedders: readonly Embedder[]): embedders is FeatureViewEmbedder[] =>
  embedders.every((e) => e.id.startsWith('feature-view:') && typeof (e as Partial<FeatureViewEmbedder>).embedSync === 'function');

/** The vectors of one view over the given node or edge ids, as the indexer would have stored them. */
export function deriveGearView(graph: GraphStore, embedder: FeatureViewEmbedder, kind: 'node' | 'edge', ids: readonly string[]): VectorNamespaceData {
  const kept: string[] = [];
  const texts: string[] = [];
  const metadata: VectorNamespaceData['metadata'] = [];
  for (const id of ids) {
    if (kind === 'node') {
      const n = graph.getNode(id);
      if (!n) continue;
      kept.push(id);
      texts.push(nodeText(n));
      metadata.push({ type: n.type });
    } else {
      const e = graph.getEdge(id);
      if (!e) continue;
      kept.push(id);
      texts.push(edgeText(graph, e));
      metadata.push({ relation: e.relation, source: e.source, target: e.target });
    }
  }
  const dims = embedder.dimensions;
  const vectors = new Float32Array(kept.length * dims);
  const batch = 2048;
  for (let i = 0; i < texts.length; i += batch) embedder.embedSync(texts.slice(i, i + batch)).forEach((v, j) => vectors.set(v, (i + j) * dims));
  return { dims, ids: kept, docIds: kept.map(() => undefined), metadata, vectors };
}
