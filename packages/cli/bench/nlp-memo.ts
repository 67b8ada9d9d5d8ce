// The per-text NLP memos (core's memoByText: sentence boundaries, tagger parses, lemmas) against
// the same code with every memo switched off — the previous version's behaviour — in the same run,
// on the demo store's default method. Each question is asked with the memos off, then on, in turn
// (interleaved, so both see the same machine load); before every "on" ask the memos are emptied, so
// only the reuse within one ask counts (what a cold question gets), and a third pass keeps them
// across asks (a server answering related questions). Prints wall and CPU milliseconds per ask,
// the ratios, and whether every answer, status and citation list was identical.
//   node --conditions=@rag/source --import tsx packages/cli/bench/nlp-memo.ts [--rounds 3] [--store DIR]
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { clearTextMemos, setTextMemoEnabled } from '@rag/core';
import { serviceFor } from '../src/commands/rag-cli.js';
import { loadSample, runDemo } from '../src/demo/run-demo.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const ROUNDS = Math.min(20, Number(arg('--rounds', '3')));
const source = arg('--store', '');
const load = () => loadavg().map((x) => x.toFixed(1)).join(' / ');

const dataDir = resolve(import.meta.dirname, '..', 'test', 'fixtures', 'sample');
const tmp = mkdtempSync(join(tmpdir(), 'rag-nlp-memo-'));
const storeDir = join(tmp, 'store');
const backend = createIndexerBackend({ env: {} });
const quiet = new Writable({ write: (_c, _e, cb) => cb() });

interface Tally {
  wall: number;
  cpu: number;
  n: number;
}
const tally = (): Tally => ({ wall: 0, cpu: 0, n: 0 });

try {
  if (source) cpSync(resolve(source), storeDir, { recursive: true });
  else await runDemo({ dataDir, storeDir, backend, configKey: backend.stack.configKey, limit: 1, io: { stdout: quiet, stderr: quiet, env: {}, cwd: tmp } });
  const service = await serviceFor(await backend.open(storeDir));
  const { questions } = await loadSample(dataDir);
  const qs = questions.map((q) => q.question);
  const ask = async (question: string, t: Tally) => {
    const w0 = performance.now();
    const c0 = process.cpuUsage();
    const r = await service.ask({ question });
    const c = process.cpuUsage(c0);
    t.wall += performance.now() - w0;
    t.cpu += (c.user + c.system) / 1000;
    t.n++;
    return JSON.stringify({ answer: r.answer, status: r.status, verification: r.verification, citations: r.citations.map((x) => x.chunkId) });
  };
  // Warm-up: lazily loaded parts of the index and the tagger, once, outside the timing.
  for (const q of qs) await service.ask({ question: q });
  console.log(`method ${service.stack.defaultMethod} (default), ${qs.length} questions × ${ROUNDS} rounds; load average ${load()} at start`);
  const off = tally();
  const cold = tally();
  const warm = tally();
  let differ = 0;
  for (let round = 0; round < ROUNDS; round++)
    for (const q of qs) {
      setTextMemoEnabled(false);
      const a = await ask(q, off);
      setTextMemoEnabled(true);
      clearTextMemos();
      const b = await ask(q, cold);
      if (a !== b) differ++;
    }
  setTextMemoEnabled(true);
  clearTextMemos();
  for (let round = 0; round < ROUNDS; round++) for (const q of qs) await ask(q, warm);
  const per = (t: Tally) => `${(t.wall / t.n).toFixed(0)} ms wall, ${(t.cpu / t.n).toFixed(0)} ms CPU per ask`;
  console.log(`memos off (previous version): ${per(off)}`);
  console.log(`memos on, emptied before each ask: ${per(cold)}`);
  console.log(`memos on, kept across asks: ${per(warm)}`);
  console.log(`ratio off / on (emptied per ask): ${(off.wall / cold.wall).toFixed(2)}× wall, ${(off.cpu / cold.cpu).toFixed(2)}× CPU`);
  console.log(`ratio off / on (kept): ${(off.wall / off.n / (warm.wall / warm.n)).toFixed(2)}× wall, ${(off.cpu / off.n / (warm.cpu / warm.n)).toFixed(2)}× CPU`);
  console.log(`answers that differ between off and on: ${differ} of ${off.n}; load average ${load()} at end`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
