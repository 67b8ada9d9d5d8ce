// Memory vector store: 100k × 384 random unit vectors, top-10 for 100 queries. Peer: a naive
// exact search in the same run (score every vector in plain JavaScript, sort all scores).
import { createMemoryVectorStore } from '../src/embedded/memory-vector-store.js';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

function unitVectors(n: number, dims: number, seed: number): Float32Array[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const v = new Float32Array(dims);
    let norm = 0;
    for (let i = 0; i < dims; i++) {
      v[i] = r();
      norm += v[i]! * v[i]!;
    }
    const inv = 1 / Math.sqrt(norm);
    for (let i = 0; i < dims; i++) v[i]! *= inv;
    return v;
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

export function runVectorBench(n = 100_000, dims = 384, queries = 100): void {
  console.log(`## Memory vector store: ${n} × ${dims} unit vectors, top-10, ${queries} queries\n`);
  const vectors = unitVectors(n, dims, 42);
  const qs = unitVectors(queries, dims, 7);
  global.gc?.();
  const before = process.memoryUsage();
  const store = createMemoryVectorStore();
  store.upsertSync('bench', vectors.map((vector, i) => ({ id: `v${i}`, vector })));
  global.gc?.();
  const after = process.memoryUsage();

  const ours: number[] = [];
  const ourTop: string[][] = [];
  for (const q of qs) {
    const t = performance.now();
    const hits = store.searchSync('bench', q, 10);
    ours.push(performance.now() - t);
    ourTop.push(hits.map((h) => h.id));
  }

  // Naive peer: same packed data, every score computed and the whole list sorted.
  const packed = new Float32Array(n * dims);
  vectors.forEach((v, i) => packed.set(v, i * dims));
  const naive: number[] = [];
  let agree = 0;
  qs.forEach((q, qi) => {
    const t = performance.now();
    const scored: { id: number; score: number }[] = new Array(n);
    for (let i = 0; i < n; i++) {
      let s = 0;
      const o = i * dims;
      for (let j = 0; j < dims; j++) s += q[j]! * packed[o + j]!;
      scored[i] = { id: i, score: s };
    }
    scored.sort((a, b) => b.score - a.score);
    const top = scored.slice(0, 10).map((x) => `v${x.id}`);
    naive.push(performance.now() - t);
    if (top.join() === ourTop[qi]!.join()) agree++;
  });

  const med = pct(ours, 50);
  const nMed = pct(naive, 50);
  console.log('| search | median ms/query | p95 ms/query |');
  console.log('|---|---|---|');
  console.log(`| @rag/core createMemoryVectorStore | ${med.toFixed(2)} | ${pct(ours, 95).toFixed(2)} |`);
  console.log(`| naive JS score-all + full sort | ${nMed.toFixed(2)} | ${pct(naive, 95).toFixed(2)} |`);
  console.log(`\nspeed-up (median): ${(nMed / med).toFixed(1)}× · identical top-10 lists: ${agree}/${queries}`);
  // The vectors live in WebAssembly memory, which heap statistics do not count: RSS it is.
  const rss = after.rss - before.rss;
  console.log(`memory: RSS delta ${(rss / 2 ** 20).toFixed(0)} MiB = ${(rss / n).toFixed(0)} bytes/vector (raw float32: ${dims * 4} bytes/vector; includes ids, maps and the doubling slack)\n`);

  // int8 rows (the indexer's rows with a `dir`) against the float32 store above, same vectors and queries.
  // (no RSS delta here: with the float32 store and the naive peer's array already allocated and
  // freed, it does not isolate the int8 rows; the row bytes are what the two layouts hold)
  const store8 = createMemoryVectorStore({ precision: 'int8' });
  store8.upsertSync('bench', vectors.map((vector, i) => ({ id: `v${i}`, vector })));
  const int8: number[] = [];
  let same = 0;
  qs.forEach((q, qi) => {
    const t = performance.now();
    const hits = store8.searchSync('bench', q, 10);
    int8.push(performance.now() - t);
    same += hits.filter((h) => ourTop[qi]!.includes(h.id)).length;
  });
  const m8 = pct(int8, 50);
  console.log('| rows | median ms/query | p95 ms/query | bytes per row (values + scale) |');
  console.log('|---|---|---|---|');
  console.log(`| float32 | ${med.toFixed(2)} | ${pct(ours, 95).toFixed(2)} | ${dims * 4} |`);
  console.log(`| int8 (\`precision: 'int8'\`) | ${m8.toFixed(2)} | ${pct(int8, 95).toFixed(2)} | ${dims + 4} |`);
  console.log(`\nint8 vs float32: median time ${(m8 / med).toFixed(2)}× · top-10 overlap with float32 ${((100 * same) / (10 * queries)).toFixed(1)} %\n`);
}
