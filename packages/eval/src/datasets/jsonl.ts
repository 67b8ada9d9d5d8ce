// Reads a JSONL file line by line, validating every line; collects all bad lines so one run
// reports them together, and throws before anything else starts.
import { readFile } from 'node:fs/promises';
import { RagError } from '@rag/core';
import type { z } from 'zod';
import { datasetLineError, describeZodError } from './parse-error.js';

export async function readJsonlFile<S extends z.ZodType>(file: string, schema: S): Promise<z.infer<S>[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new RagError('RAG_IO', `${file}: cannot read dataset file`, { cause, details: { input: file, file } });
  }
  return parseJsonl(text, file, schema);
}

export function parseJsonl<S extends z.ZodType>(text: string, file: string, schema: S): z.infer<S>[] {
  const out: z.infer<S>[] = [];
  const errors: RagError[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      errors.push(datasetLineError(file, i + 1, `not valid JSON (${(e as Error).message})`));
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) errors.push(datasetLineError(file, i + 1, describeZodError(parsed.error)));
    else out.push(parsed.data);
  }
  if (errors.length === 1) throw errors[0]!;
  if (errors.length > 1) {
    const first = errors[0]!;
    throw new RagError('RAG_INVALID_INPUT', `${first.message} (and ${errors.length - 1} more malformed lines)`, {
      details: { ...first.details, lines: errors.map((e) => e.details.line) },
    });
  }
  return out;
}
