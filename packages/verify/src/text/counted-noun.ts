// What a number counts — one implementation for the verifier and the reader.
// The verdict: "How many times was he premier?" answered "four" from "the top four teams from
// the Premier League": the number counts something else. A how-many answer is established only
// when the cited sentence's number does not count a different noun than the one the question
// asks about (countsOtherNoun).
// The reader's ranking signal: "What amount of TEUs did Thessaloniki handle?" is answered by
// "273,282" of "handled 273,282 TEUs", not by "six" of "six Chess Olympiads"; "What is the
// population of Kansas?" not by "three" of "three miles east". A number followed by the counted
// noun gains, one followed by another noun loses, and a bare number is left alone unless the
// counted noun stands just before it ("a population of 682") (countFit).
import { placedTerms, taggedTerms, type TaggedTerm } from '../internal/lazy-nlp.js';

/** "stores" → "store", "TEUs" → "teu", "churches" → "church", "status" stays: a plural's singular, lower-cased letters only. */
export function singularOf(word: string): string {
  // An acronym's plural ("TEUs", "CDs") keeps no -us / -is exception.
  if (/^\p{Lu}{2,}s$/u.test(word.trim())) return word.trim().slice(0, -1).toLowerCase();
  const w = word.trim().toLowerCase().replace(/[^\p{L}]/gu, '');
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ches|shes|sses|xes|zes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}
const singular = singularOf;

/**
 * The last noun of the noun phrase starting at `from`: adjectives then nouns, at most four words;
 * a value, pronoun or date is no counted noun.
 */
function nounAfter(terms: readonly TaggedTerm[], from: number): string | undefined {
  let noun: string | undefined;
  for (let i = from; i < Math.min(terms.length, from + 4); i++) {
    const t = terms[i]!;
    if (t.tags.includes('Noun') && !t.tags.includes('Value') && !t.tags.includes('Pronoun') && !t.tags.includes('Date')) noun = t.text;
    else if (!t.tags.includes('Adjective') || noun) break;
  }
  return noun;
}

// Words that only say "a quantity of": "what amount of TEUs", "the number of stores".
const MEASURE = /^(?:amount|number|quantity|total|count)$/i;

/**
 * "what amount of TEUs did … handle" → "TEUs": a measure word ("amount", "number") names no
 * relation; the noun it measures is what the answer must count. Undefined without that form.
 */
export function measuredNoun(query: string): string | undefined {
  const terms = taggedTerms(query);
  const at = terms.findIndex((t, i) => i > 0 && MEASURE.test(t.text) && /^(?:what|which|the)$/i.test(terms[i - 1]!.text) && terms[i + 1]?.text.toLowerCase() === 'of');
  return at < 0 ? undefined : nounAfter(terms, at + 2);
}

/** "how many congressional districts …" → "districts"; undefined when the question counts nothing named. */
export function askedCountNoun(query: string): string | undefined {
  const terms = taggedTerms(query);
  const at = terms.findIndex((t, i) => t.text.toLowerCase() === 'how' && /^(?:many|much)$/i.test(terms[i + 1]?.text ?? ''));
  return at < 0 ? measuredNoun(query) : nounAfter(terms, at + 2);
}

/** Is a question's head word only a measure ("amount", "number") of some other noun? */
export function isMeasureWord(word: string): boolean {
  return MEASURE.test(word);
}

/** What the number `answer` counts in `sentence` ("four teams" → "teams"); undefined when nothing follows it. */
export function countedNoun(sentence: string, answer: string): string | undefined {
  const terms = taggedTerms(sentence);
  const a = answer.trim().toLowerCase();
  const at = terms.findIndex((t) => t.text.toLowerCase().replace(/[^\p{L}\p{N},.]/gu, '') === a);
  return at < 0 ? undefined : nounAfter(terms, at + 1);
}

/** The noun the cited number counts when it is not the one asked about ("teams" for "how many times"). */
export function countsOtherNoun(query: string, answer: string, sentence: string): string | undefined {
  const asked = askedCountNoun(query);
  const counted = countedNoun(sentence, answer);
  if (!asked || !counted) return undefined;
  return singular(asked) === singular(counted) ? undefined : counted;
}

// Round values, the same as the reader's type-fit MATCH and SOFT_MISMATCH (not fitted).
const SAME_NOUN = 1.3;
const OTHER_NOUN = 0.7;
// What a population counts.
const PEOPLE = ['people', 'person', 'inhabitant', 'resident', 'citizen', 'population'];

/**
 * The nouns a question's number counts (singular): "how many districts" / "what amount of TEUs"
 * → askedCountNoun's noun; a population counts people. Undefined when the question names none.
 */
export function askedCountNouns(query: string): string[] | undefined {
  const noun = askedCountNoun(query);
  if (noun) return [singular(noun)];
  return /\bpopulation\b/i.test(query) ? PEOPLE : undefined;
}

/** How well the number ending at `span.end` of the sentence fits the counted nouns; 1 when no noun names what it counts. */
export function countFit(asked: readonly string[] | undefined, sentence: string, span: { end: number }): number {
  if (!asked || asked.length === 0) return 1;
  const ts = placedTerms(sentence);
  // The term holding the number's last character (compromise keeps "27,340" one term).
  const at = ts.findIndex((t) => t.offset.start < span.end && t.offset.start + t.offset.length >= span.end);
  if (at < 0) return 1;
  const same = (noun: string) => asked.some((a) => a === noun || (a.length >= 6 && noun.startsWith(a.slice(0, 6))));
  const noun = nounAfter(ts, at + 1);
  if (noun) return same(singular(noun)) ? SAME_NOUN : OTHER_NOUN;
  // A bare number right after the counted noun names it: "a population of 682", "Population …
  // Total 2,913,123" (up to four words before).
  return ts.slice(Math.max(0, at - 4), at).some((t) => same(singular(t.text))) ? SAME_NOUN : 1;
}
