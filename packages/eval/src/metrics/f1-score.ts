// Token-level F1 as in the HotpotQA evaluation script (hotpot_evaluate_v1.py): SQuAD
// normalisation, bag-of-tokens overlap, and the special case that a yes/no/noanswer on
// either side only scores when both sides are identical (otherwise "no" vs "no idea"
// would earn partial credit). Max over gold answers.
import { answerTokens, normalizeAnswer } from './normalize-answer.js';

const SPECIAL = new Set(['yes', 'no', 'noanswer']);

export function f1Score(prediction: string, golds: readonly string[]): number {
  let best = 0;
  for (const g of golds) best = Math.max(best, f1Single(prediction, g));
  return best;
}

function f1Single(prediction: string, gold: string): number {
  const np = normalizeAnswer(prediction);
  const ng = normalizeAnswer(gold);
  if ((SPECIAL.has(np) || SPECIAL.has(ng)) && np !== ng) return 0;
  const pt = answerTokens(prediction);
  const gt = answerTokens(gold);
  if (pt.length === 0 || gt.length === 0) return pt.length === gt.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of gt) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of pt) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      common += 1;
      counts.set(t, c - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / pt.length;
  const recall = common / gt.length;
  return (2 * precision * recall) / (precision + recall);
}
