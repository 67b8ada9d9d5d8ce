// Threshold selection for a selective answer: sweep the score over scored answers and keep the
// lowest threshold (largest coverage) whose precision on the split reaches the target, requiring
// a minimum number of verified answers so one lucky answer cannot set it.
export interface Scored {
  score: number;
  correct: boolean;
}

export interface ThresholdChoice {
  threshold: number;
  verified: number;
  precision: number | null;
  coverage: number;
  /** False when no threshold reached the target: the threshold is then above every score (nothing verified). */
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
  const top = sorted[0]?.score ?? 0;
  return { threshold: Math.min(1, top + 1e-9), verified: 0, precision: null, coverage: 0, reached: false };
}
