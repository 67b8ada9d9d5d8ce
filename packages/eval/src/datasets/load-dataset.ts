// One entry point for every dataset format: a directory is the repository's JSONL shape;
// a file is a native benchmark, detected from its first record unless a format is given.
import { readFile, stat } from 'node:fs/promises';
import { RagError } from '@rag/core';
import type { DatasetFormat, EvalDataset } from '../types.js';
import { load2WikiMultiHopQa, loadHotpotQa } from './hotpotqa.js';
import { loadJsonlDataset } from './jsonl-dataset.js';
import { loadMusique } from './musique.js';

export interface LoadDatasetOptions {
  /** Force a native format instead of detecting it. */
  format?: DatasetFormat;
}

export async function loadDataset(path: string, options: LoadDatasetOptions = {}): Promise<EvalDataset> {
  let isDir: boolean;
  try {
    isDir = (await stat(path)).isDirectory();
  } catch (cause) {
    throw new RagError('RAG_INVALID_INPUT', `--dataset: "${path}" does not exist`, { cause, details: { input: 'dataset', path } });
  }
  const format = options.format ?? (isDir ? 'jsonl-dir' : await detectFormat(path));
  switch (format) {
    case 'jsonl-dir':
      return loadJsonlDataset(path);
    case 'hotpotqa':
      return loadHotpotQa(path);
    case '2wikimultihopqa':
      return load2WikiMultiHopQa(path);
    case 'musique':
      return loadMusique(path);
  }
}

/** Looks at the first record's keys: MuSiQue has `paragraphs`, 2Wiki has `evidences`. */
async function detectFormat(file: string): Promise<DatasetFormat> {
  const head = (await readFile(file, 'utf8')).slice(0, 200_000);
  if (/"paragraphs"\s*:/.test(head)) return 'musique';
  if (/"evidences"\s*:/.test(head)) return '2wikimultihopqa';
  if (/"supporting_facts"\s*:/.test(head)) return 'hotpotqa';
  throw new RagError('RAG_INVALID_INPUT', `--dataset: cannot tell the format of "${file}"; pass --format`, {
    details: { input: 'dataset', path: file },
  });
}
