// A fast path in front of sentence-splitter for the common, unambiguous case. The library
// walks the text one UTF-16 unit at a time and, at every unit, runs its abbreviation and
// pair-mark markers (word look-ups in arrays, several regex tests); on ~100-word passages
// that was the single largest indexing cost (~0.8 ms per passage). Most encyclopedic
// sentences end in "<plain word>." where the library's answer is never in doubt.
//
// `fastSentenceRanges` reproduces sentence-splitter 5.0.1's `split()` sentence ranges for a
// block whose every candidate boundary is decided by a rule that does not look at
// neighbouring words, and returns `undefined` (→ run the library) for everything else:
//  - a candidate boundary is "." followed by whitespace or the end (the library's
//    SeparatorParser); "?", "!", full-width punctuation and brackets and CJK text always go to
//    the library;
//  - inside a pair context ("…", (…), […], {…}, tracked exactly as the library's PairMaker
//    does, without nesting of the same mark) a candidate is never a boundary;
//  - a word the library always marks as an abbreviation (a prepositive abbreviation such as
//    "Mr.", a line index "12.", a multi-period "a.b.c.") is never a boundary;
//  - a word whose marking depends on its neighbours (an entry of the library's ABBREVIATIONS
//    list, an initial "J." / "U.S.", an exclamation word) or a lone "." sends the whole block
//    to the library, so the library keeps making every decision that needs judgement.
// The word lists are read from the library itself, so an upgrade cannot leave them stale;
// `sentence-fast-path.test.ts` checks the fast path against the library on generated text.
import { DefaultAbbrMarkerOptions } from 'sentence-splitter';

const LANG = DefaultAbbrMarkerOptions.language;
const lower = (xs: readonly string[]) => new Set(xs.map((x) => x.toLowerCase()));
const PREPOSITIVE = lower(LANG.PREPOSITIVE_ABBREVIATIONS);
const NEIGHBOUR_DEPENDENT = lower([...LANG.ABBREVIATIONS, ...LANG.EXCLAMATION_WORDS]);

/** Characters whose handling needs the library (other separators, full-width marks, CJK). */
const NEEDS_LIBRARY = /[?!ǃ．。？！「」（）『』｛｝［］〚〛【】《》\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LINE_INDEX = /^\d+\.$/;
const MULTI_PERIOD = /^(?:[a-zA-Z]\.){3,}$/;
const INITIAL = /^\p{Uppercase_Letter}\./u;
const WHITESPACE = /\s/;

// PairMaker's ASCII marks: key per character, and whether the character opens.
const PAIR_KEY: Record<string, number> = { '"': 0, '[': 1, ']': 1, '(': 2, ')': 2, '{': 3, '}': 3 };
const PAIR_OPENS: Record<string, boolean> = { '"': true, '[': true, '(': true, '{': true };
const PAIR_CLOSES: Record<string, boolean> = { '"': true, ']': true, ')': true, '}': true };

function isSpace(code: number, ch: string): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code >= 128 && WHITESPACE.test(ch);
}

/**
 * Sentence ranges `[start, end)` into `block` exactly as sentence-splitter's `split(block)`
 * returns them (untrimmed), or `undefined` when the block needs the library's judgement.
 */
export function fastSentenceRanges(block: string): [number, number][] | undefined {
  if (NEEDS_LIBRARY.test(block)) return undefined;
  const out: [number, number][] = [];
  const n = block.length;
  const open = [false, false, false, false];
  let contexts = 0;
  let start = -1;
  let wordStart = 0;
  let prevSpace = true;
  for (let i = 0; i < n; i++) {
    const ch = block[i]!;
    const code = block.charCodeAt(i);
    if (isSpace(code, ch)) {
      prevSpace = true;
      continue;
    }
    if (prevSpace) wordStart = i;
    prevSpace = false;
    if (code === 46 /* . */ && (i + 1 === n || isSpace(block.charCodeAt(i + 1), block[i + 1]!))) {
      if (wordStart === i) return undefined;
      if (contexts === 0) {
        const word = block.slice(wordStart, i + 1);
        const w = word.toLowerCase();
        const alwaysMarked = PREPOSITIVE.has(w) || LINE_INDEX.test(word) || MULTI_PERIOD.test(word);
        if (!alwaysMarked) {
          if (NEIGHBOUR_DEPENDENT.has(w) || INITIAL.test(word)) return undefined;
          out.push([start, i + 1]);
          start = -1;
          continue;
        }
      }
      // not a boundary: the "." is an ordinary character of the open sentence
      continue;
    }
    if (start === -1) start = i;
    const key = PAIR_KEY[ch];
    if (key !== undefined) {
      if (!open[key]) {
        if (PAIR_OPENS[ch]) {
          open[key] = true;
          contexts++;
        }
      } else if (PAIR_CLOSES[ch]) {
        open[key] = false;
        contexts--;
      }
    }
  }
  if (start !== -1) out.push([start, n]);
  return out;
}
