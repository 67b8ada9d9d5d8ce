// Writes --out (the report JSON), its per-question records beside it, and --md.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '@rag/core';
import type { EvalReport, QuestionRecord } from '../types.js';

/** `r.json` → `r.questions.jsonl` (the file per-question records go to). */
export function questionsPathFor(outPath: string): string {
  return outPath.replace(/\.json$/i, '') + '.questions.jsonl';
}

export async function writeJsonReport(path: string, report: EvalReport, records: readonly QuestionRecord[]): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, JSON.stringify(report, null, 2) + '\n');
  await writeFileAtomic(questionsPathFor(path), records.map((r) => JSON.stringify(r)).join('\n') + (records.length ? '\n' : ''));
}

export async function writeTextFile(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, text.endsWith('\n') ? text : text + '\n');
}
