// Browser side of bench/layout-page.ts (bundled by it): lays a graph out on the page
// (layoutGraph, synchronous) or through the explorer's layout runner (the worker), and
// measures the longest stretch the page's thread went without running a 4 ms timer — how long
// a click or a keystroke would have waited.
import Graph from 'graphology';
import { layoutGraph } from '../src/ui/graph-layout.js';
import { createLayoutRunner } from '../src/ui/layout/layout-runner.js';

interface Run {
  where: string;
  layoutMs: number;
  wallMs: number;
  longestStallMs: number;
}

async function run(n: number, edges: number[], sizes: number[], mode: 'main' | 'worker'): Promise<Run> {
  const g = new Graph({ multi: true, type: 'directed' });
  for (let i = 0; i < n; i++) g.addNode(`n${i}`, { size: sizes[i] });
  for (let k = 0; k + 1 < edges.length; k += 2) g.addEdge(`n${edges[k]}`, `n${edges[k + 1]}`);
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    longest = Math.max(longest, t - last);
    last = t;
  }, 4);
  // let the timer settle before starting
  await new Promise((r) => setTimeout(r, 50));
  last = performance.now();
  longest = 0;
  const t0 = performance.now();
  let where = 'main';
  let layoutMs: number;
  if (mode === 'main') {
    layoutMs = layoutGraph(g).ms;
  } else {
    const runner = createLayoutRunner();
    const r = await runner.run(g);
    if (r.status !== 'done') throw new Error('layout cancelled');
    where = r.where;
    layoutMs = r.stats.ms;
    runner.destroy();
  }
  const wallMs = performance.now() - t0;
  // one more timer turn, so a stall that ends with the layout is counted
  await new Promise((r) => setTimeout(r, 20));
  clearInterval(timer);
  return { where, layoutMs, wallMs, longestStallMs: longest };
}

(window as unknown as { layoutBench: typeof run }).layoutBench = run;
document.body.dataset.ready = 'true';
