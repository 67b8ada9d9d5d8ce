// The level of a place the question asks for. "In which country is Midway …?" is not answered by
// "Arkansas", nor "what state …" by a city: the head noun of the wh-phrase names a level (city,
// state, country), and compromise's lexicon knows the level of many place names (City, Region for
// states and provinces, Country); both readings are @rag/verify's (`askedPlaceLevel`,
// `placeLevelOf`), which turns a mismatch into a verdict. Here it is a ranking signal: a name read
// at another level than asked loses. Countries are a closed set the lexicon nearly covers, so for
// "what country" a name read as a country gains and one it does not read as a country loses;
// cities and regions are open sets, so there neither an unread name nor a known one of the asked
// level moves (the lexicon knows Boston, not Toledo).
import { askedPlaceLevel, placeLevelOf } from '@rag/verify';

// Round values, the same as candidate-type.ts's MATCH and SOFT_MISMATCH (not fitted).
const SAME_LEVEL = 1.3;
const OTHER_LEVEL = 0.7;

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
