// Cold `rag ask` (a fresh process: import, open, first answer) of two builds in the same run:
// e.g. the previous release's built CLI on the store it wrote against this build on the same
// index written by it. Runs alternate between the builds so load changes hit both alike; prints
// the median wall time, median CPU time (user + system: less sensitive to other processes on a
// shared machine than wall time) and peak RSS per build and method, and their ratios.
//
//   node --import tsx packages/cli/bench/cold-ask.ts --runs 5 \
//     --a "previous=/path/to/old/packages/cli/dist/bin/rag.js@/store/written/by/old" \
//     --b "this=packages/cli/dist/bin/rag.js@/store/written/by/this" [--methods bm25,a2rag] [--question "…"]
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

const arg = (name: string, dflt?: string) => {
  const i = process.argv.indexOf(name);
  if (i >= 0) return process.argv[i + 1]!;
  if (dflt === undefined) throw new Error(`${name} is required`);
  return dflt;
};
const parse = (spec: string) => {
  const m = /^([^=]+)=(.+)@(.+)$/.exec(spec);
  if (!m) throw new Error(`expected label=bin@store, got "${spec}"`);
  return { label: m[1]!, bin: m[2]!, store: m[3]! };
};
const builds = [parse(arg('--a')), parse(arg('--b'))];
const runs = Number(arg('--runs', '5'));
const methods = arg('--methods', 'bm25,a2rag').split(',');
const question = arg('--question', "Which magazine was started first, Arthur's Magazine or First for Women?");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

function coldAsk(bin: string, store: string, method: string): { wall: number; cpu: number; rssMb: number } {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M %U %S', process.execPath, bin, 'ask', question, '--store', store, '--method', method], {
    encoding: 'utf8',
    env: { ...process.env, OLLAMA_HOST: '', QDRANT_URL: '', OPENAI_BASE_URL: '' },
  });
  if (r.status !== 0) throw new Error(`rag ask failed (${bin} on ${store}): ${r.stderr}`);
  const [wall, rss, user, sys] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { wall: wall!, cpu: user! + sys!, rssMb: rss! / 1024 };
}

console.log(`cold rag ask, ${runs} runs each, alternating; load at start ${load()}`);
for (const b of builds) console.log(`  ${b.label}: ${b.bin} on ${b.store}`);
for (const method of methods) {
  const res = builds.map(() => ({ wall: [] as number[], cpu: [] as number[], rss: [] as number[] }));
  builds.forEach((b) => coldAsk(b.bin, b.store, method)); // warm the OS file cache alike
  for (let r = 0; r < runs; r++)
    builds.forEach((b, i) => {
      const c = coldAsk(b.bin, b.store, method);
      res[i]!.wall.push(c.wall);
      res[i]!.cpu.push(c.cpu);
      res[i]!.rss.push(c.rssMb);
    });
  const [a, b] = res.map((x) => ({ wall: median(x.wall), cpu: median(x.cpu), rss: Math.max(...x.rss) }));
  const show = (l: string, x: typeof a) => `${l} ${x!.wall.toFixed(2)} s wall, ${x!.cpu.toFixed(2)} s CPU, ${x!.rss.toFixed(0)} MB`;
  console.log(
    `--method ${method}: ${show(builds[0]!.label, a)} | ${show(builds[1]!.label, b)} | ratio ${(a!.wall / b!.wall).toFixed(2)}× wall, ${(a!.cpu / b!.cpu).toFixed(2)}× CPU, ${(a!.rss / b!.rss).toFixed(2)}× RSS (load ${load()})`,
  );
}
