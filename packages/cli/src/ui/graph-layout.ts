// Lays a graphology graph out for drawing: ForceAtlas2 (graphology-layout-forceatlas2, the
// synchronous version) from the positions nodes already have, then noverlap
// (graphology-layout-noverlap), which pushes apart node discs that cover each other. Iteration counts shrink
// as the graph grows, so a 5,000-node view still lays out in a bounded time; nodes without a
// position start beside an already placed neighbour (an expanded neighbourhood grows out of
// the node it was opened from) or on a circle. Shared by the Ask tab's evidence graph and the
// Graph tab's explorer; runs in the browser and in Node (the layout bench).
import type Graph from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import noverlap from 'graphology-layout-noverlap';

export interface LayoutStats {
  nodes: number;
  edges: number;
  fa2Iterations: number;
  noverlapIterations: number;
  ms: number;
}

/** ForceAtlas2 rounds for `n` nodes: many for small views, fewer (each costlier) for big ones. */
export const fa2Iterations = (n: number) => Math.max(40, Math.min(400, Math.round(4000 / Math.sqrt(Math.max(1, n)))));
/** Most noverlap rounds for `n` nodes (it stops earlier once nothing overlaps). */
export const noverlapIterations = (n: number) => Math.max(20, Math.min(200, Math.round(2000 / Math.sqrt(Math.max(1, n)))));

/** Give every node without x/y a start position; returns how many were placed. */
export function seedPositions(graph: Graph, random: () => number = Math.random): number {
  let placed = 0;
  const total = graph.order;
  let i = 0;
  graph.forEachNode((id, a) => {
    i++;
    if (typeof a.x === 'number' && typeof a.y === 'number') return;
    const anchor = graph.neighbors(id).find((o) => typeof graph.getNodeAttribute(o, 'x') === 'number');
    if (anchor) {
      const angle = random() * 2 * Math.PI;
      graph.mergeNodeAttributes(id, { x: graph.getNodeAttribute(anchor, 'x') + Math.cos(angle), y: graph.getNodeAttribute(anchor, 'y') + Math.sin(angle) });
    } else {
      const angle = (2 * Math.PI * i) / Math.max(1, total);
      const r = 10 * Math.sqrt(total);
      graph.mergeNodeAttributes(id, { x: r * Math.cos(angle) + random(), y: r * Math.sin(angle) + random() });
    }
    placed++;
  });
  return placed;
}

export interface LayoutOptions {
  random?: () => number;
  now?: () => number;
  /** Run noverlap after ForceAtlas2 (default true; the test compares with and without). */
  separate?: boolean;
}

export function layoutGraph(graph: Graph, options: LayoutOptions = {}): LayoutStats {
  const now = options.now ?? (() => performance.now());
  const t0 = now();
  seedPositions(graph, options.random);
  const n = graph.order;
  const fa2 = fa2Iterations(n);
  const nov = noverlapIterations(n);
  if (n > 1) {
    const settings = forceAtlas2.inferSettings(graph);
    forceAtlas2.assign(graph, {
      iterations: fa2,
      getEdgeWeight: null,
      settings: { ...settings, barnesHutOptimize: n > 300, adjustSizes: false, scalingRatio: 10, gravity: 1 },
    });
    // a coarser grid for big views: fewer cells to sweep per round (measured in bench/layout.ts)
    if (options.separate !== false)
      noverlap.assign(graph, { maxIterations: nov, settings: { margin: 2, ratio: 1.2, expansion: 1.1, gridSize: n > 1000 ? 60 : 20 } });
  }
  return { nodes: n, edges: graph.size, fa2Iterations: fa2, noverlapIterations: nov, ms: now() - t0 };
}
