// Acronyms in a question against the words they stand for in a passage: users write "GPLv3",
// "GFDL" or "MPL" where a licence, policy or manual spells out "General Public License", "GNU
// Free Documentation License", "Mozilla Public License". A2RAG's coverage gate and the lexical
// checks count such a mention as found where a passage spells it out.

/** Small words that a spelled-out name may hold without giving them a letter ("Bill of Rights"). */
const SKIPPED = new Set(['of', 'and', 'for', 'the', 'to', 'on', 'in', 'a', 'an', '&']);

const CAPITALS = /^(\p{Lu}{2,6})$/u;
const CAPITALS_AND_VERSION = /^(\p{Lu}{2,6})(?:[\s-]?v?\d+(?:\.\d+)*)?$/u;

/**
 * The letters of an acronym mention, lower-cased, or undefined when it is none: two to six
 * capitals, by default optionally with a version after them ("GPL", "GPLv3", "LGPL-2.1",
 * "MPL 2.0"); `{ version: false }` takes the capitals alone (the indexer's entity resolver).
 */
export function acronymLetters(mention: string, options: { version?: boolean } = {}): string | undefined {
  const m = (options.version === false ? CAPITALS : CAPITALS_AND_VERSION).exec(mention.trim());
  return m ? m[1]!.toLowerCase() : undefined;
}

/**
 * True when `text` holds a run of capitalised words whose initials spell `letters` (small
 * connecting words skipped; each hyphenated part of a word counts as a word: "Attribution-
 * ShareAlike" → a, s). `letters` as from `acronymLetters`.
 */
export function spellsOut(text: string, letters: string): boolean {
  const words = text.match(/[\p{L}\p{N}&]+/gu) ?? [];
  for (let i = 0; i < words.length; i++) {
    let k = 0;
    for (let j = i; j < words.length && k < letters.length; j++) {
      const w = words[j]!;
      if (/^\p{Lu}/u.test(w) && w[0]!.toLowerCase() === letters[k]) k += 1;
      else if (k > 0 && SKIPPED.has(w.toLowerCase())) continue;
      else break;
    }
    if (k === letters.length) return true;
  }
  return false;
}

/**
 * Does a word token (as name detectors read them, a final full stop included) end its sentence?
 * It ends with a full stop and is no abbreviation: "U.S.", "e.g." have an inner stop; "St.",
 * "Dr.", "Inc.", "J." are at most three letters. "GPLv3." and "License." end their sentence.
 */
export function tokenEndsSentence(token: string): boolean {
  if (!token.endsWith('.')) return false;
  const body = token.slice(0, -1);
  return !body.includes('.') && body.replace(/[^\p{L}]/gu, '').length > 3;
}
