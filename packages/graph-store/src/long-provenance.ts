// Growing a long provenance list without rebuilding it. A hub entity ("United States", a year)
// is cited by a span of every chunk that names it; every later mention unions one span into its
// list, so rebuilding the list each time (a key string, a Set entry and a copy per span, then a
// pool lookup per span) made writes to a hub cost O(its citations) in hashing and allocation: a
// build's extraction slowed as the store grew. Stored lists of LONG spans or more are remembered
// here as pooled and duplicate-free; a union onto one copies its pointers and compares only the
// added spans against it, and the span pool then pools only those added spans.
import type { Provenance } from '@rag/core';

/** Lists shorter than this are rebuilt as before: cheap, and not worth remembering. */
export const LONG = 16;

/** Stored (frozen) lists whose spans are pooled and pairwise distinct. */
const distinct = new WeakSet<readonly Provenance[]>();
/** Unstored lists whose first n spans are a distinct pooled list's, and the rest not among them. */
const grownFrom = new WeakMap<readonly Provenance[], number>();

export function isDistinctPooled(list: readonly Provenance[]): boolean {
  return list.length >= LONG && distinct.has(list);
}

export function markDistinctPooled(list: readonly Provenance[]): void {
  if (list.length >= LONG) distinct.add(list);
}

/**
 * How many leading spans of `list` are pooled, distinct and distinct from the rest (0: unknown);
 * asked once, when the span pool stores the list.
 */
export function takePooledPrefix(list: readonly Provenance[]): number {
  const n = grownFrom.get(list);
  if (n === undefined) return 0;
  grownFrom.delete(list);
  return n;
}

/**
 * `a` (a distinct pooled list) followed by the spans of `b` equal to none before them, each
 * added span a fresh copy: what `unionProvenance(a, b)` gives, without touching `a`'s spans.
 */
export function growDistinct(a: readonly Provenance[], b: readonly Provenance[]): Provenance[] {
  const out = a.slice();
  for (const p of b) {
    let seen = false;
    for (let i = out.length - 1; i >= 0; i--) {
      const q = out[i]!;
      if (q.start === p.start && q.end === p.end && q.chunkId === p.chunkId) {
        seen = true;
        break;
      }
    }
    if (!seen) out.push({ chunkId: p.chunkId, start: p.start, end: p.end });
  }
  grownFrom.set(out, a.length);
  return out;
}
