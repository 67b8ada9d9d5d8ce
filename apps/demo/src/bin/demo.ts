#!/usr/bin/env node
// `pnpm demo`: index the bundled sample corpus (../../data) and answer its questions with the
// `rag` stack from @rag/cli. Flags are parsed by commander, like `rag`'s.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { createIndexerBackend, runDemo } from '@rag/cli';
import { CONFIG_FILE_NAMES, loadStackConfig } from '@rag/eval';

const dataDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'data');
// pnpm runs root scripts from the repository root; INIT_CWD is where the user typed the command.
const cwd = process.env.INIT_CWD ?? process.cwd();

const positiveInt = (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError('must be a positive integer');
  return Number(v);
};

const program = new Command('demo')
  .description('Index the bundled sample corpus (300 HotpotQA passages) and answer its 10 questions.')
  .option('--store <dir>', 'where the demo store lives (reused while the corpus is unchanged)', '.rag-store/demo')
  .option('--method <name>', 'answering method (default: a2rag-agent; `pnpm rag methods --store DIR` lists them)')
  .option('--limit <n>', 'answer only the first n questions', positiveInt)
  .option('--config <file>', 'plugins, as for `rag` (default: rag.config.json or rag.config.mjs in the working directory)')
  .option('--debug', 'print stack traces on errors')
  .exitOverride();

try {
  program.parse(process.argv);
} catch (error) {
  process.exit(error instanceof CommanderError ? error.exitCode : 1);
}
const opts = program.opts<{ store: string; method?: string; limit?: number; debug?: boolean; config?: string }>();
try {
  const configured = opts.config !== undefined || CONFIG_FILE_NAMES.some((n) => existsSync(join(cwd, n)));
  const stack = configured ? await loadStackConfig({ cwd, env: process.env, ...(opts.config !== undefined ? { config: opts.config } : {}) }) : undefined;
  const backend = createIndexerBackend({ env: process.env, ...(stack ? { stack } : {}) });
  await runDemo({
    dataDir,
    storeDir: resolve(cwd, opts.store),
    backend,
    io: { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd },
    configKey: backend.stack.configKey,
    ...(opts.method ? { method: opts.method } : {}),
    ...(opts.limit ? { limit: opts.limit } : {}),
  });
} catch (error) {
  process.stderr.write(`demo: error: ${error instanceof Error ? error.message : String(error)}\n`);
  if (opts.debug && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
}
