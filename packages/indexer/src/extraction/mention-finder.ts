// Mentions of one sentence: dates, quoted titles ("Enter Sandman" → Work) and capitalised
// name spans joined by connectors ("University of Oxford"). Noise never becomes a mention:
// sentence-initial or mid-sentence common words ("Century", "However"), possessive endings,
// identifier fragments (NOT_FOUND, foo.Bar, a/B) and all-capital common words ("INVALID").
import { wordClasses } from './english-lexicon.js';
import { guessType, ORG_SUFFIX } from './entity-typing.js';
import type { Mention, Token } from './sentence-tokens.js';

const CONNECTORS = new Set(['of', 'de', 'du', 'da', 'del', 'della', 'der', 'den', 'von', 'van', 'la', 'le', 'les', 'di', 'y', 'al', 'bin', 'ibn', 'ap', 'upon', 'on', 'the', 'and', '&']);
// "and"/"on"/"the" only bridge when the phrase is clearly one organisation name
const WEAK_CONNECTORS = new Set(['and', 'on', 'the', '&', 'upon']);
const BRIDGE_SUFFIX = new Set(['records', 'company', 'group', 'society', 'association', 'studios', 'sons', 'partners', 'brothers', 'co', 'inc']);
const LEADING_DROP = new Set(['the', 'a', 'an']);
export const PRONOUNS = new Set(['he', 'she', 'it', 'they', 'his', 'her', 'its', 'their']);
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
const DATE_RE = new RegExp(
  `\\b(?:(?:${MONTHS})\\.?\\s+\\d{1,2}(?:[–-]\\d{1,2})?,?\\s+\\d{3,4}|\\d{1,2}\\s+(?:${MONTHS})\\.?\\s+\\d{3,4}|(?:${MONTHS})\\.?\\s+\\d{4}|(?:1[0-9]|20)\\d{2}s?)\\b`,
  'g',
);
const OPEN_QUOTE = /"|“|``/g;

/** Quoted titles. A quote pair whose content is not a title (`", "` between two titles) is
 * skipped without consuming the closing mark, so `"Batman", "", "Gunsmoke"` yields both titles. */
function quotedSpans(text: string): { start: number; text: string }[] {
  const out: { start: number; text: string }[] = [];
  OPEN_QUOTE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = OPEN_QUOTE.exec(text))) {
    const open = m[0];
    const close = open === '“' ? '”' : open === '``' ? "''" : '"';
    const from = m.index + open.length;
    const end = text.indexOf(close, from);
    if (end < 0 || end - from > 120) continue;
    const raw = text.slice(from, end);
    const inner = raw.trim();
    if (inner && /^[\p{Lu}\p{N}]/u.test(inner) && inner.split(/\s+/).length <= 12) {
      out.push({ start: from + raw.indexOf(inner), text: inner.replace(/[,.]$/, '') });
      OPEN_QUOTE.lastIndex = end + close.length;
    } else OPEN_QUOTE.lastIndex = open === '"' ? end : end + close.length;
  }
  return out;
}
// Before a lone month or weekday name, words that make it part of a date ("in April", "from
// early March to May"); after it, a number or a range word does ("April 20", "June to September").
const DATE_LEAD = new Set(['in', 'early', 'late', 'mid', 'from', 'to', 'until', 'till', 'since', 'between', 'and', 'through', 'of', 'during', 'each', 'every', 'last', 'next', 'by', 'on', 'or', '(', ',', '–', '-']);
const DATE_TAIL = new Set(['to', 'and', 'or', 'through', 'until', '–', '-', ')', ',']);
/** Number words and unit abbreviations written capitalised ("One of …" inside a quote, "FM", "MHz"). */
const NOT_NAMES = new Set(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'first', 'second', 'third', 'fm', 'am', 'mw', 'kw', 'mhz', 'khz', 'ghz', 'erp', 'haat', 'gdp']);
const TIME_WORDS = new Set(['century', 'centuries', 'decade', 'decades', 'year', 'years', 'era', 'age', 'period', 'month', 'months', 'week', 'weeks', 'day', 'days', 'millennium']);
const IDENT_GLUE = /[_/\\=<>{}[\]#@$|~^*+]/;

function isKnownName(t: Token): boolean {
  const c = wordClasses(t.text);
  return c.has('person-first') || c.has('person-last') || c.has('place') || c.has('organization') || c.has('person');
}

function isCommonWord(t: Token): boolean {
  const c = wordClasses(t.text);
  if (isKnownName(t)) return false;
  return c.has('function') || c.has('adverb') || c.has('verb') || c.has('adjective') || c.has('noun') || c.has('month');
}

/** Glued to code punctuation without a space: a fragment of an identifier, not a name. */
function isIdentifierFragment(text: string, startInSentence: number, endInSentence: number): boolean {
  const before = text.charAt(startInSentence - 1);
  const after = text.charAt(endInSentence);
  // "British Rail/National Rail": a slash between two title-case words separates two names
  const titleSlash = (left: string, right: string) => /\p{Lu}\p{Ll}+$/u.test(left) && /^\p{Lu}\p{Ll}/u.test(right);
  const glued = (c: string, left: string, right: string) => c !== '' && IDENT_GLUE.test(c) && !(c === '/' && titleSlash(left, right));
  return (
    glued(before, text.slice(0, startInSentence - 1), text.slice(startInSentence)) ||
    glued(after, text.slice(0, endInSentence), text.slice(endInSentence + 1)) ||
    (before === '.' && /\w/.test(text.charAt(startInSentence - 2)))
  );
}

function tokenRange(tokens: Token[], start: number, end: number): [number, number] | undefined {
  const t0 = tokens.findIndex((t) => t.start >= start);
  if (t0 < 0) return undefined;
  let t1 = t0;
  while (t1 < tokens.length && tokens[t1]!.end <= end) t1++;
  return t1 > t0 ? [t0, t1] : undefined;
}

/** Find named mentions, quoted titles and dates in one sentence. */
export function findMentions(tokens: Token[], sentenceText: string, sentenceStart: number): Mention[] {
  const mentions: Mention[] = [];
  const taken = new Set<number>();
  for (const q of quotedSpans(sentenceText)) {
    const start = sentenceStart + q.start;
    const end = start + q.text.length;
    const r = tokenRange(tokens, start, end);
    if (!r) continue;
    for (let k = r[0]; k < r[1]; k++) taken.add(k);
    mentions.push({ name: q.text, type: 'Work', start, end, t0: r[0], t1: r[1], quoted: true });
  }
  for (const m of sentenceText.matchAll(DATE_RE)) {
    const start = sentenceStart + m.index;
    const r = tokenRange(tokens, start, start + m[0].length);
    if (!r || taken.has(r[0])) continue;
    for (let k = r[0]; k < r[1]; k++) taken.add(k);
    mentions.push({ name: m[0], type: 'Date', start, end: start + m[0].length, t0: r[0], t1: r[1] });
  }
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (!t.cap || taken.has(i)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < tokens.length && !taken.has(j)) {
      const n = tokens[j]!;
      if (n.cap) {
        j++;
        continue;
      }
      // "Men's Studies Press", "Arby's Restaurant Group": a possessive inside an organisation name
      if ((n.text === "'s" || n.text === '’s') && tokens[j + 1]?.cap) {
        let e = j + 1;
        while (e < tokens.length && tokens[e]!.cap && !taken.has(e)) e++;
        if (ORG_SUFFIX.has(tokens[e - 1]!.lower)) {
          j = e;
          continue;
        }
        break;
      }
      // connectors ("of", "de", "von") bridge two capitalised parts: "University of Oxford"
      if (CONNECTORS.has(n.lower) && tokens[j + 1]?.cap && !taken.has(j + 1)) {
        if (WEAK_CONNECTORS.has(n.lower) && n.lower !== 'the' && !BRIDGE_SUFFIX.has(tokens[j + 1]!.lower)) break;
        // "Lee Roy Selmon of Oklahoma" is a person and a place, not one name
        if (n.lower === 'of' && j - i >= 2 && guessType(sentenceText.slice(t.start - sentenceStart, tokens[j - 1]!.end - sentenceStart)) === 'Person') break;
        j += 2;
        continue;
      }
      break;
    }
    let a = i;
    // sentence-initial or lexicon function words ("The", "In", "However") are not names
    // a sentence-initial capitalised common word is dropped when it stands alone ("Tornadoes
    // affected …", "Situated in …") or is a function word ("In Mississippi"), not inside a longer name ("Salt Gap")
    while (a < j && (LEADING_DROP.has(tokens[a]!.lower) || (a === 0 && ((isCommonCapitalised(tokens[a]!) && (j - a === 1 || wordClasses(tokens[a]!.text).has('function'))) || ((/(?:ed|ly|ing)$/.test(tokens[a]!.lower) || tokens[a]!.lower === 'born') && !isKnownName(tokens[a]!) && (j - a === 1 || tokens[a + 1]?.lower === 'in')))))) a++;
    let b = j;
    while (b > a && CONNECTORS.has(tokens[b - 1]!.lower)) b--;
    if (b > a) {
      const start = tokens[a]!.start;
      const end = tokens[b - 1]!.end;
      const name = sentenceText.slice(start - sentenceStart, end - sentenceStart);
      const only = b - a === 1 ? tokens[a]! : undefined;
      const skip =
        isIdentifierFragment(sentenceText, start - sentenceStart, end - sentenceStart) ||
        (only &&
          (only.text.length < 2 ||
            PRONOUNS.has(only.lower) ||
            /^\d+$/.test(only.text) ||
            // an all-capital common word ("NOT", "INVALID") or a capitalised time word ("Century")
            // is not a name; other capitalised words mid-sentence are ("Nirvana", "Congress")
            (/^\p{Lu}{2,}$/u.test(only.text) && isCommonWord(only)) ||
            TIME_WORDS.has(only.lower) ||
            NOT_NAMES.has(only.lower) ||
            (wordClasses(only.text).has('month') && (DATE_LEAD.has(tokens[a - 1]?.lower ?? '') || DATE_TAIL.has(tokens[a + 1]?.lower ?? '') || /^\d/.test(tokens[a + 1]?.text ?? ''))) ||
            (a === 0 && (/ly$/.test(only.lower) || tokens[a + 1]?.text === ',') && !isKnownName(only))));
      if (!skip) mentions.push({ name, type: guessType(name), start, end, t0: a, t1: b });
    }
    i = j;
  }
  return mentions.sort((x, y) => x.start - y.start);
}


function isCommonCapitalised(t: Token): boolean {
  if (isKnownName(t)) return false;
  const c = wordClasses(t.text);
  return c.has('function') || c.has('adverb') || c.has('verb') || c.has('adjective') || (c.has('noun') && !/^\p{Lu}{2,}/u.test(t.text));
}
