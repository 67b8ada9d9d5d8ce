#!/usr/bin/env node
// `pnpm calibrate`: refit the calibrated "verified" of the a2rag agent (docs/verify.md).
import { RagError } from '@rag/core';
import { runCalibrate } from '../calibrate/calibrate-command.js';
import { loadStackConfig } from '../config/load-stack-config.js';
import { createDefaultCliDeps } from '../default-deps.js';

const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
try {
  const stack = await loadStackConfig({ cwd: io.cwd, env: io.env });
  process.exitCode = await runCalibrate(process.argv.slice(2), io, createDefaultCliDeps({ stack }));
} catch (e) {
  io.stderr.write(`calibrate: error: ${RagError.isInstance(e) ? e.message : String(e)}\n`);
  process.exitCode = 1;
}
