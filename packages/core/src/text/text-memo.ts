// A bounded memo of a pure function of one string: the NLP of a passage or a sentence (a tagger's
// parse, sentence boundaries, lemmas) is asked for many times within one answer — the reader
// reads the evidence, Triple-Check checks it, the calibrator re-reads it several ways — and every
// call gives the same result for the same text. The memo keeps the most recently used results
// (least recently used dropped first), bounded by entries and by the characters of the keys it
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
  /** A text longer than this is computed but not kept (default 20,000 characters). */
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
  const maxEntries = options.maxEntries ?? 2000;
  const maxChars = options.maxChars ?? 500_000;
  const maxKeyChars = options.maxKeyChars ?? 20_000;
  const copy = options.copy ?? ((v: T) => v);
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recently used.
  const kept = new Map<string, T>();
  let chars = 0;
  const memo = ((text: string): T => {
    if (!enabled || text.length > maxKeyChars) return fn(text);
    if (kept.has(text)) {
      const value = kept.get(text) as T;
      kept.delete(text);
      kept.set(text, value);
      return copy(value);
    }
    const value = fn(text);
    kept.set(text, value);
    chars += text.length;
    while (kept.size > maxEntries || chars > maxChars) {
      const oldest = kept.keys().next().value as string;
      kept.delete(oldest);
      chars -= oldest.length;
    }
    return copy(value);
  }) as TextMemo<T>;
  const clear = () => {
    kept.clear();
    chars = 0;
  };
  Object.defineProperty(memo, 'size', { get: () => kept.size });
  Object.defineProperty(memo, 'clear', { value: clear });
  memos.add({ clear });
  return memo;
}
