// The keyword segment's two versions on the same index, in one run: version 1 (the BM25
// snapshot as one JSON section) against version 2 (typed columns), both deflated as the store
// writes them. Prints bytes, encode and restore times (median of --runs), the length of the
// JSON text version 1 builds, and checks that both restored indexes answer the dev questions alike.
//
//   node --conditions=@rag/source --import tsx packages/cli/bench/keyword-restore.ts <store dir> [--runs 5]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  decodeBinaryFile,
  decodeBm25Columns,
  encodeBinaryFile,
  encodeBm25Columns,
  jsonSection,
  readJsonSection,
  restoreBm25Columns,
  restoreBm25Index,
  type Bm25Index,
} from '@rag/core';
import { openIndex } from '@rag/indexer';

const here = dirname(fileURLToPath(import.meta.url));
const dir = process.argv[2];
if (!dir) throw new Error('usage: keyword-restore.ts <store dir> [--runs 5]');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 5;
const MAGIC = 'RAGKWD02';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const timed = <T>(f: () => T): [T, number] => {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
};

const index = await openIndex(resolve(dir));
const kw = index.keyword as Bm25Index;
console.log(`keyword restore: ${dir}, ${kw.documentCount} chunks, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}, node ${process.version}`);
const v1: { bytes?: Uint8Array; enc: number[]; dec: number[]; text: number } = { enc: [], dec: [], text: 0 };
const v2: { bytes?: Uint8Array; enc: number[]; dec: number[] } = { enc: [], dec: [] };
let r1: Bm25Index | undefined;
let r2: Bm25Index | undefined;
for (let i = 0; i < runs; i++) {
  const [b1, e1] = timed(() => {
    const json = jsonSection(kw.toJSON());
    v1.text = json.byteLength;
    return encodeBinaryFile(MAGIC, 1, [json], { deflate: true });
  });
  const [b2, e2] = timed(() => encodeBinaryFile(MAGIC, 2, encodeBm25Columns(kw.toColumns()), { deflate: true }));
  const [x1, d1] = timed(() => restoreBm25Index(readJsonSection(decodeBinaryFile(b1, MAGIC, 'v1').sections[0]!)));
  const [x2, d2] = timed(() => restoreBm25Columns(decodeBm25Columns(decodeBinaryFile(b2, MAGIC, 'v2').sections, 'v2')));
  Object.assign(v1, { bytes: b1 });
  Object.assign(v2, { bytes: b2 });
  v1.enc.push(e1);
  v1.dec.push(d1);
  v2.enc.push(e2);
  v2.dec.push(d2);
  [r1, r2] = [x1, x2];
}
const questions = readFileSync(join(here, '..', '..', '..', '..', 'shared', 'datasets', 'hotpotqa-train100', 'questions.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => (JSON.parse(l) as { question: string }).question);
const same = questions.every((q) => JSON.stringify(r1!.searchSync(q, 10)) === JSON.stringify(r2!.searchSync(q, 10)) && JSON.stringify(r2!.searchSync(q, 10)) === JSON.stringify(kw.searchSync(q, 10)));
const f = (x: number) => x.toFixed(0);
console.log(`version 1 (JSON): ${(v1.bytes!.byteLength / 1e6).toFixed(2)} MB on disk, JSON text ${(v1.text / 1e6).toFixed(1)} MB; encode ${f(median(v1.enc))} ms, restore ${f(median(v1.dec))} ms`);
console.log(`version 2 (columns): ${(v2.bytes!.byteLength / 1e6).toFixed(2)} MB on disk; encode ${f(median(v2.enc))} ms, restore ${f(median(v2.dec))} ms`);
console.log(`ratio v1/v2: bytes ${(v1.bytes!.byteLength / v2.bytes!.byteLength).toFixed(2)}×, encode ${(median(v1.enc) / median(v2.enc)).toFixed(2)}×, restore ${(median(v1.dec) / median(v2.dec)).toFixed(2)}× (median of ${runs}); ${questions.length} questions: top-10 identical across live, v1 and v2: ${same}`);
