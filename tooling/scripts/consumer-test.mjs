#!/usr/bin/env node
// Consumer test: the packages as a user gets them from npm, outside this workspace.
//  1. `pnpm pack` every publishable package (needs `pnpm build`);
//  2. npm-install the tarballs into a temporary project under the OS temp dir, together with
//     PINNED versions of @langchain/core, zod, vitest and openai (so the result does not change
//     with the registry; `--latest` installs `latest` of each instead, a non-blocking check of
//     what a user installing today gets), check each is installed ONCE;
//  3. extract every ts/js code block of every package README and of the docs pages in DOC_PAGES
//     (```ts no-check: a fragment, not extracted) into a file, plus a LangChain check
//     (RunnableSequence.from / .pipe with the retriever, the A-RAG tools as StructuredTools), and
//     type-check them with tsc (module NodeNext, strict);
//  4. run every block with node (```ts no-run: only type-checked, e.g. needs Ollama; ```ts vitest:
//     a vitest file, run with the installed vitest) and the
//     LangChain check (instanceof BaseRetriever / StructuredTool);
//  5. run the installed `rag` bin: --help, index, ask; then every `pnpm rag …` command of the
//     getting-started page (docs/index.md) as written, as `rag …` (serve: until /api/health answers);
//  6. the same with a plugin package named in a rag.config.json (--config), and a bad config.
// Prints one line per check and a summary; exits 1 on any failure.
// `--keep` leaves the temporary project in place (its path is printed); `--latest` as above.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { packAll, root } from './pack-packages.mjs';
import { GETTING_STARTED, gettingStartedCommands } from './getting-started-commands.mjs';

/** Docs pages whose ts/js blocks are type-checked and run like the READMEs' (every docs page that has such blocks). */
const DOC_PAGES = ['docs/http-api.md', 'docs/openai.md', 'docs/qdrant.md', 'docs/writing-a-plugin.md'];
const keep = process.argv.includes('--keep');
const latest = process.argv.includes('--latest');
/** What the consumer project installs beside the tarballs; bump deliberately, in a commit of its own. */
export const PINNED = { '@langchain/core': '1.4.0', zod: '4.6.7', vitest: '5.1.2', openai: '6.49.0' };
const consumerDeps = Object.fromEntries(Object.entries(PINNED).map(([name, version]) => [name, latest ? 'latest' : version]));
const depsLabel = Object.entries(consumerDeps).map(([n, v]) => `${n}@${v}`).join(' ');
const started = Date.now();
const results = [];
const record = (name, ok, detail = '') => {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
};
const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { encoding: 'utf8', timeout: 120_000, ...opts });
const tail = (s, n = 25) => String(s ?? '').trim().split('\n').slice(-n).join('\n');

/** ts/js code blocks of a Markdown file: { lang, flags, code, line }. */
export function codeBlocks(markdown) {
  const blocks = [];
  const re = /^```(\w+)([^\n]*)\n([\s\S]*?)^```/gm;
  for (let m; (m = re.exec(markdown)); ) {
    const lang = m[1].toLowerCase();
    if (!['ts', 'typescript', 'js', 'mjs', 'javascript'].includes(lang)) continue;
    blocks.push({ lang, flags: m[2].trim().split(/\s+/).filter(Boolean), code: m[3], line: markdown.slice(0, m.index).split('\n').length });
  }
  return blocks;
}

const LANGCHAIN_CHECK = `// Written by tooling/scripts/consumer-test.mjs: @rag/retrievers/langchain beside the user's own LangChain.
import { Document } from '@langchain/core/documents';
import { BaseRetriever } from '@langchain/core/retrievers';
import { RunnableLambda, RunnableSequence } from '@langchain/core/runnables';
import { StructuredTool } from '@langchain/core/tools';
import { createIndexer } from '@rag/indexer';
import { createA2ragRetriever, createAragTools } from '@rag/retrievers';
import { toLangChainRetriever, toLangChainTools } from '@rag/retrievers/langchain';

const index = createIndexer();
await index.ingest([
  { id: 'keep', title: 'Zorvath Keep', text: 'Zorvath Keep was designed by Elmira Quenton.' },
  { id: 'eq', title: 'Elmira Quenton', text: 'Elmira Quenton was born in Valdoria.' },
]);
const retriever = toLangChainRetriever(createA2ragRetriever({ index }), { index, k: 3 });
const format = (docs: Document[]) => docs.map((d) => d.pageContent).join('\\n');
const chain = RunnableSequence.from([{ context: retriever.pipe(format), question: (q: string) => q }, (x: { context: string; question: string }) => \`\${x.question}\\n\${x.context}\`]);
const prompt = await chain.invoke('Who designed Zorvath Keep?');
const piped = RunnableLambda.from((q: string) => q.trim()).pipe(retriever);
const docs: Document[] = await piped.invoke(' Where was Elmira Quenton born? ');
const tools = toLangChainTools(createAragTools({ index }));
const out = await tools[0]!.invoke({ keywords: ['Zorvath Keep'] });
const problems: string[] = [];
if (!(retriever instanceof BaseRetriever)) problems.push('retriever is not instanceof BaseRetriever (two copies of @langchain/core?)');
for (const t of tools) if (!(t instanceof StructuredTool)) problems.push(\`tool \${t.name} is not instanceof StructuredTool\`);
if (!prompt.includes('Elmira Quenton')) problems.push(\`RunnableSequence output lacks the evidence: \${prompt}\`);
if (!docs.some((d) => d.pageContent.includes('Valdoria'))) problems.push('.pipe(retriever) returned no Valdoria passage');
if (typeof out !== 'string' || !out.includes('keep')) problems.push(\`keyword_search tool output: \${String(out)}\`);
if (problems.length) { console.error(problems.join('\\n')); process.exit(1); }
console.log('langchain ok:', docs.length, 'docs,', tools.map((t) => t.name).join(', '));
`;

function main() {
  const dir = mkdtempSync(join(tmpdir(), 'rag-consumer-'));
  console.log(`consumer-test: project ${dir}`);
  try {
    // 1. pack
    const packed = packAll(join(dir, 'tarballs'));
    record(`pack ${packed.length} packages`, true, packed.map((p) => basename(p.tarball)).join(' '));

    // 2. install with npm, beside the pinned (or --latest) LangChain / zod / vitest / openai
    const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const project = {
      name: 'rag-consumer-test',
      private: true,
      type: 'module',
      dependencies: {
        ...Object.fromEntries(packed.map((p) => [p.name, `file:${relative(dir, p.tarball)}`])),
        ...consumerDeps,
      },
      devDependencies: { typescript: rootPkg.devDependencies.typescript, '@types/node': '^22' } // vitest 5 peers on @types/node >=22,
    };
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(project, null, 2)}\n`);
    const install = run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeout: 300_000 });
    record(`npm install tarballs + ${depsLabel}`, install.status === 0, install.status === 0 ? '' : tail(install.stderr));
    if (install.status !== 0) return;
    // A user's CI that runs `npm ls` must stay green: no invalid, missing or extraneous package
    // and no unmet peer anywhere in the tree.
    const ls = run('npm', ['ls', '--all'], { cwd: dir, timeout: 120_000 });
    // (an unmet OPTIONAL peer is not a problem: npm itself exits 0 for it)
    const lsProblems = `${ls.stdout}\n${ls.stderr}`.split('\n').filter((l) => /\b(invalid|missing|extraneous|ELSPROBLEMS)\b|UNMET (?!OPTIONAL)/.test(l));
    record('npm ls --all exits 0 (no invalid, missing or unmet peer)', ls.status === 0 && lsProblems.length === 0, ls.status === 0 && lsProblems.length === 0 ? '' : `exit ${ls.status}\n${lsProblems.slice(0, 20).join('\n')}`);
    for (const name of Object.keys(PINNED)) {
      const ls = run('npm', ['ls', name, '--all', '--parseable'], { cwd: dir });
      const copies = [...new Set(ls.stdout.trim().split('\n').filter(Boolean))];
      const version = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
      record(`one copy of ${name}`, copies.length === 1, `${copies.length} installed (${version})`);
    }

    // 3. examples
    const ex = join(dir, 'examples');
    mkdirSync(ex);
    const examples = [];
    const readmes = ['README.md', ...readdirSync(join(root, 'packages')).map((d) => join('packages', d, 'README.md')), ...DOC_PAGES];
    for (const readme of readmes) {
      let text;
      try {
        text = readFileSync(join(root, readme), 'utf8');
      } catch {
        continue;
      }
      for (const b of codeBlocks(text)) {
        if (b.flags.includes('no-check')) continue;
        const mode = b.flags.includes('no-run') ? 'no-run' : b.flags.includes('vitest') ? 'vitest' : 'node';
        const file = `${readme.replace(/\/README\.md$|README\.md$/, '').replace(/\.md$/, '').replace(/[/]/g, '-') || 'root'}-L${b.line}${mode === 'vitest' ? '.test' : ''}.${b.lang.startsWith('j') || b.lang === 'mjs' ? 'js' : 'ts'}`;
        const header = `// ${readme}:${b.line} (extracted by tooling/scripts/consumer-test.mjs)\n`;
        writeFileSync(join(ex, file), `${header}${b.code}${/^\s*(import|export)\s/m.test(b.code) ? '' : '\nexport {};\n'}`);
        examples.push({ file, readme, line: b.line, mode });
      }
    }
    writeFileSync(join(ex, 'langchain-check.ts'), LANGCHAIN_CHECK);
    examples.push({ file: 'langchain-check.ts', readme: 'langchain check', line: 0, mode: 'node' });
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noUncheckedIndexedAccess: true, allowJs: true, checkJs: true, skipLibCheck: false, types: ['node'], outDir: 'dist', rootDir: 'examples' }, include: ['examples'] }, null, 2),
    );
    const tsc = run(join(dir, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: dir, timeout: 600_000 });
    record(`tsc --strict (NodeNext) on ${examples.length} README examples + LangChain check`, tsc.status === 0, tsc.status === 0 ? '' : tsc.signal ? `killed (${tsc.signal}) after the 600 s limit` : `\n${tail(tsc.stdout, 40)}`);
    if (tsc.status !== 0) run(join(dir, 'node_modules/.bin/tsc'), ['-p', '.', '--noCheck'], { cwd: dir }); // still emit, to run them

    // 4. run them, in a directory with the files they name (./docs, ./my-dataset)
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'curie.md'), '# Marie Curie\n\nMarie Curie was born in Warsaw. She won two Nobel Prizes.\n');
    writeFileSync(join(dir, 'docs', 'old.md'), '# Old notes\n\nThese notes are out of date and will be removed.\n');
    cpSync(join(root, 'apps/demo/data'), join(dir, 'my-dataset'), { recursive: true });
    for (const e of examples) {
      const where = e.line ? `${e.readme}:${e.line}` : e.readme;
      if (e.mode === 'no-run') {
        record(`${where} (no-run: type-checked only)`, true);
        continue;
      }
      const r =
        e.mode === 'vitest'
          ? run(join(dir, 'node_modules/.bin/vitest'), ['run', join('examples', e.file)], { cwd: dir, timeout: 90_000 })
          : run(process.execPath, [join('dist', e.file.replace(/\.ts$/, '.js'))], { cwd: dir, timeout: 90_000 });
      record(`${e.mode === 'vitest' ? 'vitest run' : 'run'} ${where}`, r.status === 0, r.status === 0 ? '' : `exit ${r.status ?? r.signal}\n${tail(r.stderr || r.stdout)}`);
    }

    // 5. the installed CLI
    const rag = join(dir, 'node_modules/.bin/rag');
    const t0 = Date.now();
    const help = run(rag, ['--help'], { cwd: dir });
    record('rag --help', help.status === 0 && /index/.test(help.stdout), `${Date.now() - t0} ms${help.status === 0 ? '' : `\n${tail(help.stderr)}`}`);
    const idx = run(rag, ['index', 'docs', '--store', 'cli-store'], { cwd: dir });
    record('rag index docs --store cli-store', idx.status === 0, idx.status === 0 ? '' : tail(idx.stderr || idx.stdout));
    const ask = run(rag, ['ask', 'Where was Marie Curie born?', '--store', 'cli-store', '--json'], { cwd: dir });
    let askOk = ask.status === 0;
    let detail = '';
    try {
      const answer = JSON.parse(ask.stdout);
      askOk &&= JSON.stringify(answer).includes('Warsaw');
      detail = `answer: ${JSON.stringify(answer.answer ?? answer.text ?? '').slice(0, 80)}`;
    } catch {
      askOk = false;
      detail = tail(ask.stderr || ask.stdout);
    }
    record('rag ask "Where was Marie Curie born?" --json (evidence names Warsaw)', askOk, detail);

    // 5b. the getting-started page's commands, as written there (`pnpm rag X` is `rag X` installed)
    cpSync(join(dir, 'docs'), join(dir, 'my-docs'), { recursive: true });
    for (const { line, argv } of gettingStartedCommands(root)) {
      const label = `${GETTING_STARTED}: ${line}`;
      if (argv[0] === 'serve') {
        record(label, ...serveUntilHealthy(rag, argv, dir));
        continue;
      }
      const r = run(rag, argv, { cwd: dir });
      const ok = r.status === 0 && (!argv.includes('ask') || r.stdout.includes('Warsaw'));
      record(label, ok, ok ? '' : `exit ${r.status ?? r.signal}\n${tail(r.stderr || r.stdout)}`);
    }

    // 6. plugins by configuration: a plugin package installed in the project, named in rag.config.json
    cpSync(join(root, 'packages/cli/test/fixtures/plugin-pkg'), join(dir, 'node_modules/rag-plugin-fixture'), { recursive: true });
    mkdirSync(join(dir, 'conf'));
    writeFileSync(join(dir, 'conf/rag.config.json'), JSON.stringify({ keywordIndex: { module: 'rag-plugin-fixture', export: 'createTermCountIndex' }, embedder: { module: 'rag-plugin-fixture' } }));
    const withPlugin = run(rag, ['index', 'docs', '--store', 'plugin-store', '--config', 'conf/rag.config.json'], { cwd: dir });
    const askPlugin = run(rag, ['ask', 'Where was Marie Curie born?', '--store', 'plugin-store', '--method', 'bm25', '--json', '--config', 'conf/rag.config.json'], { cwd: dir });
    const pluginOk = withPlugin.status === 0 && askPlugin.status === 0 && askPlugin.stdout.includes('curie.md');
    record('rag index / ask --config conf/rag.config.json (plugin package by name)', pluginOk, pluginOk ? '' : tail(withPlugin.stderr || askPlugin.stderr || askPlugin.stdout));
    writeFileSync(join(dir, 'conf/bad.json'), JSON.stringify({ keywordIndex: { module: 'not-installed-plugin' } }));
    const bad = run(rag, ['methods', '--store', 'plugin-store', '--config', 'conf/bad.json'], { cwd: dir });
    const badOk = bad.status === 1 && bad.stderr.includes('bad.json: keywordIndex.module "not-installed-plugin"');
    record('rag --config with a missing plugin exits 1 naming the file and key', badOk, badOk ? bad.stderr.trim().slice(0, 120) : tail(bad.stderr || bad.stdout));
  } catch (e) {
    record('consumer test', false, e instanceof Error ? e.message : String(e));
  } finally {
    if (keep) console.log(`consumer-test: kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `rag serve …` runs until stopped: start it in a child node process (with `--port 0` added, so a
 * busy 8787 cannot fail the check), wait for GET /api/health to answer 200, then stop it.
 */
function serveUntilHealthy(rag, argv, cwd) {
  const script = `
    const { spawn } = require('node:child_process');
    const child = spawn(process.argv[1], process.argv.slice(2), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const stop = (code, msg) => { child.kill('SIGTERM'); console.log(msg); process.exit(code); };
    setTimeout(() => stop(1, 'no healthy server within 90 s:\\n' + out), 90000);
    const onData = async (d) => {
      out += d;
      const m = /http:\\/\\/127\\.0\\.0\\.1:(\\d+)/.exec(out);
      if (!m) return;
      child.stdout.off('data', onData);
      const res = await fetch('http://127.0.0.1:' + m[1] + '/api/health').catch((e) => ({ status: String(e) }));
      stop(res.status === 200 ? 0 : 1, 'GET /api/health: ' + res.status);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => { out += d; });
    child.on('exit', (code) => stop(1, 'exited ' + code + ' before answering:\\n' + out));
  `;
  const r = run(process.execPath, ['-e', script, rag, ...argv, '--port', '0'], { cwd, timeout: 120_000 });
  return [r.status === 0, r.status === 0 ? r.stdout.trim() : tail(r.stdout || r.stderr)];
}

main();
const failed = results.filter((r) => !r.ok);
console.log(`consumer-test: ${results.length - failed.length} passed, ${failed.length} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
process.exit(failed.length || results.length === 0 ? 1 : 0);
