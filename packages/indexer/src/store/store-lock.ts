// One writer per store directory. A process that writes a store holds `DIR/rag.lock`, a file
// created with O_EXCL that names the holder: PID, host, command line, start time (and, on Linux,
// the kernel's start tick of that PID, so a reused PID is told apart). A second process that
// wants to write gets RAG_STORE_LOCKED naming the holder; reading needs no lock (a commit
// switches CURRENT atomically, so readers see the last committed generation).
//
// A lock whose holder is gone is taken over: same host and the PID is not running (or runs a
// different process than the one that took the lock). A holder on another host cannot be checked
// and is never taken over: the error says which file to remove once that process is known gone.
// The lock is released when the process exits normally or on SIGINT / SIGTERM / SIGHUP; after a
// kill -9 the file stays and the next writer takes it over (and says so).
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, rmSync, statSync, unlinkSync, writeSync, fsyncSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { RagError } from '@rag/core';
import { z } from 'zod';

export const LOCK_FILE = 'rag.lock';

const LockInfoSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  command: z.string(),
  startedAt: z.string(),
  /** The kernel's start time of `pid` (Linux /proc/PID/stat field 22), when known. */
  procStart: z.string().optional(),
  token: z.string(),
});
export type StoreLockInfo = z.infer<typeof LockInfoSchema>;

export interface StoreLock {
  readonly dir: string;
  readonly info: StoreLockInfo;
  /** A stale lock this one replaced (its holder had died), when there was one. */
  readonly tookOver?: StoreLockInfo;
  /** Let go of this handle; the last one of the process removes the file (only while it is still ours). Idempotent. */
  release(): void;
}

export interface AcquireStoreLockOptions {
  /** The holder's command line as shown to others (default: this process's argv). */
  command?: string;
  /** Told when a stale lock is taken over (default: a line on stderr). */
  onTakeover?: (stale: StoreLockInfo, dir: string) => void;
}

/** Locks this process holds, by real directory path, with how many holders in it share each. */
interface HeldLock {
  info: StoreLockInfo;
  path: string;
  count: number;
  tookOver?: StoreLockInfo;
}
const held = new Map<string, HeldLock>();
let exitHooked = false;

function procStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may hold spaces), from field 3 on: starttime is field 22
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** True when `info`'s holder is certainly not running any more (same host only). */
function holderIsGone(info: StoreLockInfo): boolean {
  if (info.hostname !== hostname()) return false;
  if (info.pid === process.pid) return true; // a lock left by an earlier process that had our PID (e.g. PID 1 in a container)
  try {
    process.kill(info.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return true;
    // EPERM: it runs, under another user
  }
  const start = info.procStart !== undefined ? procStartOf(info.pid) : undefined;
  return start !== undefined && start !== info.procStart;
}

function readLockInfo(path: string): StoreLockInfo | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
  }
  try {
    const r = LockInfoSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** The holder of `dir`'s lock, if any (for messages and `rag doctor`). */
export function readStoreLock(dir: string): StoreLockInfo | undefined {
  const info = readLockInfo(join(dir, LOCK_FILE));
  return typeof info === 'string' ? undefined : info;
}

export function describeHolder(info: StoreLockInfo): string {
  return `PID ${info.pid} on ${info.hostname} (${info.command}), since ${info.startedAt}`;
}

function lockedError(dir: string, info: StoreLockInfo): RagError {
  const path = join(dir, LOCK_FILE);
  const remote = info.hostname !== hostname();
  return new RagError(
    'RAG_STORE_LOCKED',
    `store ${dir} is locked by another writer: ${describeHolder(info)}. One process writes a store at a time: ` +
      `stop that process, or send the documents to it (e.g. POST /api/docs of its \`rag serve\`); reading the store needs no lock.` +
      (remote ? ` The holder runs on another host and cannot be checked from here; remove ${path} only once it is known to be gone.` : ''),
    { details: { dir, lockFile: path, holder: info } },
  );
}

function unlinkIfOurs(path: string, token: string): void {
  const now = readLockInfo(path);
  if (typeof now !== 'string' && now.token === token)
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
}

function releaseAllSync(): void {
  for (const [dir, h] of [...held]) {
    held.delete(dir);
    unlinkIfOurs(h.path, h.info.token);
  }
}

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', releaseAllSync);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      // Another listener (e.g. `rag serve` closing its server) owns the exit: the lock goes with
      // the 'exit' event, after its last write. Alone, we release and die of the signal as before.
      if (process.listenerCount(signal) > 1) return;
      releaseAllSync();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

function tryCreate(path: string, info: StoreLockInfo): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new RagError('RAG_IO', `cannot create the store lock ${path}: ${(e as Error).message}`, { cause: e, details: { file: path } });
  }
  try {
    writeSync(fd, JSON.stringify(info));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Move a stale lock aside and delete it, under a short-lived takeover guard (O_EXCL as well) so
 * two processes taking over the same stale lock cannot delete each other's new one.
 */
function removeStale(path: string, stale: StoreLockInfo | 'unreadable'): boolean {
  const guard = `${path}.takeover`;
  const guardAge = existsSync(guard) ? Date.now() - statSync(guard).mtimeMs : 0;
  if (guardAge > 10_000) rmSync(guard, { force: true }); // left by a process that died mid-takeover
  let fd: number;
  try {
    fd = openSync(guard, 'wx');
  } catch {
    return false;
  }
  closeSync(fd);
  try {
    const now = readLockInfo(path);
    const same = now === 'missing' || (stale === 'unreadable' ? now === 'unreadable' : typeof now !== 'string' && now.token === stale.token);
    if (!same) return false;
    if (now !== 'missing') {
      const aside = `${path}.stale-${randomUUID()}`;
      renameSync(path, aside);
      rmSync(aside, { force: true });
    }
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

function reportTakeover(stale: StoreLockInfo, dir: string): void {
  process.stderr.write(`rag: took over the lock of store ${dir} from ${describeHolder(stale)}, which is no longer running\n`);
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** A holder's handle: releasing the last handle of a process removes the file. */
function handle(real: string, h: HeldLock): StoreLock {
  let released = false;
  return {
    dir: real,
    info: h.info,
    ...(h.tookOver ? { tookOver: h.tookOver } : {}),
    release() {
      if (released) return;
      released = true;
      if (held.get(real) !== h || --h.count > 0) return;
      held.delete(real);
      unlinkIfOurs(h.path, h.info.token);
    },
  };
}

/**
 * Take `dir`'s writer lock (creating `dir` when missing). Shared within a process: each call
 * returns a handle, and the file goes when the last handle is released (or the process exits).
 * Throws RAG_STORE_LOCKED when another running process holds it.
 */
export function acquireStoreLock(dir: string, options: AcquireStoreLockOptions = {}): StoreLock {
  mkdirSync(dir, { recursive: true });
  const real = realpathSync(dir);
  const path = join(real, LOCK_FILE);
  const mine = held.get(real);
  if (mine) {
    const now = readLockInfo(path);
    if (typeof now !== 'string' && now.token === mine.info.token) {
      mine.count += 1;
      return handle(real, mine);
    }
    held.delete(real); // the file went (directory removed, or someone deleted it): take it again
  }
  const start = procStartOf(process.pid);
  const info: StoreLockInfo = {
    pid: process.pid,
    hostname: hostname(),
    command: options.command ?? process.argv.join(' '),
    startedAt: new Date().toISOString(),
    ...(start !== undefined ? { procStart: start } : {}),
    token: randomUUID(),
  };
  let tookOver: StoreLockInfo | undefined;
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(path, info)) break;
    const holder = readLockInfo(path);
    if (holder === 'missing') continue;
    if (holder === 'unreadable') {
      // a holder between creating and writing the file, or one that died there: wait a moment
      if (attempt < 5) {
        sleepSync(20);
        continue;
      }
      removeStale(path, 'unreadable');
      continue;
    }
    if (!holderIsGone(holder)) throw lockedError(real, holder);
    if (removeStale(path, holder)) tookOver = holder;
    if (attempt > 20) throw lockedError(real, holder);
  }
  hookExit();
  const h: HeldLock = { info, path, count: 1, ...(tookOver ? { tookOver } : {}) };
  held.set(real, h);
  if (tookOver) (options.onTakeover ?? reportTakeover)(tookOver, real);
  return handle(real, h);
}

/** Whether this process holds `dir`'s lock. */
export function holdsStoreLock(dir: string): boolean {
  try {
    return held.has(realpathSync(dir));
  } catch {
    return false;
  }
}

/** Release this process's lock on `dir` whatever its holders (tests; a process handing a store over). */
export function releaseStoreLock(dir: string): void {
  let real: string;
  try {
    real = realpathSync(dir);
  } catch {
    return;
  }
  const h = held.get(real);
  if (!h) return;
  held.delete(real);
  unlinkIfOurs(h.path, h.info.token);
}
