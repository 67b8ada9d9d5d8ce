#!/usr/bin/env node
// Dependency rule check: packages import each other only downward (see docs/architecture.md),
// only through public `exports`, only when declared in package.json, and never reach into
// another package's files by relative path; and every declared dependency is used: a runtime
// `dependencies` entry is imported by a non-test file of src/ or bin/, a `devDependencies` or
// `peerDependencies` entry anywhere in the package (src, test, bench, bin, scripts, config files)
// or named as a command in its package.json scripts; `@types/x` counts as used when `x` (or a node
// builtin, for @types/node) is. Exits 1 with one line per violation.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
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

const BUILTINS = new Set(builtinModules);
/** Folders whose imports obey the layer rules (package root config files and scripts are tooling). */
const INSPECTED = { src: 1, test: 1, bench: 1, bin: 1 };
/** True when workspace package dir's dependency `owner` declares `peer` as a peer. */
const peerOwner = (dir, owner, peer) => {
  const p = join(dir, 'node_modules', owner, 'package.json');
  return existsSync(p) && Boolean(JSON.parse(readFileSync(p, 'utf8')).peerDependencies?.[peer]);
};
const sub = (dir, file) => relative(dir, file).split(sep)[0];

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

const only = process.argv[2] ? resolve(root, process.argv[2]) : undefined;
const violations = [];
for (const [name, dir] of pkgs) {
  if (only && resolve(dir) !== only) continue;
  const pj = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const declared = new Set([...Object.keys(pj.dependencies ?? {}), ...Object.keys(pj.devDependencies ?? {}), ...Object.keys(pj.peerDependencies ?? {})]);
  const usedAtRuntime = new Set();
  const usedAnywhere = new Set();
  const rootFiles = readdirSync(dir).filter((e) => /\.(m|c)?[tj]sx?$/.test(e)).map((e) => join(dir, e));
  const files = [...rootFiles, ...['src', 'test', 'bench', 'bin', 'scripts'].filter((sub) => existsSync(join(dir, sub))).flatMap((sub) => [...sourceFiles(join(dir, sub))])];
  for (const file of files) {
    {
      const text = readFileSync(file, 'utf8');
      const rel = relative(root, file);
      const shipped = /^(src|bin)\//.test(relative(dir, file)) && !/\.test\.[tj]sx?$/.test(file) && !relative(dir, file).split(sep).includes('testing-fixtures');
      for (const m of text.matchAll(IMPORT_RE)) {
        const spec = m[1] ?? m[2] ?? m[3];
        if (!spec.startsWith('.')) {
          const bare = spec.startsWith('node:') ? 'node:' : spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
          usedAnywhere.add(bare);
          if (shipped) usedAtRuntime.add(bare);
        }
        if (!(sub(dir, file) in INSPECTED)) continue;
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
  // Declared and not used.
  const scripts = Object.values(pj.scripts ?? {}).join(' ');
  const binsUsed = (dep) => {
    const depPj = join(dir, 'node_modules', dep, 'package.json');
    if (!existsSync(depPj)) return false;
    const bin = JSON.parse(readFileSync(depPj, 'utf8')).bin;
    const names = typeof bin === 'string' ? [dep.split('/').pop()] : Object.keys(bin ?? {});
    return names.some((b) => new RegExp(`(^|[\\s;&|])${b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`).test(scripts));
  };
  const typesUsed = (dep) => {
    const target = dep.slice('@types/'.length);
    if (target === 'node') return usedAnywhere.has('node:') || [...usedAnywhere].some((u) => BUILTINS.has(u));
    const real = target.includes('__') ? `@${target.replace('__', '/')}` : target;
    return usedAnywhere.has(real);
  };
  // A dependency declared to satisfy a peer of another declared dependency (e.g. graphology-types
  // for graphology, ajv for @rag/core/testing) is used through that dependency.
  const peersOfDeps = new Set(
    Object.keys({ ...pj.dependencies, ...pj.devDependencies }).flatMap((dep) => {
      const depPj = join(dir, 'node_modules', dep, 'package.json');
      return existsSync(depPj) ? Object.keys(JSON.parse(readFileSync(depPj, 'utf8')).peerDependencies ?? {}) : [];
    }),
  );
  for (const [field, deps] of [['dependencies', pj.dependencies], ['devDependencies', pj.devDependencies], ['peerDependencies', pj.peerDependencies]]) {
    for (const dep of Object.keys(deps ?? {})) {
      if (field === 'devDependencies' && pj.peerDependencies?.[dep]) continue; // the dev copy of a peer
      if (peersOfDeps.has(dep) && (field !== 'dependencies' || usedAtRuntime.has([...usedAtRuntime].find((u) => peerOwner(dir, u, dep)) ?? ''))) continue;
      if (dep.startsWith('@types/') ? typesUsed(dep) : field === 'dependencies' ? usedAtRuntime.has(dep) : usedAnywhere.has(dep) || binsUsed(dep)) continue;
      const where = field === 'dependencies' && usedAnywhere.has(dep) ? ' (imported only by tests, benchmarks or scripts: make it a devDependency)' : '';
      violations.push(`${relative(root, dir)}/package.json: ${field} declares '${dep}', which ${name} never imports${where}`);
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
