// What the explorer shows: the union of the overview (when it is on) and the neighbourhood of
// every expanded entity, then the filters applied to that union (the server already filtered
// each neighbourhood; the overview is filtered here). Expanded entities always stay visible.
import type { ExplorerGraph, ViewFilters } from './explorer-api.js';

type Node = ExplorerGraph['nodes'][number];
type Edge = ExplorerGraph['edges'][number];

export interface ExplorerView {
  nodes: Node[];
  edges: Edge[];
  /** Expanded entities (opened from search or by a click). */
  seeds: string[];
  /** Some source was cut at its limit. */
  truncated: boolean;
}

export function composeView(sources: ExplorerGraph[], seeds: readonly string[], f: ViewFilters): ExplorerView {
  const nodes = new Map<string, Node>();
  const edges = new Map<string, Edge>();
  for (const s of sources) {
    for (const n of s.nodes) nodes.set(n.id, n);
    for (const e of s.edges) edges.set(e.id, e);
  }
  const pinned = new Set(seeds);
  const types = f.types ? new Set(f.types) : undefined;
  const relations = f.relations ? new Set(f.relations) : undefined;
  const keptNodes = [...nodes.values()].filter((n) => pinned.has(n.id) || !types || types.has(n.type));
  const kept = new Set(keptNodes.map((n) => n.id));
  const keptEdges = [...edges.values()].filter(
    (e) => kept.has(e.source) && kept.has(e.target) && (f.includeWeak || !e.weak) && (!relations || relations.has(e.relation)) && e.confidence >= f.minConfidence,
  );
  return { nodes: keptNodes, edges: keptEdges, seeds: seeds.filter((s) => kept.has(s)), truncated: sources.some((s) => s.truncated) };
}
