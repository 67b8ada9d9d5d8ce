// The k best scored nodes, best first, ties by id: shared by the PPR variants.
import { invalidInput, type StringColumn } from '@rag/core';

export interface ScoredNode {
  id: string;
  score: number;
}

/** Scans `candidates` (node positions) when given, else every position of `scores`. */
export function topK(ids: StringColumn, scores: Float64Array, k: number, exclude: Set<string>, candidates?: ArrayLike<number>): ScoredNode[] {
  if (!Number.isInteger(k) || k < 0) throw invalidInput('k', `must be a non-negative integer, got ${k}`);
  if (k === 0) return [];
  // bounded insertion list: cheap because almost every score falls below the current k-th
  const best: ScoredNode[] = [];
  let floor = 0;
  const count = candidates ? candidates.length : scores.length;
  for (let c = 0; c < count; c++) {
    const i = candidates ? candidates[c]! : c;
    const s = scores[i]!;
    if (s <= 0 || (best.length === k && s < floor)) continue;
    const id = ids.at(i)!;
    if (exclude.has(id)) continue;
    const item = { id, score: s };
    let pos = best.length;
    while (pos > 0 && better(item, best[pos - 1]!)) pos--;
    if (pos >= k) continue;
    best.splice(pos, 0, item);
    if (best.length > k) best.pop();
    floor = best[best.length - 1]!.score;
  }
  return best;
}

export function better(a: ScoredNode, b: ScoredNode): boolean {
  return a.score > b.score || (a.score === b.score && a.id < b.id);
}
