// `pnpm --filter @rag/core bench [bm25|vectors]`: prints markdown tables for docs/benchmarks/core.md.
import { cpus, loadavg } from 'node:os';
import { runBm25Bench } from './bm25-vs-minisearch.js';
import { runVectorBench } from './vector-store.js';
import { runEmbedderBench } from './hashing-embedder.js';

const which = process.argv[2] ?? 'all';
console.log(
  `# @rag/core benchmarks — node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}\n`,
);
if (which === 'all' || which === 'bm25') runBm25Bench();
if (which === 'all' || which === 'embedder') runEmbedderBench();
if (which === 'all' || which === 'vectors') runVectorBench();
