#!/usr/bin/env node
// What `pnpm test` does not run, said by name: every `*.int.test.ts` excluded from the default
// run (tooling/vitest.shared.ts) with the environment variable(s) that enable it, and a check that
// every workspace project has at least one test file the default run does run (vitest's
// passWithNoTests is off, so an empty run fails; this names the empty project instead).
// Exits 1 when a project has no default-run test file, or an integration test file names none of
// the enabling variables (then nobody could tell how to run it).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The variables tooling/vitest.shared.ts reads to include `*.int.test.ts`; RAG_INT enables all. */
const SERVICE_VARIABLES = ['OLLAMA_HOST', 'QDRANT_URL', 'OPENAI_BASE_URL'];
const ALL = 'RAG_INT';

function* testFiles(dir) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) yield* testFiles(p);
    else if (entry.endsWith('.test.ts')) yield p;
  }
}

const problems = [];
const shared = readFileSync(join(root, 'tooling/vitest.shared.ts'), 'utf8');
for (const v of [...SERVICE_VARIABLES, ALL]) if (!shared.includes(`process.env.${v}`)) problems.push(`tooling/vitest.shared.ts no longer reads ${v}: update ${relative(root, fileURLToPath(import.meta.url))}`);

const projects = ['packages', 'apps']
  .flatMap((g) => (existsSync(join(root, g)) ? readdirSync(join(root, g)).map((d) => join(root, g, d)) : []))
  .filter((d) => existsSync(join(d, 'package.json')));
const excluded = [];
for (const dir of projects) {
  const name = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name;
  const files = ['src', 'test'].filter((s) => existsSync(join(dir, s))).flatMap((s) => [...testFiles(join(dir, s))]);
  const defaultRun = files.filter((f) => !f.endsWith('.int.test.ts'));
  if (defaultRun.length === 0) problems.push(`${name}: no test file that \`pnpm test\` runs (${relative(root, dir)}/{src,test}/**/*.test.ts)`);
  for (const f of files.filter((f) => f.endsWith('.int.test.ts'))) {
    const text = readFileSync(f, 'utf8');
    const vars = SERVICE_VARIABLES.filter((v) => text.includes(v));
    excluded.push({ file: relative(root, f), vars });
    if (vars.length === 0) problems.push(`${relative(root, f)}: names none of ${SERVICE_VARIABLES.join(', ')}; say which service it needs`);
  }
}

console.log(`Integration tests NOT run by \`pnpm test\`: ${excluded.length} files. They are collected when any of ${[...SERVICE_VARIABLES, ALL].join(', ')} is set, and each runs only against the service its variable names:`);
for (const e of excluded) console.log(`  ${e.file} — set ${e.vars.join(' or ') || '(unnamed)'}`);
for (const p of problems) console.error(`FAIL ${p}`);
process.exit(problems.length ? 1 : 0);
