// "Are A and B in the same state?": the place of the level asked (country, state / province /
// region, county, city) is read for each entity from its own sentences, and the two values are
// compared. compromise tags countries and regions (US states, provinces); a name followed by the
// level noun ("Jiangsu province", "Jefferson County") or after "state of" counts too.
import { loadNlp, parseOf } from '../internal/lazy-nlp.js';
import { contentTerms, nameSpans, phraseKey } from '../internal/spans.js';
import { mentions } from './comparison.js';
import type { Sent } from './types.js';

export type PlaceLevel = 'country' | 'region' | 'county' | 'city';

const LEVELS: [RegExp, PlaceLevel][] = [
  [/\bsame (?:country|nation|nationality)\b/i, 'country'],
  [/\bsame (?:state|province|region|prefecture)\b/i, 'region'],
  [/\bsame county\b/i, 'county'],
  [/\bsame (?:city|town)\b/i, 'city'],
];
const LEVEL_WORDS: Record<PlaceLevel, string> = { country: 'country|nation', region: 'state|province|region|prefecture', county: 'county|parish', city: 'city|town' };
const LEVEL_TAG: Record<PlaceLevel, string> = { country: 'Country', region: 'Region', county: '', city: 'City' };

/** The place level a "same …" question compares, if it compares one. */
export function sameLevel(query: string): PlaceLevel | undefined {
  return LEVELS.find(([re]) => re.test(query))?.[1];
}

interface TermJson {
  text: string;
  tags: string[];
  offset?: { start: number; length: number };
}

/** Places of the level in a sentence, in order: their keys. */
export function placesOfLevel(sentence: string, level: PlaceLevel): string[] {
  const words = LEVEL_WORDS[level];
  const tag = LEVEL_TAG[level];
  const terms = (parseOf(sentence).json({ offset: true }) as { terms: TermJson[] }[]).flatMap((s) => s.terms);
  const out: string[] = [];
  for (const name of nameSpans(sentence)) {
    const after = sentence.slice(name.end, name.end + 15);
    const before = sentence.slice(Math.max(0, name.start - 12), name.start);
    const inside = terms.filter((t) => t.offset && t.offset.start >= name.start && t.offset.start < name.end);
    // In the sentence or, since context can mislead the tagger ("Enid, Oklahoma" read as a
    // person's name), alone.
    const alone = (loadNlp()(name.text).json() as { terms: TermJson[] }[]).flatMap((x) => x.terms);
    const hasTag = (ts: TermJson[]) => ts.length > 0 && ts.every((t) => t.tags.includes(tag) || !/^\p{Lu}/u.test(t.text));
    const tagged = tag !== '' && (hasTag(inside) || hasTag(alone));
    const named = new RegExp(`^\\s+(?:${words})\\b`, 'i').test(after) || new RegExp(`\\b(?:${words})$`, 'i').test(name.text) || new RegExp(`\\b(?:${words}) of\\s+$`, 'i').test(before);
    if (tagged || named) out.push(phraseKey(name.text.replace(new RegExp(`\\s+(?:${words})$`, 'i'), '')));
  }
  return out.filter(Boolean);
}

/**
 * "yes" / "no" when both entities' places of the level are read, with the sentences they came
 * from; undefined when either is missing (the caller falls back to its own reading).
 */
export function compareSamePlace(entities: string[], sents: Sent[], level: PlaceLevel): { same: boolean; sent: Sent } | undefined {
  if (entities.length < 2) return undefined;
  const values = entities.slice(0, 2).map((e) => {
    const own = new Set(contentTerms(e));
    for (const s of sents.filter((x) => mentions(x, e)).slice(0, 3)) {
      // A place named by the entity itself ("Watertown" in "Watertown International Airport") is not its location.
      const place = placesOfLevel(s.text, level).find((p) => !p.split(' ').every((t) => own.has(t)));
      if (place) return { place, sent: s };
    }
    return undefined;
  });
  const [a, b] = values;
  if (!a || !b) return undefined;
  return { same: a.place === b.place, sent: a.sent };
}
