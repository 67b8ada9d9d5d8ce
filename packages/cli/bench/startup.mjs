#!/usr/bin/env node
// Startup time of `rag --help`: the built bin (what npm installs: bin/rag.js → dist/bin/rag.js,
// heavy modules imported only by the commands that need them) against the same CLI run from
// sources through tsx (what `pnpm rag` does in this repository), in the same run.
// Needs `pnpm --filter @rag/cli build`. Usage: node packages/cli/bench/startup.mjs [runs=10]
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 10);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(label, args) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: pkg, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${label} failed: ${r.stderr}`);
    ms.push(performance.now() - t0);
  }
  console.log(`${label.padEnd(44)} median ${median(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, ${runs} runs)`);
  return median(ms);
}
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const built = time('built: node bin/rag.js --help', ['bin/rag.js', '--help']);
const source = time('sources via tsx: src/bin/rag.ts --help', ['--conditions=@rag/source', '--import', 'tsx', 'src/bin/rag.ts', '--help']);
console.log(`ratio: the built bin starts ${(source / built).toFixed(1)}x faster`);
