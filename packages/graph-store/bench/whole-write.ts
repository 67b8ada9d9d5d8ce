// What writing an opened, edited graph whole costs (a build's last commit, `rag compact`): this
// opens a store's graph (base file + deltas, from manifest.json), materialises it with an edit
// that changes nothing, then encodes it whole as persistence does — `encodeBinary()` where the
// graph store has it (graph file 5: the merge log's stored pages copied), else
// `encodeGraph(toJSON())` (every merge log entry opened, printed and deflated again) — and
// prints the time, the bytes and the peak RSS of that step. `--before CHECKOUT` runs the same with
// another checkout's graph-store in the same run and prints the ratios; each side is its own
// process, one after the other (`--to-json`: the other side is this checkout writing through
// `encodeGraph(toJSON())`, for a store an older checkout cannot read). `--heap MB` gives them a
// larger heap than Node's default.
//
//   node --conditions=@rag/source --import tsx packages/graph-store/bench/whole-write.ts --store /tmp/lead-100k-s3 [--before CHECKOUT | --to-json] [--heap 12000]
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
  mergeLog: number;
  path: string;
  writeMs: number;
  cpuMs: number;
  bytes: number;
  /** peak RSS before the write (open + materialise) and over the whole run, MB */
  peakBeforeMb: number;
  peakMb: number;
}

type GraphStoreModule = typeof import('../src/index.js');

if (process.argv.includes('--child')) {
  const gs = (await import(pathToFileURL(arg('--graph-store', '')).href)) as GraphStoreModule;
  const dir = arg('--store', '');
  const files = (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { files: { graph: { file: string }; graphDeltas?: { file: string }[] } }).files;
  const at = (f: string) => join(dir, 'seg', f);
  const base = gs.decodeGraphColumns(readFileSync(at(files.graph.file)), files.graph.file);
  const deltas = (files.graphDeltas ?? []).map((d) => gs.decodeGraphDelta(readFileSync(at(d.file)), d.file));
  const view = gs.createGraphView(deltas.length ? gs.applyGraphDeltas(base, deltas, dir) : base);
  view.setSchema(view.schema);
  if (!view.isMaterialized()) throw new Error('the edit did not materialise the store');
  (globalThis as { gc?: () => void }).gc?.();
  const peakBeforeMb = process.resourceUsage().maxRSS / 1024;
  const own = process.argv.includes('--to-json') ? undefined : (view as Partial<{ encodeBinary(): Uint8Array }>).encodeBinary;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const bytes = typeof own === 'function' ? own.call(view) : gs.encodeGraph(view.toJSON());
  const writeMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const result: Result = {
    nodes: view.nodeCount,
    edges: view.edgeCount,
    mergeLog: view.mergeLog().length,
    path: typeof own === 'function' ? 'encodeBinary()' : 'encodeGraph(toJSON())',
    writeMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    bytes: bytes.byteLength,
    peakBeforeMb,
    peakMb: process.resourceUsage().maxRSS / 1024,
  };
  console.log(JSON.stringify(result));
  process.exit(0);
}

const store = resolve(arg('--store', ''));
if (!existsSync(join(store, 'manifest.json'))) throw new Error(`--store: ${store} has no manifest.json`);
const before = arg('--before', '');
const heap = arg('--heap', '');
const run = (name: string, checkout: string, extra: string[] = []): Result => {
  const graphStore = join(checkout, 'packages', 'graph-store', 'src', 'index.ts');
  const flags = ['--conditions=@rag/source', '--import', 'tsx', '--expose-gc', ...(heap ? [`--max-old-space-size=${heap}`] : [])];
  console.log(`${name} (${checkout}), load ${loadavg().map((x) => fmt(x)).join(' ')}`);
  const r = spawnSync(process.execPath, [...flags, fileURLToPath(import.meta.url), '--child', '--graph-store', graphStore, '--store', store, ...extra], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${name}: the run failed (exit ${r.status})`);
  const x = JSON.parse(r.stdout.trim().split('\n').pop()!) as Result;
  console.log(
    `  ${x.nodes} nodes, ${x.edges} edges, ${x.mergeLog} merges: ${x.path} in ${fmt(x.writeMs / 1000, 2)} s (CPU ${fmt(x.cpuMs / 1000, 2)} s), ${fmt(x.bytes / 1e6)} MB; peak RSS ${fmt(x.peakBeforeMb, 0)} MB before the write, ${fmt(x.peakMb, 0)} MB with it`,
  );
  return x;
};

console.log(`whole write: the graph of ${store}, opened, materialised and encoded whole, node ${process.version}`);
const ours = run('this checkout', resolve(here, '..', '..', '..'));
// the other side: another checkout, or (--to-json) this one writing through encodeGraph(toJSON())
const other = before ? run('before', resolve(before)) : process.argv.includes('--to-json') ? run('this checkout, encodeGraph(toJSON())', resolve(here, '..', '..', '..'), ['--to-json']) : undefined;
if (other) {
  const theirs = other;
  const added = (r: Result) => r.peakMb - r.peakBeforeMb;
  console.log(
    `ratio this checkout / ${before ? 'before' : 'encodeGraph(toJSON())'}: write time ${fmt(ours.writeMs / theirs.writeMs, 2)}×, CPU ${fmt(ours.cpuMs / theirs.cpuMs, 2)}×, bytes ${fmt(ours.bytes / theirs.bytes, 2)}×, peak RSS ${fmt(ours.peakMb / theirs.peakMb, 2)}× (added by the write: ${fmt(added(ours), 0)} against ${fmt(added(theirs), 0)} MB)`,
  );
}
