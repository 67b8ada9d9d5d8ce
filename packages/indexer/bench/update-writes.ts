// Scale bench of the index store's writes and cold open, in one run:
//  - build a store of N passages (dev corpora replicated with renamed entities), report
//    passages/s, peak RSS, bytes on disk per passage and by part;
//  - cold open + first keyword question in a fresh process (wall, peak RSS);
//  - a 100-document update (100 new documents, then 100 changed ones) with delta segments (the
//    default) against the same update with compactRatio 0 (every changed component rewritten
//    whole, as format 2 did before deltas) on a copy of the same store, and against format 1
//    (which rewrote its whole generation; written only up to 20k passages — its graph.json
//    outgrows a JavaScript string beyond that — and extrapolated per passage above).
//
//   node --conditions=@rag/source --import tsx packages/indexer/bench/update-writes.ts --size 10000 [--store DIR]
//
// `--store DIR`: start from a copy of a store already built from the same generator at --size
// (e.g. one kept by the CLI's scale bench with --keep) instead of building it; the format-1 copy
// and the cold open are then skipped (only the updates are measured).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocInput } from '@rag/core';
import { createIndexer } from '../src/indexer.js';
import { openIndex } from '../src/open-index.js';
import { writeFormat1Store } from './format1-export.js';
// the same deterministic generator the CLI's scale bench uses
import { loadDevPassages, scaleCorpus } from '@rag/core/simulate';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const n = Number(arg('--size', '10000'));
const prebuilt = arg('--store', '');
const updates = Number(arg('--updates', '100'));
const datasets = resolve(arg('--datasets', join(here, '..', '..', '..', '..', 'shared', 'datasets')));
const fmt = (x: number, d = 1) => x.toFixed(d);
const mb = (b: number) => `${fmt(b / 1e6, 2)} MB`;
const duBytes = (p: string): number => (statSync(p).isDirectory() ? readdirSync(p).reduce((s, e) => s + duBytes(join(p, e)), 0) : statSync(p).size);
const kindOf = (f: string) => f.replace(/-[0-9a-f]{24}\.bin$/, '');
const byKind = (dir: string, files: string[]) => {
  const out = new Map<string, number>();
  for (const f of files) out.set(kindOf(f), (out.get(kindOf(f)) ?? 0) + statSync(join(dir, 'seg', f)).size);
  return [...out].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${mb(v)}`).join(', ');
};

console.log(`update-writes bench: ${n} passages, load ${loadavg().map((x) => fmt(x)).join(' ')}, node ${process.version}`);
const base = loadDevPassages(datasets);
const root = mkdtempSync(join(tmpdir(), `rag-writes-${n}-`));
try {
  const corpus = scaleCorpus(base, n);
  const dir = join(root, 'store');
  const t0 = performance.now();
  if (prebuilt) cpSync(resolve(prebuilt), dir, { recursive: true });
  const index = prebuilt ? await openIndex(dir) : createIndexer({ dir });
  if (!prebuilt) await index.ingest(corpus);
  const buildS = (performance.now() - t0) / 1000;
  const m = index.manifest();
  if (m.docs !== n) throw new Error(`${prebuilt}: ${m.docs} documents, expected --size ${n}`);
  if (prebuilt) console.log(`store: a copy of ${prebuilt}; ${m.nodes} nodes, ${m.edges} edges`);
  else console.log(`build: ${fmt(n / buildS, 0)} passages/s (${fmt(buildS)} s); ${m.nodes} nodes, ${m.edges} edges; process peak RSS ${fmt(process.resourceUsage().maxRSS / 1024, 0)} MB`);
  const disk = duBytes(dir);
  console.log(`disk: ${mb(disk)} (${fmt(disk / n / 1000, 2)} KB/passage); by part: ${byKind(dir, readdirSync(join(dir, 'seg')))}`);
  let f1Bytes: number | undefined;
  if (n <= 20000 && !prebuilt) {
    const f1 = join(root, 'format1');
    await writeFormat1Store(f1, index);
    f1Bytes = duBytes(f1);
    rmSync(f1, { recursive: true, force: true });
    console.log(`format 1 of the same index: ${mb(f1Bytes)} (${fmt(f1Bytes / n / 1000, 2)} KB/passage) | ratio ${fmt(f1Bytes / disk, 1)}×`);
  }

  const question = (JSON.parse(readFileSync(join(datasets, 'hotpotqa-train100', 'questions.jsonl'), 'utf8').split('\n')[0]!) as { question: string }).question;
  const cold = () => {
    const r = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, '--conditions=@rag/source', '--import', 'tsx', join(here, 'cold-open.ts'), dir, question], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`cold open failed: ${r.stderr}`);
    const [wall, rss] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
    return { ...(JSON.parse(r.stdout.trim().split('\n').pop()!) as { openMs: number; firstSearchMs: number }), wall: wall!, rssMb: rss! / 1024 };
  };
  if (!prebuilt) {
    cold(); // warm the OS file cache
    const c = cold();
    console.log(`cold process (node + tsx start, openIndex, first bm25 search): wall ${fmt(c.wall, 2)} s, peak RSS ${fmt(c.rssMb, 0)} MB; openIndex ${fmt(c.openMs, 0)} ms, first search ${fmt(c.firstSearchMs, 0)} ms`);
  }

  const fresh = scaleCorpus(base, n + updates).slice(n);
  const changed = corpus.slice(0, updates).map((d: DocInput) => ({ ...d, text: `${d.text} (revised)` }));
  const copy = join(root, 'whole');
  cpSync(dir, copy, { recursive: true });
  const run = async (store: string, compactRatio: number | undefined) => {
    const idx = await openIndex(store, compactRatio === undefined ? {} : { compactRatio });
    const out: { what: string; bytes: number; kinds: string; ms: number }[] = [];
    for (const [what, docs] of [[`${updates} new documents`, fresh], [`${updates} changed documents`, changed]] as const) {
      const before = new Set(readdirSync(join(store, 'seg')));
      const t = performance.now();
      await idx.ingest([...docs]);
      const ms = performance.now() - t;
      const added = readdirSync(join(store, 'seg')).filter((f) => !before.has(f));
      out.push({ what, bytes: idx.lastCommitBytes(), kinds: byKind(store, added), ms });
    }
    return out;
  };
  const delta = await run(dir, undefined);
  const whole = await run(copy, 0);
  delta.forEach((d, i) => {
    const w = whole[i]!;
    console.log(`update, ${d.what}: deltas write ${mb(d.bytes)} in ${fmt(d.ms / 1000, 2)} s [${d.kinds}]`);
    console.log(`   every changed component whole (compactRatio 0) writes ${mb(w.bytes)} | ratio ${fmt(w.bytes / d.bytes, 1)}×${f1Bytes ? ` | format 1 rewrote ${mb(f1Bytes)}, ratio ${fmt(f1Bytes / d.bytes, 1)}×` : ''}`);
  });
} finally {
  rmSync(root, { recursive: true, force: true });
}
