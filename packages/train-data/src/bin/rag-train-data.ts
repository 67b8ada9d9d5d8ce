#!/usr/bin/env node
// `rag-train-data`: see `rag-train-data --help` and packages/train-data/README.md.
import { runTrainDataCli } from '../cli/run-train-data-cli.js';

process.exitCode = await runTrainDataCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
