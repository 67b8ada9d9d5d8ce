// The level of a place the question asks for — one implementation for the verifier and the reader.
// "Dick Humbert played for an NFL team based in what state?" answered "Philadelphia": a place,
// but a city, not a state. compromise's lexicon knows the level of many place names (City,
// Region for states and provinces, Country); when every word of the answer is read at one level
// and the question's head noun asks for another, the answer is not of the asked kind.
import { memoByText } from '@rag/core';
import { loadNlp } from '../internal/lazy-nlp.js';

export type PlaceLevel = 'City' | 'Region' | 'Country';

const LEVEL_OF_HEAD: Record<string, PlaceLevel> = {
  city: 'City',
  town: 'City',
  state: 'Region',
  province: 'Region',
  country: 'Country',
  nation: 'Country',
};

const LEVELS: readonly PlaceLevel[] = ['City', 'Region', 'Country'];

/** The level a head noun asks for ("what state" → Region), if it names one. */
export function askedPlaceLevel(head: string | undefined): PlaceLevel | undefined {
  return head ? LEVEL_OF_HEAD[head.toLowerCase()] : undefined;
}

/** The level compromise reads for the whole name (every word tagged at that one level), if any (memoised per name). */
export const placeLevelOf = memoByText(readPlaceLevel);

function readPlaceLevel(name: string): PlaceLevel | undefined {
  const terms = (loadNlp()(name).json() as { terms: { tags: string[] }[] }[]).flatMap((s) => s.terms);
  if (terms.length === 0) return undefined;
  const levels = new Set(terms.map((t) => LEVELS.find((l) => t.tags.includes(l))));
  if (levels.size !== 1) return undefined;
  return [...levels][0];
}

/** "a city, not a state" when the answer is read at another level than the head noun asks for. */
export function placeLevelMismatch(head: string | undefined, answer: string): { asked: PlaceLevel; read: PlaceLevel } | undefined {
  const asked = askedPlaceLevel(head);
  if (!asked) return undefined;
  const read = placeLevelOf(answer);
  return read && read !== asked ? { asked, read } : undefined;
}

// Round values, the same as the reader's type-fit MATCH and SOFT_MISMATCH (not fitted).
const SAME_LEVEL = 1.3;
const OTHER_LEVEL = 0.7;

/**
 * The reader's ranking signal: how well a place name's level fits the head noun's; 1 when the
 * head names no level. Countries are a closed set the lexicon nearly covers, so for "what
 * country" a name read as a country gains and one not read as a country loses; cities and regions
 * are open sets, so there neither an unread name nor a known one of the asked level moves (the
 * lexicon knows Boston, not Toledo); a name read at another level loses.
 */
export function placeLevelFit(head: string | undefined, name: string): number {
  const asked = askedPlaceLevel(head);
  if (!asked) return 1;
  const read = placeLevelOf(name);
  if (read === asked) return asked === 'Country' ? SAME_LEVEL : 1;
  if (read !== undefined || asked === 'Country') return OTHER_LEVEL;
  return 1;
}
