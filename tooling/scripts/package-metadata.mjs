#!/usr/bin/env node
// Keeps every publishable package's metadata in one shape: MIT LICENSE copied from the root,
// repository/homepage/bugs/keywords, `files` including LICENSE, publishConfig (public access,
// exports without the source condition), and dependency RANGES (exact
// versions live in pnpm-lock.yaml; a range lets npm share one copy with the user's own).
// `node tooling/scripts/package-metadata.mjs` rewrites; `--check` exits 1 on any drift (CI).
import { copyFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const check = process.argv.includes('--check');
const REPO = 'https://github.com/rag-toolkit/rag';
const KEYWORDS = ['rag', 'retrieval-augmented-generation', 'knowledge-graph', 'graphrag', 'llm', 'typescript'];
const problems = [];

// A subpath with only the source condition (e.g. a benchmark helper) is not published at all.
function withoutSourceCondition(value) {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== '@rag/source')
      .map(([k, v]) => [k, withoutSourceCondition(v)])
      .filter(([, v]) => typeof v !== 'object' || v === null || Object.keys(v).length > 0),
  );
}

const toRange = (v) => (/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(v) ? `^${v}` : v === 'workspace:*' ? 'workspace:^' : v);

for (const dir of readdirSync(join(root, 'packages')).map((d) => join(root, 'packages', d))) {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) continue;
  const before = readFileSync(file, 'utf8');
  const pj = JSON.parse(before);
  if (pj.private) continue;
  const rel = relative(root, dir);
  pj.license = 'MIT';
  pj.repository = { type: 'git', url: `git+${REPO}.git`, directory: rel };
  pj.homepage = `${REPO}/tree/main/${rel}#readme`;
  pj.bugs = { url: `${REPO}/issues` };
  pj.keywords = [...new Set([...KEYWORDS, ...(pj.keywords ?? [])])];
  pj.files = [...new Set([...(pj.files ?? ['dist', 'README.md']), 'LICENSE'])];
  // bins are committed shims in bin/ (so a fresh `pnpm install` links them before any build).
  if (pj.bin) pj.files = [...new Set([...pj.files, 'bin'])];
  // The published export map drops the repository-only "@rag/source" condition (it points at
  // src/, which does not ship); pnpm pack/publish substitutes publishConfig.exports.
  if (pj.exports) pj.publishConfig = { ...pj.publishConfig, access: 'public', exports: withoutSourceCondition(pj.exports) };
  for (const field of ['dependencies', 'devDependencies']) {
    for (const [name, v] of Object.entries(pj[field] ?? {})) pj[field][name] = toRange(v);
  }
  const after = `${JSON.stringify(pj, null, 2)}\n`;
  const licenseDrift = !existsSync(join(dir, 'LICENSE')) || readFileSync(join(dir, 'LICENSE'), 'utf8') !== readFileSync(join(root, 'LICENSE'), 'utf8');
  if (check) {
    if (after !== before) problems.push(`${rel}/package.json: metadata or dependency ranges drifted (run node tooling/scripts/package-metadata.mjs)`);
    if (licenseDrift) problems.push(`${rel}/LICENSE: missing or not the root LICENSE`);
  } else {
    writeFileSync(file, after);
    if (licenseDrift) copyFileSync(join(root, 'LICENSE'), join(dir, 'LICENSE'));
  }
}
if (problems.length) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(check ? 'package metadata: ok' : 'package metadata: written');
