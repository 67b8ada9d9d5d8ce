// BFS linearisation of a subgraph into "head —relation→ tail" lines for prompts, salient items
// first (GEAR Algorithm 3, step 4: x = [q, TopK(Ṽ, Ẽ), Desc(G̃)]).
import type { GraphEdgeRef, GraphNodeRef, Subgraph } from '@rag/core';

export interface LinearizeOptions {
  /** Node ids in salience order: listed first and used as BFS roots. */
  salientNodes?: string[];
  /** Edge ids in salience order: listed first. */
  salientEdges?: string[];
  /** Cap on the total number of lines. Default unlimited. */
  maxLines?: number;
  /** Append "(Type)" to node names. Default false. */
  showTypes?: boolean;
}

export interface Linearization {
  /** TopK(Ṽ, Ẽ): salient edges then salient nodes without a listed edge. */
  salient: string[];
  /** Desc(G̃): every remaining edge once, in BFS order from the salient nodes. */
  description: string[];
  lines: string[];
  text: string;
}

export function linearize(subgraph: Subgraph, options: LinearizeOptions = {}): Linearization {
  const maxLines = options.maxLines ?? Infinity;
  const byId = new Map<string, GraphNodeRef>(subgraph.nodes.map((n) => [n.id, n]));
  const label = (id: string): string => {
    const n = byId.get(id);
    // names come from documents: one line per fact, so newlines inside a name are flattened
    const name = oneLine(n?.name ?? id);
    return options.showTypes && n ? `${name} (${oneLine(n.type)})` : name;
  };
  const line = (e: GraphEdgeRef): string => `${label(e.source)} —${oneLine(e.relation)}→ ${label(e.target)}`;
  const incident = new Map<string, GraphEdgeRef[]>();
  const edgesById = new Map<string, GraphEdgeRef>();
  for (const e of subgraph.edges) {
    edgesById.set(e.id, e);
    for (const v of e.source === e.target ? [e.source] : [e.source, e.target]) {
      let list = incident.get(v);
      if (!list) incident.set(v, (list = []));
      list.push(e);
    }
  }
  const emitted = new Set<string>();
  const salient: string[] = [];
  const described = new Set<string>();
  for (const id of options.salientEdges ?? []) {
    const e = edgesById.get(id);
    if (!e || emitted.has(id)) continue;
    emitted.add(id);
    described.add(e.source);
    described.add(e.target);
    salient.push(line(e));
  }
  const salientNodes = (options.salientNodes ?? []).filter((id) => byId.has(id));
  for (const id of salientNodes) {
    if (described.has(id)) continue;
    described.add(id);
    salient.push(label(id));
  }

  const description: string[] = [];
  const visited = new Set<string>();
  const degree = (id: string): number => incident.get(id)?.length ?? 0;
  const rest = subgraph.nodes
    .map((n) => n.id)
    .sort((a, b) => degree(b) - degree(a) || (a < b ? -1 : a > b ? 1 : 0));
  for (const root of [...salientNodes, ...rest]) {
    if (visited.has(root)) continue;
    visited.add(root);
    const queue = [root];
    for (let q = 0; q < queue.length; q++) {
      const v = queue[q]!;
      const list = [...(incident.get(v) ?? [])].sort(
        (a, b) => cmp(a.relation, b.relation) || cmp(label(other(a, v)), label(other(b, v))) || cmp(a.id, b.id),
      );
      for (const e of list) {
        if (!emitted.has(e.id)) {
          emitted.add(e.id);
          description.push(line(e));
        }
        const u = other(e, v);
        if (!visited.has(u)) {
          visited.add(u);
          queue.push(u);
        }
      }
    }
    // an isolated node is still context: list it by name
    if (degree(root) === 0 && !described.has(root)) description.push(label(root));
  }
  const lines = [...salient, ...description].slice(0, maxLines);
  return {
    salient: salient.slice(0, maxLines),
    description: description.slice(0, Math.max(0, maxLines - salient.length)),
    lines,
    text: lines.join('\n'),
  };
}

function other(e: GraphEdgeRef, v: string): string {
  return e.source === v ? e.target : e.source;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
