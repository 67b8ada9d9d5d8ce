// Type a name from its own words: parenthetical qualifiers, honorifics, organisation / place /
// event suffixes, then compromise's English lexicon (first names, surnames, places, countries,
// organisations). What none of these decide stays "Entity"; context (a class noun before the
// name, the relation it fills, the passage's defining sentence) types it later.
import { classTypeOf } from './class-nouns.js';
import { phraseClasses, wordClasses } from './english-lexicon.js';

export const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'sir', 'dame', 'lord', 'lady', 'king', 'queen', 'prince', 'princess', 'president', 'senator', 'general', 'captain', 'saint', 'st', 'pope', 'professor', 'prof', 'rev', 'judge', 'emperor', 'duke', 'count']);
export const ORG_SUFFIX = new Set(['inc', 'inc.', 'ltd', 'llc', 'plc', 'corp', 'corporation', 'company', 'co', 'group', 'university', 'college', 'institute', 'school', 'academy', 'association', 'society', 'party', 'band', 'records', 'studios', 'studio', 'entertainment', 'pictures', 'games', 'fc', 'f.c', 'f.c.', 'club', 'team', 'league', 'council', 'committee', 'agency', 'department', 'ministry', 'bank', 'foundation', 'museum', 'church', 'airlines', 'airways', 'press', 'publishing', 'network', 'orchestra', 'army', 'navy', 'force', 'union', 'organization', 'organisation', 'federation', 'commission', 'court', 'hospital', 'railway', 'motors', 'conference', 'division', 'brands', 'restaurants', 'international', 'industries', 'media', 'records', 'house', 'parliament', 'assembly', 'senate', 'congress', 'corps', 'brigade', 'regiment', 'detachment', 'squadron', 'tv', 'radio', 'channel', 'magazine', 'times', 'post', 'herald']);
export const PLACE_SUFFIX = new Set(['river', 'mountain', 'mountains', 'mount', 'lake', 'island', 'islands', 'county', 'city', 'town', 'village', 'state', 'province', 'district', 'street', 'avenue', 'road', 'bay', 'valley', 'sea', 'ocean', 'park', 'region', 'kingdom', 'republic', 'peninsula', 'desert', 'forest', 'coast', 'borough', 'parish', 'square', 'bridge', 'airport', 'station', 'castle', 'palace', 'stadium', 'arena', 'hall', 'prefecture', 'municipality', 'township', 'canton', 'oblast', 'territory', 'falls', 'creek', 'brook', 'highway', 'fortress', 'gardens', 'garden', 'shield', 'site', 'cathedral', 'tower', 'hotel', 'empire', 'wing', 'arrondissement', 'heights', 'hills', 'harbour', 'harbor', 'beach', 'canal', 'gulf', 'strait', 'plateau', 'basin', 'glacier', 'volcano', 'reservoir', 'dam', 'library', 'courthouse', 'shelf', 'waterfalls', 'preserve', 'ridge', 'abbey', 'trail', 'cemetery', 'lighthouse', 'monastery', 'fjord', 'lagoon', 'caves', 'area', 'voivodeship', 'governorate', 'oblast', 'krai']);
export const EVENT_SUFFIX = new Set(['olympics', 'war', 'battle', 'championship', 'championships', 'cup', 'bowl', 'season', 'election', 'outbreak', 'festival', 'contest', 'tournament', 'revolution', 'rebellion', 'crisis', 'massacre', 'summit', 'expo', 'series', 'open', 'grand prix', 'marathon', 'draft', 'qualification', 'reformation', 'monsoon', 'tour', 'awards', 'ceremony']);
const WORK_HINT = /\((?:[^)]*\b(?:film|movie|album|song|single|novel|book|play|series|tv series|video game|game|opera|musical|magazine|newspaper|poem|painting|ep|soundtrack)\b[^)]*)\)\s*$/i;
const PERSON_HINT = /\((?:[^)]*\b(?:actor|actress|singer|musician|footballer|politician|writer|author|director|player|rapper|painter|composer|poet|boxer|wrestler|coach|producer|journalist|cricketer|athlete|businessman|scientist|filmmaker|mythology)\b[^)]*)\)\s*$/i;
const ORG_HINT = /\((?:[^)]*\b(?:band|company|group|club|team|party|organization|organisation|label|automobile)\b[^)]*)\)\s*$/i;
const PLACE_HINT = /\((?:[^)]*\b(?:city|town|village|river|county|state|country|island|region|district|mountain|lake|province)\b[^)]*)\)\s*$/i;

/** Type a name from its words: honorifics, suffixes, then the lexicon's name lists. */
export function guessType(name: string): string {
  const hint = name.match(/\(([^)]*)\)\s*$/);
  if (hint) {
    if (WORK_HINT.test(name)) return 'Work';
    if (ORG_HINT.test(name)) return 'Organization';
    if (PLACE_HINT.test(name)) return 'Place';
    if (PERSON_HINT.test(name) && !/mythology/i.test(hint[1]!)) return 'Person';
  }
  const bare = name.replace(/\([^)]*\)\s*$/, '').trim();
  // "Salt Gap, Texas", "Chapel Hill, North Carolina": a place qualified by its region
  const comma = bare.match(/^[^,]+(?:,\s*[^,]+)*,\s*([^,]+)$/);
  if (comma && (wordClasses(comma[1]!).has('place') || phraseClasses(comma[1]!).has('place'))) return 'Place';
  const words = bare.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Entity';
  if (/^\d{4}\b/.test(bare) && words.length > 1) {
    // "1986 Aloha Bowl", "1932 Deep South tornado outbreak", "2020 Summer Olympics"
    const lastWord = words[words.length - 1]!.toLowerCase();
    if (EVENT_SUFFIX.has(lastWord) || lastWord === 'games' || classTypeOf(lastWord) === 'Event') return 'Event';
  }
  if (words.length > 1) {
    const whole = phraseClasses(bare);
    if (whole.has('place')) return 'Place';
    if (whole.has('organization')) return 'Organization';
    if (whole.has('person')) return 'Person';
  }
  const first = words[0]!.toLowerCase().replace(/\.$/, '');
  const last = words[words.length - 1]!.toLowerCase().replace(/\.$/, '');
  if (HONORIFICS.has(first) && words.length > 1) return 'Person';
  if (words.length > 1 && EVENT_SUFFIX.has(last)) return 'Event';
  // "Acme Records", "University of Paris", "Bank of England"
  if (ORG_SUFFIX.has(last) || ORG_SUFFIX.has(`${last}.`) || (words.length > 2 && words.slice(0, -1).some((w) => ORG_SUFFIX.has(w.toLowerCase())) && /\bof\b/i.test(name))) return 'Organization';
  if (PLACE_SUFFIX.has(last) || (words.length > 1 && PLACE_SUFFIX.has(first) && /\bof\b/i.test(name))) return 'Place';
  const c0 = wordClasses(words[0]!);
  const cl = wordClasses(words[words.length - 1]!);
  if (words.length === 1) {
    if (c0.has('place')) return 'Place';
    if (c0.has('organization')) return 'Organization';
    if (c0.has('person') || c0.has('person-last')) return 'Person';
    if (c0.has('demonym')) return 'Nationality';
    // an acronym: "CBS", "OECD", "NFL"
    if (/^\p{Lu}{2,6}$/u.test(words[0]!)) return 'Organization';
    return 'Entity';
  }
  if (c0.has('place') && words.length === 2 && (cl.has('place') || wordClasses(words[1]!).size === 0)) return 'Place';
  if (c0.has('organization') || cl.has('organization')) return 'Organization';
  if (words.length <= 4 && (c0.has('person-first') || c0.has('person')) && !cl.has('place') && /^[\p{Lu}]/u.test(words[words.length - 1]!)) return 'Person';
  if (words.length <= 3 && cl.has('person-last') && !c0.has('place')) return 'Person';
  if (c0.has('place') && cl.has('place')) return 'Place';
  // two to four capitalised words none of which is a common English word: a personal name
  // ("Konstantin Vakulovsky", "Jung Seok-won", "Relangi Narasimha Rao")
  if (
    words.length <= 4 &&
    words.every((w) => /^[\p{Lu}][\p{L}'’.-]*$/u.test(w)) &&
    words.every((w) => {
      const c = wordClasses(w.replace(/\.$/, ''));
      return c.size === 0 || c.has('person-first') || c.has('person-last') || c.has('honorific');
    })
  )
    return 'Person';
  return 'Entity';
}

/** A document title without its trailing qualifier: "Inception (film)" → "Inception". */
export function stripTitle(title: string): string {
  return title.replace(/\s*\([^)]*\)\s*$/, '').trim();
}
