// What a build keeps live once its int8 vector rows are released after each commit
// (MemoryVectorStore.releaseRows, store/vector-rows.ts), against the same build keeping every row
// (the same store without `releaseRows`, as before the change), each in its own child process:
// after the last commit the heap is collected twice a second apart (array buffers are freed
// after the collection that finds them dead) and the process's memory is read.
//
//   node --expose-gc --conditions=@rag/source --import tsx packages/indexer/bench/vector-rows-memory.ts --size 20000
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { createMemoryVectorStore, type MemoryVectorStore } from '@rag/core';
import { loadDevPassages, scaleCorpus } from '@rag/core/simulate';
import { createIndexer } from '../src/indexer.js';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const size = Number(arg('--size', '20000'));
const datasets = resolve(arg('--datasets', join(here, '..', '..', '..', '..', 'shared', 'datasets')));
const mode = arg('--child', '');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

if (mode) {
  const dir = mkdtempSync(join(tmpdir(), 'rag-vector-rows-'));
  const vectors = createMemoryVectorStore({ precision: 'int8' });
  const index = createIndexer({ dir, ...(mode === 'kept' ? { vectors: { ...vectors, releaseRows: undefined } as MemoryVectorStore } : {}) });
  const cpu0 = process.cpuUsage();
  await index.ingest(scaleCorpus(loadDevPassages(datasets), size));
  const cpu = process.cpuUsage(cpu0);
  gc();
  await sleep(1000);
  gc();
  const m = process.memoryUsage();
  const store = index.vectors as MemoryVectorStore;
  const held = store.namespaces().filter((ns) => store.rowsHeld?.(ns) ?? true).length;
  console.log(JSON.stringify({ heap: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, rss: m.rss, cpu: (cpu.user + cpu.system) / 1e6, held, namespaces: store.namespaces().length }));
  rmSync(dir, { recursive: true, force: true });
} else {
  const MB = (x: number) => (x / 1e6).toFixed(1);
  console.log(`vector rows during a build: ${size} passages, default batches, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  const run = (m: string) => {
    const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--size', String(size), '--datasets', datasets, '--child', m], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (r.status !== 0) throw new Error(`${m} run failed: ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop()!) as { heap: number; external: number; arrayBuffers: number; rss: number; cpu: number; held: number; namespaces: number };
  };
  const kept = run('kept');
  const released = run('released');
  console.log('| after the last commit | rows kept (before) | rows released | released / kept |\n| --- | ---: | ---: | ---: |');
  for (const [label, k, r] of [
    ['heap used, MB', kept.heap, released.heap],
    ['external (incl. array buffers), MB', kept.external, released.external],
    ['array buffers, MB', kept.arrayBuffers, released.arrayBuffers],
    ['rss, MB', kept.rss, released.rss],
  ] as const)
    console.log(`| ${label} | ${MB(k)} | ${MB(r)} | ${(r / k).toFixed(2)} |`);
  console.log(`| heap + external per passage, KB | ${((kept.heap + kept.external) / size / 1e3).toFixed(2)} | ${((released.heap + released.external) / size / 1e3).toFixed(2)} | |`);
  console.log(`| build CPU (user + sys), s | ${kept.cpu.toFixed(1)} | ${released.cpu.toFixed(1)} | ${(released.cpu / kept.cpu).toFixed(2)} |`);
  console.log(`| namespaces holding rows | ${kept.held} of ${kept.namespaces} | ${released.held} of ${released.namespaces} | |`);
  console.log(`load at the end: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}
