// detectCommunities (our Louvain over typed arrays) against its peer, graphology-communities-louvain
// on the graphology projection detectCommunities built before (kept below as `peerCommunities`),
// in the same run. Each implementation runs on each graph in its own child process: the child
// builds the input store, collects garbage, resets its peak RSS (/proc/self/clear_refs), runs the
// step once and reports wall and CPU time, the peak RSS rise over the RSS before the step, the
// heap + array buffers still held afterwards (after GC, the result — the same maps on both sides — kept), the community count and
// the modularity each implementation reports (both are Σ_c in_c/2m − γ(tot_c/2m)², self-loops as
// 2 × weight).
//
// Graphs: planted partitions (communities of 20–200 nodes, 70 % of the edges inside one, random
// relation labels and confidences), inserted through `addBatch` into a writable store, at three
// sizes; and, when an index directory (its graph file and graph deltas, from manifest.json) or one
// graph file is given, that graph opened as the read view (what a reopened index holds) and the
// same graph materialised into the writable store (what a build holds at its end).
//
//   nice -n 5 node --expose-gc --conditions=@rag/source --import tsx packages/graph-store/bench/communities.ts [<index dir> | <graph file>]
//     [--sizes 250000,1000000,2000000] [--real view,writable] [--impls ours,graphology]   (an empty list skips)
//     [--arrays 14000000]   ours only, fold + Louvain on typed edge columns (no store, no ids): a 1M-passage-sized graph
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Graph from 'graphology';
import louvain from 'graphology-communities-louvain';
import { mulberry32 } from '@rag/core';
import { detectCommunities, type CommunityResult } from '../src/algorithms/communities.js';
import { foldUndirected } from '../src/algorithms/fold-undirected.js';
import { louvain as ourLouvain } from '../src/algorithms/louvain.js';
import { decodeGraphColumns } from '../src/graph-codec.js';
import { applyGraphDeltas, decodeGraphDelta } from '../src/graph-delta.js';
import { createGraphStore } from '../src/graph-store.js';
import { createGraphView } from '../src/graph-view.js';
import type { GraphStore, RelationInput } from '../src/types.js';

type Impl = 'ours' | 'graphology';

interface Measure {
  impl: Impl;
  input: string;
  nodes: number;
  edges: number;
  wallMs: number;
  cpuMs: number;
  peakRiseMB: number;
  heldMB: number;
  count: number;
  modularity: number;
}

/** detectCommunities as it was before our own Louvain (git show c51fc31^:…/communities.ts), whole. */
function peerCommunities(store: GraphStore, seed = 1): CommunityResult {
  const g = new Graph<Record<string, never>, { weight: number }>({ type: 'undirected', multi: false, allowSelfLoops: true });
  const ids = [...store.nodes()].map((n) => n.id).sort();
  for (const id of ids) g.addNode(id);
  for (const e of store.edges()) {
    const w = e.confidence;
    if (w <= 0) continue;
    g.updateUndirectedEdge(e.source, e.target, (attr) => ({ weight: (attr?.weight ?? 0) + w }));
  }
  const detailed = louvain.detailed(g, { getEdgeWeight: 'weight', resolution: 1, rng: mulberry32(seed) });
  const raw = new Map<number, string[]>();
  for (const id of ids) {
    const c = detailed.communities[id]!;
    let list = raw.get(c);
    if (!list) raw.set(c, (list = []));
    list.push(id);
  }
  const ordered = [...raw.values()].sort((a, b) => b.length - a.length || (a[0]! < b[0]! ? -1 : 1));
  const communityOf = new Map<string, number>();
  const members = new Map<number, string[]>();
  ordered.forEach((list, i) => {
    members.set(i, list);
    for (const id of list) communityOf.set(id, i);
  });
  return { communityOf, members, count: ordered.length, modularity: g.size === 0 ? 0 : detailed.modularity };
}

/** n nodes in communities of 20–200, m relation records, 70 % inside a community. */
function plantedPartition(m: number): GraphStore {
  const n = Math.round(m / 5);
  const rnd = mulberry32(20261126);
  const start: number[] = [];
  for (let i = 0; i < n; ) {
    start.push(i);
    i += 20 + Math.floor(rnd() * 181);
  }
  start.push(n);
  const communityStart = new Int32Array(n);
  const communityEnd = new Int32Array(n);
  for (let c = 0; c + 1 < start.length; c++) {
    const end = Math.min(start[c + 1]!, n);
    for (let i = start[c]!; i < end; i++) {
      communityStart[i] = start[c]!;
      communityEnd[i] = end;
    }
  }
  const id = (i: number) => `entity:n${i}`;
  const store = createGraphStore();
  const entities = Array.from({ length: n }, (_, i) => ({ name: `n${i}` }));
  const relations: RelationInput[] = new Array(m);
  const labels = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'];
  for (let e = 0; e < m; e++) {
    const u = Math.floor(rnd() * n);
    const v = rnd() < 0.7 ? communityStart[u]! + Math.floor(rnd() * (communityEnd[u]! - communityStart[u]!)) : Math.floor(rnd() * n);
    relations[e] = { source: id(u), target: id(v), relation: labels[Math.floor(rnd() * labels.length)]!, confidence: Math.round((0.3 + rnd() * 0.7) * 100) / 100 };
  }
  store.addBatch({ entities, relations });
  return store;
}

/** The graph of an index directory (base file + deltas, from manifest.json) or of one graph file. */
function graphColumns(path: string) {
  if (!existsSync(join(path, 'manifest.json'))) return decodeGraphColumns(readFileSync(path), path);
  const files = (JSON.parse(readFileSync(join(path, 'manifest.json'), 'utf8')) as { files: { graph: { file: string }; graphDeltas?: { file: string }[] } }).files;
  const at = (f: string) => join(path, 'seg', f);
  const base = decodeGraphColumns(readFileSync(at(files.graph.file)), files.graph.file);
  const deltas = (files.graphDeltas ?? []).map((d) => decodeGraphDelta(readFileSync(at(d.file)), d.file));
  return deltas.length ? applyGraphDeltas(base, deltas, path) : base;
}

/**
 * Edge columns of a planted partition straight into typed arrays (no store): for sizes a store
 * would not fit in this machine's budget. Same generator rules as `plantedPartition`, n = m / 2.1
 * (the 200k-passage store's node/edge ratio).
 */
function plantedArrays(m: number): { n: number; source: Int32Array; target: Int32Array; weight: Float64Array } {
  const n = Math.round(m / 2.1);
  const rnd = mulberry32(20261126);
  const communityStart = new Int32Array(n);
  const communityEnd = new Int32Array(n);
  for (let i = 0; i < n; ) {
    const end = Math.min(n, i + 20 + Math.floor(rnd() * 181));
    for (let k = i; k < end; k++) {
      communityStart[k] = i;
      communityEnd[k] = end;
    }
    i = end;
  }
  const source = new Int32Array(m);
  const target = new Int32Array(m);
  const weight = new Float64Array(m);
  for (let e = 0; e < m; e++) {
    const u = Math.floor(rnd() * n);
    source[e] = u;
    target[e] = rnd() < 0.7 ? communityStart[u]! + Math.floor(rnd() * (communityEnd[u]! - communityStart[u]!)) : Math.floor(rnd() * n);
    weight[e] = Math.round((0.3 + rnd() * 0.7) * 100) / 100;
  }
  return { n, source, target, weight };
}

function arraysChild(m: number): void {
  const { n, source, target, weight } = plantedArrays(m);
  gc();
  const held0 = held();
  writeFileSync('/proc/self/clear_refs', '5');
  const rss0 = vm('VmRSS');
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = ourLouvain(foldUndirected(n, m, source, target, weight), { seed: 1 });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const peak = vm('VmHWM');
  gc();
  const out: Measure = { impl: 'ours', input: `arrays-${m}`, nodes: n, edges: m, wallMs, cpuMs: (cpu.user + cpu.system) / 1000, peakRiseMB: mb(peak - rss0), heldMB: mb(held() - held0), count: result.count, modularity: result.modularity };
  process.stdout.write(`RESULT ${JSON.stringify(out)}\n`);
}

function input(name: string, file: string | undefined): GraphStore {
  if (name.startsWith('planted-')) return plantedPartition(Number(name.slice('planted-'.length)));
  const view = createGraphView(graphColumns(file!));
  if (name === 'real-writable') view.setSchema(view.schema); // an edit materialises the writable store
  return view;
}

const mb = (bytes: number) => bytes / 2 ** 20;
const vm = (key: 'VmHWM' | 'VmRSS') => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
const held = () => {
  const u = process.memoryUsage();
  return u.heapUsed + u.arrayBuffers;
};
const gc = () => {
  for (let i = 0; i < 3; i++) (globalThis as { gc?: () => void }).gc!();
};

function child(impl: Impl, name: string, file: string | undefined): void {
  if (name.startsWith('arrays-')) return arraysChild(Number(name.slice('arrays-'.length)));
  const store = input(name, file);
  gc();
  const held0 = held();
  writeFileSync('/proc/self/clear_refs', '5'); // peak RSS := current RSS
  const rss0 = vm('VmRSS');
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let result: CommunityResult;
  if (impl === 'ours') result = detectCommunities(store, { seed: 1 });
  else result = peerCommunities(store, 1);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const peak = vm('VmHWM');
  gc();
  const out: Measure = {
    impl,
    input: name,
    nodes: store.nodeCount,
    edges: store.edgeCount,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakRiseMB: mb(peak - rss0),
    heldMB: mb(held() - held0),
    count: result.count,
    modularity: result.modularity,
  };
  process.stdout.write(`RESULT ${JSON.stringify(out)}\n`);
}

function parent(): void {
  const args = process.argv.slice(2);
  const option = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1]! : undefined;
  };
  const list = (flag: string, fallback: string) => (option(flag) ?? fallback).split(',').filter((x) => x !== '');
  const sizes = list('--sizes', '250000,1000000,2000000').map(Number);
  const real = list('--real', 'view,writable');
  const impls = list('--impls', 'ours,graphology') as Impl[];
  const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const arrays = list('--arrays', '').map(Number);
  const inputs = [...sizes.map((s) => `planted-${s}`), ...(file ? real.map((r) => `real-${r}`) : []), ...arrays.map((s) => `arrays-${s}`)];
  const self = fileURLToPath(import.meta.url);
  const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
  console.log(`communities bench; load at start ${load()}`);
  console.log('| input | nodes | edges | impl | wall | CPU | peak RSS rise | held after | communities | modularity |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const name of inputs) {
    const got = {} as Record<Impl, Measure>;
    for (const impl of name.startsWith('arrays-') ? (['ours'] as const) : impls) {
      const text = execFileSync(process.execPath, [...process.execArgv, '--max-old-space-size=8192', self, '--child', impl, name, file ?? ''], {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const line = text.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) throw new Error(`child ${impl} ${name} printed no result`);
      const r = (got[impl] = JSON.parse(line.slice(7)) as Measure);
      console.log(
        `| ${name} | ${r.nodes} | ${r.edges} | ${impl} | ${(r.wallMs / 1000).toFixed(2)} s | ${(r.cpuMs / 1000).toFixed(2)} s | ${r.peakRiseMB.toFixed(0)} MB | ${r.heldMB.toFixed(0)} MB | ${r.count} | ${r.modularity.toFixed(4)} |`,
      );
    }
    const a = got.ours;
    const b = got.graphology;
    if (!a || !b) continue;
    console.log(
      `| ${name} | | | graphology / ours | ${(b.wallMs / a.wallMs).toFixed(1)}× | ${(b.cpuMs / a.cpuMs).toFixed(1)}× | ${(b.peakRiseMB / a.peakRiseMB).toFixed(1)}× | ${(b.heldMB / Math.max(a.heldMB, 1)).toFixed(1)}× | | ours/graphology ${(a.modularity / b.modularity).toFixed(4)} |`,
    );
  }
  console.log(`load at end ${load()}`);
}

const at = process.argv.indexOf('--child');
if (at >= 0) child(process.argv[at + 1] as Impl, process.argv[at + 2]!, process.argv[at + 3] || undefined);
else parent();
