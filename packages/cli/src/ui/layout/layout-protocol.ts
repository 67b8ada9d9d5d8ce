// The messages between the page and the layout worker (./layout-worker.ts): the page sends node
// ids (with the positions nodes already have, NaN where none, and their sizes) and edges as
// index pairs; the worker answers with one x,y pair per node, in the order it was sent.
import Graph from 'graphology';
import { layoutGraph, type LayoutStats } from '../graph-layout.js';

export interface LayoutRequest {
  /** Matches the answer to its request; the page drops answers to requests it gave up on. */
  job: number;
  ids: string[];
  /** x0, y0, x1, y1, … (NaN: not placed yet). */
  xy: Float64Array;
  sizes: Float64Array;
  /** source index, target index, … */
  edges: Uint32Array;
}

export interface LayoutAnswer {
  job: number;
  xy: Float64Array;
  stats: LayoutStats;
}

/** The request for laying out `graph` (its nodes' x, y and size attributes). */
export function toRequest(graph: Graph, job: number): LayoutRequest {
  const ids = graph.nodes();
  const index = new Map(ids.map((id, i) => [id, i]));
  const xy = new Float64Array(ids.length * 2);
  const sizes = new Float64Array(ids.length);
  ids.forEach((id, i) => {
    const a = graph.getNodeAttributes(id);
    xy[2 * i] = typeof a.x === 'number' ? a.x : NaN;
    xy[2 * i + 1] = typeof a.y === 'number' ? a.y : NaN;
    sizes[i] = typeof a.size === 'number' ? a.size : 1;
  });
  const edges = new Uint32Array(graph.size * 2);
  let k = 0;
  graph.forEachEdge((_e, _a, s, t) => {
    edges[k++] = index.get(s)!;
    edges[k++] = index.get(t)!;
  });
  return { job, ids, xy, sizes, edges };
}

/** Rebuild the graph from a request, lay it out (the same code as on the page), answer. */
export function runRequest(req: LayoutRequest): LayoutAnswer {
  const g = new Graph({ multi: true, type: 'directed' });
  req.ids.forEach((id, i) => {
    const x = req.xy[2 * i]!;
    const y = req.xy[2 * i + 1]!;
    g.addNode(id, Number.isNaN(x) || Number.isNaN(y) ? { size: req.sizes[i] } : { x, y, size: req.sizes[i] });
  });
  for (let k = 0; k + 1 < req.edges.length; k += 2) g.addEdge(req.ids[req.edges[k]!]!, req.ids[req.edges[k + 1]!]!);
  const stats = layoutGraph(g);
  const xy = new Float64Array(req.ids.length * 2);
  req.ids.forEach((id, i) => {
    xy[2 * i] = g.getNodeAttribute(id, 'x');
    xy[2 * i + 1] = g.getNodeAttribute(id, 'y');
  });
  return { job: req.job, xy, stats };
}

/** Copy an answer's positions onto `graph`; false when it does not fit (another node set). */
export function applyAnswer(graph: Graph, ids: readonly string[], answer: LayoutAnswer): boolean {
  if (answer.xy.length !== ids.length * 2 || ids.length !== graph.order) return false;
  for (let i = 0; i < ids.length; i++) {
    const x = answer.xy[2 * i]!;
    const y = answer.xy[2 * i + 1]!;
    if (!graph.hasNode(ids[i]!) || !Number.isFinite(x) || !Number.isFinite(y)) return false;
  }
  ids.forEach((id, i) => graph.mergeNodeAttributes(id, { x: answer.xy[2 * i], y: answer.xy[2 * i + 1] }));
  return true;
}
