// Document deletion: `removeChunks(ids)` strips those chunks' provenance; an edge left without
// provenance is deleted; a node left without provenance *and* without edges is deleted —
// including endpoints whose only support was a deleted edge. Nodes and edges that never had
// provenance and were not touched stay (they were added by hand).
import { invalidInput } from '@rag/core';
import type { StoreCore } from './store-core.js';

export function removeChunks(core: StoreCore, chunkIds: string[]): { removedNodes: string[]; removedEdges: string[] } {
  if (!Array.isArray(chunkIds) || chunkIds.some((c) => typeof c !== 'string')) {
    throw invalidInput('chunkIds', 'must be an array of strings');
  }
  const { graph, chunkNodes, chunkEdges } = core;
  const gone = new Set(chunkIds);
  const removedEdges: string[] = [];
  const removedNodes: string[] = [];
  const touchedEdges = new Set<string>();
  const touchedNodes = new Set<string>();
  for (const c of gone) {
    for (const e of chunkEdges.get(c)) touchedEdges.add(e);
    for (const n of chunkNodes.get(c)) touchedNodes.add(n);
  }
  for (const id of touchedEdges) {
    const e = graph.getEdge(id)!;
    const provenance = e.provenance.filter((p) => !gone.has(p.chunkId));
    if (provenance.length === 0) {
      core.dropEdge(id);
      removedEdges.push(id);
      // endpoints that only this edge was keeping alive go with it
      touchedNodes.add(e.source);
      touchedNodes.add(e.target);
    } else core.putEdge({ ...e, provenance });
  }
  for (const id of touchedNodes) {
    if (!graph.hasNode(id)) continue;
    const n = graph.getNode(id)!;
    const provenance = n.provenance.filter((p) => !gone.has(p.chunkId));
    // a node stays while another chunk still states one of its relations
    if (provenance.length === 0 && graph.degree(id) === 0) {
      core.dropNode(id);
      removedNodes.push(id);
    } else core.putNode({ ...n, provenance });
  }
  // no stored record cites these chunks now: their pooled spans can go
  core.spans.forget(gone);
  if (touchedEdges.size + touchedNodes.size > 0) core.bump();
  return { removedNodes: removedNodes.sort(), removedEdges: removedEdges.sort() };
}
