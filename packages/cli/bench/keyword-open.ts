// The keyword segment's version 3 (document-major columns, restored whole when first used)
// against version 4 (term-major columns, read in place by a question) on the same index, in one
// run: bytes, encode time, and what an opened store's first keyword question costs — reading and
// decoding the segment plus that question, each run in a fresh process (median of --runs), and
// the live memory it leaves there (heap + array buffers after a forced GC, the file bytes
// included). Checks that both answer every dev question identically (ids and scores, top 10).
//
//   node --conditions=@rag/source --import tsx packages/cli/bench/keyword-open.ts <store dir> [--runs 5]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeBinaryFile, decodeBm25Columns, decodeBm25TermColumns, encodeBinaryFile, encodeBm25Columns, encodeBm25TermColumns, openBm25View, restoreBm25Columns, type Bm25Index } from '@rag/core';
import { openIndex } from '@rag/indexer';

const here = dirname(fileURLToPath(import.meta.url));
const MAGIC = 'RAGKWD02';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const questions = readFileSync(join(here, '..', '..', '..', '..', 'shared', 'datasets', 'hotpotqa-train100', 'questions.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { question: string }).question);
const openers: Record<string, (bytes: Uint8Array) => Bm25Index> = {
  v3: (b) => restoreBm25Columns(decodeBm25Columns(decodeBinaryFile(b, MAGIC, 'v3').sections, 'v3')),
  v4: (b) => openBm25View(decodeBm25TermColumns(decodeBinaryFile(b, MAGIC, 'v4').sections, 'v4')),
};

if (process.argv[2] === '--child') {
  // one cold open in this process: --child v3|v4 FILE QUESTION_INDEX
  const gc = (globalThis as { gc?: () => void }).gc!;
  const live = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = live();
  const t = performance.now();
  const idx = openers[process.argv[3]!]!(readFileSync(process.argv[4]!));
  idx.searchSync(questions[Number(process.argv[5])]!, 10);
  const ms = performance.now() - t;
  const memory = live() - before;
  const t2 = performance.now();
  const answers = questions.map((q) => idx.searchSync(q, 10));
  console.log(JSON.stringify({ ms, memory, perQuery: (performance.now() - t2) / questions.length, answers }));
  process.exit(0);
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: keyword-open.ts <store dir> [--runs 5]');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 5;
const index = await openIndex(resolve(dir));
const columns = (index.keyword as Bm25Index).toColumns();
console.log(`keyword open: ${dir}, ${columns.ids.length} chunks, ${columns.terms.length} terms, ${columns.termIndexes.length} postings, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}, node ${process.version}`);
const encodeTimed = (f: () => Uint8Array): [Uint8Array, number] => {
  const t = performance.now();
  const b = f();
  return [b, performance.now() - t];
};
const [v3, v3ms] = encodeTimed(() => encodeBinaryFile(MAGIC, 3, encodeBm25Columns(columns), { compression: [] }));
const [v4, v4ms] = encodeTimed(() => encodeBinaryFile(MAGIC, 4, encodeBm25TermColumns(columns), { compression: [] }));
const tmp = mkdtempSync(join(tmpdir(), 'rag-keyword-open-'));
interface Child {
  ms: number;
  memory: number;
  perQuery: number;
  answers: unknown;
}
try {
  const results = (
    [
      ['v3', 'version 3 (restored)', v3, v3ms],
      ['v4', 'version 4 (in place)', v4, v4ms],
    ] as const
  ).map(([key, name, bytes, encodeMs]) => {
    const file = join(tmp, `${key}.bin`);
    writeFileSync(file, bytes);
    const children: Child[] = [];
    for (let r = 0; r < runs; r++) {
      const c = spawnSync(process.execPath, ['--expose-gc', '--conditions=@rag/source', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', key, file, String(r % questions.length)], { encoding: 'utf8', maxBuffer: 1 << 26 });
      if (c.status !== 0) throw new Error(`${name}: child failed: ${c.stderr}`);
      children.push(JSON.parse(c.stdout.trim().split('\n').pop()!) as Child);
    }
    const first = median(children.map((c) => c.ms));
    const memory = median(children.map((c) => c.memory));
    console.log(
      `${name}: ${(bytes.byteLength / 1e6).toFixed(2)} MB, encode ${encodeMs.toFixed(0)} ms, open + first question ${first.toFixed(0)} ms (median of ${runs} processes), ` +
        `live memory after it ${(memory / 1e6).toFixed(1)} MB, then ${median(children.map((c) => c.perQuery)).toFixed(2)} ms per question`,
    );
    return { answers: JSON.stringify(children[0]!.answers), first, memory, bytes: bytes.byteLength };
  });
  const [a, b] = results as [(typeof results)[0], (typeof results)[0]];
  const same = a.answers === b.answers;
  console.log(`ratio version 4 / version 3: bytes ${(b.bytes / a.bytes).toFixed(2)}×, open + first question ${(b.first / a.first).toFixed(3)}×, live memory ${(b.memory / a.memory).toFixed(2)}×`);
  console.log(`top 10 of ${questions.length} questions, ids and scores: ${same ? 'identical' : 'DIFFERENT'}`);
  if (!same) process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
