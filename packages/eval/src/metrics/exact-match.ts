import { normalizeAnswer } from './normalize-answer.js';

/** SQuAD-style EM: 1 when the normalised prediction equals any normalised gold answer. */
export function exactMatch(prediction: string, golds: readonly string[]): number {
  const p = normalizeAnswer(prediction);
  return golds.some((g) => normalizeAnswer(g) === p) ? 1 : 0;
}
