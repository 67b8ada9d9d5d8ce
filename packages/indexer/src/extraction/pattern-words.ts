// Word lists and small predicates the typed sentence patterns share (see typed-patterns.ts).
import { phraseClasses, wordClasses } from './english-lexicon.js';
import type { Mention, Token } from './sentence-tokens.js';

export const COPULA = new Set(['is', 'was', 'are', 'were']);
export const DETS = new Set(['a', 'an', 'the']);
export const COMPASS = new Set(['northern', 'southern', 'eastern', 'western', 'central', 'northeastern', 'northwestern', 'southeastern', 'southwestern', 'north', 'south', 'east', 'west', 'upper', 'lower', 'coastal', 'rural']);
/** "northern", "north-west", "south-eastern": a compass word qualifying a place. */
export const isCompass = (w: string) => COMPASS.has(w) || /^(?:north|south)-?(?:east|west)(?:ern)?$/.test(w);
/** Class nouns that before a name are not its class: "its foundation AEPV", "the capital Kraków" (capital_of is read elsewhere). */
export const NOT_A_CLASS = new Set(['house', 'foundation', 'capital', 'home', 'seat', 'branch', 'division', 'side']);
/** Words between a copula and "member": "is a founding member of", "was an active member of". */
export const MEMBER_QUALIFIERS = new Set(['founding', 'former', 'original', 'active', 'current', 'longtime', 'permanent', 'honorary', 'full', 'associate', 'senior', 'also', 'now', 'still', 'once', 'elected', 'non-permanent', 'one', 'of']);
/** Class nouns of recordings: "an album by X" / "the album of X" names the performer. */
export const RECORDING = new Set(['song', 'single', 'album', 'ep', 'duet', 'track', 'mixtape', 'record']);
/** "the seventh studio album", "its twenty-first single": an ordinal before the class phrase. */
export const ORDINAL = /^(?:(?:twenty|thirty|forty|fifty)-)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)$/;
/** Written parts of a work whose writer counts as its author. */
export const WRITING = new Set(['screenplay', 'teleplay', 'libretto', 'lyrics', 'script', 'story']);
export const BECOME = new Set(['became', 'becomes', 'remains', 'remained']);
export const NP_STOP = new Set(['of', 'in', 'on', 'at', 'by', 'for', 'from', 'with', 'to', 'who', 'which', 'that', 'or', 'but', 'as', 'where', 'when', 'whose', 'first', 'originally', 'best', 'known', 'based', 'located', 'situated', 'founded', 'since', 'until', 'whom', 'is', 'was', 'are', 'were', 'has', 'had', 'have', 'its', 'their', 'his', 'her', 'than', 'between', 'during', 'after', 'before', 'within', 'about', 'into', 'through', 'under', 'over', 'along', 'near']);
export const GENRE_WORDS = new Set(['comedy', 'drama', 'horror', 'thriller', 'science', 'sci-fi', 'fantasy', 'crime', 'medical', 'action', 'romance', 'romantic', 'documentary', 'animated', 'musical', 'rock', 'pop', 'metal', 'hip', 'jazz', 'country', 'folk', 'punk', 'synthpop', 'electronic', 'indie', 'alternative', 'soul', 'blues', 'reggae', 'neo-noir', 'noir', 'western', 'mystery', 'adventure', 'superhero', 'satirical', 'biographical', 'historical', 'psychological', 'political', 'teen', 'slasher', 'dance', 'rap', 'gospel', 'classical', 'heavy', 'grunge', 'techno', 'house', 'disco', 'funk', 'emo', 'hardcore', 'post-rock', 'psychedelic', 'progressive', 'dramedy', 'sitcom', 'soap', 'war', 'spy', 'martial', 'zombie', 'disaster', 'sports', 'family', 'children', "children's"]);
export const GENRE_HEADS = new Set(['film', 'films', 'movie', 'movies', 'series', 'drama', 'dramedy', 'album', 'song', 'single', 'band', 'group', 'novel', 'game', 'show', 'sitcom', 'comedy', 'music', 'duo']);

export const KIN = new Set(['son', 'sons', 'daughter', 'daughters', 'brother', 'brothers', 'sister', 'sisters', 'father', 'mother', 'wife', 'husband', 'parent', 'parents', 'child', 'children', 'grandson', 'granddaughter', 'grandfather', 'grandmother', 'uncle', 'aunt', 'nephew', 'niece', 'cousin', 'heir', 'heiress', 'widow', 'widower', 'villain', 'hero', 'protagonist', 'character']);
export const PASSIVE: Record<string, string> = { directed: 'director', 'co-directed': 'director', written: 'author', composed: 'author', created: 'author', authored: 'author', penned: 'author', produced: 'producer', published: 'publisher', distributed: 'publisher', founded: 'founded_by', 'co-founded': 'founded_by', established: 'founded_by', formed: 'founded_by', voiced: 'performer', performed: 'performer', sung: 'performer', recorded: 'performer', owned: 'owned_by', operated: 'owned_by' };
export const ACTIVE: Record<string, string> = { directed: 'director', directing: 'director', 'co-directed': 'director', 'co-directing': 'director', wrote: 'author', writing: 'author', 'co-wrote': 'author', composed: 'author', produced: 'producer', producing: 'producer', 'co-produced': 'producer', recorded: 'performer', sang: 'performer' };
export const CREDIT: Record<string, string> = { producer: 'producer', director: 'director', writer: 'author', author: 'author', composer: 'author', screenwriter: 'author', creator: 'author', star: 'performer', host: 'performer' };
/** Words that can open a verb, credit, alias or role frame (see the loop in sentenceFacts). */
export const TRIGGER_LIST = [
  '(', 'released', 'published', 'premiered', 'aired', 'issued', 'founded', 'established', 'formed', 'opened', 'created', 'co-founded', 'incorporated', 'launched', 'started',
  'born', 'died', 'd', 'b', 'located', 'situated', 'lies', 'held', 'set', 'based', 'headquartered', 'member', 'plays', 'played', 'playing', 'signed',
  'son', 'daughter', 'father', 'mother', 'married', 'wife', 'husband', 'brother', 'brothers', 'sister', 'sisters', 'educated', 'studied', 'graduated', 'alumnus',
  'won', 'received', 'awarded', 'earned', 'capital', 'known', 'stage', 'called', 'titled', 'named', 'credited', 'renamed', 'name',
  'portrayed', 'starred', 'appeared', 'role', 'roles', 'cast', 'guest-starred', 'co-starred', 'starring', 'stars', 'featuring',
  'licensed', 'attended', 'affiliated', 'screenplay', 'teleplay', 'libretto', 'lyrics', 'script', 'story', 'consists', 'consisted', 'comprises', 'comprised', 'consisting',
  'place', 'occurred', 'built', 'constructed', 'completed', 'part', 'tributary', 'subsidiary', 'division',
  'borders', 'bordering', 'bordered', 'flows', 'flowed', 'flowing', 'empties', 'emptied', 'emptying', 'drains', 'discharges',
];
/** Words that may stand between "X is" / "X, " and a part noun: "X is now an integral part of Y". */
export const PART_FILLER = new Set(['a', 'an', 'the', 'also', 'now', 'still', 'once', 'formerly', 'later', 'integral', 'constituent', 'major', 'main', 'western', 'eastern', 'northern', 'southern', 'central', 'small', 'large', 'important']);
export const PART_NOUNS = new Set(['part', 'tributary', 'subsidiary', 'division']);
export const PART_VERBS = new Set(['is', 'was', 'are', 'were', 'became', 'becomes', 'become', 'remains', 'remained', 'forms', 'formed', 'form', 'been']);
export const TRIGGERS = new Set([...TRIGGER_LIST, ...Object.keys(PASSIVE), ...Object.keys(ACTIVE), ...Object.keys(CREDIT)]);
export const FOUNDER = new Set(['founder', 'co-founder', 'cofounder', 'progenitor', 'founders', 'co-founders']);
export const isTyped = (m: Mention) => m.type !== 'Date';
export const named = (m: Mention) => isTyped(m) && m.type !== 'Nationality';
export const place = (m: Mention) => m.type === 'Place' || m.type === 'Entity';
export const agent = (m: Mention) => m.type === 'Person' || m.type === 'Organization' || m.type === 'Entity';
export const org = (m: Mention) => m.type === 'Organization' || m.type === 'Entity';
export const fits = (m: Mention, types: readonly string[]) => m.type === 'Entity' || m.type === 'Nationality' || types.includes(m.type);

export function locRel(head: Mention | undefined, y: Mention): string {
  return isCountry(y) && head?.type === 'Place' ? 'country' : 'located_in';
}

export function isAcronymOf(short: string, long: string): boolean {
  const initials = long.split(/[\s-]+/).filter((w) => /^[\p{Lu}]/u.test(w)).map((w) => w.charAt(0)).join('');
  return short.replace(/[^\p{Lu}]/gu, '') === initials || (short.length >= 2 && initials.startsWith(short.replace(/[^\p{Lu}]/gu, '')));
}

export function isCountry(m: Mention): boolean {
  const n = m.name.replace(/^the\s+/i, '');
  return phraseClasses(n).has('country') || (!n.includes(' ') && wordClasses(n).has('country')) || /^(?:U\.S\.|U\.S\.A\.|USA|UK|U\.K\.)$/.test(n);
}

/** Index just after an alias trigger starting at token k, or -1. */
export function aliasTrigger(tokens: Token[], k: number): number {
  const w = (i: number) => tokens[i]?.lower ?? '';
  if (w(k) === 'known' && w(k + 1) === 'as') return k > 0 && ['also', 'better', 'formerly', 'simply', 'commonly', 'now', 'variously', 'sometimes', 'professionally', 'later', 'originally', ','].includes(w(k - 1)) || tokens[k - 1]?.text === '(' || w(k - 1) === 'be' ? k + 2 : -1;
  if (w(k) === 'stage' && w(k + 1) === 'name') return k + 2;
  if ((w(k) === 'called' || w(k) === 'titled' || w(k) === 'named') && ['also', 'sometimes', 'originally', 'often', 'formerly', 'first', 'initially', 'later'].includes(w(k - 1))) return k + 1;
  if (w(k) === 'published' && w(k + 1) === 'as') return k + 2;
  if (w(k) === 'credited' && w(k + 1) === 'simply' && w(k + 2) === 'as') return k + 3;
  if (w(k) === 'credited' && w(k + 1) === 'as') return k + 2;
  if (w(k) === 'renamed') return k + 1;
  if (w(k) === 'name' && w(k + 1) === 'to' && ['its', 'their', 'his', 'her'].includes(w(k - 1))) return k + 2;
  if (w(k) === 'from' && w(k - 1) === 'changed' && w(k - 2) === 'was' && w(k - 3) === 'name') return -1;
  // "(Polish: Niezależna …", "(English: Co-Brothers)"
  if (tokens[k - 1]?.text === '(' && tokens[k]?.cap && tokens[k + 1]?.text === ':' && (wordClasses(tokens[k]!.text).has('demonym') || /(?:ish|ese|ian|ic|an)$/.test(w(k)))) return k + 2;
  return -1;
}
