// Sentence segmentation over the shared corpora: `splitSentences` (fast path + library +
// post-pass) against the named peer, sentence-splitter's `split()` alone on the same texts.
// Rounds alternate between the two so machine load hits both alike; times are process CPU.
// Run (from /work/main): node --conditions=@rag/source --import tsx packages/core/bench/sentences.ts
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { split } from 'sentence-splitter';
import { splitSentences } from '../src/text/sentences.js';
import { fastSentenceRanges } from '../src/text/sentence-fast-path.js';

const ROOT = process.env.RAG_DATASETS ?? resolve(import.meta.dirname, '../../../../shared/datasets');
const ROUNDS = 5;
const cpuMs = (fn: () => void) => {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};

console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log('| dataset | passages | decided by the fast path | sentence-splitter alone, ms CPU | splitSentences, ms CPU | speed-up |');
console.log('|---|---|---|---|---|---|');
for (const name of ['hotpotqa-train100', 'musique-train100']) {
  const texts = readFileSync(`${ROOT}/${name}/corpus.jsonl`, 'utf8').trim().split('\n').map((l) => String(JSON.parse(l).text));
  const fast = texts.filter((t) => fastSentenceRanges(t) !== undefined).length;
  let peer = 0;
  let ours = 0;
  for (let r = 0; r < ROUNDS + 1; r++) {
    const p = cpuMs(() => texts.forEach((t) => split(t)));
    const o = cpuMs(() => texts.forEach((t) => splitSentences(t)));
    if (r === 0) continue; // warm-up round
    peer += p / ROUNDS;
    ours += o / ROUNDS;
  }
  console.log(`| ${name} | ${texts.length} | ${fast} (${((100 * fast) / texts.length).toFixed(0)}%) | ${peer.toFixed(0)} | ${ours.toFixed(0)} | ${(peer / ours).toFixed(1)}× |`);
}
