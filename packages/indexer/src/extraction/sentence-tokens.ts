// Word tokens of one sentence and the mentions found over them, shared by the mention finder,
// the relation patterns and the extractor. Possessive "'s" is its own token, so "Snoop Dogg's"
// never becomes a name.
export interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
  cap: boolean;
  word: boolean;
}

export interface Mention {
  name: string;
  type: string;
  start: number;
  end: number;
  /** Index range [first, last) in the sentence's tokens. */
  t0: number;
  t1: number;
  /** The passage's title entity (by name, pronoun or "the film"-style reference). */
  page?: boolean;
  /** The text as written when the mention was resolved to the page entity ("Ivanov"). */
  surface?: string;
  /** Found inside quotation marks ("Enter Sandman"). */
  quoted?: boolean;
}

const TOKEN_RE = /[\p{L}\p{M}\p{N}]+(?:['’\-.&][\p{L}\p{M}\p{N}]+)*\.?|[^\s\p{L}\p{M}\p{N}]/gu;
const ABBREV = /^(?:inc|ltd|co|corp|jr|sr|st|dr|mr|mrs|ms|no|vol|fl)\.$/i;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const ELIDED_CAPITAL = /^[dl]['’]\p{Lu}/u;
const INITIALS = /^(?:[\p{L}]\.)+$/u;
const YEAR_RANGE = /^(\d{3,4})([-–])(\d{2,4})$/;
const POSSESSIVE = /^(.+?)(['’]s)$/u;
const ENDS_IN_WORD = /[\p{L}\p{N}]$/u;

/** An ASCII letter or digit (the test below gives the same answer; this skips the regex). */
function asciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

export function tokenize(text: string, offset: number): Token[] {
  const out: Token[] = [];
  const push = (s: string, start: number) => {
    const first = s.charAt(0);
    const c0 = s.charCodeAt(0);
    const word = c0 < 128 ? asciiWordChar(c0) : LETTER_OR_DIGIT.test(first);
    // "d'Artagnan", "l'Orient": only a d or l followed by an apostrophe can match the pattern
    const elided = (c0 === 100 || c0 === 108) && ELIDED_CAPITAL.test(s);
    out.push({ text: s, lower: s.toLowerCase(), start, end: start + s.length, cap: word && (first !== first.toLowerCase() || elided), word });
  };
  for (const m of text.matchAll(TOKEN_RE)) {
    let s = m[0];
    // a trailing period belongs to the word only for abbreviations like "U.S." or "Inc."
    if (s.length > 1 && s.endsWith('.') && !INITIALS.test(s) && !ABBREV.test(s)) s = s.slice(0, -1);
    const start = offset + m.index;
    // "1825-1902": two years and a dash, not one word
    const c0 = s.charCodeAt(0);
    const range = c0 >= 48 && c0 <= 57 ? s.match(YEAR_RANGE) : null;
    if (range) {
      push(range[1]!, start);
      push(range[2]!, start + range[1]!.length);
      push(range[3]!, start + range[1]!.length + 1);
      continue;
    }
    // a possessive ends in "'s" or "’s"
    const poss = s.length > 2 && s.charCodeAt(s.length - 1) === 115 && (s[s.length - 2] === "'" || s[s.length - 2] === '’') ? s.match(POSSESSIVE) : null;
    if (poss && ENDS_IN_WORD.test(poss[1]!)) {
      push(poss[1]!, start);
      push(poss[2]!, start + poss[1]!.length);
    } else push(s, start);
  }
  return out;
}

const keyCache = new Map<string, string>();

/** Lower-cased, accent-free, punctuation-free form of a name (memoised: names repeat). */
export function normKey(s: string): string {
  let k = keyCache.get(s);
  if (k === undefined) {
    k = s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    if (keyCache.size > 100_000) keyCache.clear();
    keyCache.set(s, k);
  }
  return k;
}

/** The tokens [t0, t1) inside the character range [start, end) from the first token starting in it; undefined when there is none. */
export function tokenSpan(tokens: Token[], start: number, end: number): { t0: number; t1: number } | undefined {
  const t0 = tokens.findIndex((t) => t.start >= start);
  if (t0 < 0) return undefined;
  let t1 = t0;
  while (t1 < tokens.length && tokens[t1]!.end <= end) t1++;
  return t1 > t0 ? { t0, t1 } : undefined;
}
