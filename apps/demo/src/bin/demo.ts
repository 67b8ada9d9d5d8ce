#!/usr/bin/env node
// `pnpm demo`: index the bundled sample corpus and answer its questions (src/demo/run-demo.ts).
// Options: --store DIR (default .rag-store/demo), --method NAME, --limit N, --debug.
import { resolve } from 'node:path';
import { RagError } from '@rag/core';
import { runDemo } from '../demo/run-demo.js';
import { createIndexerBackend } from '../stack/indexer-backend.js';
import { packageRoot } from '../ui/ui-assets.js';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const debug = args.includes('--debug');
const cwd = process.env.INIT_CWD ?? process.cwd();
try {
  const limit = flag('--limit');
  if (limit !== undefined && !/^\d+$/.test(limit)) throw new RagError('RAG_INVALID_INPUT', '--limit: must be a positive integer');
  const backend = createIndexerBackend({ env: process.env });
  const method = flag('--method');
  await runDemo({
    dataDir: resolve(packageRoot(), 'data'),
    storeDir: resolve(cwd, flag('--store') ?? '.rag-store/demo'),
    backend,
    io: { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd },
    configKey: backend.stack.configKey,
    ...(method ? { method } : {}),
    ...(limit ? { limit: Number(limit) } : {}),
  });
} catch (error) {
  process.stderr.write(`demo: error: ${error instanceof Error ? error.message : String(error)}\n`);
  if (debug && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
}
