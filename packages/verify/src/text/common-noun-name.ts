// "the long running TV crime series": a one-word "name" that the tagger's lexicon knows as an
// ordinary noun (TV, CEO, Film) and that its own sentence does not read as a name identifies
// nothing, so it cannot link a sentence to a question entity ("TV" is not "MTV"). A word the
// lexicon does not know (most surnames, "Damerjog") is left to be a name.
import { loadNlp, taggedTerms } from '../internal/lazy-nlp.js';

const NAME_TAGS = ['ProperNoun', 'Person', 'Place', 'Organization'];
const NOUN_TAGS = new Set(['Noun', 'Singular', 'Plural', 'Uncountable', 'Actor']);

/** Whether a one-word `name` is, in `sentence`, a common noun of the lexicon rather than a name. */
export function isCommonNounInSentence(name: string, sentence: string): boolean {
  const word = name.trim();
  if (/\s/.test(word) || word.length === 0) return false;
  const lexicon = (loadNlp() as unknown as { model(): { one: { lexicon: Record<string, string | undefined> } } }).model().one.lexicon;
  const known = lexicon[word.toLowerCase()];
  if (known === undefined || !NOUN_TAGS.has(known)) return false;
  const term = taggedTerms(sentence).find((t) => t.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') === word);
  return term !== undefined && term.tags.includes('Noun') && !NAME_TAGS.some((t) => term.tags.includes(t));
}
