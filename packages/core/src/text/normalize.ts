// Text normalisation for matching (entity names, answers, lexical checks). Never used on the
// stored text itself: offsets always point into the original document.

export interface NormalizeOptions {
  /** Lower-case (default true). */
  lowercase?: boolean;
  /** Remove diacritics via NFKD decomposition ("Beyoncé" → "Beyonce"; default true). */
  stripDiacritics?: boolean;
  /** Replace punctuation and symbols with spaces (default true). */
  stripPunctuation?: boolean;
  /** Collapse whitespace runs to one space and trim (default true). */
  collapseWhitespace?: boolean;
}

const MARKS = /\p{M}+/gu;
const PUNCT = /[\p{P}\p{S}]+/gu;
const SPACE = /\s+/gu;

/** NFKD-decompose and drop combining marks; also folds compatibility forms ("ﬁ" → "fi"). */
export function stripDiacritics(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').normalize('NFC');
}

/** Normalise text for comparison: case, diacritics, punctuation, whitespace (all on by default). */
export function normalizeText(text: string, options: NormalizeOptions = {}): string {
  let s = text;
  if (options.stripDiacritics ?? true) s = stripDiacritics(s);
  else s = s.normalize('NFC');
  if (options.lowercase ?? true) s = s.toLowerCase();
  if (options.stripPunctuation ?? true) s = s.replace(PUNCT, ' ');
  if (options.collapseWhitespace ?? true) s = s.replace(SPACE, ' ').trim();
  return s;
}

/**
 * The key names are matched by (a2rag's seed alignment, stored name indexes): lower-case,
 * diacritics folded, every run of non-letters/digits one space, trimmed. Stores that keep keys
 * record `MATCH_KEY_VERSION`; change it whenever this function changes.
 */
export function matchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
export const MATCH_KEY_VERSION = 1;
