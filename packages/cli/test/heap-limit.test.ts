import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { heapLimitFor, rerunWithHeapLimit, RERUN_MARK } from '../src/bin/heap-limit.js';

const GB = 2 ** 30;
const plan = (over: Partial<Parameters<typeof heapLimitFor>[0]> = {}) =>
  heapLimitFor({ argv: ['index', 'docs/'], execArgv: [], env: {}, totalMemBytes: 24 * GB, heapLimitBytes: 4.1 * GB, ...over });

describe('rag index heap limit', () => {
  it('asks for three quarters of the memory for `rag index` only, and only above the limit it has', () => {
    expect(plan()).toBe(18 * 1024);
    expect(plan({ argv: ['--json', 'index', 'x'] })).toBe(18 * 1024);
    expect(plan({ argv: ['ask', 'why?'] })).toBeUndefined();
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

  it('runs the script again with the limit, its arguments and its exit code', () => {
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
      expect(rerunWithHeapLimit(6000, script, ['index', 'a b'], [], process.env)).toBe(7);
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
});
