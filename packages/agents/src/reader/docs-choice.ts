// Choice questions over technical documentation ("`toEqual` or `toStrictEqual`: which one …?",
// "Between `a` and `b`, which …?", "Which of `a` and `b` …?", "`a` vs `b`"): the options are
// the two identifiers. Read in this order:
// 1. "Which has the longer / shorter / larger … default": each option's stated default (on the
//    option's own page, the one titled by it, or a sentence naming it) compared as numbers.
// 2. A sentence naming both that contrasts them ("`b` is cheaper than `a`", "Unlike `a`, `b` …",
//    "similar to `a`, but `b` …"): the option not in the reference phrase (than / unlike /
//    similar to / instead of / rather than / compared to) is the one the sentence describes.
// 3. The options' own sentences (naming one and not the other), scored by retrieval, with the
//    clause polarity read against the question's (@rag/verify statedPolarity): a sentence that
//    negates the asked property of one option ("with `a` you are unable to call X") counts for
//    the other.
import { askedTerms, questionNegated, statedPolarity } from '@rag/verify';
import { choiceOptions } from './comparison.js';
import { docsSpans } from './docs-spans.js';
import type { TitleOf } from './next-hop.js';
import { QUESTION_WORDS, type ReadAnswer, type Sent } from './types.js';
import { squash } from './docs-identifier.js';

const CODE_PAIR = /`([^`]+)`\s*(?:,\s*)?(?:or|vs\.?|versus)\s*`([^`]+)`/i;
const CODE_AND = /\b(?:between|which\s+of|of)\s+`([^`]+)`\s*,?\s*and\s+`([^`]+)`/i;
const WORD_PAIR = /(?:^|[\s,:])([\w@./-]+)\s+(?:or|vs\.?|versus)\s+([\w@./-]+)\s*\??\s*$/i;

const strip = (s: string) => s.replace(/`/g, '').trim();

/** The two options of a docs choice question, code marks removed; undefined when it offers none. */
export function docsChoiceOptions(query: string): [string, string] | undefined {
  const code = CODE_PAIR.exec(query) ?? CODE_AND.exec(query);
  if (code) return [code[1]!.trim(), code[2]!.trim()];
  const generic = choiceOptions(query);
  if (generic) return [strip(generic[0]), strip(generic[1])];
  const words = WORD_PAIR.exec(query.trim());
  return words ? [words[1]!, words[2]!] : undefined;
}

const LONGER = /\b(?:longer|larger|bigger|higher|more|greater)\b/i;
const SHORTER = /\b(?:shorter|smaller|lower|less|fewer)\b/i;
/** Words before an option that make it the reference of a contrast, not the one described. */
const REFERENCE = /\b(?:than|unlike|similar\s+to|same\s+as|does\s+what|instead\s+of|rather\s+than|compared\s+(?:to|with)|like|over)\s*$/i;

/** The number a default value states ("`5_000`", "10,000 ms"). */
const numberOf = (text: string): number | undefined => {
  const m = /\d[\d_,]*(?:\.\d+)?/.exec(text);
  return m ? Number(m[0].replace(/[_,]/g, '')) : undefined;
};

/** An option's stated default: from a sentence of the page titled by it, else from a sentence naming it. */
function defaultOf(option: string, other: string, sents: readonly Sent[], titleOf?: TitleOf): { value: number; sent: Sent } | undefined {
  const key = squash(option);
  const own = (s: Sent) => {
    const head = titleOf?.(s.chunk.docId)?.split(/\s+[|—–]\s+/)[0];
    if (head !== undefined && squash(head) === key) return true;
    const text = squash(s.text);
    return text.includes(key) && !(squash(other).includes(key) ? text.split(squash(other)).join(' ') : text).includes(squash(other));
  };
  for (const s of sents.filter(own)) {
    const value = docsSpans(s.text).find((sp) => sp.isDefault);
    const n = value ? numberOf(value.text) : undefined;
    if (n !== undefined) return { value: n, sent: s };
  }
  return undefined;
}

/** "Which has the longer default …": the options' stated defaults compared. */
function byDefault(query: string, options: [string, string], sents: readonly Sent[], titleOf?: TitleOf): ReadAnswer | undefined {
  if (!/\bdefaults?\b/i.test(query)) return undefined;
  const want = LONGER.test(query) ? 'max' : SHORTER.test(query) ? 'min' : undefined;
  if (!want) return undefined;
  const [a, b] = [defaultOf(options[0], options[1], sents, titleOf), defaultOf(options[1], options[0], sents, titleOf)];
  if (!a || !b || a.value === b.value) return undefined;
  const pick = (a.value > b.value) === (want === 'max') ? 0 : 1;
  const alternatives = [options[pick]!, options[1 - pick]!].map((text, i) => ({ text, score: i === 0 ? 1 : 0 }));
  return { text: options[pick]!, sent: (pick === 0 ? a : b).sent, path: 'docs-choice', alternatives };
}

/** Where an option is named in a sentence (code marks and case ignored), or -1. */
function indexOfOption(text: string, option: string): number {
  const re = new RegExp(`(?<![\\w.-])\`?${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`?(?![\\w-])`, 'i');
  return re.exec(text)?.index ?? -1;
}

/** Is the option named right after a reference phrase ("unlike `a`", "similar to `a`", "than `a`")? */
const asReference = (text: string, at: number) => at >= 0 && REFERENCE.test(text.slice(Math.max(0, at - 20), at).replace(/`/g, ''));

/** A sentence naming both options and contrasting them: the index of the option it describes. */
function contrasted(s: Sent, options: [string, string]): number | undefined {
  const at = options.map((o) => indexOfOption(s.text, o));
  if (at.some((i) => i < 0)) return undefined;
  const reference = at.map((i) => asReference(s.text, i));
  if (reference[0] === reference[1]) return undefined;
  return reference[0] ? 1 : 0;
}

/**
 * Which option a sentence is about: the one it names (an option also by its last dotted part
 * written as code, `for` for `test.for`, when the parts differ); one named only as a reference
 * ("similar to `a`, but …") makes it about the other; a sentence naming neither is about the
 * option its page is titled by. undefined when none, or both without a contrast.
 */
function aboutOption(s: Sent, options: [string, string], named: (s: Sent, i: number) => boolean, titleOf?: TitleOf): { i: number; both: boolean } | undefined {
  const tails = options.map((o) => o.split('.').at(-1)!.toLowerCase());
  const codes = new Set([...s.text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.toLowerCase()));
  const names = [0, 1].map((i) => named(s, i) || (tails[0] !== tails[1] && tails[i] !== options[i]!.toLowerCase() && codes.has(tails[i]!)));
  if (names[0] && names[1]) {
    const i = contrasted(s, options);
    return i === undefined ? undefined : { i, both: true };
  }
  if (names[0] || names[1]) {
    const own = names[0] ? 0 : 1;
    return { i: asReference(s.text, indexOfOption(s.text, options[own]!)) ? 1 - own : own, both: false };
  }
  const head = titleOf?.(s.chunk.docId)?.split(/\s+[|—–]\s+/)[0];
  const key = head === undefined ? '' : squash(head);
  const titled = options.findIndex((o) => squash(o) === key);
  return titled >= 0 ? { i: titled, both: false } : undefined;
}

export function answerDocsChoice(query: string, sents: readonly Sent[], titleOf?: TitleOf): ReadAnswer | undefined {
  const options = docsChoiceOptions(query);
  if (!options) return undefined;
  const keys = options.map(squash);
  if (keys.some((k) => !k) || keys[0] === keys[1]) return undefined;
  const compared = byDefault(query, options, sents, titleOf);
  if (compared) return compared;
  // A key that contains the other ("vmForks" and "forks") must not count the longer one's mentions.
  const names = (s: Sent, i: number) => {
    const text = squash(s.text);
    const other = keys[1 - i]!;
    const cleaned = other.includes(keys[i]!) ? text.split(other).join(' ') : text;
    return cleaned.includes(keys[i]!);
  };
  const optionWords = new Set(options.flatMap((o) => askedTerms(o)));
  const terms = askedTerms(query, QUESTION_WORDS).filter((t) => !optionWords.has(t));
  const askedNegated = questionNegated(query);
  // Each option's support: its best sentence among its own (a negated one counts for the other
  // option) and the contrast sentences that describe it (weighted up: they compare the two).
  const support = [0, 0];
  const evidence: (Sent | undefined)[] = [undefined, undefined];
  const counted = [0, 0];
  for (const s of sents) {
    const about = aboutOption(s, options, names, titleOf);
    if (!about) continue;
    const { both } = about;
    let i = about.i;
    if (!both) {
      const stated = terms.length > 0 ? statedPolarity(s.text, terms) : undefined;
      if (stated && stated.cover > 0 && stated.negated !== askedNegated) i = 1 - i;
    }
    if (counted[i]! >= 3) continue;
    counted[i]! += 1;
    const weight = both ? 1.5 : 1;
    support[i] = Math.max(support[i]!, s.score * weight);
    evidence[i] ??= s;
  }
  if (!evidence[0] && !evidence[1]) return undefined;
  const pick = support[0]! >= support[1]! ? 0 : 1;
  const alternatives = options.map((text, i) => ({ text, score: support[i]! })).sort((x, y) => y.score - x.score);
  return { text: options[pick]!, sent: (evidence[pick] ?? evidence[1 - pick])!, path: 'docs-choice', alternatives };
}
