// "Dick Humbert played for an NFL team based in what state?" answered "Philadelphia": a place,
// but a city, not a state. compromise's lexicon knows the level of many place names (City,
// Region for states and provinces, Country); when every word of the answer is read at one level
// and the question's head noun asks for another, the answer is not of the asked kind.
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

/** The level compromise reads for the whole name (every word tagged at that one level), if any. */
export function placeLevelOf(name: string): PlaceLevel | undefined {
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
