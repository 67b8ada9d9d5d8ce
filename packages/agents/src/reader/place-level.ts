// The level of a place the question asks for. "In which country is Midway …?" is not answered by
// "Arkansas", nor "what state …" by a city: the head noun of the wh-phrase names a level (city,
// state, country), and compromise's lexicon knows the level of many place names (City, Region for
// states and provinces, Country). A name read at another level than asked loses. Countries are a
// closed set the lexicon nearly covers, so for "what country" a name read as a country gains and
// one it does not read as a country loses; cities and regions are open sets, so there neither an
// unread name nor a known one of the asked level moves (the lexicon knows Boston, not Toledo). (@rag/verify's adequacy check reads levels the same way; this is the reader's copy,
// a ranking signal rather than a verdict.)
import { loadNlp } from '../internal/lazy-nlp.js';

export type PlaceLevel = 'City' | 'Region' | 'Country';

const LEVEL_OF_HEAD: Record<string, PlaceLevel> = { city: 'City', town: 'City', state: 'Region', province: 'Region', country: 'Country', nation: 'Country' };
const LEVELS: readonly PlaceLevel[] = ['City', 'Region', 'Country'];

// Round values, the same as candidate-type.ts's MATCH and SOFT_MISMATCH (not fitted).
const SAME_LEVEL = 1.3;
const OTHER_LEVEL = 0.7;

/** The level a head noun asks for ("what state" → Region), if it names one. */
export function askedPlaceLevel(head: string | undefined): PlaceLevel | undefined {
  return head ? LEVEL_OF_HEAD[head.toLowerCase()] : undefined;
}

/** The level the lexicon reads for the whole name (every word at that one level), if any. */
export function placeLevelOf(name: string): PlaceLevel | undefined {
  const terms = (loadNlp()(name).json() as { terms: { tags: string[] }[] }[]).flatMap((s) => s.terms);
  if (terms.length === 0) return undefined;
  const levels = new Set(terms.map((t) => LEVELS.find((l) => t.tags.includes(l))));
  return levels.size === 1 ? [...levels][0] : undefined;
}

/** How well a place name's level fits the head noun's; 1 when the head names no level. */
export function placeLevelFit(head: string | undefined, name: string): number {
  const asked = askedPlaceLevel(head);
  if (!asked) return 1;
  const read = placeLevelOf(name);
  // Only for the closed set does the lexicon's knowing a name say it is the kind asked: a city it
  // knows is no likelier the answer than one it does not ("Boston" over "Toledo").
  if (read === asked) return asked === 'Country' ? SAME_LEVEL : 1;
  if (read !== undefined || asked === 'Country') return OTHER_LEVEL;
  return 1;
}
