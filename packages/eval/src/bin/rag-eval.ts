#!/usr/bin/env node
// `rag-eval`: see `rag-eval --help` and docs/eval.md.
import { runCli } from '../cli/main.js';
import { createDefaultCliDeps } from '../default-deps.js';

const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() }, createDefaultCliDeps());
process.exitCode = code;
