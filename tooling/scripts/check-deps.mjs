#!/usr/bin/env node
// Dependency rule check: packages import each other only downward (see docs/architecture.md),
// only through public `exports`, only when declared in package.json, and never reach into
// another package's files by relative path. Exits 1 with one line per violation.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// Layer of each workspace package: a package may import only packages of a lower layer.
const LAYER = {
  '@rag/core': 0,
  '@rag/ollama': 1,
  '@rag/qdrant': 1,
  '@rag/openai': 1,
  '@rag/graph-store': 1,
  '@rag/indexer': 2,
  '@rag/retrievers': 3,
  '@rag/verify': 4,
  '@rag/agents': 5,
  '@rag/train-data': 6,
  '@rag/eval': 7,
  '@rag/cli': 8,
  '@rag/demo': 9,
};
// Service adapters are composed by apps and eval only, never by algorithm packages.
const ADAPTERS = new Set(['@rag/ollama', '@rag/qdrant', '@rag/openai']);
const MAY_IMPORT_ADAPTERS = new Set(['@rag/eval', '@rag/cli', '@rag/demo']);

const packageDirs = ['packages', 'apps']
  .flatMap((g) => (existsSync(join(root, g)) ? readdirSync(join(root, g)).map((d) => join(root, g, d)) : []))
  .filter((d) => existsSync(join(d, 'package.json')));
const pkgs = new Map(packageDirs.map((d) => [JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')).name, d]));

function exportedSubpaths(name) {
  const pj = JSON.parse(readFileSync(join(pkgs.get(name), 'package.json'), 'utf8'));
  return Object.keys(pj.exports ?? { '.': null });
}

function subpathAllowed(name, sub) {
  const want = sub ? `./${sub}` : '.';
  return exportedSubpaths(name).some((p) => {
    if (!p.includes('*')) return p === want;
    const [pre, post] = p.split('*');
    return want.startsWith(pre) && want.endsWith(post) && want.length > pre.length + post.length - 1;
  });
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) yield* sourceFiles(p);
    else if (/\.(m|c)?[tj]sx?$/.test(entry)) yield p;
  }
}

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

const only = process.argv[2] ? resolve(root, process.argv[2]) : undefined;
const violations = [];
for (const [name, dir] of pkgs) {
  if (only && resolve(dir) !== only) continue;
  const pj = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const declared = new Set([...Object.keys(pj.dependencies ?? {}), ...Object.keys(pj.devDependencies ?? {}), ...Object.keys(pj.peerDependencies ?? {})]);
  for (const sub of ['src', 'test', 'bench']) {
    if (!existsSync(join(dir, sub))) continue;
    for (const file of sourceFiles(join(dir, sub))) {
      const text = readFileSync(file, 'utf8');
      const rel = relative(root, file);
      for (const m of text.matchAll(IMPORT_RE)) {
        const spec = m[1] ?? m[2] ?? m[3];
        if (spec.startsWith('.')) {
          const target = resolve(dirname(file), spec);
          if (!target.startsWith(resolve(dir) + sep)) violations.push(`${rel}: relative import '${spec}' leaves ${name}`);
          continue;
        }
        const match = /^(@rag\/[^/]+)(?:\/(.+))?$/.exec(spec);
        if (!match) continue;
        const [, dep, subpath] = match;
        if (dep === name) {
          violations.push(`${rel}: imports its own package '${spec}' (use a relative import)`);
          continue;
        }
        if (!pkgs.has(dep)) {
          violations.push(`${rel}: unknown workspace package '${dep}'`);
          continue;
        }
        if (!declared.has(dep)) violations.push(`${rel}: '${dep}' is not declared in ${name}'s package.json`);
        if (!(LAYER[dep] < LAYER[name])) violations.push(`${rel}: ${name} (layer ${LAYER[name]}) may not import ${dep} (layer ${LAYER[dep]})`);
        if (ADAPTERS.has(dep) && !MAY_IMPORT_ADAPTERS.has(name)) violations.push(`${rel}: only apps and eval compose service adapters; ${name} imports ${dep}`);
        if (!subpathAllowed(dep, subpath)) violations.push(`${rel}: '${spec}' is not a public export of ${dep}`);
      }
    }
  }
}
for (const name of pkgs.keys()) if (!(name in LAYER)) violations.push(`package ${name} has no layer in tooling/scripts/check-deps.mjs`);

if (violations.length) {
  console.error(`dependency rules: ${violations.length} violation(s)`);
  for (const v of violations) console.error(`  ${v}`);
  process.exit(1);
}
console.log(`dependency rules: ok (${only ? relative(root, only) : `${pkgs.size} packages`})`);
