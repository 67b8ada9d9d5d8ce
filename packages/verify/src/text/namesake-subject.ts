// "The Heinkel HD 56 was a reconnaissance seaplane developed in Germany in 1929" does not say when
// the Heinkel HD 23 was developed, and "… after President Chiang Ching-kuo died in 1988" (in a
// sentence about the Chiang Ching-kuo Memorial Song) does not say when Chiang Kai-shek died: a
// sentence whose subject is a namesake of a question entity — sharing its first or its last name
// word, but neither name containing the other — states the relations of that other entity. Such a
// sentence cannot anchor the answer to the question on its own; a chain through the namesake
// (with the hop that relates it to the question's entity) still can.
import { extractMentions } from './mentions.js';
import { contentTokens } from './normalize.js';
import { isClassNoun } from './expected-type.js';

const PRONOUN_START = /^\s*(?:he|she|it|they|his|her|its|their)\b/i;

/** The entity the sentence is about: the name it opens with, or its passage's subject when it opens with a pronoun. */
export function sentenceSubject(sentence: string, passageSubject: string | undefined): string | undefined {
  if (PRONOUN_START.test(sentence)) return passageSubject;
  const first = extractMentions(sentence).find((m) => m.kind !== 'number');
  if (!first || !/^\s*(?:the\s+)?$/i.test(sentence.slice(0, first.start))) return undefined;
  return first.text;
}

/** Name words of a name: content words that are not class nouns ("River", "District"). */
function nameWords(name: string): string[] {
  return contentTokens(name).filter((w) => !isClassNoun(w));
}

/**
 * The question entity the sentence's subject is a namesake of, if any (the subject is not the
 * answer, not a question entity, and shares a name word with one without either containing the other).
 */
export function namesakeOf(subject: string | undefined, entities: readonly string[], answer: string): string | undefined {
  if (!subject) return undefined;
  const s = contentTokens(subject);
  const a = new Set(contentTokens(answer));
  if (s.length === 0 || s.some((w) => a.has(w))) return undefined;
  const contains = (x: readonly string[], y: readonly string[]) => y.every((w) => x.includes(w));
  const named = entities.map((e) => ({ e, t: contentTokens(e) })).filter(({ t }) => t.length > 0);
  // The subject is (part of, or named after) a question entity: it is about that entity.
  if (named.some(({ t }) => contains(s, t) || contains(t, s))) return undefined;
  // Namesakes share the name word at the same end: "Heinkel HD 56" / "Heinkel HD 23", "Louis
  // Armstrong" / "Lil Hardin Armstrong"; "Iron Maiden" is not a namesake of "Maiden Japan".
  const sn = nameWords(subject);
  return named.find(({ e }) => {
    const en = nameWords(e);
    return sn.length > 0 && en.length > 0 && (sn[0] === en[0] || sn.at(-1) === en.at(-1));
  })?.e;
}
