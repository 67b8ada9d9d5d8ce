// One writer per store: a second writer (another process) is refused naming the holder, a lock
// whose holder died is taken over, a reused PID is told apart, readers need no lock, and a writer
// that opened the store before another process wrote it is refused instead of dropping that write.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createIndexer } from '../indexer.js';
import { openIndex } from '../open-index.js';
import { acquireStoreLock, LOCK_FILE, readStoreLock, type StoreLockInfo } from './store-lock.js';

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'rag-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const small = { extractor: false as const, resolver: false as const, gearHeads: 0, communities: false as const };
const doc = (id: string) => ({ id, text: `${id} is a document about the lock of a store, written once.` });

/** A lock file as another process would leave it. */
function foreignLock(dir: string, over: Partial<StoreLockInfo>): StoreLockInfo {
  const info: StoreLockInfo = { pid: process.ppid, hostname: hostname(), command: 'rag serve --store x', startedAt: '2026-11-28T00:00:00.000Z', token: 'other', ...over };
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify(info));
  return info;
}

/** The PID of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '0']);
  return r.pid!;
}

describe('store lock', () => {
  it('is held by the process that writes, shared in it, and released with its last holder', async () => {
    const dir = fresh();
    const a = acquireStoreLock(dir, { command: 'test writer' });
    expect(readStoreLock(dir)).toMatchObject({ pid: process.pid, command: 'test writer' });
    const b = acquireStoreLock(dir);
    expect(b.info.token).toBe(a.info.token);
    // an indexer writing meanwhile shares it and leaves it held
    await createIndexer({ ...small, dir }).ingest([doc('a')]);
    a.release();
    a.release();
    expect(readStoreLock(dir)?.token).toBe(a.info.token);
    b.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('is taken by an indexer for each write and let go after it', async () => {
    const dir = fresh();
    const indexer = createIndexer({ ...small, dir });
    await indexer.ingest([doc('a')]);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    foreignLock(dir, {});
    await expect(indexer.remove('a')).rejects.toMatchObject({ code: 'RAG_STORE_LOCKED' });
    expect(indexer.getDoc('a')).toBeDefined();
  });

  it('refuses a second writer, naming the holder, and the refused ingest writes nothing', async () => {
    const dir = fresh();
    const holder = foreignLock(dir, {});
    expect(() => acquireStoreLock(dir)).toThrowError(expect.objectContaining({ code: 'RAG_STORE_LOCKED', message: expect.stringContaining(`PID ${holder.pid}`) }));
    expect(() => acquireStoreLock(dir)).toThrowError(/rag serve --store x/);
    const indexer = createIndexer({ ...small, dir });
    await expect(indexer.ingest([doc('a')])).rejects.toMatchObject({ code: 'RAG_STORE_LOCKED' });
    expect(existsSync(join(dir, 'CURRENT'))).toBe(false);
    expect(indexer.docs()).toEqual([]);
    expect(readStoreLock(dir)?.token).toBe('other');
  });

  it('takes over a lock whose holder is dead, and says so', () => {
    const dir = fresh();
    const stale = foreignLock(dir, { pid: deadPid() });
    const told: StoreLockInfo[] = [];
    const lock = acquireStoreLock(dir, { onTakeover: (s) => told.push(s) });
    expect(lock.tookOver?.pid).toBe(stale.pid);
    expect(told.map((s) => s.pid)).toEqual([stale.pid]);
    expect(readStoreLock(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it.skipIf(!existsSync('/proc/self/stat'))('takes over a lock whose PID now runs another process', () => {
    const dir = fresh();
    foreignLock(dir, { pid: process.ppid, procStart: '1' });
    const lock = acquireStoreLock(dir, { onTakeover: () => {} });
    expect(lock.tookOver?.pid).toBe(process.ppid);
    lock.release();
  });

  it('never takes over a holder on another host', () => {
    const dir = fresh();
    foreignLock(dir, { hostname: `${hostname()}-elsewhere`, pid: deadPid() });
    expect(() => acquireStoreLock(dir)).toThrowError(/another host/);
  });

  it('lets a reader open a locked store at its last committed generation', async () => {
    const dir = fresh();
    const writer = createIndexer({ ...small, dir });
    await writer.ingest([doc('a'), doc('b')]);
    foreignLock(dir, {});
    const reader = await openIndex(dir, small);
    expect(reader.docs().map((d) => d.id).sort()).toEqual(['a', 'b']);
    await expect(reader.remove('a')).rejects.toMatchObject({ code: 'RAG_STORE_LOCKED' });
  });

  it('refuses a writer whose store another process wrote since it opened it', async () => {
    const dir = fresh();
    await createIndexer({ ...small, dir }).ingest([doc('a')]);
    const early = await openIndex(dir, small);
    const other = await openIndex(dir, small);
    await other.ingest([doc('b')]);
    await expect(early.ingest([doc('c')])).rejects.toMatchObject({ code: 'RAG_CONFLICT' });
    const now = await openIndex(dir, small);
    expect(now.docs().map((d) => d.id).sort()).toEqual(['a', 'b']);
  });

  it('refuses while another process holds it, and is free once that process is stopped', async () => {
    const dir = fresh();
    const lockModule = fileURLToPath(new URL('./store-lock.ts', import.meta.url));
    const script = join(dir, 'hold.mts');
    writeFileSync(script, `import { acquireStoreLock } from ${JSON.stringify(lockModule)};\nacquireStoreLock(${JSON.stringify(dir)}, { command: 'holder-test' });\nconsole.log('held');\nsetInterval(() => {}, 1000);\n`);
    const child = spawn(process.execPath, ['--conditions=@rag/source', '--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (b: Buffer) => b.toString().includes('held') && resolve());
        child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
      });
      expect(() => acquireStoreLock(dir)).toThrowError(expect.objectContaining({ code: 'RAG_STORE_LOCKED', message: expect.stringContaining(`PID ${child.pid}`) }));
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).command).toBe('holder-test');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireStoreLock(dir).release();
  }, 30_000);
});
