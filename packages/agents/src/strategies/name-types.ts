// Coarse types of the capitalised names in a sentence (person / place / organisation), from the
// `compromise` tagger's lexicon and contextual rules. The extractive answer generator uses them
// so a "who" question is answered with a person's name rather than a country or a film title.
import { memoByText } from '@rag/core';
import { parseOf } from '../internal/lazy-nlp.js';
import { phraseKey } from '../internal/spans.js';

export type NameType = 'person' | 'place' | 'organization';

export interface SentenceNameTypes {
  /** The types the tagger gave a name of the sentence (empty when it gave none). */
  typesOf(name: string): Set<NameType>;
  /** A tagged person's name strictly inside the name ("Senator Barnaby Joyce" → "Barnaby Joyce"). */
  personInside(name: string): string | undefined;
}

function keysOf(list: { out(format: 'array'): string[] }): string[] {
  return list.out('array').map(phraseKey).filter(Boolean);
}

/**
 * Tags the sentence once; `typesOf` matches a name to a tagged phrase by overlapping words.
 * Memoised per sentence (the reader and the calibrator's re-readings tag the same sentences); the
 * result holds nothing a caller can change.
 */
export const sentenceNameTypes = memoByText(nameTypesOf);

function nameTypesOf(sentence: string): SentenceNameTypes {
  const doc = parseOf(sentence);
  const people = doc.people().out('array') as string[];
  const tagged: [NameType, string[]][] = [
    ['person', keysOf(doc.people())],
    ['place', keysOf(doc.places())],
    ['organization', keysOf(doc.organizations())],
  ];
  return {
    typesOf(name) {
      const key = phraseKey(name);
      const out = new Set<NameType>();
      if (!key) return out;
      const words = new Set(key.split(' '));
      for (const [type, keys] of tagged) {
        // Same phrase, or one contains the other word for word ("Marie Curie" / "Curie").
        if (keys.some((k) => k === key || ` ${k} `.includes(` ${key} `) || ` ${key} `.includes(` ${k} `) || k.split(' ').every((w) => words.has(w)))) out.add(type);
      }
      return out;
    },
    personInside(name) {
      const key = phraseKey(name);
      for (const p of people) {
        const clean = p.replace(/[^\p{L}\p{M}\p{N}]+$/u, '').replace(/^[^\p{L}\p{M}\p{N}]+/u, '');
        const k = phraseKey(clean);
        // At least two words, so a surname alone never replaces a full name.
        // The person must end where a word of the name ends: "Kim Il" is no person inside "Kim Il-sung".
        const at = name.indexOf(clean);
        const whole = at >= 0 && !/^[-‐\p{L}\p{M}]/u.test(name.slice(at + clean.length));
        if (k && k !== key && k.includes(' ') && ` ${key} `.includes(` ${k} `) && whole) return clean;
      }
      return undefined;
    },
  };
}
