// What the first edit of an opened graph costs: an opened store answers from read-only columns
// (graph-view.ts) and its first edit — every update of an existing store — builds the writable
// store from them. This opens a store's graph (base file + deltas, from manifest.json), makes one
// edit that changes nothing (setSchema with the schema it has), and prints the time that took and
// the live memory after a forced GC, before and after. `--before CHECKOUT` runs the same with
// another checkout's graph-store (e.g. main) in the same run and prints the ratios; each side is
// its own process, one after the other. `--heap MB` gives them a larger heap than Node's default.
//
//   node --conditions=@rag/source --import tsx packages/graph-store/bench/materialize.ts --store /tmp/lead-100k-s3 [--before /tmp/wt] [--heap 12000]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const fmt = (x: number, d = 1) => x.toFixed(d);

interface Result {
  nodes: number;
  edges: number;
  materializeMs: number;
  /** CPU time of the process over the materialisation (all threads: GC helpers included) */
  cpuMs: number;
  /** live heap + array buffers after a forced GC, MB */
  openedMb: number;
  materializedMb: number;
  heapMb: number;
  arrayBuffersMb: number;
  peakMb: number;
}

type GraphStoreModule = typeof import('../src/index.js');

if (process.argv.includes('--child')) {
  const gs = (await import(pathToFileURL(arg('--graph-store', '')).href)) as GraphStoreModule;
  const gc = (globalThis as { gc?: () => void }).gc!;
  const live = async () => {
    // dead array buffers are freed seconds after the collection that finds them (an 11k-passage
    // graph's 20 MB of them showed up as live 2 s later, gone 3 s later): collect for 4 s
    for (let k = 0; k < 8; k++) {
      gc();
      await new Promise((r) => setTimeout(r, 500));
    }
    gc();
    const m = process.memoryUsage();
    return { heap: m.heapUsed / 1e6, ab: m.arrayBuffers / 1e6 };
  };
  const dir = arg('--store', '');
  const files = (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { files: { graph: { file: string }; graphDeltas?: { file: string }[] } }).files;
  const at = (f: string) => join(dir, 'seg', f);
  // the columns are held by the view only (it lets go of them, and the file behind them, once materialised)
  const open = () => {
    const base = gs.decodeGraphColumns(readFileSync(at(files.graph.file)), files.graph.file);
    const deltas = (files.graphDeltas ?? []).map((d) => gs.decodeGraphDelta(readFileSync(at(d.file)), d.file));
    return gs.createGraphView(deltas.length ? gs.applyGraphDeltas(base, deltas, dir) : base);
  };
  const view = open();
  const opened = await live();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  view.setSchema(view.schema);
  const materializeMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (!view.isMaterialized()) throw new Error('the edit did not materialise the store');
  const after = await live();
  const result: Result = {
    nodes: view.nodeCount,
    edges: view.edgeCount,
    materializeMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    openedMb: opened.heap + opened.ab,
    materializedMb: after.heap + after.ab,
    heapMb: after.heap,
    arrayBuffersMb: after.ab,
    peakMb: process.resourceUsage().maxRSS / 1024,
  };
  console.log(JSON.stringify(result));
  process.exit(0);
}

const store = resolve(arg('--store', ''));
if (!existsSync(join(store, 'manifest.json'))) throw new Error(`--store: ${store} has no manifest.json`);
const before = arg('--before', '');
const heap = arg('--heap', '');
const run = (name: string, checkout: string): Result => {
  const graphStore = join(checkout, 'packages', 'graph-store', 'src', 'index.ts');
  const flags = ['--conditions=@rag/source', '--import', 'tsx', '--expose-gc', ...(heap ? [`--max-old-space-size=${heap}`] : [])];
  console.log(`${name} (${checkout}), load ${loadavg().map((x) => fmt(x)).join(' ')}`);
  const r = spawnSync(process.execPath, [...flags, fileURLToPath(import.meta.url), '--child', '--graph-store', graphStore, '--store', store], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${name}: the run failed (exit ${r.status})`);
  const x = JSON.parse(r.stdout.trim().split('\n').pop()!) as Result;
  console.log(
    `  ${x.nodes} nodes, ${x.edges} edges: materialised in ${fmt(x.materializeMs / 1000, 2)} s (CPU ${fmt(x.cpuMs / 1000, 2)} s); live heap + array buffers ${fmt(x.openedMb, 0)} MB opened → ${fmt(x.materializedMb, 0)} MB materialised (heap ${fmt(x.heapMb, 0)}, array buffers ${fmt(x.arrayBuffersMb, 0)}), peak RSS ${fmt(x.peakMb, 0)} MB`,
  );
  return x;
};

console.log(`materialise: first edit of the graph of ${store}, node ${process.version}`);
const ours = run('this checkout', resolve(here, '..', '..', '..'));
if (before) {
  const theirs = run('before', resolve(before));
  const grow = (r: Result) => r.materializedMb - r.openedMb;
  console.log(
    `ratio this checkout / before: time ${fmt(ours.materializeMs / theirs.materializeMs, 2)}×, CPU ${fmt(ours.cpuMs / theirs.cpuMs, 2)}×, memory added ${fmt(grow(ours) / grow(theirs), 2)}×, live after ${fmt(ours.materializedMb / theirs.materializedMb, 2)}×, peak RSS ${fmt(ours.peakMb / theirs.peakMb, 2)}×`,
  );
}
