// Scale benchmark of the store: index format 2 against format 1 (release 0.1.0) on the same
// index, in one run, with ratios. For each size: indexing throughput, bytes on disk per passage,
// cold `rag ask` (a fresh process: open + first answer) wall time and peak RSS for bm25 and
// a2rag, in-process query p50/p95, and the bytes one 100-document update writes.
//
//   pnpm build   # the cold asks run the built `rag` bin
//   node --conditions=@rag/source --import tsx packages/cli/bench/scale.ts [--sizes 2884,11536] [--queries 40] [--datasets ../shared/datasets] [--keep DIR]
//
// Format 1 is written only up to 20,000 passages (its graph.json is one JSON string, which
// outgrows a JavaScript string beyond that). `--keep DIR` keeps each size's stores in
// DIR/<size>/ and reuses a format-2 store already there (no rebuild: the index line then says
// "reused"), so cold asks can be re-measured on the same store after a code change.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createIndexer, openIndex } from '@rag/indexer';
import { writeFormat1Store } from '@rag/indexer/bench/format1-export';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';
import { measureQueries, percentile } from './query-latency.js';
import { loadDevPassages, scaleCorpus } from '@rag/core/simulate';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const sizes = arg('--sizes', '2884,11536').split(',').map(Number);
const nQueries = Number(arg('--queries', '40'));
const datasets = resolve(arg('--datasets', join(here, '..', '..', '..', '..', 'shared', 'datasets')));
const keep = arg('--keep', '');
const FORMAT1_MAX = 20_000;
const ragBin = join(here, '..', 'dist', 'bin', 'rag.js');
if (!existsSync(ragBin)) throw new Error(`${ragBin} is missing: run pnpm build first`);

const duBytes = (p: string): number => (statSync(p).isDirectory() ? readdirSync(p).reduce((n, e) => n + duBytes(join(p, e)), 0) : statSync(p).size);

const fmt = (x: number, d = 1) => x.toFixed(d);

function coldAsk(store: string, method: string, question: string): { wall: number; rssMb: number } {
  // GNU time prints "<wall s> <max RSS KB>" as the last line of stderr
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, ragBin, 'ask', question, '--store', store, '--method', method], {
    encoding: 'utf8',
    env: { ...process.env, OLLAMA_HOST: '', QDRANT_URL: '', OPENAI_BASE_URL: '' },
  });
  if (r.status !== 0) throw new Error(`rag ask failed on ${store}: ${r.stderr}`);
  const [wall, rss] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { wall: wall!, rssMb: rss! / 1024 };
}

const questions = readFileSync(join(datasets, 'hotpotqa-train100', 'questions.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => (JSON.parse(l) as { question: string }).question)
  .slice(0, nQueries);

console.log(`scale bench: index format 2 vs format 1, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}, node ${process.version}`);
const base = loadDevPassages(datasets);
for (const n of sizes) {
  const root = keep ? join(resolve(keep), String(n)) : mkdtempSync(join(tmpdir(), `rag-scale-${n}-`));
  if (keep) mkdirSync(root, { recursive: true });
  try {
    const corpus = scaleCorpus(base, n);
    const f2 = join(root, 'format2');
    const f1 = join(root, 'format1');
    const withF1 = n <= FORMAT1_MAX;
    const reuse = keep !== '' && existsSync(join(f2, 'CURRENT'));
    const t0 = performance.now();
    const index = reuse ? await openIndex(f2) : createIndexer({ dir: f2 });
    if (!reuse) await index.ingest(corpus);
    const buildS = (performance.now() - t0) / 1000;
    const buildRss = process.resourceUsage().maxRSS / 1024;
    const t1 = performance.now();
    if (withF1 && !(reuse && existsSync(join(f1, 'CURRENT')))) await writeFormat1Store(f1, index);
    const f1WriteS = (performance.now() - t1) / 1000;
    const [b1, b2] = [withF1 ? duBytes(f1) : NaN, duBytes(f2)];
    console.log(`\n## ${n} passages (${index.manifest().nodes} nodes, ${index.manifest().edges} edges), load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
    if (reuse) console.log(`index: reused ${f2} (opened in ${fmt(buildS)} s)`);
    else console.log(`index: ${fmt(n / buildS, 0)} passages/s (${fmt(buildS)} s, format 2 with checkpoints); process peak RSS ${fmt(buildRss, 0)} MB; format-1 write ${fmt(f1WriteS)} s`);
    if (withF1) console.log(`disk: format 1 ${fmt(b1 / 1e6)} MB (${fmt(b1 / n / 1000)} KB/passage) | format 2 ${fmt(b2 / 1e6)} MB (${fmt(b2 / n / 1000)} KB/passage) | ratio ${fmt(b1 / b2, 2)}×`);
    else console.log(`disk: format 2 ${fmt(b2 / 1e6)} MB (${fmt(b2 / n / 1000)} KB/passage); format 1 not written above ${FORMAT1_MAX} passages`);
    const kinds = new Map<string, number>();
    for (const f of readdirSync(join(f2, 'seg'))) {
      const kind = f.replace(/-[0-9a-f]{24}\.bin$/, '').replace(/-\d+$/, '');
      kinds.set(kind, (kinds.get(kind) ?? 0) + statSync(join(f2, 'seg', f)).size);
    }
    console.log(`format 2 by part (KB/passage): ${[...kinds].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${fmt(v / n / 1000, 2)}`).join(', ')}`);
    const q = questions[0]!;
    for (const method of ['bm25', 'a2rag']) {
      coldAsk(f2, method, q); // warm the OS file cache for both formats alike
      const c2 = coldAsk(f2, method, q);
      if (!withF1) {
        console.log(`cold rag ask --method ${method}: format 2 ${fmt(c2.wall, 2)} s / ${fmt(c2.rssMb, 0)} MB (load ${fmt(loadavg()[0]!)})`);
        continue;
      }
      coldAsk(f1, method, q);
      const c1 = coldAsk(f1, method, q);
      console.log(
        `cold rag ask --method ${method}: format 1 ${fmt(c1.wall, 2)} s / ${fmt(c1.rssMb, 0)} MB | format 2 ${fmt(c2.wall, 2)} s / ${fmt(c2.rssMb, 0)} MB | ratio ${fmt(c1.wall / c2.wall, 1)}× wall, ${fmt(c1.rssMb / c2.rssMb, 1)}× RSS`,
      );
    }
    // in-process query latency on the opened format-2 store
    for (const [method, ms] of await measureQueries(f2, questions, ['bm25', 'a2rag']))
      console.log(`query ${method}: p50 ${fmt(percentile(ms, 50))} ms, p95 ${fmt(percentile(ms, 95))} ms (${ms.length} questions, opened format 2)`);
    // one 100-document update: bytes format 2 writes, against format 1's full generation
    // (on a copy, so a kept store stays as built)
    const upd = join(root, 'update');
    rmSync(upd, { recursive: true, force: true });
    cpSync(f2, upd, { recursive: true });
    const before = new Set(readdirSync(join(upd, 'seg')));
    const extra = scaleCorpus(base, n + 100).slice(n);
    const reopened = await createIndexerBackend({ env: {} }).open(upd);
    await reopened.ingest(extra);
    const written = readdirSync(join(upd, 'seg')).filter((f) => !before.has(f)).reduce((s, f) => s + statSync(join(upd, 'seg', f)).size, 0);
    rmSync(upd, { recursive: true, force: true });
    if (withF1) console.log(`100-document update: format 2 writes ${fmt(written / 1e6)} MB; format 1 rewrote its whole generation, ${fmt(b1 / 1e6)} MB | ratio ${fmt(b1 / written, 1)}×`);
    else console.log(`100-document update: format 2 writes ${fmt(written / 1e6)} MB`);
  } finally {
    if (!keep) rmSync(root, { recursive: true, force: true });
  }
}
