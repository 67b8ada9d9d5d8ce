// Typed candidate spans in evidence text, found by surface patterns: capitalised phrases (names
// of people, places, works), dates and years, numbers. The embedded answer generator, IRCoT's
// entity hop and the TAdaRAG graph answerer all read candidates through here.
import { ENGLISH_STOP_WORDS, memoByText, tokenize } from '@rag/core';

export type SpanKind = 'name' | 'date' | 'year' | 'number';

export interface TextSpan {
  kind: SpanKind;
  text: string;
  /** Offsets into the text searched, half-open. */
  start: number;
  end: number;
}

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?';
const DATE_RES = [
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)? (?:${MONTHS}),? \\d{3,4}\\b`, 'g'),
  new RegExp(`\\b(?:${MONTHS}) \\d{1,2}(?:st|nd|rd|th)?,? \\d{3,4}\\b`, 'g'),
  new RegExp(`\\b(?:${MONTHS}) \\d{4}\\b`, 'g'),
];
const YEAR_RE = /\b(?:1[0-9]{3}|20[0-9]{2})s?\b/g;
const NUMBER_RE = /\b\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:\s(?:million|billion|thousand|hundred))?\b|\b\d+(?:\.\d+)?(?:\s(?:million|billion|thousand|hundred|percent|%))?\b|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundred|twice|thrice)\b/gi;

/** Words that start sentences capitalised but never begin a name. */
const NOT_NAME_START = new Set([
  ...ENGLISH_STOP_WORDS,
  'he', 'she', 'it', 'they', 'his', 'her', 'its', 'their', 'this', 'that', 'these', 'those', 'there', 'however', 'after', 'before',
  'during', 'while', 'although', 'though', 'since', 'when', 'where', 'who', 'what', 'which', 'why', 'how', 'born', 'also', 'many', 'some',
  'most', 'both', 'one', 'two', 'three', 'other', 'several', 'according', 'following', 'later', 'today', 'currently', 'originally',
]);
const CONNECTORS = new Set(['of', 'de', 'del', 'da', 'di', 'du', 'van', 'von', 'der', 'den', 'la', 'le', 'y', '&', 'the', 'for', 'in', 'on', 'upon']);

const MONTH_ONLY = new RegExp(`^(?:${MONTHS})$`);
const TOKEN = /[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’.\-]*/gu;

function isCapitalised(word: string): boolean {
  return /^[\p{Lu}\p{N}]/u.test(word) && !/^\d+$/.test(word);
}

/**
 * Maximal capitalised phrases, allowing lower-case connectors between capitalised words. Kept per
 * text (one answer reads the same evidence sentences about a dozen times); callers get copies.
 */
export const nameSpans = memoByText(findNameSpans, { copy: (spans) => spans.map((s) => ({ ...s })) });

function findNameSpans(text: string): TextSpan[] {
  const words = [...text.matchAll(TOKEN)].map((m) => ({ w: m[0].replace(/[.’']+$/, ''), start: m.index, end: m.index + m[0].replace(/[.’']+$/, '').length }));
  const out: TextSpan[] = [];
  let i = 0;
  while (i < words.length) {
    const first = words[i]!;
    if (!isCapitalised(first.w) || NOT_NAME_START.has(first.w.toLowerCase())) {
      i++;
      continue;
    }
    let j = i;
    let k = i + 1;
    while (k < words.length) {
      const w = words[k]!;
      // A sentence or clause boundary (punctuation between the words) ends the phrase.
      const gap = text.slice(words[k - 1]!.end, w.start);
      // An initial's full stop does not end the name ("James K. Polk").
      const initial = /^\p{Lu}$/u.test(words[k - 1]!.w) && /^\.\s+$/.test(gap);
      if (!/^\s+$/.test(gap) && gap !== '-' && !initial) break;
      if (isCapitalised(w.w)) {
        j = k;
        k++;
      } else if (CONNECTORS.has(w.w.toLowerCase()) && k + 1 < words.length && isCapitalised(words[k + 1]!.w) && /^\s+$/.test(text.slice(w.end, words[k + 1]!.start))) {
        k++;
      } else break;
    }
    const phrase = text.slice(first.start, words[j]!.end);
    // A bare month name is a date fragment, not a name.
    if (!(i === j && MONTH_ONLY.test(phrase))) out.push({ kind: 'name', text: phrase, start: first.start, end: words[j]!.end });
    i = j + 1;
  }
  return out;
}

function collect(text: string, re: RegExp, kind: SpanKind): TextSpan[] {
  return [...text.matchAll(re)].map((m) => ({ kind, text: m[0], start: m.index, end: m.index + m[0].length }));
}

export function dateSpans(text: string): TextSpan[] {
  const full = DATE_RES.flatMap((re) => collect(text, re, 'date'));
  const covered = (s: TextSpan) => full.some((f) => f.start <= s.start && s.end <= f.end);
  return [...full, ...collect(text, YEAR_RE, 'year').filter((s) => !covered(s))];
}

// A day next to a month name ("between November 18 and December 5", "between 12–25 November") is a date
// fragment, not a quantity.
const MONTH_BEFORE = new RegExp(`\\b(?:${MONTHS})\\s+$`);
const MONTH_AFTER = new RegExp(`^(?:st|nd|rd|th)?(?:\\s*(?:to|and|-|–|—)\\s*\\d{1,2}(?:st|nd|rd|th)?)?\\s+(?:${MONTHS})\\b`);

export function numberSpans(text: string): TextSpan[] {
  // Years and the day of a full date are not quantities.
  const dates = dateSpans(text);
  return collect(text, NUMBER_RE, 'number').filter(
    (s) =>
      !dates.some((d) => d.start <= s.start && s.end <= d.end) &&
      !(/^\d{1,2}$/.test(s.text) && (MONTH_BEFORE.test(text.slice(Math.max(0, s.start - 12), s.start)) || MONTH_AFTER.test(text.slice(s.end, s.end + 14)))),
  );
}

/** Every typed span of the text, sorted by position. */
export function allSpans(text: string): TextSpan[] {
  return [...nameSpans(text), ...dateSpans(text), ...numberSpans(text)].sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Content terms: lower-cased word tokens without stop words. */
export function contentTerms(text: string): string[] {
  return tokenize(text, { removeStopWords: true });
}

/**
 * A comparable key for a phrase (lower case, punctuation dropped, one space). Kept per phrase: the
 * same candidates are compared again and again while they are ranked.
 */
export const phraseKey = memoByText((text: string): string => tokenize(text).join(' '), { maxEntries: 50_000 });

/** The year of a date or year span, when it has one. */
export function yearOf(text: string): number | undefined {
  const m = /\b(\d{3,4})s?\b/.exec(text);
  return m ? Number(m[1]) : undefined;
}

const WORD_NUMBERS: Record<string, number> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13,
  fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, hundred: 100,
  // "was premier twice": how many times.
  twice: 2, thrice: 3,
};

/** Numeric value of a number span ("1,200", "3.5 million", "twelve"). */
export function numberValue(text: string): number | undefined {
  const t = text.toLowerCase();
  if (WORD_NUMBERS[t] !== undefined) return WORD_NUMBERS[t];
  const m = /(\d[\d,]*(?:\.\d+)?)/.exec(t);
  if (!m) return undefined;
  let v = Number(m[1]!.replace(/,/g, ''));
  if (/million/.test(t)) v *= 1e6;
  else if (/billion/.test(t)) v *= 1e9;
  else if (/thousand/.test(t)) v *= 1e3;
  return Number.isFinite(v) ? v : undefined;
}
