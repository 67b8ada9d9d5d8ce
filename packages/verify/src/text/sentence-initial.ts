// "Guest stars in this episode include Robert De Niro": a word capitalised only because it opens
// its sentence is no evidence of a name. Used to keep such one-word answers to named questions
// ("what movie …") unsure.
import { loadNlp } from '../internal/lazy-nlp.js';

/** Whether a one-word `answer` is a common noun that each cited quote capitalises only at a sentence start. */
export function capitalisedOnlyAtSentenceStart(answer: string, quotes: readonly string[]): boolean {
  const word = answer.trim();
  if (!/^\p{Lu}\p{Ll}+$/u.test(word) || quotes.length === 0) return false;
  const lower = loadNlp()(word.toLowerCase());
  if (!lower.has('#Noun') || lower.has('#ProperNoun')) return false;
  const inside = new RegExp(`(?<![.!?]\\s+|^\\W*)\\b${word}\\b`, 'u');
  return quotes.every((q) => new RegExp(`\\b${word}\\b`, 'u').test(q) && !inside.test(q));
}
