// Turns a zod failure on one line of a dataset file into a RagError that names the file,
// the 1-based line (or record) number and the offending field.
import { RagError } from '@rag/core';
import type { z } from 'zod';

export function datasetLineError(file: string, line: number, problem: string, unit: 'line' | 'record' = 'line'): RagError {
  return new RagError('RAG_INVALID_INPUT', `${file}:${line}: malformed ${unit}: ${problem}`, {
    details: { input: file, file, line, problem },
  });
}

export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}
