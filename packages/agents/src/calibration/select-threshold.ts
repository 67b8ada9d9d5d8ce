// Threshold selection for a selective answer: sweep the score over scored answers and keep the
// lowest threshold (largest coverage) whose precision on the split reaches the target, requiring
// a minimum number of verified answers so one lucky answer cannot set it. The per-set variant
// also holds every set (domain) to the target on its own, so a threshold cannot buy pooled
// precision on one domain with errors on another.
export interface Scored {
  score: number;
  correct: boolean;
}

/**
 * No threshold reached the target: threshold 1, which the calibrator reads as "verify nothing"
 * (not as "verify scores of 1"), so a model fitted on all rows cannot verify an answer by scoring
 * above every held-out score.
 */
const NOT_REACHED: ThresholdChoice = { threshold: 1, verified: 0, precision: null, coverage: 0, reached: false };

export interface ThresholdChoice {
  threshold: number;
  verified: number;
  precision: number | null;
  coverage: number;
  /** False when no threshold reached the target: the threshold is then 1 (nothing verified). */
  reached: boolean;
}

/** Precision and coverage (share of answers verified) at one threshold. */
export function selectionAt(scored: readonly Scored[], threshold: number): { verified: number; precision: number | null; coverage: number } {
  const kept = scored.filter((s) => s.score >= threshold);
  const right = kept.filter((s) => s.correct).length;
  return { verified: kept.length, precision: kept.length === 0 ? null : right / kept.length, coverage: scored.length === 0 ? 0 : kept.length / scored.length };
}

export function selectThreshold(scored: readonly Scored[], targetPrecision: number, minVerified = 10): ThresholdChoice {
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  let best: ThresholdChoice | undefined;
  let right = 0;
  for (let i = 0; i < sorted.length; i++) {
    right += sorted[i]!.correct ? 1 : 0;
    const kept = i + 1;
    // Only cut between distinct scores: ties are verified together.
    if (i + 1 < sorted.length && sorted[i + 1]!.score === sorted[i]!.score) continue;
    const precision = right / kept;
    if (kept >= minVerified && precision >= targetPrecision)
      best = { threshold: sorted[i]!.score, verified: kept, precision, coverage: kept / sorted.length, reached: true };
  }
  if (best) return best;
  return NOT_REACHED;
}

export interface SetScored extends Scored {
  set: string;
}

export interface PerSetThresholdOptions {
  /** Fewest verified answers over all sets a threshold may rest on. */
  minVerified: number;
  /** A set is held to the target once it has at least this many verified answers (1: every set that verifies anything). */
  minSetVerified: number;
}

/**
 * The lowest threshold at which the pooled precision reaches the target on at least
 * `minVerified` answers AND every set with at least `minSetVerified` verified answers reaches it
 * too (the minimum per-set precision ≥ target).
 */
export function selectThresholdPerSet(scored: readonly SetScored[], targetPrecision: number, options: PerSetThresholdOptions): ThresholdChoice {
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  const kept = new Map<string, { verified: number; right: number }>();
  let best: ThresholdChoice | undefined;
  let right = 0;
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i]!;
    const counts = kept.get(s.set) ?? { verified: 0, right: 0 };
    counts.verified++;
    if (s.correct) (counts.right++, right++);
    kept.set(s.set, counts);
    if (i + 1 < sorted.length && sorted[i + 1]!.score === s.score) continue;
    const precision = right / (i + 1);
    if (i + 1 < options.minVerified || precision < targetPrecision) continue;
    const everySet = [...kept.values()].every((c) => c.verified < options.minSetVerified || c.right / c.verified >= targetPrecision);
    if (everySet) best = { threshold: s.score, verified: i + 1, precision, coverage: (i + 1) / sorted.length, reached: true };
  }
  if (best) return best;
  return NOT_REACHED;
}
