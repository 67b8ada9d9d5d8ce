// Load: N concurrent asks against `rag serve` (HTTP, loopback) on the embedded default over the
// bundled demo store, versus the named peer "in-process service.ask, sequential" (same questions,
// no HTTP, no concurrency) in the same run. Prints p50/p95, errors and the p50 ratio.
// Run from the repo root:
//   node --conditions=@rag/source --import tsx packages/cli/bench/load.ts [--n 50] [--method NAME]   (default: a2rag-agent)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { loadSample, runDemo } from '../src/demo/run-demo.js';
import { startServer } from '../src/http/serve.js';
import { serviceFor } from '../src/cli/rag-cli.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const N = Math.min(200, Number(arg('--n', '50')));
const method = arg('--method', '');
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

const dataDir = resolve(import.meta.dirname, '..', 'test', 'fixtures', 'sample');
const dir = mkdtempSync(join(tmpdir(), 'rag-load-'));
const backend = createIndexerBackend({ env: {} });
const quiet = new Writable({ write: (_c, _e, cb) => cb() });
try {
  // Build the demo store exactly as `pnpm demo` does (answers one question to warm up).
  await runDemo({ dataDir, storeDir: join(dir, 'store'), backend, configKey: backend.stack.configKey, limit: 1, io: { stdout: quiet, stderr: quiet, env: {}, cwd: dir } });
  const service = await serviceFor(await backend.open(join(dir, 'store')));
  const { questions } = await loadSample(dataDir);
  const qs = Array.from({ length: N }, (_, i) => questions[i % questions.length]!.question);
  const body = (q: string) => JSON.stringify({ question: q, ...(method ? { method } : {}) });

  // Peer: in-process, sequential.
  const direct: number[] = [];
  for (const q of qs) {
    const t0 = performance.now();
    await service.ask({ question: q, ...(method ? { method } : {}) });
    direct.push(performance.now() - t0);
  }

  const server = await startServer({ service, port: 0, ui: false });
  const lat: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    qs.map(async (q) => {
      const s = performance.now();
      try {
        const res = await fetch(`${server.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(q) });
        const r = (await res.json()) as { citations?: unknown[] };
        if (!res.ok || !Array.isArray(r.citations)) errors++;
      } catch {
        errors++;
      }
      lat.push(performance.now() - s);
    }),
  );
  const wall = performance.now() - t0;
  await server.close();

  const m = method || service.stack.defaultMethod;
  console.log(`method ${m}, ${N} asks, embedded mode, Node ${process.version}`);
  console.log(`HTTP, ${N} concurrent: p50 ${pct(lat, 50).toFixed(1)} ms, p95 ${pct(lat, 95).toFixed(1)} ms, errors ${errors}, all done in ${wall.toFixed(0)} ms`);
  console.log(`peer (in-process service.ask, sequential): p50 ${pct(direct, 50).toFixed(1)} ms, p95 ${pct(direct, 95).toFixed(1)} ms, total ${direct.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
  console.log(`ratio p50 HTTP-concurrent / peer: ${(pct(lat, 50) / pct(direct, 50)).toFixed(2)}×; wall-clock ratio (all ${N}) : ${(wall / direct.reduce((a, b) => a + b, 0)).toFixed(2)}×`);
  if (errors > 0) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
