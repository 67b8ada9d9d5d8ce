// How well held-out scores rank right answers above wrong ones, independent of any threshold:
// ROC AUC (the chance a random right answer scores above a random wrong one, ties counting half)
// and the precision of the best-scored fractions (the confident tail a threshold lives in).
import type { Scored } from '@rag/agents';

/** ROC AUC of `scored`; null without both a right and a wrong answer. */
export function rocAuc(scored: readonly Scored[]): number | null {
  const sorted = [...scored].sort((a, b) => a.score - b.score);
  const right = sorted.filter((s) => s.correct).length;
  const wrong = sorted.length - right;
  if (right === 0 || wrong === 0) return null;
  // Mann–Whitney U from average ranks (ties share their mean rank).
  let rankSum = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]!.score === sorted[i]!.score) j++;
    const meanRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (sorted[k]!.correct) rankSum += meanRank;
    i = j + 1;
  }
  return (rankSum - (right * (right + 1)) / 2) / (right * wrong);
}

/** Precision of the `share` best-scored answers (at least one); null when there are none. */
export function precisionOfTop(scored: readonly Scored[], share: number): number | null {
  if (scored.length === 0) return null;
  const k = Math.max(1, Math.round(share * scored.length));
  const top = [...scored].sort((a, b) => b.score - a.score).slice(0, k);
  return top.filter((s) => s.correct).length / k;
}
