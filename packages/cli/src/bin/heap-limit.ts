// Node's default heap limit (about 4 GB on a 64-bit machine, whatever its memory) is too small
// for `rag index` on a large store: adding 100 passages to a 200,000-passage store needs 6–9 GB
// (docs/scaling.md, "Adding to a large store"), and the default ends in "JavaScript heap out of
// memory". So `rag index` runs itself again with a limit of three quarters of the machine's
// memory, unless a limit was given (`--max-old-space-size` in the node flags or NODE_OPTIONS) or
// RAG_HEAP_MB says otherwise (a number of megabytes, or "off"). V8 grows the heap only as it is
// used: a small index costs the same as before, plus one process start.
import { spawnSync } from 'node:child_process';

export interface HeapPlanInput {
  /** The CLI's arguments (after the node binary and the script). */
  argv: readonly string[];
  execArgv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  totalMemBytes: number;
  /** The heap limit this process runs with (v8.getHeapStatistics().heap_size_limit). */
  heapLimitBytes: number;
}

const MB = 2 ** 20;
const FLAG = '--max-old-space-size';
/** Set in the re-run process, so it never runs itself again. */
export const RERUN_MARK = 'RAG_HEAP_RERUN';

/** The heap limit (MB) to run `rag` again with, or undefined to go on in this process. */
export function heapLimitFor(p: HeapPlanInput): number | undefined {
  const command = p.argv.find((a) => !a.startsWith('-'));
  if (command !== 'index' || p.env[RERUN_MARK] === '1') return undefined;
  if (p.execArgv.some((a) => a.startsWith(FLAG)) || (p.env.NODE_OPTIONS ?? '').includes(FLAG)) return undefined;
  const asked = (p.env.RAG_HEAP_MB ?? '').trim();
  if (asked === 'off') return undefined;
  const mb = asked === '' ? Math.floor((p.totalMemBytes * 0.75) / MB) : Number(asked);
  if (!Number.isInteger(mb) || mb <= 0) throw new Error(`RAG_HEAP_MB: expected a whole number of megabytes or "off", got "${asked}"`);
  // run again only for a limit clearly above the one we have
  return mb > (p.heapLimitBytes / MB) * 1.25 ? mb : undefined;
}

/** Run `script` with `args` in a new node process with a heap limit of `mb`; its exit code. */
export function rerunWithHeapLimit(mb: number, script: string, args: readonly string[], execArgv: readonly string[], env: NodeJS.ProcessEnv): number {
  const r = spawnSync(process.execPath, [...execArgv, `${FLAG}=${mb}`, script, ...args], { stdio: 'inherit', env: { ...env, [RERUN_MARK]: '1' } });
  if (r.error) throw r.error;
  // a child killed by a signal: the shell's convention, 128 + the signal's number
  if (r.status === null) return 128 + (r.signal === 'SIGKILL' ? 9 : r.signal === 'SIGTERM' ? 15 : r.signal === 'SIGINT' ? 2 : 1);
  return r.status;
}
