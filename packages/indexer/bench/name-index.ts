// What the entity resolver's name index costs over a real store's graph: the time to build it
// from every node (read out of the store beforehand) (`NameIndex.of`, what the resolver does on its first call on a graph, so at
// every update of an opened store), the live memory it holds (heap and array buffers after a
// forced GC, less the same measure with the graph alone), and the time to drop 2% of the nodes
// and put them back (the per-batch update path). `--before CHECKOUT` measures another checkout's
// name index in the same run (e.g. main before a change) and prints the ratios. Each side runs
// in its own process, opening the store with its own checkout's code. The store is opened, never
// written; give the heap room for the whole graph (`--heap MB`, default 5000: the 100,000-passage
// store needs about 2.5 GB).
//
//   node --conditions=@rag/source --import tsx packages/indexer/bench/name-index.ts --store /tmp/lead-100k-s3 [--before /tmp/wt] [--heap 5000]
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EntityNode, GraphStore } from '@rag/graph-store';
import type { openIndex as OpenIndex } from '../src/open-index.js';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const fmt = (x: number, d = 1) => x.toFixed(d);

interface Result {
  nodes: number;
  iterateMs: number;
  buildMs: number;
  /** CPU time of the build (this process's threads, the GC's included). */
  buildCpuMs: number;
  /** GC pauses during the build. */
  buildGcMs: number;
  bytes: number;
  updateMs: number;
  bytesAfterUpdate: number;
}

/** The part of the name index's interface both checkouts share. */
interface NameIndexLike {
  put(n: EntityNode): void;
  drop(id: string): void;
  keyOf(id: string): string | undefined;
}

if (process.argv.includes('--child')) {
  const checkout = arg('--checkout', '');
  const src = join(checkout, 'packages', 'indexer', 'src');
  const { openIndex } = (await import(pathToFileURL(join(src, 'index.ts')).href)) as { openIndex: typeof OpenIndex };
  const { NameIndex } = (await import(pathToFileURL(join(src, 'resolution', 'name-index.ts')).href)) as {
    NameIndex: { of(g: GraphStore): NameIndexLike };
  };
  const gc = (globalThis as { gc?: () => void }).gc!;
  const tick = () => new Promise((r) => setTimeout(r, 50));
  // array buffers dropped by a collection are released a little later, and what the opened store
  // lets go of too: collect and wait until the figure stops falling
  const live = async () => {
    let last = Infinity;
    for (let round = 0; round < 20; round++) {
      gc();
      await tick();
      const m = process.memoryUsage();
      const now = m.heapUsed + m.arrayBuffers;
      if (now > last - 256 * 1024) return Math.min(now, last);
      last = now;
    }
    return last;
  };
  const opened = (await openIndex(arg('--store', ''))).graph;
  // every node read once first, into an array the index is then built from: decoding the stored
  // graph (which an opened store does lazily) is the graph's cost, not the index's
  let t = performance.now();
  const all = [...opened.nodes()];
  const iterateMs = performance.now() - t;
  const byId = new Map(all.map((n) => [n.id, n]));
  const graph = { nodeCount: all.length, nodes: () => all.values(), getNode: (id: string) => byId.get(id) } as unknown as GraphStore;
  const nodes = all.length;
  // the per-batch path measured below: every 50th node dropped and put back (it joins the end of its lists)
  const some = all.filter((_, i) => i % 50 === 0).map((n) => n.id);
  const base = await live();
  const pauses: { startTime: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => pauses.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  t = performance.now();
  const cpu = process.cpuUsage();
  const index = NameIndex.of(graph);
  const buildMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const buildCpuMs = (used.user + used.system) / 1000;
  await tick(); // the observer is told of the pauses asynchronously
  observer.disconnect();
  const bytes = (await live()) - base;
  const buildGcMs = pauses.filter((p) => p.startTime >= t && p.startTime <= t + buildMs).reduce((a, p) => a + p.duration, 0);
  t = performance.now();
  for (const id of some) index.drop(id);
  for (const id of some) index.put(byId.get(id)!);
  const updateMs = performance.now() - t;
  const bytesAfterUpdate = (await live()) - base;
  if (index.keyOf(some[0]!) === undefined) throw new Error('the index lost a node put back');
  const result: Result = { nodes, iterateMs, buildMs, buildCpuMs, buildGcMs, bytes, updateMs, bytesAfterUpdate };
  console.log(JSON.stringify(result));
  process.exit(0);
}

const store = resolve(arg('--store', ''));
const before = arg('--before', '');
const run = (name: string, checkout: string): Result => {
  const flags = ['--conditions=@rag/source', '--import', 'tsx', '--expose-gc', `--max-old-space-size=${arg('--heap', '5000')}`];
  const args = [...flags, fileURLToPath(import.meta.url), '--child', '--checkout', checkout, '--store', store];
  console.log(`${name} (${checkout}), load ${loadavg().map((x) => fmt(x)).join(' ')}`);
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${name}: the measurement failed (exit ${r.status})`);
  const x = JSON.parse(r.stdout.trim().split('\n').pop()!) as Result;
  console.log(
    `  ${x.nodes} nodes (read in ${fmt(x.iterateMs / 1000, 2)} s): built in ${fmt(x.buildMs / 1000, 2)} s (CPU ${fmt(x.buildCpuMs / 1000, 2)} s, GC pauses ${fmt(x.buildGcMs / 1000, 2)} s), ${fmt(x.bytes / 1e6)} MB live (${fmt(x.bytes / x.nodes, 0)} B per node); 2% dropped and put back in ${fmt(x.updateMs)} ms, then ${fmt(x.bytesAfterUpdate / 1e6)} MB`,
  );
  return x;
};

console.log(`name index over the graph of ${store}, node ${process.version}`);
const ours = run('this checkout', resolve(here, '..', '..', '..'));
if (before) {
  const theirs = run('before', resolve(before));
  console.log(
    `ratio this checkout / before: build ${fmt(ours.buildMs / theirs.buildMs, 2)}× (CPU ${fmt(ours.buildCpuMs / theirs.buildCpuMs, 2)}×), memory ${fmt(ours.bytes / theirs.bytes, 2)}×, drop + put back ${fmt(ours.updateMs / theirs.updateMs, 2)}×, memory after ${fmt(ours.bytesAfterUpdate / theirs.bytesAfterUpdate, 2)}×`,
  );
}
