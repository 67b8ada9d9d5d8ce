// Keyword terms with identifiers as first-class terms (the default analyzer of the BM25 index).
// Every plain word token of `tokenize` is kept, in order, so prose is indexed exactly as before
// apart from identifiers. A code identifier also yields itself whole and its camel-case parts:
//   `c.redirect()`          → c, redirect, c.redirect
//   `maxSize`               → maxsize, max, size
//   `hono/http-exception`   → hono, http, exception, hono/http-exception
//   `--coverage`            → coverage, --coverage
//   `max_size`              → max, size, max_size
// so a question that names the identifier matches it exactly (a rare, high-IDF term) while one
// that names a part still matches the part. A number written with a magnitude also yields its
// plain digits, so the ways documentation writes one quantity meet:
//   `1,000,000` / `1M` / `1 million` → 1000000      `100,000` / `100k` / `100K` → 100000 What counts as an identifier is decided from the
// run of characters alone (no corpus statistics), so the same text always gives the same terms.
import { ENGLISH_STOP_WORDS } from './stop-words.js';

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/**
 * A run of word characters joined by identifier punctuation (`.`, `/`, `:`, `#`, `-`, `_`), with
 * an optional `--`/`@` prefix: the candidates for a whole-identifier term.
 */
const RUN = /(?:--|@)?[\p{L}\p{M}\p{N}_]+(?:(?:[./:#-]|::)[\p{L}\p{M}\p{N}_]+)*/gu;
/** A lower-case letter followed by an upper-case one, or an upper-case run before a capitalised word. */
const HUMP = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
/** An upper-case letter after the first character: the only words worth splitting. */
const INNER_UPPER = /.\p{Lu}/u;

export interface KeywordTermOptions {
  /** Stop words dropped from the plain word terms (whole identifiers are never dropped). */
  stopWords?: ReadonlySet<string>;
}

/** Parts of a camel-case word (`toHaveBeenCalledWith` → to, Have, Been, Called, With); [] when it is not one. */
export function camelParts(word: string): string[] {
  // lowerCamel (`maxSize`, `vi`-style APIs) or a PascalCase name of three humps or more
  // (`HTTPException` has two and stays whole; so do `McDonald` and `YouTube`).
  if (!INNER_UPPER.test(word)) return [];
  const parts = word.split(HUMP).filter((p) => p.length > 0);
  if (parts.length < 2) return [];
  const lowerFirst = /^\p{Ll}/u.test(word) && /\p{Lu}/u.test(word);
  return lowerFirst || parts.length >= 3 ? parts : [];
}

/** Whether a run is a code identifier rather than prose punctuation (numbers, abbreviations, hyphenated words). */
function isIdentifierRun(run: string, words: readonly string[]): boolean {
  if (run.startsWith('--')) return words.length > 0;
  if (run.startsWith('@')) return run.includes('/');
  if (words.length < 2 && !run.includes('_')) return false;
  // "3.5", "2020-01-01", "1:30": numbers and dates are not identifiers.
  if (words.every((w) => /^\p{N}+$/u.test(w))) return false;
  // "U.S", "e.g", "D.C": abbreviations of single letters.
  if (words.every((w) => w.length === 1)) return false;
  // A hyphen alone joins prose words ("well-known", "Jean-Paul"); it counts only with another signal.
  return /[./:#_]/.test(run);
}

/**
 * Terms of `text` for a keyword index: the lower-cased word tokens (minus stop words), then, for
 * each identifier, its camel-case parts and the whole identifier, lower-cased.
 */
export function keywordTerms(text: string, options: KeywordTermOptions = {}): string[] {
  const stop = options.stopWords;
  const out: string[] = [];
  const keep = (t: string) => {
    if (!stop?.has(t)) out.push(t);
  };
  for (const m of text.matchAll(RUN)) {
    const run = m[0];
    const words = run.match(WORD) ?? [];
    for (const w of words) {
      keep(w.toLowerCase());
      for (const p of camelParts(w)) keep(p.toLowerCase());
    }
    if (isIdentifierRun(run, words)) out.push(run.toLowerCase());
  }
  out.push(...numberTerms(text));
  return out;
}

/** Thousands-separated numbers, and numbers with a magnitude suffix or word. */
const GROUPED = /(?<![\p{L}\p{N}.,])\p{N}{1,3}(?:,\p{N}{3})+(?![\p{L}\p{N}]|[.,]\p{N})/gu;
// Upper-case K/M/B, or a lower-case k ("10k"); a lower-case m or b is a metre, a minute, a bit.
const SUFFIXED = /(?<![\p{L}\p{N}.])(\p{N}+(?:\.\p{N}+)?)\s?([KMB]|k)(?![\p{L}\p{N}])/gu;
const WORDED = /(?<![\p{L}\p{N}.])(\p{N}+(?:\.\p{N}+)?)\s+(thousand|million|billion)\b/giu;
const MAGNITUDE: Record<string, number> = { k: 1e3, K: 1e3, M: 1e6, B: 1e9, thousand: 1e3, million: 1e6, billion: 1e9 };

/** The plain-digit terms of the numbers `text` writes with separators or magnitudes, in order. */
export function numberTerms(text: string): string[] {
  const out: { at: number; term: string }[] = [];
  for (const m of text.matchAll(GROUPED)) out.push({ at: m.index, term: m[0].replace(/,/g, '') });
  const scaled = (m: RegExpMatchArray) => {
    const value = Number(m[1]) * MAGNITUDE[m[2]!.length === 1 ? m[2]! : m[2]!.toLowerCase()]!;
    if (Number.isSafeInteger(value)) out.push({ at: m.index!, term: String(value) });
  };
  for (const m of text.matchAll(SUFFIXED)) scaled(m);
  for (const m of text.matchAll(WORDED)) scaled(m);
  return out.sort((a, b) => a.at - b.at).map((x) => x.term);
}

/**
 * The code identifiers of `text` as written (`c.redirect`, `maxSize`, `hono/http-exception`,
 * `--coverage`, `vi.mock`), in order, each once: what a question names besides its capitalised
 * phrases.
 */
export function identifierMentions(text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const push = (m: string) => {
    const key = m.toLowerCase();
    if (m && !seen.has(key)) (seen.add(key), out.push(m));
  };
  for (const m of text.matchAll(RUN)) {
    const run = m[0];
    const words = run.match(WORD) ?? [];
    if (isIdentifierRun(run, words) || (words.length === 1 && camelParts(words[0]!).length > 0 && /^\p{Ll}/u.test(run))) push(run);
  }
  return out;
}

/** `keywordTerms` with the English stop words dropped. */
export function englishKeywordTerms(text: string): string[] {
  return keywordTerms(text, { stopWords: ENGLISH_STOP_WORDS });
}
