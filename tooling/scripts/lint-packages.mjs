#!/usr/bin/env node
// publint and @arethetypeswrong/cli on the packed tarball of every publishable package (what npm
// would install, not the working tree). The packages are ESM-only, so attw runs with the
// esm-only profile (node10 and require() resolution are not goals). Exits 1 on any finding.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { packAll, root } from './pack-packages.mjs';

const out = mkdtempSync(join(tmpdir(), 'rag-lint-'));
const failures = [];
try {
  for (const p of packAll(out)) {
    const tarball = readFileSync(p.tarball);
    const { messages, pkg } = await publint({ pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) }, level: 'suggestion', strict: true });
    const lines = messages.map((m) => `  publint ${m.type}: ${formatMessage(m, pkg) ?? m.code}`);
    let attw = 'ok';
    try {
      execFileSync(join(root, 'node_modules/.bin/attw'), [p.tarball, '--profile', 'esm-only', '--format', 'ascii'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      attw = 'FAILED';
      lines.push(...String(e.stdout ?? e.message).trim().split('\n').map((l) => `  attw: ${l}`));
    }
    const ok = lines.length === 0;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${p.name}: publint ${messages.length} message(s), attw ${attw}`);
    if (!ok) {
      failures.push(p.name);
      console.log(lines.join('\n'));
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
console.log(failures.length ? `lint-packages: ${failures.length} package(s) failed: ${failures.join(', ')}` : 'lint-packages: publint and attw clean for every publishable package');
process.exit(failures.length ? 1 : 0);
