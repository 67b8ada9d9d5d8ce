// Stage 3: lexical similarity by edit distance. Numbers must agree exactly: "Apollo 11" and
// "Apollo 12" are one edit apart and different things.
import { distance } from 'fastest-levenshtein';

export function editSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const max = Math.max(a.length, b.length);
  return max === 0 ? 1 : 1 - distance(a, b) / max;
}

export function numbersAgree(a: string, b: string): boolean {
  const na = a.match(/\d+/g)?.join(' ') ?? '';
  const nb = b.match(/\d+/g)?.join(' ') ?? '';
  return na === nb;
}
