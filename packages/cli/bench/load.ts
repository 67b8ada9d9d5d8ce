// Load: a burst of concurrent default asks against `rag serve` (the CLI, started as a child
// process per configuration, so the bench's own HTTP client does not share the server's event
// loop; HTTP, loopback only) on a copy of the demo store, on 1 worker and on 2 workers (and, with --workers 0,1,2, with asks on the main
// thread, what `rag serve` did before the ask pool: the named peer), in the same run. For each:
// errors (only 503 with Retry-After is allowed), p50/p95 of the admitted asks, GET /api/info
// latency during the burst (probed from a process of its own, as a monitor would), one write (POST /api/docs) issued during the burst and its latency;
// then the throughput of 1 vs 2 workers and their ratio, twice: "cold", right after the burst (the
// workers' code still being compiled), and "warm", after each worker answered --warm other
// questions (a server that has run a while). Each run is a closed loop with one client per worker
// (--clients-per-worker N for more), so every ask finds an idle worker and is admitted. The
// throughput loops ask questions that were never asked before in that server ("What is <title>?"
// over the store's documents, the same lists for every configuration, the warm-up's disjoint from
// both loops): a repeated question is cheaper in a worker that saw it (its per-text memos), which
// would favour one worker over two for no reason a user would see. The load average is printed
// beside each configuration (the machine is shared; on Linux, other sessions' processes get an equal
// share of the CPU whatever their nice value, through the scheduler's autogroups, so a busy
// neighbour halves what two workers can get), and on Linux how the server's CPU in each loop splits
// between the ask workers' threads and the process's other threads, and the bench's own client CPU.
// Each warm repetition also times the machine itself on one thread and on two (worker threads): a
// fixed integer loop (no allocation), and a job that allocates and sorts small objects, so the
// asks' ratio can be read against what these cores give a job that shares nothing and a job that,
// like an ask, keeps the garbage collector busy. From the loops' CPU per ask (ask workers, the
// server's other threads, the bench's client: all on the same cores) it prints the most two workers
// could give over one at those costs, so a ratio can be read against what the cores allow.
// Every request goes to 127.0.0.1; the run is bounded (--n asks per burst, at most 400).
// Run from the repo root:
//   node --conditions=@rag/source --import tsx packages/cli/bench/load.ts [--n 200] [--store DIR] [--queue M] [--max-wait-ms MS] [--loop 40] [--warm 500] [--reps 4] [--clients-per-worker 1] [--workers 1,2]
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { loadSample, runDemo } from '../src/demo/run-demo.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const N = Math.min(400, Number(arg('--n', '200')));
// 100 asks per loop: at 40–70 asks/s a loop of 40 lasted under a second, and its ratio moved
// by ±0.1 between repetitions (docs/notes/2026-11-29-two-cores.md).
const LOOP = Math.min(200, Number(arg('--loop', '100')));
const WARM = Math.min(2000, Number(arg('--warm', '500')));
const REPS = Math.max(1, Math.min(12, Number(arg('--reps', '4'))));
const PER_WORKER = Math.max(1, Math.min(8, Number(arg('--clients-per-worker', '1'))));
const queueArg = arg('--queue', '');
const maxWaitArg = arg('--max-wait-ms', '');
const configs = arg('--workers', '1,2').split(',').map(Number);
const load = () => loadavg().map((x) => x.toFixed(1)).join(' / ');
const source = arg('--store', '');
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

const dataDir = resolve(import.meta.dirname, '..', 'test', 'fixtures', 'sample');
const tmp = mkdtempSync(join(tmpdir(), 'rag-load-'));
const storeDir = join(tmp, 'store');
const backend = createIndexerBackend({ env: {} });
const quiet = new Writable({ write: (_c, _e, cb) => cb() });

const ragBin = resolve(import.meta.dirname, '..', 'src', 'bin', 'rag.ts');

/** `rag serve` on the store with these flags, as a child process; resolves when it prints its URL. */
function serve(flags: string[], dir: string): Promise<{ url: string; child: ChildProcess; banner: string }> {
  const child = spawn(process.execPath, ['--conditions=@rag/source', '--import', import.meta.resolve('tsx'), ragBin, 'serve', '--store', dir, '--port', '0', ...flags], {
    cwd: tmp,
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'RAG_TOKEN')),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((res, rej) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /web UI \+ API: (http:\/\/\S+)/.exec(out);
      if (m && out.includes('Ctrl-C')) res({ url: m[1]!, child, banner: out });
    });
    child.once('exit', (code) => rej(new Error(`rag serve exited with ${code}: ${err.slice(-2000)}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((res) => {
    if (child.exitCode !== null) return res();
    child.once('exit', () => res());
    child.kill('SIGTERM');
  });

interface BurstResult {
  admitted: number[];
  refused: number;
  errors: string[];
  info: number[];
  writeMs: number;
  wallMs: number;
}

const PROBE = `
const url = process.argv[1];
const out = [];
let stop = false;
process.stdin.on('end', () => (stop = true));
process.stdin.resume();
(async () => {
  // one request first (the connection and this process's HTTP client set up), then ready
  await fetch(url + '/api/info').then((r) => r.json());
  process.stdout.write('ready' + String.fromCharCode(10));
  while (!stop) {
    const s = performance.now();
    try {
      const res = await fetch(url + '/api/info');
      await res.json();
      out.push(res.status === 200 ? performance.now() - s : -res.status);
    } catch {
      out.push(-1);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  process.stdout.write(JSON.stringify(out));
})();`;

/**
 * GET /api/info every 50 ms from a child process until stopped; resolves once the child's first
 * (untimed) request is answered. Latencies in ms (negative: an HTTP status, or -1 for a failure).
 */
async function infoProbe(url: string): Promise<{ stop(): Promise<number[]> }> {
  const child = spawn(process.execPath, ['-e', PROBE, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  await new Promise<void>((res, rej) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('ready\n')) res();
    });
    child.once('exit', (code) => rej(new Error(`the info probe exited with ${code} before it was ready`)));
  });
  return {
    async stop() {
      child.stdin!.end();
      await exited;
      return JSON.parse(out.slice('ready\n'.length) || '[]') as number[];
    },
  };
}

async function burst(url: string, questions: string[], writeId: string): Promise<BurstResult> {
  const admitted: number[] = [];
  const errors: string[] = [];
  const info: number[] = [];
  let refused = 0;
  // /api/info every 50 ms while the burst runs, from a process of its own (a monitor is another
  // client: its timings must not include this process's event loop busy with 200 responses).
  const probe = await infoProbe(url);
  const t0 = performance.now();
  const asks = questions.map(async (question) => {
    const s = performance.now();
    try {
      const res = await fetch(`${url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question }) });
      const body = (await res.json()) as { citations?: unknown[] };
      if (res.status === 200 && Array.isArray(body.citations)) admitted.push(performance.now() - s);
      else if (res.status === 503 && Number(res.headers.get('retry-after')) >= 1) refused++;
      else errors.push(`${res.status}`);
    } catch (e) {
      errors.push((e as Error).message);
    }
  });
  // One write, 100 ms into the burst.
  await new Promise((r) => setTimeout(r, 100));
  const w0 = performance.now();
  try {
    const write = await fetch(`${url}/api/docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ docs: [{ id: writeId, title: 'Load note', text: `A note written during the load burst (${writeId}).` }] }),
    });
    await write.json();
    if (write.status !== 201) errors.push(`write ${write.status}`);
  } catch (e) {
    errors.push(`write: ${(e as Error).message}`);
  }
  const writeMs = performance.now() - w0;
  await Promise.all(asks);
  const wallMs = performance.now() - t0;
  for (const x of await probe.stop()) {
    if (x >= 0) info.push(x);
    else errors.push(`info ${-x}`);
  }
  return { admitted, refused, errors, info, writeMs, wallMs };
}

/**
 * CPU seconds so far of every thread of the server's processes (Linux /proc; empty elsewhere), by
 * "pid/tid". The throughput loop prints the difference: how much of the server's CPU the ask
 * workers' own threads used, and how much the other threads of the process (V8's garbage
 * collection and compiler threads, libuv, the main thread).
 */
function threadCpu(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  if (!existsSync('/proc/self/task')) return out;
  for (const pid of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(dir)) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        out.set(`${pid}/${tid}`, (Number(fields[11]) + Number(fields[12])) / 100);
      }
    } catch {
      // a process or thread that ended meanwhile
    }
  }
  return out;
}

/** The busiest threads' CPU seconds between two snapshots, largest first. */
function threadCpuDelta(before: Map<string, number>, after: Map<string, number>): number[] {
  return [...after].map(([k, v]) => v - (before.get(k) ?? 0)).filter((d) => d > 0.01).sort((a, b) => b - a);
}

// Two jobs that time the machine itself, each as 16 equal tasks on `threads` worker threads (tasks
// per second). LOOP: a pure integer loop; nothing is allocated or shared, so its two-thread ratio
// is the cores' own (no memory or compiler contention). ALLOC: arrays of small objects built and
// sorted, a few MB per task, nearly all dead at its end (an ask allocates ~12 MB, docs/notes/
// 2026-11-29-ask-cost.md): its ratio is what the cores give work that, like an ask, keeps V8's
// garbage collector busy (each thread collects its own heap; the collector's helper threads are
// shared by the process).
const LOOP_JOB = `const { parentPort } = require('node:worker_threads');
parentPort.on('message', (n) => { let x = 0; for (let i = 0; i < n; i++) x = (x * 31 + i) % 1000003; parentPort.postMessage(x); });`;
const ALLOC_JOB = `const { parentPort } = require('node:worker_threads');
parentPort.on('message', (n) => {
  let s = 0;
  for (let r = 0; r < n; r++) {
    const rows = [];
    for (let i = 0; i < 60000; i++) rows.push({ id: i, name: 'n' + (i % 5000), score: i * 0.5, tags: [i % 7, i % 11] });
    rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    s += rows[0].id;
  }
  parentPort.postMessage(s);
});`;
/** Each job's task size, and the smaller untimed task each thread runs first (its code compiled before the clock starts). */
const MACHINE_JOBS = { loop: { code: LOOP_JOB, size: 5e7, warm: 5e6 }, alloc: { code: ALLOC_JOB, size: 2, warm: 1 } } as const;
type MachineJob = keyof typeof MACHINE_JOBS;
async function machineRate(threads: number, kind: MachineJob): Promise<number> {
  const { code, size, warm } = MACHINE_JOBS[kind];
  const workers = Array.from({ length: threads }, () => new Worker(code, { eval: true }));
  const task = (w: Worker, n: number) => new Promise((done) => (w.once('message', done), w.postMessage(n)));
  try {
    await Promise.all(workers.map((w) => task(w, warm)));
    let next = 0;
    const t0 = performance.now();
    await Promise.all(workers.map(async (w) => {
      while (next++ < 16) await task(w, size);
    }));
    return 16 / ((performance.now() - t0) / 1000);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** A loop's rate, and the CPU per ask (ms) of everything on the machine that served it: the ask workers' threads, the server's other threads, this bench's client. */
interface LoopCost {
  rate: number;
  askMs: number;
  otherMs: number;
  clientMs: number;
}

/** One closed-loop throughput run, printed with the server's CPU split by thread (empty CPU figures where /proc is missing). */
async function measureThroughput(server: { url: string; dir: string }, loop: string[], workers: number, phase: string): Promise<LoopCost> {
  const { url, dir } = server;
  const cpu0 = threadCpu(dir);
  const own0 = process.cpuUsage();
  const t = await throughput(url, loop, workers * PER_WORKER);
  const own = process.cpuUsage(own0);
  const cpu = threadCpuDelta(cpu0, threadCpu(dir));
  const perAsk = (s: number) => (s * 1000) / loop.length;
  const clientMs = perAsk((own.user + own.system) / 1e6);
  console.log(`    the bench's own HTTP client: ${clientMs.toFixed(1)} ms CPU per ask, ${(t.bytes / loop.length / 1024).toFixed(0)} KiB per answer`);
  console.log(`  --workers ${workers} throughput, ${phase} (${workers * PER_WORKER} clients in a closed loop, ${loop.length} asks): ${t.rate.toFixed(2)} asks/s, ${t.other} not answered; load average ${load()}`);
  const total = cpu.reduce((a, b) => a + b, 0);
  const askThreads = cpu.slice(0, workers).reduce((a, b) => a + b, 0);
  const cost = { rate: t.rate, askMs: perAsk(askThreads), otherMs: perAsk(total - askThreads), clientMs };
  if (cpu.length === 0) return cost;
  console.log(
    `    server CPU: ${total.toFixed(1)} s (${perAsk(total).toFixed(0)} ms per ask); the ${workers} busiest threads (the ask workers) ${askThreads.toFixed(1)} s (${cost.askMs.toFixed(1)} ms per ask), ` +
      `every other thread ${(total - askThreads).toFixed(1)} s (${cost.otherMs.toFixed(1)} ms per ask: V8 garbage collection and compiler threads, libuv, the main thread); busiest threads: ${cpu.slice(0, 8).map((d) => d.toFixed(2)).join(', ')} s`,
  );
  return cost;
}

/**
 * The most two workers could give over one on this machine's cores, from what the loops cost:
 * `two` cannot answer faster than the cores divided by the CPU per ask of every thread that took
 * part (ask workers, the server's other threads, the bench's client, all on the same cores).
 * `asMeasured` uses the two-worker loop's own CPU per ask; `noContention` uses the one-worker
 * loop's, as if two asks at once cost each other nothing. Each is over the one-worker rate.
 */
function twoCoreCeiling(one: LoopCost, two: LoopCost, cores: number): { asMeasured: number; noContention: number } | undefined {
  const all = (c: LoopCost) => c.askMs + c.otherMs + c.clientMs;
  if (one.askMs <= 0 || two.askMs <= 0) return undefined;
  const bound = (c: LoopCost) => (cores * 1000) / all(c) / one.rate;
  return { asMeasured: bound(two), noContention: bound(one) };
}

// The throughput loops' client: node:http on kept-alive connections, which costs this process
// less CPU per ask than fetch (the bench shares the two cores with the server it measures; a
// real client would be on another machine). It prints its own CPU per ask beside each loop.
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

function postAsk(url: string, question: string): Promise<{ status: number; bytes: number }> {
  const body = JSON.stringify({ question });
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/ask`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Asks per second with `clients` clients each asking in turn (one per worker: each ask finds an idle worker). */
async function throughput(url: string, questions: string[], clients: number): Promise<{ rate: number; other: number; bytes: number }> {
  let next = 0;
  let bytes = 0;
  let answered = 0;
  let other = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < questions.length) {
        const q = questions[next++]!;
        try {
          const res = await postAsk(url, q);
          bytes += res.bytes;
          if (res.status === 200) answered++;
          else other++;
        } catch {
          other++;
        }
      }
    }),
  );
  return { rate: answered / ((performance.now() - t0) / 1000), other, bytes };
}

try {
  if (source) cpSync(resolve(source), storeDir, { recursive: true });
  // The demo store exactly as `pnpm demo` builds it (answers one question to warm up).
  else await runDemo({ dataDir, storeDir, backend, configKey: backend.stack.configKey, limit: 1, io: { stdout: quiet, stderr: quiet, env: {}, cwd: tmp } });
  const { questions } = await loadSample(dataDir);
  const qs = Array.from({ length: N }, (_, i) => questions[i % questions.length]!.question);
  console.log(`machine: ${availableParallelism()} cores, load average ${load()} at start (shared with other work)`);

  const titles = [...new Set(readFileSync(join(dataDir, 'corpus.jsonl'), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { title?: string }).title).filter((t): t is string => !!t))];
  // Questions about documents, none asked twice in one server: the warm-up's (the first 100
  // titles, cycled), the cold loop's (the last --loop titles) and one loop per repetition between.
  const ask = (t: string) => `What is ${t}?`;
  // The warm-up asks many forms of question about the first 100 titles, so that the workers reach
  // the state of a server that has run a while: V8 still optimises (and, on new shapes of data,
  // de-optimises and re-optimises) the reader's code for hundreds of asks, on its compiler
  // threads, which compete with a second worker for the cores (docs/notes/2026-11-28-load.md).
  const forms = ['What is {}?', 'Who founded {}?', 'When did {} begin?', 'Where is {}?', 'Which country is {} in?', 'Who wrote about {}?', 'How large is {}?', 'What was {} named after?', 'Which year is {} from?', 'What is {} known for?'];
  const warmUp = forms.flatMap((f) => titles.slice(0, 100).map((t) => f.replace('{}', t)));
  const coldLoop = titles.slice(-LOOP).map(ask);
  // Repetitions ask "What is X?" of the titles between, then the other forms of the same titles.
  const between = titles.slice(100, titles.length - LOOP);
  const repQuestions = forms.flatMap((f) => between.map((t) => f.replace('{}', t)));
  const repLoops = Array.from({ length: REPS }, (_, r) => repQuestions.slice(r * LOOP, (r + 1) * LOOP)).filter((l) => l.length === LOOP);
  if (repLoops.length < REPS) throw new Error(`--loop ${LOOP} --reps ${REPS}: the sample has only ${titles.length} titled documents`);
  const servers: { workers: number; url: string; dir: string; child: ChildProcess }[] = [];
  const cold = new Map<number, number>();
  try {
    for (const workers of configs) {
      // Each configuration serves its own copy of the store (one writer per store), so the
      // servers can stay up side by side for the alternating repetitions below.
      const dir = join(tmp, `store-w${workers}`);
      cpSync(storeDir, dir, { recursive: true });
      const flags = ['--workers', String(workers), ...(queueArg ? ['--queue', queueArg] : []), ...(maxWaitArg && workers > 0 ? ['--max-wait-ms', maxWaitArg] : [])];
      const server = { workers, dir, ...(await serve(flags, dir)) };
      servers.push(server);
      const info = (await (await fetch(`${server.url}/api/info`)).json()) as { defaultMethod: string; docs: number };
      if (workers === configs[0]) console.log(`method ${info.defaultMethod} (default), ${info.docs} documents, ${N} concurrent asks per burst, Node ${process.version}`);
      // Warm every worker (each opened the store; the first asks load what is lazily read).
      await Promise.all(Array.from({ length: Math.max(1, workers) * 2 }, () => fetch(`${server.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: qs[0] }) }).then((r) => r.json())));
      const r = await burst(server.url, qs, `load-note-${workers}`);
      const label = workers === 0 ? 'main thread (--workers 0, peer)' : `rag serve ${flags.join(' ')} (${/asks: (.*)/.exec(server.banner)?.[1] ?? ''})`;
      const loadBefore = load();
      console.log(
        `${label}: admitted ${r.admitted.length}, 503+Retry-After ${r.refused}, other errors ${r.errors.length}${r.errors.length ? ` (${r.errors.slice(0, 5).join(', ')})` : ''}; ` +
          `admitted p50 ${ms(pct(r.admitted, 50))}, p95 ${ms(pct(r.admitted, 95))}; /api/info during burst p50 ${ms(pct(r.info, 50))}, max ${ms(Math.max(...r.info))} (${r.info.length} probes); ` +
          `write during burst ${ms(r.writeMs)}; burst wall ${ms(r.wallMs)}; load average ${loadBefore} before, ${load()} after`,
      );
      if (workers > 0) cold.set(workers, (await measureThroughput(server, coldLoop, workers, 'cold')).rate);
    }
    if (cold.has(1) && cold.has(2)) console.log(`throughput ratio --workers 2 / --workers 1, cold: ${(cold.get(2)! / cold.get(1)!).toFixed(2)}×`);
    // Warm: each server's workers first answer --warm questions each; then the configurations take
    // turns, one loop each per repetition, so a change in the machine's load falls on both; the
    // order alternates between repetitions, so neither always runs first after the other's loop.
    const pool = servers.filter((s) => s.workers > 0);
    if (WARM > 0 && pool.length > 0) {
      for (const server of pool) {
        const warm = Array.from({ length: WARM * server.workers }, (_, i) => warmUp[i % warmUp.length]!);
        const t0 = performance.now();
        await throughput(server.url, warm, server.workers * PER_WORKER);
        console.log(`--workers ${server.workers}: warm-up ${warm.length} asks (${WARM} per worker) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
      const ratios: number[] = [];
      const machine: Record<MachineJob, number[]> = { loop: [], alloc: [] };
      const ceilings = { asMeasured: [] as number[], noContention: [] as number[] };
      const list = (xs: number[]) => `median ${pct(xs, 50).toFixed(2)}× (${xs.map((x) => x.toFixed(2)).join(', ')})`;
      for (const [r, loop] of repLoops.entries()) {
        const costs = new Map<number, LoopCost>();
        for (const server of r % 2 === 0 ? pool : [...pool].reverse()) costs.set(server.workers, await measureThroughput(server, loop, server.workers, `warm, repetition ${r + 1}`));
        const one = costs.get(1);
        const two = costs.get(2);
        if (one && two) {
          ratios.push(two.rate / one.rate);
          for (const kind of ['loop', 'alloc'] as const) machine[kind].push((await machineRate(2, kind)) / (await machineRate(1, kind)));
          const ceiling = twoCoreCeiling(one, two, availableParallelism());
          if (ceiling) (ceilings.asMeasured.push(ceiling.asMeasured), ceilings.noContention.push(ceiling.noContention));
          console.log(
            `  repetition ${r + 1}: ratio --workers 2 / --workers 1 ${ratios.at(-1)!.toFixed(2)}×; the machine, 2 / 1 threads: pure loop ${machine.loop.at(-1)!.toFixed(2)}×, allocating job ${machine.alloc.at(-1)!.toFixed(2)}×` +
              (ceiling ? `; the most ${availableParallelism()} cores allow at these CPU costs per ask: ${ceiling.asMeasured.toFixed(2)}× (${ceiling.noContention.toFixed(2)}× if two asks at once cost each other nothing)` : ''),
          );
        }
      }
      if (ratios.length > 0)
        console.log(`throughput ratio --workers 2 / --workers 1, warm: ${list(ratios)} over ${ratios.length} repetitions; the machine's own, 2 / 1 threads: pure loop ${list(machine.loop)}, allocating job ${list(machine.alloc)}`);
      if (ceilings.asMeasured.length > 0)
        console.log(`the most the cores allow at the measured CPU per ask: ${list(ceilings.asMeasured)}; if two asks at once cost each other nothing: ${list(ceilings.noContention)}`);
    }
  } finally {
    agent.destroy();
    for (const server of servers) await stop(server.child);
  }
  console.log(`load average at end: ${load()}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
