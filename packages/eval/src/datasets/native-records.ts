// Reads a native benchmark file: a JSON array, or JSONL (MuSiQue ships JSONL). Each record
// is validated; errors name the file and the record's 1-based position (line for JSONL).
import { readFile } from 'node:fs/promises';
import { RagError } from '@rag/core';
import type { z } from 'zod';
import { parseJsonl } from './jsonl.js';
import { datasetLineError, describeZodError } from './parse-error.js';

export async function readNativeRecords<S extends z.ZodType>(file: string, schema: S): Promise<z.infer<S>[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new RagError('RAG_IO', `${file}: cannot read dataset file`, { cause, details: { input: file, file } });
  }
  return parseNativeRecords(text, file, schema);
}

export function parseNativeRecords<S extends z.ZodType>(text: string, file: string, schema: S): z.infer<S>[] {
  if (!text.trimStart().startsWith('[')) return parseJsonl(text, file, schema);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw datasetLineError(file, 1, `not valid JSON (${(e as Error).message})`, 'record');
  }
  if (!Array.isArray(value)) throw datasetLineError(file, 1, 'expected a JSON array of records', 'record');
  return value.map((record, i) => {
    const parsed = schema.safeParse(record);
    if (!parsed.success) throw datasetLineError(file, i + 1, describeZodError(parsed.error), 'record');
    return parsed.data;
  });
}
