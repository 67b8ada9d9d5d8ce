// How long the graph layout (src/ui/graph-layout.ts: ForceAtlas2 + noverlap, synchronous) takes
// for the views the web UI draws, up to 5,000 nodes, against the hand-written spring layout it
// replaced (bench/previous-spring-layout.ts) in the same run. The graphs are seeded synthetic
// knowledge-graph shapes: preferential attachment, ~1.5 edges per node, node sizes as the
// explorer gives them. Run: pnpm --filter @rag/cli bench   (prints a table; median of 3 runs)
import { mulberry32 } from '@rag/graph-store';
import { layoutGraph } from '../src/ui/graph-layout.js';
import { springLayout } from './previous-spring-layout.js';
import { syntheticGraph } from './synthetic-graph.js';

/** Sizes for the previous layout: O(n²·300), so not run at 5,000 (minutes). */
const PREVIOUS_MAX = 1000;
const SIZES = [40, 150, 1000, 5000];
const RUNS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(`layout bench: median of ${RUNS} runs; node ${process.version}`);
console.log('nodes  edges  FA2 it  noverlap ≤it  FA2+noverlap ms  previous spring ms  previous / new');
for (const n of SIZES) {
  const now: number[] = [];
  let stats: ReturnType<typeof layoutGraph> | undefined;
  for (let r = 0; r < RUNS; r++) {
    const g = syntheticGraph(n, 42 + r);
    stats = layoutGraph(g, { random: mulberry32(7 + r) });
    now.push(stats.ms);
  }
  const prev: number[] = [];
  if (n <= PREVIOUS_MAX) {
    for (let r = 0; r < RUNS; r++) {
      const g = syntheticGraph(n, 42 + r);
      const t = performance.now();
      springLayout(g.nodes(), g.mapEdges((_, __, source, target) => ({ source, target })));
      prev.push(performance.now() - t);
    }
  }
  const m = median(now);
  const p = prev.length ? median(prev) : undefined;
  console.log(
    [
      String(n).padStart(5),
      String(stats!.edges).padStart(6),
      String(stats!.fa2Iterations).padStart(7),
      String(stats!.noverlapIterations).padStart(13),
      m.toFixed(0).padStart(16),
      (p === undefined ? 'not run' : p.toFixed(0)).padStart(19),
      (p === undefined ? '—' : `${(p / m).toFixed(1)}×`).padStart(15),
    ].join('  '),
  );
}
