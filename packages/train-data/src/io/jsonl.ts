// JSONL in and out. Every line read is validated with a zod schema and a bad line names its
// file and line number; writes are atomic so a crash never leaves half a dataset behind.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RagError, writeFileAtomic } from '@rag/core';
import { z } from 'zod';

/** Parse JSONL text; blank lines are skipped, every other line must match `schema`. */
export function parseJsonl<S extends z.ZodType>(text: string, file: string, schema: S): z.output<S>[] {
  const out: z.output<S>[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (cause) {
      throw new RagError('RAG_INVALID_INPUT', `${file}:${i + 1}: not valid JSON`, { cause, details: { input: file, line: i + 1 } });
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new RagError('RAG_INVALID_INPUT', `${file}:${i + 1}: ${z.prettifyError(parsed.error)}`, { details: { input: file, line: i + 1 } });
    out.push(parsed.data);
  }
  return out;
}

export async function readJsonl<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new RagError('RAG_NOT_FOUND', `${path}: cannot read file`, { cause, details: { input: path } });
  }
  return parseJsonl(text, path, schema);
}

export function toJsonl(records: readonly unknown[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + (records.length ? '\n' : '');
}

/** Atomically write records as JSONL, creating the directory. */
export async function writeJsonl(path: string, records: readonly unknown[]): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, toJsonl(records));
}

export async function writeText(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, text);
}
