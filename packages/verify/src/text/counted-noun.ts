// "How many times was he premier?" answered "four" from "the top four teams from the Premier
// League": the number counts something else. A how-many answer is established only when the
// cited sentence's number does not count a different noun than the one the question asks about.
import { taggedTerms, type TaggedTerm } from '../internal/lazy-nlp.js';

/** "stores" → "store", "TEUs" → "teu": a plural's singular, lower-cased (crude, for comparing counted nouns). */
export const singularOf = (w: string) => w.trim().toLowerCase().replace(/(?:ies)$/, 'y').replace(/(?:es|s)$/, '');
const singular = singularOf;

/** The last noun of the noun phrase starting at `from` (adjectives and nouns, at most four words). */
function nounAfter(terms: readonly TaggedTerm[], from: number): string | undefined {
  let noun: string | undefined;
  for (let i = from; i < Math.min(terms.length, from + 4); i++) {
    const t = terms[i]!;
    if (t.tags.includes('Noun') && !t.tags.includes('Value')) noun = t.text;
    else if (!t.tags.includes('Adjective')) break;
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
