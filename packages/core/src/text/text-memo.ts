// A bounded memo of a pure function of one string: the NLP of a passage or a sentence (a tagger's
// parse, sentence boundaries, lemmas) is asked for many times within one answer — the reader
// reads the evidence, Triple-Check checks it, the calibrator re-reads it several ways — and every
// call gives the same result for the same text. The memo keeps recently used results (those not
// used for a while are dropped first), bounded by entries and by the characters of the keys it
// holds; very long texts are not kept. Results are handed out through `copy` so a caller that
// changes what it got cannot change what the next caller gets.
//
// One process-wide switch turns every memo off (each call computes afresh), so a benchmark can
// compare with and without in the same run (packages/cli/bench/nlp-memo.ts).

export interface TextMemoOptions<T> {
  /** Entries kept (default 2,000). */
  maxEntries?: number;
  /** Characters of all keys together (default 500,000: the values, parses of those texts, are several times larger). */
  maxChars?: number;
  /** A text longer than this (or than half of maxChars) is computed but not kept (default 20,000 characters). */
  maxKeyChars?: number;
  /** What a caller receives: a fresh copy of the kept result (default: the result itself, for immutable results). */
  copy?: (value: T) => T;
}

export interface TextMemo<T> {
  (text: string): T;
  /** Entries kept now. */
  readonly size: number;
  clear(): void;
}

let enabled = true;
const memos = new Set<{ clear(): void }>();

/** Turn every text memo on or off (off also empties them); for benchmarks that compare both. */
export function setTextMemoEnabled(on: boolean): void {
  enabled = on;
  if (!on) clearTextMemos();
}

/** Empty every text memo (a benchmark's fresh start). */
export function clearTextMemos(): void {
  for (const m of memos) m.clear();
}

export function memoByText<T>(fn: (text: string) => T, options: TextMemoOptions<T> = {}): TextMemo<T> {
  const maxKeyChars = options.maxKeyChars ?? 20_000;
  const copy = options.copy ?? ((v: T) => v);
  // Two generations, each allowed half the bounds: a hit in the young one costs one lookup (an
  // exact LRU costs four — has, get, delete, set — and that was a sixth of an ask's time with
  // ~10,000 hits per ask); a hit in the old one moves the entry to the young one. When the young
  // one is full it becomes the old one and the old one is dropped whole: what was not used for a
  // whole generation goes, what was used survives — least recently used first, approximately.
  const halfEntries = Math.max(1, Math.floor((options.maxEntries ?? 2000) / 2));
  const halfChars = Math.floor((options.maxChars ?? 500_000) / 2);
  let young = new Map<string, T>();
  let old = new Map<string, T>();
  let youngChars = 0;
  const keep = (text: string, value: T) => {
    if (young.size >= halfEntries || youngChars + text.length > halfChars) {
      old = young;
      young = new Map();
      youngChars = 0;
    }
    young.set(text, value);
    youngChars += text.length;
  };
  const memo = ((text: string): T => {
    if (!enabled || text.length > maxKeyChars || text.length > halfChars) return fn(text);
    const hit = young.get(text);
    if (hit !== undefined || young.has(text)) return copy(hit as T);
    if (old.has(text)) {
      const value = old.get(text) as T;
      keep(text, value);
      return copy(value);
    }
    const value = fn(text);
    keep(text, value);
    return copy(value);
  }) as TextMemo<T>;
  const clear = () => {
    young = new Map();
    old = new Map();
    youngChars = 0;
  };
  Object.defineProperty(memo, 'size', { get: () => young.size + old.size });
  Object.defineProperty(memo, 'clear', { value: clear });
  memos.add({ clear });
  return memo;
}
