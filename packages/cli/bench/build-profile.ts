// Where a large build's time and bytes go, per committed batch: the wall time of each ingest
// stage (measured between progress events: `gear` is the GEAR view sync, `communities` the last
// batch's Louvain run; indexers before issue #14 folded both into `persist`), the process's CPU
// time over the batch and the main thread's garbage-collection pauses, the bytes the commit wrote (`lastCommitBytes()`) and which components it
// wrote whole, the store's size on disk and the JS heap after it.
//
//   node --conditions=@rag/source --import tsx packages/cli/bench/build-profile.ts --size 23072 [--dir DIR] [--checkpoint-every N]
//
// `--checkpoint-every N` commits every N documents (the indexer's `checkpointEvery`); by default
// the indexer commits a quarter of the store at a time. `--append` opens the store already in
// `--dir` and ingests the next `--size` passages of the scale corpus after the ones it holds
// (to profile a batch committed onto a store of a given size). `--heap-snapshot FILE` writes a V8
// heap snapshot after the last commit (what the build keeps live). `--compact-ratio R` sets the
// indexer's `compactRatio` (deltas a commit may keep per component, as a fraction of it; 0.25 by default).
// `--no-fold` leaves the call's last commit with its deltas (ingest's `fold: false`; `rag compact` folds them).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { writeHeapSnapshot } from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createIndexer, openIndex, type IngestProgress } from '@rag/indexer';
import { loadDevPassages, scaleCorpus } from '@rag/core/simulate';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const size = Number(arg('--size', '23072'));
const datasets = resolve(arg('--datasets', join(here, '..', '..', '..', '..', 'shared', 'datasets')));
const given = arg('--dir', '');
const dir = given ? resolve(given) : mkdtempSync(join(tmpdir(), 'rag-build-profile-'));
const duBytes = (p: string): number => (statSync(p).isDirectory() ? readdirSync(p).reduce((n, e) => n + duBytes(join(p, e)), 0) : statSync(p).size);
const fmt = (x: number, d = 1) => x.toFixed(d);

const every = arg('--checkpoint-every', '');
const append = process.argv.includes('--append');
if (append && !given) throw new Error('--append needs --dir (the store to add to)');
const ratio = arg('--compact-ratio', '');
const options = { ...(every ? { checkpointEvery: Number(every) } : {}), ...(ratio ? { compactRatio: Number(ratio) } : {}) };
const index = append ? await openIndex(dir, options) : createIndexer({ dir, ...options });
const from = append ? index.manifest().docs : 0;
const corpus = scaleCorpus(loadDevPassages(datasets), from + size).slice(from);
console.log(`build profile: ${size} passages into ${dir}${append ? ` (holding ${from})` : ''}${every ? `, a commit every ${every} documents` : ''}, load ${loadavg().map((x) => fmt(x)).join(' ')}, node ${process.version}`);
/** Which components the last commit wrote whole (a new base) and how many deltas each holds now. */
type Ref = { file: string; deltas?: unknown[] };
let previous: Record<string, string> = {};
const commitShape = (): string => {
  const gen = readFileSync(join(dir, 'CURRENT'), 'utf8').trim();
  const f = (JSON.parse(readFileSync(join(dir, gen, 'manifest.json'), 'utf8')) as { files: Record<string, unknown> }).files;
  const parts: [string, Ref, number][] = [
    ['state', f.state as Ref, (f.stateDeltas as unknown[]).length],
    ['graph', f.graph as Ref, (f.graphDeltas as unknown[]).length],
    ...(f.keyword ? [['keyword', f.keyword as Ref, (f.keywordDeltas as unknown[]).length] as [string, Ref, number]] : []),
    ...Object.entries(f.vectors as Record<string, Ref>).map(([ns, r]) => [ns.replace(/^idx\//, ''), r, r.deltas?.length ?? 0] as [string, Ref, number]),
  ];
  const whole = parts.filter(([k, r]) => previous[k] !== r.file).map(([k]) => k);
  previous = Object.fromEntries(parts.map(([k, r]) => [k, r.file]));
  return `whole: ${whole.join(' ') || 'none'}; deltas ${parts.map(([k, , n]) => `${k} ${n}`).join(', ')}`;
};
// an appended-to store's segments are the baseline: its first batch reports only what it rewrote
if (append) commitShape();
let last = performance.now();
const t0 = last;
let cpuAt = process.cpuUsage();
// main-thread time spent in garbage collection pauses, per batch (the 'gc' performance entries)
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });
let stages = new Map<string, number>();
let persisted = 0;
const onProgress = (e: IngestProgress) => {
  const now = performance.now();
  stages.set(e.stage, (stages.get(e.stage) ?? 0) + (now - last));
  last = now;
  if (e.stage !== 'persist') return;
  const batch = e.done - persisted;
  persisted = e.done;
  const heap = process.memoryUsage();
  const cpu = process.cpuUsage(cpuAt);
  cpuAt = process.cpuUsage();
  const parts = [...stages].map(([k, v]) => `${k} ${fmt(v / 1000)}`).join(', ');
  const gc = gcMs / 1000;
  gcMs = 0;
  const total = [...stages.values()].reduce((a, b) => a + b, 0) / 1000;
  console.log(
    `batch of ${batch} → ${e.done} passages (${index.graph.nodeCount} nodes, ${index.graph.edgeCount} edges): ${fmt(total)} s (${fmt(batch / total, 0)} passages/s), cpu ${fmt((cpu.user + cpu.system) / 1e6)} s, gc pauses ${fmt(gc)} s [${parts}] | commit wrote ${fmt(index.lastCommitBytes() / 1e6, 2)} MB (${commitShape()}), store ${fmt(duBytes(dir) / 1e6)} MB | heap ${fmt(heap.heapUsed / 1e6, 0)} MB, rss ${fmt(heap.rss / 1e6, 0)} MB, external ${fmt(heap.external / 1e6, 0)} MB (array buffers ${fmt(heap.arrayBuffers / 1e6, 0)} MB of it) | ${fmt((now - t0) / 1000)} s in, load ${fmt(loadavg()[0]!)}`,
  );
  stages = new Map();
};
await index.ingest(corpus, { onProgress, ...(process.argv.includes('--no-fold') ? { fold: false } : {}) });
// with --expose-gc the heap is collected first, so the figure is what the index keeps live
(globalThis as { gc?: () => void }).gc?.();
const mem = process.memoryUsage();
console.log(`after the last commit: heap used ${fmt(mem.heapUsed / 1e6, 0)} MB, external ${fmt(mem.external / 1e6, 0)} MB (array buffers ${fmt(mem.arrayBuffers / 1e6, 0)} MB of it), rss ${fmt(mem.rss / 1e6, 0)} MB; store ${fmt(duBytes(dir) / 1e6, 1)} MB`);
const snapshot = arg('--heap-snapshot', '');
if (snapshot) console.log(`heap snapshot: ${writeHeapSnapshot(resolve(snapshot))}`);
console.log(`done: ${size} passages in ${fmt((performance.now() - t0) / 1000)} s (${fmt(size / ((performance.now() - t0) / 1000), 0)} passages/s), peak RSS ${fmt(process.resourceUsage().maxRSS / 1024, 0)} MB`);
if (!given) rmSync(dir, { recursive: true, force: true });
