// Runs the a2rag agent over one development set through rag-eval (same index cache, same
// records) and returns where its per-question records, with the calibrator's features, were
// written. The set's questions are first cut to the development part (dev-sets.ts) in a scratch
// dataset folder whose corpus is a link to the original, so the cached index is reused.
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RagError } from '@rag/core';
import { runCli, type CliDeps, type CliIo } from '../cli/main.js';
import { questionsPathFor } from '../report/write-report.js';
import { devQuestionLines, type DevSet } from './dev-sets.js';

export interface DumpOptions {
  set: DevSet;
  datasetsDir: string;
  /** Scratch folder for the cut dataset and the dump. */
  workDir: string;
  limit?: number;
  /** Development questions skipped first (after the test split). */
  from?: number;
  io: CliIo;
  deps: CliDeps;
  cacheDir?: string;
}

/** Returns the path of the per-question records (`<workDir>/<set>.questions.jsonl`). */
export async function dumpDevSet(options: DumpOptions): Promise<string> {
  const { set } = options;
  const source = join(options.datasetsDir, set.name);
  const text = await readFile(join(source, 'questions.jsonl'), 'utf8').catch((e: unknown) => {
    throw new RagError('RAG_INVALID_INPUT', `--datasets: cannot read ${join(source, 'questions.jsonl')}: ${e instanceof Error ? e.message : String(e)}`, { details: { input: 'datasets' } });
  });
  const lines = devQuestionLines(set, text.split('\n'), options.limit, options.from);
  const dir = join(options.workDir, 'sets', set.name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await symlink(join(source, 'corpus.jsonl'), join(dir, 'corpus.jsonl'));
  await writeFile(join(dir, 'questions.jsonl'), lines.join('\n') + '\n');
  const out = join(options.workDir, `${set.name}.json`);
  const argv = ['--dataset', dir, '--methods', 'a2rag-agent', '--k', '2,5', '--out', out, ...(options.cacheDir ? ['--cache-dir', options.cacheDir] : [])];
  const code = await runCli(argv, options.io, options.deps);
  if (code !== 0) throw new RagError('RAG_EVAL_METHOD_FAILED', `calibrate: rag-eval failed on ${set.name} (exit ${code})`, { details: { input: set.name } });
  return questionsPathFor(out);
}
