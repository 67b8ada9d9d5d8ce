#!/usr/bin/env node
// `pnpm docs:build`: the documentation site in one command.
//  1. the generated reference pages (CLI help, HTTP routes, config schema: docs-reference.ts);
//  2. the API reference: TypeDoc + typedoc-plugin-markdown (+ typedoc-vitepress-theme for the
//     sidebar) over every export of every publishable package (packages/*/package.json with
//     "private" not true: each `exports` entry's @rag/source file, wildcards expanded), written
//     as Markdown to docs/api/ (gitignored);
//  3. VitePress builds docs/ into docs/.vitepress/dist (gitignored); a dead link fails the build.
// Options: --skip-reference (step 1 off), --api-only (steps 1–2 only).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const apiDir = join(root, 'docs/api');
const started = Date.now();
const step = (name) => console.log(`docs:build: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

/** Every public entry point: { module: '@rag/core/testing', file: 'packages/core/src/testing/index.ts' }. */
export function publicEntryPoints() {
  const out = [];
  for (const dir of readdirSync(join(root, 'packages')).sort()) {
    const pkgFile = join(root, 'packages', dir, 'package.json');
    if (!existsSync(pkgFile)) continue;
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
    if (pkg.private === true) continue;
    for (const [sub, target] of Object.entries(pkg.exports ?? {})) {
      const source = typeof target === 'string' ? target : target['@rag/source'];
      if (typeof source !== 'string' || !/\.tsx?$/.test(source)) continue;
      const name = sub === '.' ? pkg.name : `${pkg.name}/${sub.slice(2)}`;
      if (!source.includes('*')) {
        out.push({ module: name, file: join('packages', dir, source) });
        continue;
      }
      // "./algorithms/*": "./src/algorithms/*.ts" — one module per matching file (tests excluded).
      const [before, after] = source.split('*');
      const folder = before.slice(0, before.lastIndexOf('/') + 1);
      const prefix = before.slice(folder.length);
      for (const f of readdirSync(join(root, 'packages', dir, folder)).sort()) {
        if (!f.startsWith(prefix) || !f.endsWith(after) || /\.test\.tsx?$/.test(f)) continue;
        const stem = f.slice(prefix.length, f.length - after.length);
        out.push({ module: name.replace('*', stem), file: join('packages', dir, folder, f) });
      }
    }
  }
  return out;
}

/**
 * TSDoc prose is Markdown, but VitePress compiles each page as a Vue template: a `{{` written in a
 * comment would be read as an interpolation. Escape it outside code spans and fences in the
 * generated API pages. (Placeholders such as `<name>` are escaped for every page by the site
 * config's markdown renderer.)
 */
function escapeForVue(dir) {
  for (const name of readdirSync(dir, { recursive: true })) {
    const file = join(dir, String(name));
    if (!file.endsWith('.md')) continue;
    let fence = false;
    const text = readFileSync(file, 'utf8');
    const out = text.split('\n').map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fence = !fence;
        return line;
      }
      if (fence) return line;
      return line
        .split(/(`+[^`]*`+)/)
        .map((part, i) => (i % 2 === 1 ? part : part.replace(/\{\{/g, '&#123;&#123;')))
        .join('');
    });
    const result = out.join('\n');
    if (result !== text) writeFileSync(file, result);
  }
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`docs:build: ${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})`);
    process.exit(1);
  }
}

async function buildApi() {
  const { Application, Converter } = await import('typedoc');
  const entries = publicEntryPoints();
  const byFile = new Map(entries.map((e) => [join(root, e.file), e.module]));
  rmSync(apiDir, { recursive: true, force: true });
  const app = await Application.bootstrapWithPlugins({
    entryPoints: entries.map((e) => e.file),
    entryPointStrategy: 'resolve',
    tsconfig: join(root, 'tooling/tsconfig/docs.json'),
    plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme'],
    out: apiDir,
    docsRoot: join(root, 'docs'),
    readme: 'none',
    name: 'API reference',
    excludePrivate: true,
    excludeInternal: true,
    excludeExternals: true,
    // The packages are type-checked by `pnpm typecheck`; here only their declarations are read.
    skipErrorChecking: true,
    hideGenerator: true,
    sourceLinkExternal: false,
    disableSources: true,
    validation: { notExported: false, invalidLink: false, rewrittenLink: false },
    logLevel: 'Warn',
    entryFileName: 'index',
    // One page per module (members as sections): a page per symbol made ~1,200 pages, each
    // carrying the whole sidebar (a 760 MB site that took minutes to build).
    outputFileStrategy: 'modules',
    sidebar: { pretty: true, collapsed: true },
  });
  // Name each module after its package export (`@rag/core/testing`), not its file path.
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const mod of context.project.children ?? []) {
      const file = context.project.getSymbolIdFromReflection?.(mod)?.fileName ?? mod.sources?.[0]?.fullFileName;
      const name = file && byFile.get(file);
      if (name) mod.name = name;
    }
  });
  const project = await app.convert();
  if (!project) {
    console.error('docs:build: TypeDoc could not convert the packages');
    process.exit(1);
  }
  const named = (project.children ?? []).map((m) => m.name);
  const missing = entries.filter((e) => !named.includes(e.module));
  if (missing.length) {
    console.error(`docs:build: no API module for ${missing.map((m) => `${m.module} (${m.file})`).join(', ')}; got ${named.join(', ')}`);
    process.exit(1);
  }
  await app.generateOutputs(project);
  escapeForVue(apiDir);
  writeFileSync(join(apiDir, '.modules.json'), `${JSON.stringify(entries, null, 2)}\n`);
  return entries.length;
}

const args = process.argv.slice(2);
if (!args.includes('--skip-reference')) {
  step('reference pages');
  run(process.execPath, ['--conditions=@rag/source', '--import', 'tsx', 'tooling/scripts/docs-reference.ts']);
}
step('API reference (TypeDoc)');
const modules = await buildApi();
step(`API reference: ${modules} modules in ${relative(root, apiDir)}`);
if (!args.includes('--api-only')) {
  step('site (VitePress)');
  run(process.execPath, [join(root, 'node_modules/vitepress/bin/vitepress.js'), 'build', 'docs']);
}
step('done: docs/.vitepress/dist');
