// Benchmark: toJSON's id order on a real graph. Opens a graph file (format 2/3, e.g. an index
// directory's seg/graph-*.bin), builds a writable store from its records shuffled (the order a
// fresh extraction inserts in) and from them in id order (a store reopened and edited), and
// times toJSON on each, and the id ordering alone (the store's multigraph giving its records by
// id). The peer, in the same run: the previous way, sorting the same node and edge objects with
// an id comparator.
// Run: node --expose-gc --conditions=@rag/source --import tsx packages/graph-store/bench/to-json.ts <graph.bin>
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createGraphStore, mulberry32, openGraph } from '../src/index.js';
import { Multigraph } from '../src/multigraph.js';

const path = process.argv[2];
if (!path) throw new Error('usage: to-json.ts <graph file>');
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const gc = (globalThis as { gc?: () => void }).gc;
const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const snap = openGraph(readFileSync(path), path).toJSON();
console.log(`${path}: ${snap.nodes.length} nodes, ${snap.edges.length} edges; load average ${load()}`);
const rng = mulberry32(1);
const shuffled = <T>(xs: T[]) => {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

for (const [label, nodes, edges] of [
  ['shuffled insertion', shuffled(snap.nodes), shuffled(snap.edges)],
  ['id-ordered insertion', snap.nodes, snap.edges],
] as const) {
  const store = createGraphStore({ snapshot: { ...snap, nodes, edges } });
  const graph = new Multigraph<unknown, unknown>();
  for (const n of nodes) graph.setNode(n.id, n);
  for (const e of edges) graph.setEdge(e.id, e.source, e.target, e);
  const ours: number[] = [];
  const sortOnly: number[] = [];
  const peer: number[] = [];
  let same = true;
  for (let r = 0; r < RUNS; r++) {
    gc?.();
    let c = cpuNow();
    const out = store.toJSON();
    ours.push(cpuNow() - c);
    gc?.();
    c = cpuNow();
    graph.nodesById();
    graph.edgesById();
    sortOnly.push(cpuNow() - c);
    gc?.();
    c = cpuNow();
    const n = [...store.nodes()].sort(byId);
    const e = [...store.edges()].sort(byId);
    peer.push(cpuNow() - c);
    same &&= n.every((x, i) => x === out.nodes[i]) && e.every((x, i) => x === out.edges[i]);
  }
  console.log(
    `${label}: toJSON median ${median(ours).toFixed(0)} ms CPU (logs included), of which ordering by id ${median(sortOnly).toFixed(0)} ms; ` +
      `comparator sort of the same objects (previous ordering) ${median(peer).toFixed(0)} ms CPU; RATIO ordering ${(median(peer) / median(sortOnly)).toFixed(2)}x; same order: ${same}; load average ${load()}`,
  );
}
