import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { heapLimitFor, killedNote, rerunWithHeapLimit, RERUN_MARK } from '../src/bin/heap-limit.js';

const GB = 2 ** 30;
const plan = (over: Partial<Parameters<typeof heapLimitFor>[0]> = {}) =>
  heapLimitFor({ argv: ['index', 'docs/'], execArgv: [], env: {}, totalMemBytes: 24 * GB, heapLimitBytes: 4.1 * GB, ...over });

describe('rag index heap limit', () => {
  it('asks for three quarters of the memory for the commands that index or compact (not for a question), and only above the limit it has', () => {
    expect(plan()).toBe(18 * 1024);
    expect(plan({ argv: ['--json', 'index', 'x'] })).toBe(18 * 1024);
    expect(plan({ argv: ['serve', '--store', 's'] })).toBe(18 * 1024);
    expect(plan({ argv: ['compact', '--store', 's'] })).toBe(18 * 1024);
    expect(plan({ argv: ['ask', 'why?'] })).toBeUndefined();
    expect(plan({ argv: ['methods', '--store', 's'] })).toBeUndefined();
    expect(plan({ totalMemBytes: 4 * GB })).toBeUndefined();
  });

  it('leaves a limit the user gave alone, and never runs itself twice', () => {
    expect(plan({ execArgv: ['--max-old-space-size=2000'] })).toBeUndefined();
    expect(plan({ env: { NODE_OPTIONS: '--max-old-space-size=2000' } })).toBeUndefined();
    expect(plan({ env: { [RERUN_MARK]: '1' } })).toBeUndefined();
    expect(plan({ env: { RAG_HEAP_MB: 'off' } })).toBeUndefined();
    expect(plan({ env: { RAG_HEAP_MB: '9000' } })).toBe(9000);
    expect(() => plan({ env: { RAG_HEAP_MB: 'lots' } })).toThrow(/RAG_HEAP_MB: expected a whole number of megabytes or "off", got "lots"/);
  });

  it('runs the script again with the limit, its arguments and its exit code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rag-heap-'));
    try {
      const script = join(dir, 'probe.mjs');
      const out = join(dir, 'out.json');
      writeFileSync(
        script,
        `import { writeFileSync } from 'node:fs'; import { getHeapStatistics } from 'node:v8';
         writeFileSync(${JSON.stringify(out)}, JSON.stringify({ mb: getHeapStatistics().heap_size_limit / 2 ** 20, args: process.argv.slice(2), mark: process.env.${RERUN_MARK} }));
         process.exit(7);`,
      );
      expect(await rerunWithHeapLimit(6000, script, ['index', 'a b'], [], process.env)).toBe(7);
      const seen = JSON.parse(readFileSync(out, 'utf8')) as { mb: number; args: string[]; mark: string };
      expect(seen.args).toEqual(['index', 'a b']);
      expect(seen.mark).toBe('1');
      // V8 adds its young generation to the old-space limit asked for
      expect(seen.mb).toBeGreaterThanOrEqual(6000);
      expect(seen.mb).toBeLessThan(6300);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a re-run process dies with the process that started it (kill -9 stops the whole command)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rag-heap-'));
    try {
      const module = JSON.stringify(new URL('../src/bin/heap-limit.ts', import.meta.url).href);
      const pidFile = join(dir, 'child.pid');
      const child = join(dir, 'child.mjs');
      writeFileSync(child, `import { writeFileSync } from 'node:fs'; const { followParent } = await import(${module}); followParent(); writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`);
      const parent = join(dir, 'parent.mjs');
      writeFileSync(parent, `const { rerunWithHeapLimit } = await import(${module}); process.exit(await rerunWithHeapLimit(1000, ${JSON.stringify(child)}, [], ['--import', 'tsx'], process.env));`);
      const p = spawn(process.execPath, ['--import', 'tsx', parent], { stdio: 'ignore' });
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      const until = async (ok: () => boolean) => {
        for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
        return ok();
      };
      expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '')).toBe(true);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      expect(alive(pid)).toBe(true);
      p.kill('SIGKILL');
      expect(await until(() => !alive(pid))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);

  it('says what a SIGKILL of the re-run process most likely was, and how to get a clear error instead (nothing for other exits)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rag-heap-kill-'));
    try {
      const script = join(dir, 'killed.mjs');
      writeFileSync(script, "process.kill(process.pid, 'SIGKILL');\n");
      const code = await rerunWithHeapLimit(64, script, [], [], process.env);
      expect(code).toBe(137);
      const note = killedNote(code, 18432, 24 * GB)!;
      expect(note).toMatch(/killed \(SIGKILL\), most likely by the system for lack of memory/);
      expect(note).toMatch(/heap limit of 18432 MB on a machine with 24576 MB/);
      expect(note).toMatch(/RAG_HEAP_MB=12288/);
      expect(killedNote(0, 18432, 24 * GB)).toBeUndefined();
      expect(killedNote(1, 18432, 24 * GB)).toBeUndefined();
      expect(killedNote(130, 18432, 24 * GB)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
