// How well a number read from a docs sentence answers the quantity a question asks for
// ("How large is a store of 1M passages?", "How long does a cold ask take?", "How many workers
// does the pool start?"). Three signals, each read from the question's own words:
// - the sentence states the question's phrase ("1M passages" as a number with its noun, or any
//   two of its content words in a row): the figure of that sentence is about the thing asked, not
//   a figure of a neighbouring one;
// - a rate ("5.96 KB per passage", "6.1 KB/entry") answers "how large is one X" or "… per X",
//   not the size of the whole thing; a memory figure ("22.4 GB peak RSS", "11 GB of heap")
//   answers "how much memory", not how large a thing is on disk — and the other way round;
// - "how many X": a number followed by another noun than X (verify's countFit) loses; a count
//   gets no bonus for stating X, as every count of X does.
import { askedCountNouns, countFit } from '@rag/verify';
import { contentTerms } from '../internal/spans.js';

/** A figure of another sort than asked (a rate, a memory figure) keeps this share of its score (round value). */
export const OTHER_SORT = 0.5;
/** The question's phrase stated in the sentence raises a figure's score by up to this share (round value). */
const PHRASE_BONUS = 1;

const RATE_AFTER = /^\s*(?:\/\s*\w+|per\s+\w+|each\b|an?\s+(?:passage|entry|item|row|file|request|call|test|second|minute|hour|day)\b)/i;
const RATE_ASKED = /\bper\b|\beach\b|\bevery\b|\ba single\b|\bone\s+\w+\s*\??$|\baverage\b/i;
const MEMORY = /\b(?:RSS|heap|memory|RAM)\b/i;
const MEMORY_ASKED = /\b(?:RSS|heap|memory|RAM)\b/i;
// A figure's own clause: up to a comma, semicolon, colon, parenthesis or dash on either side.
const CLAUSE_MARK = /[,;:()[\]—–]|\s-\s/;

/** The words of the clause the span stands in (the span itself excluded). */
function ownClause(text: string, start: number, end: number): { before: string; after: string } {
  const head = text.slice(0, start);
  const marks = [...head.matchAll(new RegExp(CLAUSE_MARK.source, 'g'))];
  const from = marks.length > 0 ? marks[marks.length - 1]!.index! + 1 : 0;
  const tail = text.slice(end);
  const stop = tail.search(CLAUSE_MARK);
  return { before: head.slice(from), after: stop < 0 ? tail : tail.slice(0, stop) };
}

/** Is the figure at [start, end) a rate: "per X", "/X", "each" right after it (or inside its unit)? */
export function isRate(text: string, start: number, end: number): boolean {
  return /\/\s*[a-z]+$/i.test(text.slice(start, end)) || RATE_AFTER.test(text.slice(end));
}

/** Does the figure's own clause say it measures memory ("peak RSS 21.5 GB", "13.9 KB of live memory")? */
export function isMemoryFigure(text: string, start: number, end: number): boolean {
  const { before, after } = ownClause(text, start, end);
  const near = `${before.split(/\s+/).slice(-3).join(' ')} ${after.split(/\s+/).slice(0, 5).join(' ')}`;
  return MEMORY.test(near);
}

// Words that only ask for a quantity ("how large", "how many") say nothing of what is measured.
const QUANTITY_WORD = /^(?:large|big|small|long|much|many|size|fast|slow|heavy)$/;
const askedTerms = (query: string) => contentTerms(query).filter((t) => !QUANTITY_WORD.test(t));

/** Adjacent content-word pairs of the question ("1m passages", "store 1m"), quantity words left out. */
function questionPairs(query: string): string[] {
  const terms = askedTerms(query);
  const out: string[] = [];
  for (let i = 0; i + 1 < terms.length; i++) out.push(`${terms[i]} ${terms[i + 1]}`);
  return out;
}

/** Share of the question's word pairs the sentence states in a row (stems: "passage" ~ "passages"). */
export function phraseShare(query: string, sentence: string): number {
  const pairs = questionPairs(query).map(stemPair);
  if (pairs.length === 0) return 0;
  const terms = contentTerms(sentence).map((t) => t.replace(/s$/, ''));
  const said = new Set<string>();
  for (let i = 0; i + 1 < terms.length; i++) said.add(`${terms[i]} ${terms[i + 1]}`);
  return pairs.filter((p) => said.has(p)).length / pairs.length;
}

const stemPair = (pair: string) =>
  pair
    .split(' ')
    .map((t) => t.replace(/s$/, ''))
    .join(' ');

/** Is the word right after the number at `end` one of the question's words ("6,000 entries")? */
function countsAskedNoun(query: string, text: string, end: number): boolean {
  const next = /^\s*([\p{L}][\p{L}-]*)/u.exec(text.slice(end))?.[1];
  if (!next) return false;
  const stem = (t: string) => t.toLowerCase().replace(/s$/, '');
  return askedTerms(query).some((t) => stem(t) === stem(next));
}

export interface QuantityAsk {
  query: string;
  /** The question asks for one X's share ("per passage", "each"). */
  rateAsked: boolean;
  /** The question asks about memory. */
  memoryAsked: boolean;
  /** "how many X": the counted nouns (singular). */
  counted?: string[];
}

export function quantityAsk(query: string): QuantityAsk {
  const counted = /\bhow\s+many\b|\b(?:number|amount|count)\s+of\b/i.test(query) ? askedCountNouns(query) : undefined;
  return { query, rateAsked: RATE_ASKED.test(query), memoryAsked: MEMORY_ASKED.test(query), ...(counted ? { counted } : {}) };
}

/** Words a lead-in label ("- 1M passages (issue #14): …", "Cold start: …") may have at most (round value). */
const LEAD_WORDS = 10;

/**
 * A figure's own text: the clause it stands in (up to a semicolon or a sentence's end; inside a
 * table, within its cell), with the lead-in label of its sentence or cell when one opens it
 * ("- 1M passages: … 5,962 MB"). A long sentence or table cell states many figures, each of its
 * own thing; the question's phrase must be stated with the figure, not elsewhere in the cell.
 * Offsets are shifted into the returned text.
 */
export function ownText(sentence: string, start: number, end: number): { text: string; start: number; end: number; cell: boolean } {
  let from = 0;
  let stop = sentence.length;
  const lineFrom = sentence.lastIndexOf('\n', start - 1) + 1;
  const lineStop = sentence.indexOf('\n', end);
  const cell = /^\s*\|/.test(sentence.slice(lineFrom, lineStop < 0 ? undefined : lineStop));
  if (cell) {
    // A table row: the figure's cell.
    from = Math.max(lineFrom, sentence.lastIndexOf('|', start - 1) + 1);
    const bar = sentence.indexOf('|', end);
    stop = Math.min(lineStop < 0 ? sentence.length : lineStop, bar < 0 ? sentence.length : bar);
  }
  const unit = sentence.slice(from, stop);
  const colon = unit.search(/:\s/);
  const lead = colon > 0 && unit.slice(0, colon).trim().split(/\s+/).length <= LEAD_WORDS && from + colon < start ? unit.slice(0, colon + 1) : '';
  const head = sentence.slice(from + lead.length, start);
  const marks = [...head.matchAll(/;|\.\s/g)];
  const clauseFrom = from + lead.length + (marks.length > 0 ? marks[marks.length - 1]!.index! + marks[marks.length - 1]![0].length : 0);
  const tail = sentence.slice(end, stop);
  const clauseStop = tail.search(/;|\.\s/);
  const clauseEnd = clauseStop < 0 ? stop : end + clauseStop;
  const text = `${lead} ${sentence.slice(clauseFrom, clauseEnd)}`;
  const shift = lead.length + 1 - clauseFrom;
  return { text, start: start + shift, end: end + shift, cell };
}

/** Share of the question's asked words a text states (stems). */
function termShare(query: string, text: string): number {
  const asked = [...new Set(askedTerms(query).map((t) => t.replace(/s$/, '')))];
  if (asked.length === 0) return 1;
  const said = new Set(contentTerms(text).map((t) => t.replace(/s$/, '')));
  return asked.filter((t) => said.has(t)).length / asked.length;
}

/**
 * The factor a number or quantity span of `sentence` at [start, end) gets for a quantity
 * question: the question's phrase in the figure's own text raises it; a table cell that states
 * fewer of the question's words than its table lowers it; a rate or memory figure of another
 * sort than asked, a number counting another noun, or a bare number counting the thing asked
 * about when a size or time is asked, lowers it.
 */
export function quantityFactor(ask: QuantityAsk, sentence: string, spanStart: number, spanEnd: number, bareForUnit = false): number {
  const own = ownText(sentence, spanStart, spanEnd);
  const { start, end } = own;
  const whole = termShare(ask.query, sentence);
  // A count ("how many X") is only checked against what it counts: the question's phrase holds the
  // counted noun, which any count of X states (measured on realdocs-vitest: the bonus picked a count
  // of the same noun from another page).
  if (ask.counted) return Math.min(1, countFit(ask.counted, own.text, { end }));
  let f = (1 + PHRASE_BONUS * phraseShare(ask.query, own.text)) * (own.cell && whole > 0 ? Math.min(1, termShare(ask.query, own.text) / whole) : 1);
  if (isRate(own.text, start, end) !== ask.rateAsked) f *= OTHER_SORT;
  if (isMemoryFigure(own.text, start, end) !== ask.memoryAsked) f *= OTHER_SORT;
  // A bare number followed by a word of the question, when a size or a time is asked, counts the
  // thing asked about ("6,000 entries" for "how large is a cache of 10k entries"), not its size.
  if (bareForUnit && countsAskedNoun(ask.query, own.text, end)) f *= OTHER_SORT;
  return f;
}
