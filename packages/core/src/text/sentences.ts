// Sentence segmentation with character offsets. The boundary detection is sentence-splitter's
// (textlint); a small post-pass fixes the misses we found on encyclopedic text:
//  1. "founded in 1775. It …" is one sentence to the library, which takes any "<number>."
//     for a list index; we split there unless the number starts its line.
//  2. A closing quote or bracket after terminal punctuation ('… it." Then …') is never a
//     boundary to the library; we split when the next word is capitalised.
//  3. Blank lines (paragraph breaks, headings without a full stop) and line breaks before a
//     list item ("1. …", "- …") always end a sentence.
//  4. The library splits after abbreviations it does not know ("5 p.m. on Monday",
//     "the U.K. is", "Vol. 3"); we re-join when the next piece starts lower-case, or starts
//     with a digit after a known number-taking abbreviation.
//
// Blocks whose boundaries need no judgement skip the library (see sentence-fast-path.ts); the
// result is identical, only cheaper.
import { split } from 'sentence-splitter';
import { fastSentenceRanges } from './sentence-fast-path.js';
import { memoByText } from './text-memo.js';

export interface Sentence {
  text: string;
  /** Offsets into the input, half-open [start, end), whitespace trimmed. */
  start: number;
  end: number;
}

/** Abbreviations that are commonly followed by a number ("No. 5", "Vol. 3", "Jan. 2001"). */
const NUMBER_ABBREVIATIONS = new Set([
  'no', 'nos', 'vol', 'vols', 'p', 'pp', 'fig', 'figs', 'eq', 'eqs', 'ch', 'chap', 'sec', 'art', 'op', 'ed',
  'approx', 'ca', 'c', 'v', 'vs', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct',
  'nov', 'dec', 'rev', 'ref', 'refs', 'tab', 'nr', 'pt', 'pts', 'u.s', 'st',
]);

const PARAGRAPH_BREAK = /\n[ \t\r\f\v]*\n\s*/g;
// "<digit>." then whitespace then (optional opening quote/bracket) an upper-case letter.
const MISSED_NUMBER_END = /\d\.(?=\s+["'“‘(\[]?\p{Lu})/gu;
// Terminal punctuation, closing quote(s)/bracket(s), whitespace, capitalised word.
const MISSED_QUOTE_END = /[.!?]["'”’)\]]+(?=\s+["'“‘(\[]?\p{Lu})/gu;
const LIST_ITEM = /\n(?=[ \t]*(?:\d+[.)]|[-*•])[ \t])/g;
const LEADING = /^\s*["'“‘(\[]?/u;

/** Split `text` into sentences with offsets into `text`. */
export function splitSentences(text: string): Sentence[] {
  const spans: [number, number][] = [];
  for (const [pStart, pEnd] of paragraphs(text)) {
    const block = text.slice(pStart, pEnd);
    for (const [bs, be] of fastSentenceRanges(block) ?? libraryRanges(block)) {
      const [s, e] = trim(text, pStart + bs, pStart + be);
      if (e > s) spans.push(...splitMissed(text, s, e));
    }
  }
  return merge(text, spans).map(([start, end]) => ({ text: text.slice(start, end), start, end }));
}

/** Sentence ranges only (the shape stored in `Chunk.sentences`). */
export function sentenceSpans(text: string): { start: number; end: number }[] {
  return splitSentences(text).map(({ start, end }) => ({ start, end }));
}

/** Sentence ranges of `block` as sentence-splitter decides them (memoised: a passage is split many times per answer). */
export const libraryRanges = memoByText(
  (block: string): [number, number][] => {
    const out: [number, number][] = [];
    for (const node of split(block)) if (node.type === 'Sentence') out.push([node.range[0], node.range[1]]);
    return out;
  },
  { copy: (ranges) => ranges.map(([s, e]): [number, number] => [s, e]) },
);

function paragraphs(text: string): [number, number][] {
  const out: [number, number][] = [];
  let last = 0;
  for (const m of text.matchAll(PARAGRAPH_BREAK)) {
    out.push([last, m.index]);
    last = m.index + m[0].length;
  }
  out.push([last, text.length]);
  return out;
}

function trim(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s]!)) s++;
  while (e > s && /\s/.test(text[e - 1]!)) e--;
  return [s, e];
}

function splitMissed(text: string, start: number, end: number): [number, number][] {
  const piece = text.slice(start, end);
  const cuts = new Set<number>();
  for (const m of piece.matchAll(MISSED_NUMBER_END)) {
    if (!numberStartsLine(piece, m.index)) cuts.add(m.index + 2);
  }
  for (const m of piece.matchAll(MISSED_QUOTE_END)) cuts.add(m.index + m[0].length);
  for (const m of piece.matchAll(LIST_ITEM)) cuts.add(m.index);
  if (cuts.size === 0) return [[start, end]];
  const out: [number, number][] = [];
  let s = 0;
  for (const c of [...cuts].sort((a, b) => a - b)) {
    const [a, b] = trim(text, start + s, start + c);
    if (b > a) out.push([a, b]);
    s = c;
  }
  const [a, b] = trim(text, start + s, end);
  if (b > a) out.push([a, b]);
  return out;
}

/** True when the digit run ending at `i` is the first thing on its line ("1. Item"). */
function numberStartsLine(piece: string, i: number): boolean {
  let j = i;
  while (j > 0 && /\d/.test(piece[j - 1]!)) j--;
  while (j > 0 && (piece[j - 1] === ' ' || piece[j - 1] === '\t')) j--;
  return j === 0 || piece[j - 1] === '\n';
}

function merge(text: string, spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const span of spans) {
    const prev = out[out.length - 1];
    if (prev && shouldJoin(text, prev, span)) prev[1] = span[1];
    else out.push([span[0], span[1]]);
  }
  return out;
}

function shouldJoin(text: string, prev: [number, number], next: [number, number]): boolean {
  if (text[prev[1] - 1] !== '.') return false;
  // Never join across a line break: headings and list items end without punctuation.
  if (text.slice(prev[1], next[0]).includes('\n')) return false;
  const head = text.slice(next[0], next[0] + 4).replace(LEADING, '');
  const first = head[0] ?? '';
  if (/\p{Ll}/u.test(first)) return true;
  if (/\d/.test(first)) {
    const lastWord = /([\p{L}.]+)\.$/u.exec(text.slice(Math.max(prev[0], prev[1] - 12), prev[1]));
    return lastWord !== null && NUMBER_ABBREVIATIONS.has(lastWord[1]!.toLowerCase());
  }
  return false;
}
