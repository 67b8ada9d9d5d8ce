#!/usr/bin/env node
// `rag-eval`: see `rag-eval --help` and docs/eval.md. `--config FILE` (or rag.config.json /
// rag.config.mjs in the working directory) chooses plugins; see docs/writing-a-plugin.md.
import { RagError } from '@rag/core';
import { runCli } from '../cli/main.js';
import { loadStackConfig } from '../config/load-stack-config.js';
import { takeConfigFlag } from '../config/load-config.js';
import { createDefaultCliDeps } from '../default-deps.js';

const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
try {
  const { argv, config } = takeConfigFlag(process.argv.slice(2));
  const stack = await loadStackConfig({ cwd: io.cwd, env: io.env, ...(config !== undefined ? { config } : {}) });
  process.exitCode = await runCli(argv, io, createDefaultCliDeps({ stack }));
} catch (e) {
  io.stderr.write(`rag-eval: error: ${RagError.isInstance(e) ? e.message : String(e)}\n`);
  process.exitCode = 1;
}
