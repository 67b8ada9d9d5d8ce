// "Guest stars in this episode include Robert De Niro", "Founded in 1770 by …": a word capitalised
// only because it opens its sentence is no evidence of a name. Keeps such one-word answers to
// named questions ("what movie …") unsure, and such words out of the bridges between sentences.
import { loadNlp } from '../internal/lazy-nlp.js';

const COMMON = ['#Verb', '#Adjective', '#Adverb', '#Preposition', '#Conjunction', '#Determiner', '#Pronoun'];

/**
 * Whether `word`, lower-cased, reads as an ordinary word (a verb, an adjective, a common noun …)
 * rather than a name. The tagger calls any word it does not know a noun ("volbeat"), so a noun
 * counts only when its lexicon knows the word (or its singular); verbs, adjectives … are read
 * from the word's form ("founded").
 */
function isCommonWord(word: string): boolean {
  const low = word.toLowerCase();
  const lower = loadNlp()(low);
  if (lower.has('#ProperNoun')) return false;
  if (COMMON.some((t) => lower.has(t))) return true;
  const lexicon = (loadNlp() as unknown as { model(): { one: { lexicon: Record<string, unknown> } } }).model().one.lexicon;
  return lower.has('#Noun') && [low, low.replace(/s$/, '')].some((w) => lexicon[w] !== undefined);
}

/** Whether a one-word `name` is a common word that each of `sentences` capitalises only at a sentence start. */
export function capitalisedOnlyAtSentenceStart(name: string, sentences: readonly string[]): boolean {
  const word = name.trim();
  if (!/^\p{Lu}\p{Ll}+$/u.test(word) || sentences.length === 0) return false;
  const inside = new RegExp(`(?<![.!?]\\s+|^\\W*)\\b${word}\\b`, 'u');
  const present = new RegExp(`\\b${word}\\b`, 'u');
  // The cheap position test first: the tagger runs only for a word found at sentence starts alone.
  return sentences.every((s) => present.test(s) && !inside.test(s)) && isCommonWord(word);
}
