// Node's default heap limit (about 4 GB on a 64-bit machine, whatever its memory) is too small
// for `rag index` on a large store: adding 100 passages to a 200,000-passage store needs 6–9 GB
// (docs/scaling.md, "Adding to a large store"), and the default ends in "JavaScript heap out of
// memory". So `rag index`, `rag compact` (which writes every component of a store whole: 20.4 GB
// peak RSS at 400,000 passages, docs/scaling.md), and the long-running `rag serve` and `rag mcp`
// (which index uploads), run themselves again with a limit of three quarters of the machine's
// memory, unless a limit was given (`--max-old-space-size` in the node flags or NODE_OPTIONS) or
// RAG_HEAP_MB says otherwise (a number of megabytes, or "off"). V8 grows the heap only as it is
// used: a small index costs the same as before, plus one process start.
import { spawn } from 'node:child_process';
import { constants as osConstants } from 'node:os';

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
/** The commands that may index into or rewrite a store (a question alone is not run twice: its cold start counts). */
const RERUN_COMMANDS = new Set(['index', 'compact', 'serve', 'mcp']);
/** Set in the re-run process, so it never runs itself again. */
export const RERUN_MARK = 'RAG_HEAP_RERUN';

/** The heap limit (MB) to run `rag` again with, or undefined to go on in this process. */
export function heapLimitFor(p: HeapPlanInput): number | undefined {
  const command = p.argv.find((a) => !a.startsWith('-'));
  if (!command || !RERUN_COMMANDS.has(command) || p.env[RERUN_MARK] === '1') return undefined;
  if (p.execArgv.some((a) => a.startsWith(FLAG)) || (p.env.NODE_OPTIONS ?? '').includes(FLAG)) return undefined;
  const asked = (p.env.RAG_HEAP_MB ?? '').trim();
  if (asked === 'off') return undefined;
  const mb = asked === '' ? Math.floor((p.totalMemBytes * 0.75) / MB) : Number(asked);
  if (!Number.isInteger(mb) || mb <= 0) throw new Error(`RAG_HEAP_MB: expected a whole number of megabytes or "off", got "${asked}"`);
  // run again only for a limit clearly above the one we have
  return mb > (p.heapLimitBytes / MB) * 1.25 ? mb : undefined;
}

/**
 * What to tell the user when the re-run process was killed outright (exit 137, SIGKILL): on
 * Linux most often the kernel's out-of-memory killer, since the heap limit bounds V8's heap only
 * (a store's file bytes, vector rows and string tables are held outside it). Undefined otherwise.
 */
export function killedNote(code: number, mb: number, totalMemBytes: number): string | undefined {
  if (code !== 128 + (osConstants.signals.SIGKILL ?? 9)) return undefined;
  const lower = Math.floor((totalMemBytes * 0.5) / MB);
  return (
    `rag: the process was killed (SIGKILL), most likely by the system for lack of memory: it ran with a heap limit of ${mb} MB ` +
    `on a machine with ${Math.floor(totalMemBytes / MB)} MB, and a store's files and vectors are held outside that heap. ` +
    `A store being written keeps its last committed generation. Set RAG_HEAP_MB lower (e.g. RAG_HEAP_MB=${lower}) to stop with an out-of-memory error instead, or use a machine with more memory.\n`
  );
}

/**
 * Run `script` with `args` in a new node process with a heap limit of `mb`; resolves to its exit
 * code. Ctrl-C and termination signals are passed on; if this process is killed outright, the
 * child learns it through the closed IPC channel and kills itself (see `followParent`), so a
 * killed `rag index` stops as it did when it was one process.
 */
export function rerunWithHeapLimit(mb: number, script: string, args: readonly string[], execArgv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, [...execArgv, `${FLAG}=${mb}`, script, ...args], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { ...env, [RERUN_MARK]: '1' } });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const pass = (signal: NodeJS.Signals) => child.kill(signal);
  for (const s of signals) process.on(s, pass);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      for (const s of signals) process.off(s, pass);
      // killed by a signal: the shell's convention, 128 + its number
      resolve(code ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 0));
    });
  });
}

/** In the re-run process: die with the process that started it (its IPC channel closes). */
export function followParent(): void {
  if (process.env[RERUN_MARK] !== '1' || !process.channel) return;
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGKILL'));
}
