// Stage 1 of entity resolution: a comparison key that ignores case, punctuation,
// diacritics, honorifics and a leading article ("Dr. Marie Curie" ≡ "marie curie").
import { acronymLetters } from '@rag/core';

const ASCII = /^[\x00-\x7f]*$/;
const HONORIFICS = /^(?:mr|mrs|ms|miss|dr|prof|professor|sir|dame|lord|lady|rev|reverend|hon|st|saint|mx)\.?\s+/i;

export function normalizeEntityName(name: string): string {
  // ASCII has no decompositions and no combining marks: most names skip those two passes
  let s = (ASCII.test(name) ? name : name.normalize('NFKD').replace(/\p{M}+/gu, ''))
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/u, '')
    .trim();
  let prev;
  do {
    prev = s;
    s = s.replace(HONORIFICS, '').replace(/^the\s+/, '');
  } while (s !== prev);
  return s
    .replace(/['’]s\b/g, '')
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const ACRONYM_SKIP = new Set(['of', 'the', 'and', 'for', 'in', 'on', 'at', 'de', 'la', 'du', '&']);
const MAX_SKIP_LENGTH = Math.max(...[...ACRONYM_SKIP].map((w) => w.length));

/** "National Aeronautics and Space Administration" → "nasa" (connectors skipped). */
export function initialsOf(name: string): string {
  return initialsOfKey(normalizeEntityName(name));
}

/** The initials of an already normalised name (`initialsOf(name) === initialsOfKey(normalizeEntityName(name))`). */
export function initialsOfKey(key: string): string {
  // the first code unit of each word that is not a connector, read in place (the resolver's name
  // index derives initials at every lookup of its initials table)
  let out = '';
  for (let start = 0; start <= key.length; ) {
    const space = key.indexOf(' ', start);
    const end = space < 0 ? key.length : space;
    if (end > start && (end - start > MAX_SKIP_LENGTH || !ACRONYM_SKIP.has(key.slice(start, end)))) out += key[start];
    start = end + 1;
  }
  return out;
}

/** An all-capitals token of 2–6 letters ("NASA", "U.S.A."), as its lower-case letters. */
export function asAcronym(name: string): string | undefined {
  return acronymLetters(name.replace(/\./g, ''), { version: false });
}
