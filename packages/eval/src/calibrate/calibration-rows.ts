// From a dump of per-question records (rag-eval --out … .questions.jsonl) to fitting rows: the
// calibrator's feature vector of each scored answer and whether the answer was right, by the same
// rule the report's verifiedPrecision uses (whole-word containment either way). Records the
// calibrator did not score (abstentions, failures, sentence answers) are not rows. Each row is
// dealt into a cross-validation fold by a hash of its set and question id, so folds are stable
// across refits and every set is spread over all folds.
import { FEATURE_NAMES } from '@rag/agents';
import { RagError } from '@rag/core';
import { z } from 'zod';
import { matchesEitherWay } from '../metrics/calibration.js';

export interface CalibrationRow {
  set: string;
  questionId: string;
  x: number[];
  correct: boolean;
  /** Cross-validation fold in 0 … folds−1, from a hash of set and question id. */
  fold: number;
}

const RecordSchema = z.object({
  questionId: z.string(),
  gold: z.array(z.string()),
  answer: z.string().optional(),
  status: z.string().optional(),
  correctness: z.object({ score: z.number(), features: z.record(z.string(), z.number()) }).optional(),
});

/** FNV-1a of `set:id` with murmur3's final mix (short, similar ids spread over the whole range), as a share in [0, 1). */
function hashShare(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

export function foldOf(set: string, questionId: string, folds: number): number {
  return Math.min(folds - 1, Math.floor(hashShare(`${set}:${questionId}`) * folds));
}

export function rowsFromRecords(set: string, jsonl: string, source: string, folds: number): CalibrationRow[] {
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
      fold: foldOf(set, parsed.questionId, folds),
    });
  }
  return rows;
}
