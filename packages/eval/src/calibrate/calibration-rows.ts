// From a dump of per-question records (rag-eval --out … .questions.jsonl) to fitting rows: the
// calibrator's feature vector of each scored answer and whether the answer was right, by the same
// rule the report's verifiedPrecision uses (whole-word containment either way). Records the
// calibrator did not score (abstentions, failures, sentence answers) are not rows. Each row is
// assigned to the validation split by a hash of its set and question id, so the split is stable
// across refits and stratified by set.
import { FEATURE_NAMES } from '@rag/agents';
import { RagError } from '@rag/core';
import { z } from 'zod';
import { matchesEitherWay } from '../metrics/calibration.js';

export interface CalibrationRow {
  set: string;
  questionId: string;
  x: number[];
  correct: boolean;
  validation: boolean;
}

const RecordSchema = z.object({
  questionId: z.string(),
  gold: z.array(z.string()),
  answer: z.string().optional(),
  status: z.string().optional(),
  correctness: z.object({ score: z.number(), features: z.record(z.string(), z.number()) }).optional(),
});

/** FNV-1a of `set:id`, as a share in [0, 1). */
function hashShare(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 2 ** 32;
}

export function isValidation(set: string, questionId: string, validationShare: number): boolean {
  return hashShare(`${set}:${questionId}`) < validationShare;
}

export function rowsFromRecords(set: string, jsonl: string, source: string, validationShare: number): CalibrationRow[] {
  const rows: CalibrationRow[] = [];
  for (const [i, line] of jsonl.split('\n').entries()) {
    if (!line.trim()) continue;
    let parsed: z.infer<typeof RecordSchema>;
    try {
      parsed = RecordSchema.parse(JSON.parse(line));
    } catch (e) {
      throw new RagError('RAG_INVALID_INPUT', `${source}:${i + 1}: not a rag-eval question record: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}`, { details: { input: source, line: i + 1 } });
    }
    if (!parsed.correctness || parsed.status === 'abstained') continue;
    const f = parsed.correctness.features;
    const missing = FEATURE_NAMES.filter((n) => typeof f[n] !== 'number');
    if (missing.length > 0)
      throw new RagError('RAG_INVALID_INPUT', `${source}:${i + 1}: the record lacks feature(s) ${missing.join(', ')}: re-run the dump with this build`, { details: { input: source, line: i + 1 } });
    rows.push({
      set,
      questionId: parsed.questionId,
      x: FEATURE_NAMES.map((n) => f[n]!),
      correct: matchesEitherWay(parsed.answer ?? '', parsed.gold),
      validation: isValidation(set, parsed.questionId, validationShare),
    });
  }
  return rows;
}
