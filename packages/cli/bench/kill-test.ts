// Crash test of `rag serve`: all-or-nothing requests and journalled upload jobs under kill -9.
//
//   node --conditions=@rag/source --import tsx packages/cli/bench/kill-test.ts [--store DIR] [--ingests 20] [--docs 1000]
//        [--uploads 10] [--kills 8] [--seed 1] [--max-minutes 30]
//
// Starts `rag serve` (loopback, port 0) on a copy of DIR (default: a small store indexed here from
// generated documents), then sends, one after another, `--ingests` POST /api/docs of `--docs`
// generated documents each and `--uploads` uploads of 3 files, interleaved. At random moments
// (at most `--kills` times) it kill -9's the server while a request runs and starts it again on
// the same directory (the stale lock is taken over). At the end it restarts the server once more,
// waits for the upload jobs, and checks, per request:
//   - an ingest answered 201: all of its documents are there; unanswered: all or none;
//   - an upload answered 202: `GET /api/jobs/:id` knows the job and it ends indexed (all of its
//     documents there) or failed; never 404.
// Prints one line per request and a summary; exits 1 when any check fails. Loopback only;
// bounded by the request count, the kill count and `--max-minutes`.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    store: { type: 'string' },
    ingests: { type: 'string', default: '20' },
    docs: { type: 'string', default: '1000' },
    uploads: { type: 'string', default: '10' },
    kills: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    'max-minutes': { type: 'string', default: '30' },
  },
});
const INGESTS = Number(args.ingests);
const DOCS = Number(args.docs);
const UPLOADS = Number(args.uploads);
const MAX_KILLS = Number(args.kills);
const deadline = Date.now() + Number(args['max-minutes']) * 60_000;
const repo = resolve(import.meta.dirname, '../../..');
const ragBin = join(repo, 'packages/cli/src/bin/rag.ts');

let seed = Number(args.seed) >>> 0 || 1;
const random = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};

const WORDS = 'river castle engine garden harbor lantern meadow orbit pillar quartz signal timber valley willow anchor beacon'.split(' ');
const text = (id: string, n: number) =>
  `${id} describes ${WORDS[n % WORDS.length]} and ${WORDS[(n * 7) % WORDS.length]} near the ${WORDS[(n * 3) % WORDS.length]}. ` +
  `It was recorded as entry ${n} of a generated crash-test corpus about the ${WORDS[(n * 5) % WORDS.length]}.`;

function rag(argv: string[], stdio: 'pipe' | 'inherit' = 'pipe'): ChildProcess {
  return spawn(process.execPath, ['--conditions=@rag/source', '--import', 'tsx', ragBin, ...argv], { cwd: repo, stdio: ['ignore', stdio, stdio], env: { ...process.env, INIT_CWD: repo } });
}

async function prepareStore(work: string): Promise<string> {
  const store = join(work, 'store');
  if (args.store) {
    cpSync(resolve(args.store), store, { recursive: true });
    rmSync(join(store, 'rag.lock'), { force: true });
    return store;
  }
  const docs = join(work, 'seed-docs');
  mkdirSync(docs);
  for (let i = 0; i < 30; i++) writeFileSync(join(docs, `seed-${i}.md`), `# Seed ${i}\n\n${text(`seed-${i}`, i)}\n`);
  const p = rag(['index', docs, '--store', store], 'inherit');
  const code = await new Promise<number | null>((r) => p.once('exit', r));
  if (code !== 0) throw new Error(`rag index exited with ${code}`);
  return store;
}

interface Server {
  child: ChildProcess;
  url: string;
}

async function startServer(store: string): Promise<Server> {
  const child = rag(['serve', '--store', store, '--port', '0']);
  let out = '';
  child.stderr!.on('data', (b: Buffer) => process.stderr.write(`  [serve] ${b}`));
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`rag serve did not start in 120 s:\n${out}`)), 120_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /web UI \+ API: (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        res(m[1]!);
      }
    });
    child.once('exit', (code) => rej(new Error(`rag serve exited with ${code}:\n${out}`)));
  });
  return { child, url };
}

function kill9(s: Server): Promise<void> {
  return new Promise((res) => {
    if (s.child.exitCode !== null || s.child.signalCode !== null) return res();
    s.child.once('exit', () => res());
    s.child.kill('SIGKILL');
  });
}

type Outcome = 'answered' | 'killed' | 'error';
interface Request {
  kind: 'ingest' | 'upload';
  n: number;
  ids: string[];
  outcome?: Outcome;
  status?: number;
  job?: string;
  verdict?: string;
  ok?: boolean;
}

async function send(server: Server, r: Request): Promise<void> {
  try {
    let res: Response;
    if (r.kind === 'ingest') {
      const docs = r.ids.map((id, i) => ({ id, title: id, text: text(id, r.n * DOCS + i) }));
      res = await fetch(`${server.url}/api/docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs }) });
    } else {
      const form = new FormData();
      r.ids.forEach((id, i) => form.append('file', new Blob([`# ${id}\n\n${text(id, 10_000 + r.n * 10 + i)}\n`], { type: 'text/markdown' }), id));
      res = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
    }
    r.status = res.status;
    const body = (await res.json()) as { id?: string };
    if (r.kind === 'upload' && res.status === 202) r.job = body.id;
    r.outcome = res.ok ? 'answered' : 'error';
  } catch {
    r.outcome = 'killed'; // the connection went with the server
  }
}

async function present(url: string, ids: string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < ids.length; i += 32) {
    const got = await Promise.all(ids.slice(i, i + 32).map((id) => fetch(`${url}/api/docs/${encodeURIComponent(id)}`).then((r) => (r.body?.cancel(), r.status === 200))));
    n += got.filter(Boolean).length;
  }
  return n;
}

async function waitForJob(url: string, id: string): Promise<{ status: number; state?: string }> {
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/api/jobs/${id}`);
    if (res.status !== 200) return { status: res.status };
    const job = (await res.json()) as { state: string };
    if (job.state === 'indexed' || job.state === 'failed') return { status: 200, state: job.state };
    await new Promise((r) => setTimeout(r, 500));
  }
  return { status: 0 };
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'rag-kill-test-'));
  const store = await prepareStore(work);
  const requests: Request[] = [];
  for (let i = 0; i < INGESTS; i++) requests.push({ kind: 'ingest', n: i, ids: Array.from({ length: DOCS }, (_, j) => `kt-${i}-${j}`) });
  for (let i = 0; i < UPLOADS; i++) requests.splice(Math.floor(((i + 1) * requests.length) / (UPLOADS + 1)) + i, 0, { kind: 'upload', n: i, ids: [0, 1, 2].map((j) => `ku-${i}-${j}.md`) });
  let server = await startServer(store);
  let kills = 0;
  const t0 = Date.now();
  for (const r of requests) {
    if (Date.now() > deadline) break;
    // kill during about half the ingests and a third of the uploads, at a random moment
    const killHere = kills < MAX_KILLS && random() < (r.kind === 'ingest' ? 0.5 : 0.35);
    const delay = r.kind === 'ingest' ? 200 + random() * 12_000 : random() * 3_000;
    let timer: NodeJS.Timeout | undefined;
    let killed: Promise<void> | undefined;
    let fired: Promise<void> | undefined;
    if (killHere) fired = new Promise((res) => (timer = setTimeout(() => ((killed = kill9(server)), res()), delay)));
    await send(server, r);
    // an upload is answered 202 at once: its kill lands while the accepted job runs (or waits)
    if (r.kind === 'upload' && fired) await fired;
    clearTimeout(timer);
    if (killed) {
      await killed;
      kills++;
      console.log(`  kill -9 #${kills} after ${Math.round(delay)} ms of ${r.kind} ${r.n} (${r.outcome})`);
      server = await startServer(store);
    } else if (r.outcome === 'killed') throw new Error(`the server went away during ${r.kind} ${r.n} without being killed`);
  }
  // one more crash-free restart: what a user finds after the last kill
  await kill9(server);
  server = await startServer(store);
  for (const r of requests) {
    if (r.outcome === undefined) continue;
    if (r.kind === 'upload' && r.status === 202 && r.job) {
      const j = await waitForJob(server.url, r.job);
      const n = j.state === 'indexed' ? await present(server.url, r.ids) : 0;
      r.ok = j.status === 200 && (j.state === 'failed' || n === r.ids.length);
      r.verdict = j.status === 200 ? `job ${j.state}${j.state === 'indexed' ? `, ${n}/${r.ids.length} docs` : ''}` : `job lookup ${j.status}`;
      continue;
    }
    const n = await present(server.url, r.ids);
    r.ok = r.outcome === 'answered' ? n === r.ids.length : n === 0 || n === r.ids.length;
    r.verdict = `${n}/${r.ids.length} docs`;
  }
  await kill9(server);
  let failed = 0;
  for (const r of requests) {
    if (r.outcome === undefined) continue;
    if (!r.ok) failed++;
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.kind.padEnd(6)} ${String(r.n).padStart(2)}  ${(r.outcome + (r.status ? ` ${r.status}` : '')).padEnd(12)} ${r.verdict}`);
  }
  const sent = requests.filter((r) => r.outcome !== undefined);
  const cut = sent.filter((r) => r.outcome === 'killed').length;
  console.log(
    `\nkill-test: ${sent.length} requests (${sent.filter((r) => r.kind === 'ingest').length} ingests of ${DOCS} docs, ${sent.filter((r) => r.kind === 'upload').length} uploads), ` +
      `${kills} kill -9 (${cut} requests cut), ${failed} failed checks, ${((Date.now() - t0) / 1000).toFixed(0)} s` +
      (sent.length < requests.length ? `; stopped at --max-minutes after ${sent.length} of ${requests.length}` : ''),
  );
  rmSync(work, { recursive: true, force: true });
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
