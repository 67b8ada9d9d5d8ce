// Benchmark: a 200k-node, 1M-edge preferential-attachment graph built from a seed, once one call
// per record (the previous path) and once in bulk (addBatch), with the ratio between them.
// Our PPR (cached CSR power iteration) vs graphology-metrics' pagerank on the same graph,
// plus Louvain time, snapshot save/load time and bytes, and heap per node / per edge.
// Also: local-push PPR (personalizedPageRankPush) vs the power iteration on the same queries, with
// top-20 agreement against the power iteration's answer.
// Run: pnpm --filter @rag/graph-store bench   (env BENCH_NODES / BENCH_EDGES_PER_NODE to scale;
//      `pnpm --filter @rag/graph-store bench --ppr-only` skips Louvain and the snapshot;
//      `--build-only` stops after the builds and their peer: the same nodes and edges inserted into a
//      bare graphology MultiDirectedGraph, timed in the same run)
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { join } from 'node:path';
import { MultiDirectedGraph, UndirectedGraph } from 'graphology';
import pagerank from 'graphology-metrics/centrality/pagerank.js';
import {
  createGraphStore,
  detectCommunities,
  getAdjacency,
  loadGraph,
  encodeGraph,
  openGraph,
  mulberry32,
  personalizedPageRank,
  personalizedPageRankPush,
  relationId,
  saveGraph,
} from '../src/index.js';
import type { EntityInput, RelationInput } from '../src/index.js';

const N = Number(process.env.BENCH_NODES ?? 200_000);
const M_PER = Number(process.env.BENCH_EDGES_PER_NODE ?? 5);
const SEED = 20240601;
const QUERIES = 21;
const PEER_RUNS = 3;
const PPR_ONLY = process.argv.includes('--ppr-only');
const BUILD_ONLY = process.argv.includes('--build-only');

const gc = (globalThis as { gc?: () => void }).gc;
function heap(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}
const ms = (t0: number) => performance.now() - t0;
// the machines are shared, so every phase also reports this process's CPU time next to wall time
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const fmt = (x: number, d = 1) => x.toFixed(d);

// GC pauses on the main thread, to say how much of a phase's time is collection
const gcEntries: PerformanceEntry[] = [];
new PerformanceObserver((list) => gcEntries.push(...list.getEntries())).observe({ entryTypes: ['gc'] });
const gcMs = (from: number, to: number) => gcEntries.filter((e) => e.startTime >= from && e.startTime < to).reduce((sum, e) => sum + e.duration, 0);
const flushGcEntries = () => new Promise((resolve) => setTimeout(resolve, 50));

if (!gc) console.warn('warning: run with --expose-gc for meaningful memory figures');
console.log(`node ${process.version}, ${N} nodes, ${M_PER} edges per new node, seed ${SEED}; load average ${load()}`);

// ---------------------------------------------------------------- build
// The records are generated first (what an extraction hands the store), then inserted twice:
// one call per record (addEntity / addRelation, the previous path) and in two bulk calls
// (addBatch with the entities, then with the relations). Same records, same graph.
const rng = mulberry32(SEED);
const relations = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'];
const id = (i: number) => `entity:n${i}`;
const entityRecords: EntityInput[] = [];
for (let i = 0; i < N; i++) entityRecords.push({ name: `n${i}`, provenance: [{ chunkId: `c${i >> 2}`, start: 0, end: 8 }] });
const relationRecords: RelationInput[] = [];
{
  // preferential attachment: a new node links to endpoints drawn from the endpoint list, so the
  // chance of picking a node is proportional to its degree (Barabási–Albert); a repeated
  // (source, relation, target) is drawn again
  const endpoints = new Int32Array(2 * N * M_PER + 16);
  const drawn = new Set<number>();
  const key = (i: number, r: number, j: number) => (i * 8 + r) * N + j;
  let ends = 0;
  const core = M_PER + 1;
  const push = (i: number, r: number, j: number) => {
    drawn.add(key(i, r, j));
    relationRecords.push({ source: id(i), target: id(j), relation: relations[r]!, provenance: [{ chunkId: `c${i >> 2}`, start: 0, end: 8 }], confidence: 0.5 + rng() / 2 });
    endpoints[ends++] = i;
    endpoints[ends++] = j;
  };
  for (let i = 1; i < core; i++) for (let j = 0; j < i; j++) push(i, (i + j) % 8, j);
  for (let i = core; i < N; i++) {
    for (let k = 0; k < M_PER; k++) {
      let target: number;
      let r: number;
      do {
        target = endpoints[Math.floor(rng() * ends)]!;
        r = Math.floor(rng() * 8);
      } while (target === i || drawn.has(key(i, r, target)));
      push(i, r, target);
    }
  }
}

interface BuildFigures {
  store: ReturnType<typeof createGraphStore>;
  nodesMs: number;
  edgesMs: number;
  cpu: number;
  gc: number;
  heapPerNode: number;
  heapPerEdge: number;
}
async function build(bulk: boolean): Promise<BuildFigures> {
  const h0 = heap();
  const store = createGraphStore();
  let t = performance.now();
  const nodesT0 = t;
  const c0 = cpuNow();
  if (bulk) store.addBatch({ entities: entityRecords });
  else for (const e of entityRecords) store.addEntity(e);
  const nodesMs = ms(t);
  const nodesT1 = performance.now();
  const nodesCpu = cpuNow() - c0;
  const h1 = heap();
  t = performance.now();
  const edgesT0 = t;
  const c1 = cpuNow();
  if (bulk) store.addBatch({ relations: relationRecords });
  else for (const r of relationRecords) store.addRelation(r);
  const edgesMs = ms(t);
  const edgesT1 = performance.now();
  const cpu = nodesCpu + cpuNow() - c1;
  const h2 = heap();
  await flushGcEntries();
  const gcPauses = gcMs(nodesT0, nodesT1) + gcMs(edgesT0, edgesT1);
  const figures = { store, nodesMs, edgesMs, cpu, gc: gcPauses, heapPerNode: (h1 - h0) / store.nodeCount, heapPerEdge: (h2 - h1) / store.edgeCount };
  console.log(
    `${bulk ? 'bulk (addBatch)' : 'per call (addEntity / addRelation)'}: ${store.nodeCount} nodes in ${fmt(nodesMs / 1000, 2)} s wall (${fmt(nodesCpu / 1000, 2)} s CPU), ${store.edgeCount} edges in ${fmt(edgesMs / 1000, 2)} s wall (${fmt((cpu - nodesCpu) / 1000, 2)} s CPU); ` +
      `${fmt((nodesMs + edgesMs) / 1000, 2)} s wall, ${fmt(cpu / 1000, 2)} s CPU for both (process CPU incl. GC threads), ${fmt(gcPauses / 1000, 2)} s of it GC pauses; ` +
      `heap ${fmt(figures.heapPerNode, 0)} B per node, ${fmt(figures.heapPerEdge, 0)} B per edge; load average ${load()}`,
  );
  return figures;
}
// a sample of nodes and edges as JSON, to check that both paths stored the same graph
function sample(s: ReturnType<typeof createGraphStore>): string {
  const out: unknown[] = [s.nodeCount, s.edgeCount];
  for (let i = 0; i < N; i += 997) out.push(s.getNode(id(i)));
  for (let k = 0; k < relationRecords.length; k += 4999) {
    const r = relationRecords[k]!;
    out.push(s.getEdge(relationId(r.source, r.relation, r.target)));
  }
  return JSON.stringify(out);
}
let t = 0;
let previous: BuildFigures | undefined = await build(false);
const previousSample = sample(previous.store);
const prev = { wall: previous.nodesMs + previous.edgesMs, cpu: previous.cpu, heapPerEdge: previous.heapPerEdge };
previous = undefined; // dropped before the bulk build, so it does not weigh on its collections
const bulkBuild = await build(true);
const store = bulkBuild.store;
const buildNodesMs = bulkBuild.nodesMs;
const buildEdgesMs = bulkBuild.edgesMs;
const buildCpu = bulkBuild.cpu;
if (sample(store) !== previousSample) throw new Error('bench: the bulk path stored a different graph than the per-call path');
console.log(
  `built ${store.nodeCount} nodes, ${store.edgeCount} edges (bulk path): ${fmt((buildNodesMs + buildEdgesMs) / 1000, 2)} s wall, ${fmt(buildCpu / 1000, 2)} s CPU; ${fmt((buildNodesMs + buildEdgesMs) / 1000 / (store.edgeCount / 1e6), 2)} s wall per 1M edges`,
);
console.log(
  `RATIO per-call / bulk build: ${fmt(prev.wall / (buildNodesMs + buildEdgesMs), 2)}x wall, ${fmt(prev.cpu / buildCpu, 2)}x CPU, ${fmt(prev.heapPerEdge / bulkBuild.heapPerEdge, 2)}x heap per edge (same sampled nodes and edges)`,
);

// ---------------------------------------------------------------- build peer
// The same nodes and edges (the store's own frozen objects as attributes, in insertion order)
// into a bare graphology MultiDirectedGraph: the graph structure alone, without validation,
// provenance indexes or upsert logic. Timed in the same run, so the ratio holds under any load.
// A function, so nothing of it stays reachable from the suspended top-level frame afterwards.
async function buildPeer(): Promise<void> {
  const nodeList = [...store.nodes()];
  const edgeList = [...store.edges()];
  const p0 = heap();
  t = performance.now();
  const c0 = cpuNow();
  const peerGraph = new MultiDirectedGraph({ allowSelfLoops: true });
  for (const n of nodeList) peerGraph.addNode(n.id, n);
  for (const e of edgeList) if (!peerGraph.hasEdge(e.id)) peerGraph.addDirectedEdgeWithKey(e.id, e.source, e.target, e);
  const peerMs = ms(t);
  const peerT1 = performance.now();
  const peerCpu = cpuNow() - c0;
  const p1 = heap();
  await flushGcEntries();
  console.log(
    `peer build (bare graphology MultiDirectedGraph, same ${peerGraph.order} nodes / ${peerGraph.size} edges, objects shared): ${fmt(peerMs / 1000, 2)} s wall, ${fmt(peerCpu / 1000, 2)} s CPU, ${fmt(gcMs(peerT1 - peerMs, peerT1) / 1000, 2)} s GC pauses, ` +
      `${fmt((p1 - p0) / peerGraph.size, 0)} B per edge (structure only, nodes included)`,
  );
  console.log(
    `RATIO store build (bulk) / bare graphology build: ${fmt((buildNodesMs + buildEdgesMs) / peerMs, 2)}x wall, ${fmt(buildCpu / peerCpu, 2)}x CPU; load average ${load()}`,
  );
}
await buildPeer();
{
  // toJSON sorts every node and edge by id (the snapshot order persistence writes)
  t = performance.now();
  const c0 = cpuNow();
  const snap = store.toJSON();
  console.log(`toJSON (${snap.nodes.length} nodes, ${snap.edges.length} edges, sorted by id): ${fmt(ms(t) / 1000, 2)} s wall, ${fmt((cpuNow() - c0) / 1000, 2)} s CPU`);
}
if (BUILD_ONLY) {
  console.log(`--build-only: PPR, Louvain and snapshot skipped; load average at end ${load()}`);
  process.exit(0);
}

// ---------------------------------------------------------------- PPR
const seedSets: string[][] = [];
for (let q = 0; q < QUERIES; q++) seedSets.push([id(Math.floor(rng() * N)), id(Math.floor(rng() * N)), id(Math.floor(rng() * N))]);
// measured from here, so the peer build and toJSON above do not count
const hCsr = heap();
t = performance.now();
const csrCpu0 = cpuNow();
const adj = getAdjacency(store);
const csrMs = ms(t);
const csrCpu = cpuNow() - csrCpu0;
const h3 = heap();
console.log(`CSR build (cold, once per store version): ${fmt(csrMs)} ms wall, ${fmt(csrCpu)} ms CPU, ${adj.sources.length} arcs, ${fmt((h3 - hCsr) / 1e6)} MB`);
const ours: number[] = [];
const oursCpu: number[] = [];
const iters: number[] = [];
const exactTop: string[][] = [];
for (const seeds of seedSets) {
  t = performance.now();
  const c = cpuNow();
  const r = personalizedPageRank(store, { seeds, alpha: 0.15, tolerance: 1e-6, maxIterations: 100 });
  exactTop.push(r.top(20).map((x) => x.id));
  ours.push(ms(t));
  oursCpu.push(cpuNow() - c);
  iters.push(r.iterations);
}
// the same queries at a looser tolerance, and how much of the top-20 changes
const loose: number[] = [];
const looseIters: number[] = [];
let overlap = 0;
for (const seeds of seedSets) {
  const exact = personalizedPageRank(store, { seeds, alpha: 0.15, tolerance: 1e-6 }).top(20).map((x) => x.id);
  t = performance.now();
  const r = personalizedPageRank(store, { seeds, alpha: 0.15, tolerance: 1e-4, maxIterations: 100 });
  const top = r.top(20);
  loose.push(ms(t));
  looseIters.push(r.iterations);
  const set = new Set(exact);
  overlap += top.filter((x) => set.has(x.id)).length / exact.length;
}
console.log(`ours: PPR median ${fmt(median(ours))} ms/query wall, ${fmt(median(oursCpu))} ms CPU (wall min ${fmt(Math.min(...ours))}, max ${fmt(Math.max(...ours))}), median ${median(iters)} iterations, α=0.15, L1 tol 1e-6, ${QUERIES} queries of 3 random seeds`);

// the peer gets the same graph as ours walks it: undirected, parallel edges collapsed
t = performance.now();
const peer = new UndirectedGraph();
for (let i = 0; i < N; i++) peer.addNode(id(i));
for (const e of store.edges()) if (!peer.hasEdge(e.source, e.target)) peer.addEdge(e.source, e.target);
console.log(`ours at L1 tol 1e-4: median ${fmt(median(loose))} ms/query wall, median ${median(looseIters)} iterations, top-20 overlap with tol 1e-6: ${fmt((100 * overlap) / seedSets.length)} %`);
console.log(`peer graph (graphology UndirectedGraph) built in ${fmt(ms(t) / 1000)} s: ${peer.order} nodes, ${peer.size} edges`);
const theirs: number[] = [];
const theirsCpu: number[] = [];
let peerNote = '';
for (let k = 0; k < PEER_RUNS; k++) {
  t = performance.now();
  const c = cpuNow();
  try {
    // graphology stops when Σ|Δ| < N·tolerance; N·(1e-6/N) matches our L1 1e-6
    pagerank(peer, { alpha: 0.85, tolerance: 1e-6 / N, maxIterations: 100, getEdgeWeight: null });
  } catch (err) {
    peerNote = ` (${(err as Error).message})`;
  }
  theirs.push(ms(t));
  theirsCpu.push(cpuNow() - c);
}
// ---------------------------------------------------------------- push PPR
// same seeds, α and degree personalisation; ε is the residual tolerance per unit degree
const pushRuns: { eps: number; wall: number[]; cpu: number[]; pushes: number[]; bound: number[]; touched: number[]; agree: number }[] = [];
for (const eps of [1e-6, 1e-7]) {
  const run = { eps, wall: [] as number[], cpu: [] as number[], pushes: [] as number[], bound: [] as number[], touched: [] as number[], agree: 0 };
  seedSets.forEach((seeds, q) => {
    t = performance.now();
    const c0 = cpuNow();
    const r = personalizedPageRankPush(store, { seeds, alpha: 0.15, tolerance: eps });
    const top = r.top(20);
    run.wall.push(ms(t));
    run.cpu.push(cpuNow() - c0);
    run.pushes.push(r.pushes);
    run.bound.push(r.errorBound);
    run.touched.push(r.touched);
    const set = new Set(exactTop[q]);
    run.agree += top.filter((x) => set.has(x.id)).length / exactTop[q]!.length;
  });
  pushRuns.push(run);
  console.log(
    `ours push: ε=${eps} median ${fmt(median(run.wall), 2)} ms/query wall, ${fmt(median(run.cpu), 2)} ms CPU (max ${fmt(Math.max(...run.wall), 2)}), median ${median(run.pushes)} pushes, ${median(run.touched)} nodes touched, L1 error bound median ${median(run.bound).toExponential(2)}, top-20 agreement with power iteration ${fmt((100 * run.agree) / seedSets.length)} %`,
  );
}
console.log(`peer: graphology-metrics pagerank median ${fmt(median(theirs))} ms/call wall, ${fmt(median(theirsCpu))} ms CPU, ${PEER_RUNS} calls${peerNote}`);
console.log(`RATIO peer/ours (median per query): ${fmt(median(theirs) / median(ours))}x wall, ${fmt(median(theirsCpu) / median(oursCpu))}x CPU`);
for (const run of pushRuns) {
  console.log(
    `RATIO push ε=${run.eps}: power/push ${fmt(median(ours) / median(run.wall))}x wall, ${fmt(median(oursCpu) / median(run.cpu))}x CPU; peer/push ${fmt(median(theirs) / median(run.wall))}x wall, ${fmt(median(theirsCpu) / median(run.cpu))}x CPU`,
  );
}
if (PPR_ONLY) {
  console.log(`--ppr-only: Louvain and snapshot skipped; load average at end ${load()}`);
  process.exit(0);
}

// ---------------------------------------------------------------- Louvain
t = performance.now();
let c = cpuNow();
const comm = detectCommunities(store, { seed: 1 });
console.log(`Louvain (detectCommunities: our own Louvain, incl. projection; graphology-communities-louvain before c51fc31): ${fmt(ms(t) / 1000, 2)} s wall, ${fmt((cpuNow() - c) / 1000, 2)} s CPU, ${comm.count} communities, modularity ${fmt(comm.modularity, 3)}`);

// ---------------------------------------------------------------- snapshot
const dir = await mkdtemp(join(tmpdir(), 'rag-graph-bench-'));
try {
  t = performance.now();
  c = cpuNow();
  const saved = await saveGraph(store, dir);
  const saveMs = ms(t);
  const saveCpu = cpuNow() - c;
  t = performance.now();
  c = cpuNow();
  await saveGraph(store, dir); // second save also verifies + rotates the previous snapshot
  const save2Ms = ms(t);
  const save2Cpu = cpuNow() - c;
  t = performance.now();
  c = cpuNow();
  const loaded = await loadGraph(dir);
  const loadMs = ms(t);
  const loadCpu = cpuNow() - c;
  const bytes = (await stat(join(dir, 'graph.json'))).size;
  console.log(`snapshot: ${fmt(bytes / 1e6)} MB; save ${fmt(saveMs / 1000, 2)} s wall / ${fmt(saveCpu / 1000, 2)} s CPU (first), ${fmt(save2Ms / 1000, 2)} s / ${fmt(save2Cpu / 1000, 2)} s (with verify + rotation); load ${fmt(loadMs / 1000, 2)} s / ${fmt(loadCpu / 1000, 2)} s (checksum, zod, index rebuild); loaded ${loaded.nodeCount} nodes / ${loaded.edgeCount} edges; sha256 ${saved.sha256.slice(0, 12)}`);

  // graph format 2 (what an index directory stores): encode, open lazily, first PPR on the view
  t = performance.now();
  const bin = encodeGraph(store.toJSON());
  const encMs = ms(t);
  t = performance.now();
  const view = openGraph(bin, 'bench');
  const first = personalizedPageRankPush(view, { seeds: seedSets[0]!, alpha: 0.15, tolerance: 1e-6 });
  const openMs = ms(t);
  console.log(
    `format 2: ${fmt(bin.byteLength / 1e6)} MB (${fmt(bytes / bin.byteLength, 1)}× smaller than the JSON snapshot); encode ${fmt(encMs / 1000, 2)} s; ` +
      `open + first PPR ${fmt(openMs / 1000, 2)} s vs JSON load ${fmt(loadMs / 1000, 2)} s (${fmt(loadMs / openMs, 1)}×), graphology built: ${view.isMaterialized()}, ${first.touched} nodes touched`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(`load average at end ${load()}`);
