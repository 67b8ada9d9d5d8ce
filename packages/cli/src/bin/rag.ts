#!/usr/bin/env node
// The `rag` command. Wires the CLI to @rag/indexer stores, @rag/eval, the HTTP server and MCP stdio.
// Everything heavy (the indexer, eval, the server, the MCP SDK, Ollama) is imported when a command
// needs it, so `rag --help` starts in a fraction of the time. `--config FILE` (or rag.config.json /
// rag.config.mjs in the working directory) chooses plugins: see docs/writing-a-plugin.md.
import { existsSync } from 'node:fs';
import { totalmem } from 'node:os';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import type { EvalStack } from '@rag/eval';
import { runRagCli, type CliIo } from '../commands/rag-cli.js';
import { followParent, heapLimitFor, killedNote, rerunWithHeapLimit } from './heap-limit.js';
import type { StoreBackend } from '../commands/store-backend.js';

// pnpm runs root scripts from the repo root; INIT_CWD is where the user typed the command.
const io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.env.INIT_CWD ?? process.cwd() };

// `--config FILE` is read here, before the commands are parsed, and applies to every command.
const CONFIG_NAMES = ['rag.config.json', 'rag.config.mjs'];
const rawArgv = process.argv.slice(2);
const configIndex = rawArgv.findIndex((a) => a === '--config' || a.startsWith('--config='));
let argv = rawArgv;
let configFile: string | undefined;
if (configIndex >= 0) {
  const flag = rawArgv[configIndex]!;
  configFile = flag === '--config' ? rawArgv[configIndex + 1] : flag.slice('--config='.length);
  if (configFile === undefined || configFile === '' || configFile.startsWith('-')) {
    io.stderr.write('rag: error: --config: needs a file (rag.config.json or rag.config.mjs)\n');
    process.exit(1);
  }
  argv = rawArgv.filter((_, i) => i !== configIndex && !(flag === '--config' && i === configIndex + 1));
}

// `rag index` on a large store needs more than Node's default heap: run again with a larger limit (heap-limit.ts).
let heapMb: number | undefined;
try {
  heapMb = heapLimitFor({ argv, execArgv: process.execArgv, env: process.env, totalMemBytes: totalmem(), heapLimitBytes: getHeapStatistics().heap_size_limit });
} catch (e) {
  io.stderr.write(`rag: error: ${(e as Error).message}\n`);
  process.exit(1);
}
if (heapMb !== undefined) {
  const code = await rerunWithHeapLimit(heapMb, process.argv[1]!, rawArgv, process.execArgv, process.env);
  const note = killedNote(code, heapMb, totalmem());
  if (note) io.stderr.write(note);
  process.exit(code);
}
followParent();

/** The env stack with the configured plugins; only imports @rag/eval when a command needs it. */
let stackPromise: Promise<EvalStack> | undefined;
const loadStack = () =>
  (stackPromise ??= import('@rag/eval').then(async ({ createStackFromEnv, loadStackConfig }) =>
    configFile !== undefined || CONFIG_NAMES.some((n) => existsSync(join(io.cwd, n)))
      ? loadStackConfig({ cwd: io.cwd, env: io.env, ...(configFile !== undefined ? { config: configFile } : {}) })
      : createStackFromEnv(io.env),
  ));

let loaded: StoreBackend | undefined;
let backendPromise: Promise<StoreBackend> | undefined;
const realBackend = () =>
  (backendPromise ??= Promise.all([loadStack(), import('../stack/indexer-backend.js')]).then(([stack, { createIndexerBackend }]) => (loaded = createIndexerBackend({ env: io.env, stack }))));
const backend: StoreBackend = {
  open: async (dir) => (await realBackend()).open(dir),
  openOrCreate: async (dir) => (await realBackend()).openOrCreate(dir),
  load: async (paths) => (await realBackend()).load(paths),
  lockForWriting: async (dir) => (await realBackend()).lockForWriting?.(dir),
  preflight(docs) {
    // The CLI always loads documents (which loads the backend) before the preflight.
    if (!loaded) throw new Error('rag: internal error: preflight before the store backend was loaded');
    return loaded.preflight(docs);
  },
};

const code = await runRagCli(argv, io, {
  backend,
  async runEval(evalArgv, evalIo) {
    const { createDefaultCliDeps, runCli, takeConfigFlag, loadStackConfig } = await import('@rag/eval');
    const { argv: rest, config = configFile } = takeConfigFlag(evalArgv);
    const stack = await loadStackConfig({ cwd: evalIo.cwd, env: evalIo.env, ...(config !== undefined ? { config } : {}) });
    return runCli(rest, evalIo, createDefaultCliDeps({ stack }));
  },
  // The teacher is Ollama when OLLAMA_HOST is set (--teacher-model picks the model, else
  // OLLAMA_CHAT_MODEL / the default); otherwise the train-data CLI's own --teacher-url or its
  // "no teacher model configured" message.
  async runTrainData(trainArgv, tio) {
    const [{ createOllamaChatModel, ollamaFromEnv }, { runTrainDataCli }] = await Promise.all([import('@rag/ollama'), import('@rag/train-data')]);
    const ollama = ollamaFromEnv(tio.env);
    const host = tio.env.OLLAMA_HOST;
    // Its paths are relative to where the user typed the command (pnpm runs us from the root).
    process.chdir(tio.cwd);
    return runTrainDataCli(trainArgv, tio, ollama && host ? { teacher: ({ model }) => (model ? createOllamaChatModel({ host, model }) : ollama.chat) } : {});
  },
  async serve(service, options, sio) {
    const { startServer } = await import('../http/serve.js');
    const { workers, queue, maxWaitMs, workspaces, ...rest } = options;
    const stack = { env: sio.env, cwd: sio.cwd, ...(configFile !== undefined ? { configFile } : {}) };
    const asks = { stack, ...(workers !== undefined ? { workers } : {}), ...(queue !== undefined ? { queue } : {}), ...(maxWaitMs !== undefined ? { maxWaitMs } : {}) };
    const server = await startServer({ ...(service ? { service } : {}), ...(workspaces ? { workspaces } : {}), ...rest, asks });
    const askLine = `  asks: ${server.workers ? `${server.workers} worker threads${workspaces ? ' per workspace' : ''}, up to ${server.queue} waiting and each admitted only if expected within ${server.maxWaitMs} ms (else 503 + Retry-After)` : 'on the main thread (--workers 0)'}\n`;
    if (workspaces) {
      sio.stdout.write(
        `rag serve: ${workspaces.length} workspaces at ${server.url}/w/<name>/ (each needs its own token for reads and writes)\n` +
          workspaces.map((w) => `  ${w.name}: ${w.service.info().docs} documents; API ${server.url}/w/${w.name}/api, MCP ${server.url}/w/${w.name}/mcp\n`).join('') +
          `${askLine}  Ctrl-C to stop\n`,
      );
    }
    const info = service?.info();
    if (info) sio.stdout.write(
      `rag serve: ${info.docs} documents, ${info.nodes} entities (${info.mode})\n` +
        `  web UI + API: ${server.url}\n  MCP (Streamable HTTP): ${server.url}/mcp\n` +
        `  writes: ${options.token ? 'need the bearer token' : 'open to this machine only (loopback, no token)'}\n` +
        askLine +
        `  reads: ${!options.token ? 'open to this machine only' : options.publicReads ? 'open to anyone who can reach the server (--public-reads)' : 'need the bearer token'}\n  Ctrl-C to stop\n`,
    );
    await new Promise<void>((resolve) => {
      const stop = () => void server.close().then(resolve);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  },
  async mcpStdio(server) {
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
    const transport = new StdioServerTransport();
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
    await server.connect(transport);
    process.stdin.once('end', () => void server.close());
    await closed;
  },
});
process.exitCode = code;
