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

export function tokenize(text: string, offset: number): Token[] {
  const out: Token[] = [];
  const push = (s: string, start: number) => {
    const first = s.charAt(0);
    const word = /[\p{L}\p{N}]/u.test(first);
    out.push({ text: s, lower: s.toLowerCase(), start, end: start + s.length, cap: word && (first !== first.toLowerCase() || /^[dl]['’]\p{Lu}/u.test(s)), word });
  };
  for (const m of text.matchAll(TOKEN_RE)) {
    let s = m[0];
    // a trailing period belongs to the word only for abbreviations like "U.S." or "Inc."
    if (s.length > 1 && s.endsWith('.') && !/^(?:[\p{L}]\.)+$/u.test(s) && !ABBREV.test(s)) s = s.slice(0, -1);
    const start = offset + m.index;
    // "1825-1902": two years and a dash, not one word
    const range = s.match(/^(\d{3,4})([-–])(\d{2,4})$/);
    if (range) {
      push(range[1]!, start);
      push(range[2]!, start + range[1]!.length);
      push(range[3]!, start + range[1]!.length + 1);
      continue;
    }
    const poss = s.match(/^(.+?)(['’]s)$/u);
    if (poss && /[\p{L}\p{N}]$/u.test(poss[1]!)) {
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
