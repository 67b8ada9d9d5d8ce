// The risk–coverage curve of a selective answerer (issue 32; El-Yaniv & Wiener's selective
// classification, as used by Kamath, Jia & Liang 2020): sweep the threshold on the calibrated
// correctness score and, at each, report the share of answers that would be verified and the
// precision of those. "Answers" and "correct" are those of calibrationOf (metrics/calibration.ts):
// every non-error record with an answer, correct by whole-word containment either way; answers the
// method did not score (abstentions, sentence answers) are never verified at any threshold.
import type { QuestionRecord } from '../types.js';
import { matchesEitherWay } from './calibration.js';

export interface RiskCoveragePoint {
  /** Verified iff score ≥ threshold. */
  threshold: number;
  /** Share of answers verified (selective coverage). */
  verified: number;
  /** Share of verified answers that are correct; null when none is verified. */
  precision: number | null;
  /** Share of correct answers that are verified (the meaning of calibration.verifiedCoverage); null when none is correct. */
  coverage: number | null;
}

export interface RiskCoverage {
  /** The method's own threshold (the records' `correctness.threshold`), when they share one. */
  threshold?: number;
  /** Answers scored by the calibrator / all answers. */
  scored: number;
  answers: number;
  /** One point per distinct score, best first, thinned to at most `maxPoints`. */
  points: RiskCoveragePoint[];
}

const round = (x: number) => Math.round(x * 10000) / 10000;

/** undefined when no answer carries a correctness score. */
export function riskCoverageOf(records: readonly QuestionRecord[], maxPoints = 21): RiskCoverage | undefined {
  const answered = records.filter((r) => r.answer !== undefined && !r.error);
  const scored = answered.filter((r) => r.status !== 'abstained' && r.correctness !== undefined);
  if (scored.length === 0) return undefined;
  const correct = (r: QuestionRecord) => r.status !== 'abstained' && matchesEitherWay(r.answer ?? '', r.gold);
  const totalCorrect = answered.filter(correct).length;
  const sorted = [...scored].sort((a, b) => b.correctness!.score - a.correctness!.score);
  const all: RiskCoveragePoint[] = [];
  let right = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (correct(sorted[i]!)) right++;
    const score = sorted[i]!.correctness!.score;
    if (i + 1 < sorted.length && sorted[i + 1]!.correctness!.score === score) continue;
    all.push({ threshold: round(score), verified: round((i + 1) / answered.length), precision: round(right / (i + 1)), coverage: totalCorrect === 0 ? null : round(right / totalCorrect) });
  }
  const thresholds = new Set(scored.map((r) => r.correctness!.threshold));
  return {
    ...(thresholds.size === 1 ? { threshold: [...thresholds][0]! } : {}),
    scored: scored.length,
    answers: answered.length,
    points: thin(all, maxPoints),
  };
}

/** At most `max` points, evenly spaced along the curve, always keeping the first and last. */
function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(points[Math.round((i * (points.length - 1)) / (max - 1))]!);
  return out;
}
