// Word tokenization shared by BM25, the hashing embedder and lexical heuristics, so every
// component agrees on what a "term" is: maximal runs of Unicode letters, marks and digits,
// lower-cased. Apostrophes and hyphens split words ("don't" → "don", "t"), as in the
// regex tokenizers behind common BM25 baselines.
import { ENGLISH_STOP_WORDS } from './stop-words.js';

export interface WordToken {
  /** Lower-cased token text. */
  token: string;
  /** Offsets into the input, half-open [start, end). */
  start: number;
  end: number;
}

export interface TokenizeOptions {
  /** Drop English stop words (default false). */
  removeStopWords?: boolean;
  /** Custom stop-word set; implies removal. */
  stopWords?: ReadonlySet<string>;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Lower-cased word tokens with character offsets into `text`. */
export function tokenizeWords(text: string, options: TokenizeOptions = {}): WordToken[] {
  const stop = options.stopWords ?? (options.removeStopWords ? ENGLISH_STOP_WORDS : undefined);
  const out: WordToken[] = [];
  for (const m of text.matchAll(WORD)) {
    const token = m[0].toLowerCase();
    if (stop?.has(token)) continue;
    out.push({ token, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Lower-cased word tokens without offsets: the fast path for indexing and search. */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const stop = options.stopWords ?? (options.removeStopWords ? ENGLISH_STOP_WORDS : undefined);
  const words = text.toLowerCase().match(WORD);
  if (!words) return [];
  return stop ? words.filter((w) => !stop.has(w)) : words;
}
