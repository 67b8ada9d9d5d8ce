// `rag-eval kg --typed-options '<json>'`: options for the typed extractor, validated before use
// (the value comes from the command line).
import { RagError } from '@rag/core';
import type { TypedTripleExtractorOptions } from '@rag/indexer';
import { z } from 'zod';

const unit = z.number().min(0).max(1);
export const TypedOptionsSchema = z
  .object({
    patternConfidence: unit.optional(),
    cooccurrenceConfidence: unit.optional(),
    attributeConfidence: unit.optional(),
    pageConfidence: unit.optional(),
    maxCooccurrence: z.number().int().min(1).max(50).optional(),
    maxGapWords: z.number().int().min(1).max(30).optional(),
    pageMentions: z.enum(['all', 'unnamed']).optional(),
  })
  .strict();

export function parseTypedOptions(raw: string): TypedTripleExtractorOptions {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    throw new RagError('RAG_INVALID_INPUT', `--typed-options: not JSON (${(e as Error).message})`);
  }
  const r = TypedOptionsSchema.safeParse(json);
  if (!r.success) throw new RagError('RAG_INVALID_INPUT', `--typed-options: ${r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  const out: TypedTripleExtractorOptions = {};
  for (const [k, v] of Object.entries(r.data)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
