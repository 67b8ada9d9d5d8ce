// Token-level normalisation shared by every lexical check: case, diacritics, possessives,
// thousands separators, ordinals, number words and month abbreviations are folded so that
// "1,000" = "1000", "5th" = "5", "three" = "3", "Sept." = "september", "Müller" = "muller".
import { memoByText } from '@rag/core';
import { STOP_WORDS } from './stop-words.js';

export interface Token {
  /** Normalised form used for matching. */
  norm: string;
  /** Offsets of the raw token in the input text. */
  start: number;
  end: number;
  /** The raw token ended in n't ("wasn't"), a negation cue. */
  negated?: boolean;
}

const NUMBER_WORDS: Record<string, string> = {
  zero: '0', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8',
  nine: '9', ten: '10', eleven: '11', twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15',
  sixteen: '16', seventeen: '17', eighteen: '18', nineteen: '19', twenty: '20', thirty: '30',
  forty: '40', fifty: '50', sixty: '60', seventy: '70', eighty: '80', ninety: '90',
  hundred: '100', thousand: '1000', million: '1000000', billion: '1000000000',
  // "one", "first" and "second" are left alone: they are far more often not quantities.
  third: '3', fourth: '4', fifth: '5', sixth: '6', seventh: '7', eighth: '8',
  ninth: '9', tenth: '10', dozen: '12', once: '1', twice: '2', thrice: '3',
};

const MONTHS: Record<string, string> = {
  jan: 'january', feb: 'february', mar: 'march', apr: 'april', jun: 'june', jul: 'july', aug: 'august',
  sep: 'september', sept: 'september', oct: 'october', nov: 'november', dec: 'december',
};

export const MONTH_NAMES: ReadonlySet<string> = new Set(Object.values(MONTHS).concat(['may']));

// A token: letters/digits joined by apostrophes or dots ("o'brien", "u.s", "3.5"), or digit
// groups joined by thousands commas ("1,000,000").
const TOKEN_RE = /[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+|,\d{3}(?!\d))*/gu;

// Plain ASCII has no diacritics to strip (and NFKD leaves it as it is): skip the normalisation.
const ASCII = /^[\x00-\x7f]*$/;

function stripDiacritics(s: string): string {
  return ASCII.test(s) ? s : s.normalize('NFKD').replace(/\p{M}+/gu, '');
}

/**
 * Normalise one raw token; returns undefined for tokens that carry nothing ("'s"). Kept per raw
 * token (every lexical check tokenizes the question and the evidence again and again).
 */
export const normalizeToken = memoByText(normalizeTokenUncached, { maxEntries: 50_000 });

function normalizeTokenUncached(raw: string): string | undefined {
  let t = stripDiacritics(raw).toLowerCase().replace(/’/g, "'");
  if (/^\d{1,3}(,\d{3})+$/.test(t)) t = t.replace(/,/g, '');
  t = t.replace(/'s$/, '').replace(/n't$/, '');
  if (/^[\d.]+$/.test(t)) {
    // "3.50" and "3.5" are the same number; "007" is kept as written (ids, not quantities).
    if (/^\d+\.\d+$/.test(t)) t = String(Number(t));
    return t;
  }
  const ordinal = /^(\d+)(st|nd|rd|th)$/.exec(t);
  if (ordinal) return ordinal[1];
  t = t.replace(/['.]/g, '');
  if (t.length === 0) return undefined;
  const decade = /^(\d{2,4})s$/.exec(t);
  if (decade) return `${decade[1]}s`;
  // Own keys only: "constructor" or "toString" in a text is a word, not the objects' prototype.
  return (Object.hasOwn(NUMBER_WORDS, t) ? NUMBER_WORDS[t] : undefined) ?? (Object.hasOwn(MONTHS, t) ? MONTHS[t] : undefined) ?? (STOP_WORDS.has(t) ? t : foldPlural(t));
}

// Crude plural folding ("directors" = "director", "cities" = "city"); applied to both sides of
// every comparison, so over-stemming ("texas" → "texa") is harmless.
function foldPlural(t: string): string {
  if (t.length > 4 && t.endsWith('ies')) return `${t.slice(0, -3)}y`;
  if (t.length > 3 && t.endsWith('s') && !/(ss|us|is)$/.test(t)) return t.slice(0, -1);
  return t;
}

const NEGATED = /n['’]t$/i;

/**
 * Tokens of `text` with offsets into it. Kept per text, frozen (one lexical check after another
 * tokenizes the same passages: ~270 calls on ~15 distinct texts per answer).
 */
export const tokenize: (text: string) => readonly Token[] = memoByText(tokenizeUncached);

function tokenizeUncached(text: string): readonly Token[] {
  const out: Token[] = [];
  // exec on the module's expression (nothing below re-enters tokenize): no iterator, no copy.
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(text); m !== null; m = TOKEN_RE.exec(text)) {
    const raw = m[0];
    const norm = normalizeToken(raw);
    if (norm === undefined) continue;
    const start = m.index;
    const token: Token = { norm, start, end: start + raw.length };
    if (NEGATED.test(raw)) token.negated = true;
    out.push(Object.freeze(token));
  }
  return Object.freeze(out);
}

/** Normalised token strings. */
export function normTokens(text: string): string[] {
  return tokenize(text).map((t) => t.norm);
}

export function isStopWord(norm: string): boolean {
  return STOP_WORDS.has(norm);
}

/** Normalised tokens that carry content (stop words removed; numbers kept). */
export function contentTokens(text: string): string[] {
  return normTokens(text).filter((t) => !STOP_WORDS.has(t));
}

export function isNumeric(norm: string): boolean {
  return /^\d+(\.\d+)?s?$/.test(norm);
}

/** Year-like tokens (3–4 digits, or a decade such as "1990s"). */
export function isYear(norm: string): boolean {
  return /^(1\d{3}|20\d{2}|\d{3})s?$/.test(norm);
}

/** Negation cues: a sentence containing one of these near a match may state the opposite. */
export const NEGATION_CUES: ReadonlySet<string> = new Set([
  'not', 'no', 'never', 'neither', 'nor', 'none', 'nobody', 'nothing', 'cannot', 'without', 'false', 'denied',
]);

/** Normalised, space-joined form of a whole string (for equality of short strings). */
export function normalizePhrase(text: string): string {
  return normTokens(text).join(' ');
}
