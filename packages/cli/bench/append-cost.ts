// What adding a few documents to a large store costs: open the store, ingest N more passages of
// the scale corpus, commit. Each run is its own process on a fresh copy of the store (the store
// given is never written), so wall time, CPU and peak RSS are the whole update's. `--before
// CHECKOUT` runs the same update with another checkout's indexer (e.g. main before a change) in
// the same run and prints the ratios. `--stages` also prints, per ingest stage, the live memory
// after a forced GC (heap used and array buffers) — slower, for finding where memory goes.
// `--heap-snapshot FILE` writes a V8 heap snapshot after the update (FILE.before for --before),
// for tooling/scripts/heap-owners.mjs (use a store of about 10k passages: the script reads
// snapshots up to 512 MB); with `--snapshot-at STAGE` (e.g. extract) it is taken when that stage
// first reports instead (the stage names are --stages' ones). `--cpu-prof DIR` writes each side's V8 CPU profile to DIR/this and
// DIR/before. `--heap MB` gives the updates a larger heap than Node's default (≈ 4 GB here: too
// small for a 200,000-passage store).
//
//   node --conditions=@rag/source --import tsx packages/cli/bench/append-cost.ts --store /tmp/lead-100k-s3 --size 100 [--before /tmp/wt] [--stages] [--heap 12000] [--heap-snapshot FILE [--snapshot-at STAGE]] [--cpu-prof DIR]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeHeapSnapshot } from 'node:v8';
import { loadDevPassages, scaleCorpus } from '@rag/core/simulate';
import type { IngestProgress, openIndex as OpenIndex } from '@rag/indexer';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const fmt = (x: number, d = 1) => x.toFixed(d);
const mb = (bytes: number) => fmt(bytes / 1e6, 0);

interface Result {
  wall: number;
  cpu: number;
  peakMb: number;
  docs: number;
}

if (process.argv.includes('--child')) {
  // one update, in this process: --child --indexer <module> --store S --size N
  const { openIndex } = (await import(pathToFileURL(arg('--indexer', '')).href)) as { openIndex: typeof OpenIndex };
  const stages = process.argv.includes('--stages');
  const gc = (globalThis as { gc?: () => void }).gc;
  const copy = mkdtempSync(join(tmpdir(), 'rag-append-cost-'));
  try {
    cpSync(arg('--store', ''), copy, { recursive: true });
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const index = await openIndex(copy, {});
    const from = index.manifest().docs;
    const size = Number(arg('--size', '100'));
    // only the appended passages are made (the generator names entities by position)
    const corpus = scaleCorpus(loadDevPassages(arg('--datasets', '')), from + size).slice(from);
    let stage = '';
    let at = performance.now();
    // --snapshot-at STAGE: the heap snapshot is taken when that stage first reports, not at the end
    const snapshotAt = arg('--snapshot-at', '');
    const onProgress = (e: IngestProgress) => {
      if (!stages || e.stage === stage) return;
      gc?.();
      const m = process.memoryUsage();
      console.error(`  ${stage || 'open + corpus'} → ${e.stage}: ${fmt((performance.now() - at) / 1000)} s, live heap ${mb(m.heapUsed)} MB, array buffers ${mb(m.arrayBuffers)} MB, rss ${mb(m.rss)} MB`);
      stage = e.stage;
      at = performance.now();
      if (e.stage === snapshotAt) {
        gc?.();
        console.error(`  heap snapshot at ${e.stage}: ${writeHeapSnapshot(arg('--heap-snapshot', ''))}`);
      }
    };
    await index.ingest(corpus, { onProgress });
    const cpu = process.cpuUsage(cpu0);
    if (stages) {
      gc?.();
      const m = process.memoryUsage();
      console.error(`  after the update: live heap ${mb(m.heapUsed)} MB, array buffers ${mb(m.arrayBuffers)} MB (${fmt((m.heapUsed + m.arrayBuffers) / (from + size) / 1000)} KB per passage)`);
    }
    const snapshot = arg('--heap-snapshot', '');
    if (snapshot && !snapshotAt) {
      gc?.();
      console.error(`  heap snapshot: ${writeHeapSnapshot(snapshot)}`);
    }
    const result: Result = { wall: (performance.now() - t0) / 1000, cpu: (cpu.user + cpu.system) / 1e6, peakMb: process.resourceUsage().maxRSS / 1024, docs: index.manifest().docs };
    console.log(JSON.stringify(result));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  process.exit(0);
}

const store = resolve(arg('--store', ''));
const size = Number(arg('--size', '100'));
const datasets = resolve(arg('--datasets', join(here, '..', '..', '..', '..', 'shared', 'datasets')));
const before = arg('--before', '');
const run = (name: string, checkout: string): Result => {
  const indexer = join(checkout, 'packages', 'indexer', 'src', 'index.ts');
  const heap = arg('--heap', '');
  const snapshot = arg('--heap-snapshot', '');
  const gcFlag = process.argv.includes('--stages') || snapshot ? ['--expose-gc'] : [];
  const prof = arg('--cpu-prof', '');
  const profFlags = prof ? ['--cpu-prof', `--cpu-prof-dir=${resolve(prof, name === 'before' ? 'before' : 'this')}`] : [];
  const flags = ['--conditions=@rag/source', '--import', 'tsx', ...gcFlag, ...profFlags, ...(heap ? [`--max-old-space-size=${heap}`] : [])];
  const args = [...flags, fileURLToPath(import.meta.url), '--child', '--indexer', indexer, '--store', store, '--size', String(size), '--datasets', datasets];
  if (process.argv.includes('--stages')) args.push('--stages');
  if (snapshot) args.push('--heap-snapshot', resolve(name === 'before' ? `${snapshot}.before` : snapshot));
  if (arg('--snapshot-at', '')) args.push('--snapshot-at', arg('--snapshot-at', ''));
  console.log(`${name} (${checkout}), load ${loadavg().map((x) => fmt(x)).join(' ')}`);
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${name}: the update failed (exit ${r.status})`);
  const result = JSON.parse(r.stdout.trim().split('\n').pop()!) as Result;
  console.log(`  ${size} passages added to ${result.docs - size}: ${fmt(result.wall)} s wall, ${fmt(result.cpu)} s CPU, peak RSS ${fmt(result.peakMb, 0)} MB`);
  return result;
};

console.log(`append cost: ${size} passages into a copy of ${store}, node ${process.version}`);
const ours = run('this checkout', resolve(here, '..', '..', '..'));
if (before) {
  const theirs = run('before', resolve(before));
  console.log(`ratio this checkout / before: wall ${fmt(ours.wall / theirs.wall, 2)}×, CPU ${fmt(ours.cpu / theirs.cpu, 2)}×, peak RSS ${fmt(ours.peakMb / theirs.peakMb, 2)}×`);
}
