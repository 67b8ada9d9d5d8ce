// What a number counts. "What amount of TEUs did Thessaloniki handle?" is answered by "273,282"
// of "handled 273,282 TEUs", not by "six" of "six Chess Olympiads"; "What is the population of
// Kansas?" not by "three" of "three miles east". The question names the counted noun ("how many
// X", "the number / amount / total of X"; a population counts people); a number followed by that
// noun gains, one followed by another noun (a unit, another thing counted) loses, and a bare
// number is left alone unless the counted noun stands just before it ("a population of 682").
// The counted noun is read by @rag/verify's `askedCountNoun`, which the adequacy check uses for
// its verdict; this file is the reader's ranking signal.
import { askedCountNoun } from '@rag/verify';
import { loadNlp } from '../internal/lazy-nlp.js';

interface Term {
  text: string;
  tags: string[];
  offset: { start: number; length: number };
}

// Round values, the same as candidate-type.ts's MATCH and SOFT_MISMATCH (not fitted).
const SAME_NOUN = 1.3;
const OTHER_NOUN = 0.7;
// What a population counts.
const PEOPLE = ['people', 'person', 'inhabitant', 'resident', 'citizen', 'population'];

function terms(text: string): Term[] {
  return (loadNlp()(text).json({ offset: true }) as { terms: Term[] }[]).flatMap((s) => s.terms);
}

function singular(word: string): string {
  const w = word.toLowerCase().replace(/[^\p{L}]/gu, '');
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** The last noun of the noun phrase from `from` on (adjectives and nouns, at most four words). */
function nounFrom(ts: readonly Term[], from: number): string | undefined {
  let noun: string | undefined;
  for (let i = from; i < Math.min(ts.length, from + 4); i++) {
    const t = ts[i]!;
    const isNoun = t.tags.includes('Noun') && !t.tags.includes('Value') && !t.tags.includes('Pronoun') && !t.tags.includes('Date');
    if (isNoun) noun = t.text;
    else if (!t.tags.includes('Adjective') || noun) break;
  }
  return noun ? singular(noun) : undefined;
}

/**
 * The nouns a question's number counts: "how many districts" / "what amount of TEUs" → @rag/verify's
 * `askedCountNoun` (the verdict reads the same noun); a population counts people. Undefined when
 * the question names none.
 */
export function askedCountNouns(query: string): string[] | undefined {
  const noun = askedCountNoun(query);
  if (noun) return [singular(noun)];
  return /\bpopulation\b/i.test(query) ? PEOPLE : undefined;
}

/** How well the number at `span` of the sentence fits the counted nouns; 1 when no noun names what it counts. */
export function countFit(asked: readonly string[] | undefined, sentence: string, span: { end: number }): number {
  if (!asked || asked.length === 0) return 1;
  const ts = terms(sentence);
  // The term holding the number's last character (compromise keeps "27,340" one term).
  const at = ts.findIndex((t) => t.offset.start < span.end && t.offset.start + t.offset.length >= span.end);
  if (at < 0) return 1;
  const same = (noun: string) => asked.some((a) => a === noun || (a.length >= 6 && noun.startsWith(a.slice(0, 6))));
  const noun = nounFrom(ts, at + 1);
  if (noun) return same(noun) ? SAME_NOUN : OTHER_NOUN;
  // A bare number right after the counted noun names it: "a population of 682", "Population …
  // Total 2,913,123" (up to four words before).
  return ts.slice(Math.max(0, at - 4), at).some((t) => same(singular(t.text))) ? SAME_NOUN : 1;
}
