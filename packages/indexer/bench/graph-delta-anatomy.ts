// What a store's graph delta segments hold once decoded: per delta, its records, file bytes, the
// merge log entries it carries (count, JSON characters, their p50 / p99 / largest size), and the
// live heap the decoded delta takes (after a forced GC, with and without it held). The merge log
// entries keep the merged nodes and every edge the merge rewired, before and after, for undo; on
// a large store with hub entities they are most of a delta's decoded size. The store is read,
// never written.
//
//   node --expose-gc --conditions=@rag/source --import tsx packages/indexer/bench/graph-delta-anatomy.ts --store /tmp/lead-1m-d [--last 1]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeGraphDelta } from '@rag/graph-store';
import { readManifest, generationToOpen, SEGMENT_DIR } from '../src/store/format2.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const dir = resolve(arg('--store', ''));
const last = Number(arg('--last', '1'));
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (the live heap is measured after a forced GC)');
const gen = await generationToOpen(dir, 'current');
const found = gen ? await readManifest(dir, gen) : undefined;
if (!found || found.version !== 2) throw new Error(`${dir}: not a format-2 store`);
const deltas = found.manifest.files.graphDeltas;
console.log(`${dir} (${gen}): ${found.manifest.nodes} nodes, ${found.manifest.edges} edges, ${deltas.length} graph deltas; the last ${Math.min(last, deltas.length)}:`);
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};
const mb = (x: number) => `${x.toFixed(0)} MB`;
for (const ref of deltas.slice(-last)) {
  const before = heap();
  let delta: ReturnType<typeof decodeGraphDelta> | undefined = decodeGraphDelta(new Uint8Array(readFileSync(join(dir, SEGMENT_DIR, ref.file))), ref.file);
  const held = heap() - before;
  const sizes = delta.mergeLog.texts().map((t) => t.length).sort((a, b) => a - b);
  const at = (p: number) => sizes[Math.min(sizes.length - 1, Math.floor(p * sizes.length))] ?? 0;
  const chars = sizes.reduce((a, b) => a + b, 0);
  const counts = `${delta.nodes.length} nodes, ${delta.edges.length} edges, ${sizes.length} merge entries`;
  delta = undefined;
  const after = heap() - before;
  console.log(
    `  ${ref.file}: ${ref.records} records, file ${mb(ref.bytes / 1e6)}; ${counts}; merge log ${mb(chars / 1e6)} of JSON ` +
      `(entry p50 ${at(0.5)}, p99 ${at(0.99)}, largest ${at(1)} characters); live heap decoded ${mb(held)}, after letting it go ${mb(after)}`,
  );
}
