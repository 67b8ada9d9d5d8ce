// Bounded min-heap for top-k selection: O(n log k) and O(k) memory instead of sorting every
// score. Ties are broken by the smaller key, so results do not depend on insertion history.

export interface TopK {
  /** Offer a candidate; kept only if it beats the current k-th best. */
  push(slot: number, score: number): void;
  /** Current k-th best score (−Infinity until k candidates were seen). */
  threshold(): number;
  /** Results best first. */
  drain(): { slot: number; score: number }[];
}

/** `tieKey(slot)` orders equal scores (ascending key first); default: the slot number. */
export function createTopK(k: number, tieKey?: (slot: number) => string | number): TopK {
  const slots = new Int32Array(Math.max(k, 1));
  const scores = new Float64Array(Math.max(k, 1));
  let size = 0;
  const key = tieKey ?? ((s: number) => s);
  // "a is worse than b": lower score, or equal score and larger tie key.
  const worse = (sa: number, a: number, sb: number, b: number) =>
    sa < sb || (sa === sb && key(a) > key(b));

  const siftUp = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!worse(scores[i]!, slots[i]!, scores[p]!, slots[p]!)) break;
      swap(i, p);
      i = p;
    }
  };
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && worse(scores[l]!, slots[l]!, scores[m]!, slots[m]!)) m = l;
      if (r < size && worse(scores[r]!, slots[r]!, scores[m]!, slots[m]!)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  const swap = (a: number, b: number) => {
    const s = slots[a]!;
    slots[a] = slots[b]!;
    slots[b] = s;
    const t = scores[a]!;
    scores[a] = scores[b]!;
    scores[b] = t;
  };

  return {
    push(slot, score) {
      if (k <= 0) return;
      if (size < k) {
        slots[size] = slot;
        scores[size] = score;
        siftUp(size++);
      } else if (worse(scores[0]!, slots[0]!, score, slot)) {
        slots[0] = slot;
        scores[0] = score;
        siftDown(0);
      }
    },
    threshold: () => (size < k ? Number.NEGATIVE_INFINITY : scores[0]!),
    drain() {
      const out: { slot: number; score: number }[] = [];
      for (let i = 0; i < size; i++) out.push({ slot: slots[i]!, score: scores[i]! });
      out.sort((a, b) => b.score - a.score || (key(a.slot) < key(b.slot) ? -1 : key(a.slot) > key(b.slot) ? 1 : 0));
      size = 0;
      return out;
    },
  };
}
