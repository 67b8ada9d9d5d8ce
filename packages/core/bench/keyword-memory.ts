// Live memory of the BM25 index per passage, beside MiniSearch over the same passages and, with
// `--before DIR`, beside the index of another checkout (e.g. main, to see a change's effect),
// all in one run. Passages come from the scale corpus, added in batches of `--batch`; a figure
// is heapUsed + arrayBuffers after gc(), index built minus before it.
//
//   node --expose-gc --conditions=@rag/source --import tsx packages/core/bench/keyword-memory.ts --size 46144 [--batch 11536] [--before /tmp/wt]
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import { createBm25Index } from '../src/embedded/bm25-index.js';
import { ENGLISH_STOP_WORDS } from '../src/text/stop-words.js';
import { tokenize } from '../src/text/tokenize.js';
import { loadDevPassages, scaleCorpus } from '../src/testing/scale-corpus.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const here = dirname(fileURLToPath(import.meta.url));
const size = Number(arg('--size', '46144'));
const batch = Number(arg('--batch', String(Math.ceil(size / 4))));
const before = arg('--before', '');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const corpus = scaleCorpus(loadDevPassages(resolve(join(here, '..', '..', '..', '..', 'shared', 'datasets'))), size).map((d) => ({ id: d.id, text: d.text }));

const live = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
type Docs = typeof corpus;
function measure(name: string, build: () => { add(docs: Docs): void; keep: unknown }): number {
  const at = live();
  const t0 = process.cpuUsage();
  const index = build();
  for (let i = 0; i < corpus.length; i += batch) index.add(corpus.slice(i, i + batch));
  const cpu = process.cpuUsage(t0);
  const bytes = live() - at;
  console.log(`| ${name} | ${(bytes / 1e6).toFixed(1)} | ${(bytes / size).toFixed(0)} | ${((cpu.user + cpu.system) / 1e6).toFixed(2)} |`);
  void index.keep;
  return bytes;
}

console.log(`keyword index memory: ${size} passages in batches of ${batch}, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);
console.log('| index | live MB | bytes/passage | build CPU s |\n| --- | ---: | ---: | ---: |');
const ratios: string[] = [];
const ours = measure('BM25 (this checkout)', () => {
  const idx = createBm25Index();
  return { add: (docs) => idx.addSync(docs), keep: idx };
});
if (before) {
  const mod = (await import(resolve(before, 'packages/core/src/embedded/bm25-index.ts'))) as { createBm25Index: typeof createBm25Index };
  const theirs = measure(`BM25 (${before})`, () => {
    const idx = mod.createBm25Index();
    return { add: (docs) => idx.addSync(docs), keep: idx };
  });
  ratios.push(`this checkout / ${before}: ${(ours / theirs).toFixed(2)}×`);
}
const mini = measure('MiniSearch (same tokens)', () => {
  const ms = new MiniSearch<{ id: string; text: string }>({
    fields: ['text'],
    tokenize: (text) => tokenize(text, { stopWords: ENGLISH_STOP_WORDS }),
    processTerm: (t) => t,
  });
  return { add: (docs) => ms.addAll(docs), keep: ms };
});
ratios.push(`this checkout / MiniSearch: ${(ours / mini).toFixed(2)}×`);
console.log(`\n${ratios.join('\n')}`);
