// Head nouns of class phrases ("an American actor", "a 1995 science fiction film", "the
// band Metallica") → the entity type of what they describe. Used to type the title entity from
// its defining sentence, to retype a name that a class noun introduces, and to tell an
// occupation (Person) from an instance-of class (everything else).
import { wordClasses } from './english-lexicon.js';

const WORK = ['film', 'movie', 'album', 'song', 'single', 'ep', 'novel', 'book', 'novella', 'collection', 'anthology', 'poem', 'play', 'series', 'sitcom', 'show', 'programme', 'program', 'drama', 'dramedy', 'comedy', 'documentary', 'game', 'magazine', 'newspaper', 'journal', 'opera', 'musical', 'painting', 'soundtrack', 'duet', 'episode', 'list', 'comic', 'manga', 'anime', 'franchise', 'trilogy', 'sculpture', 'treaty', 'charter', 'act', 'symphony', 'composition', 'track', 'video', 'mixtape', 'compilation', 'story', 'article', 'report', 'website', 'encyclopedia', 'dictionary', 'software', 'application', 'award'];
const ORG = ['band', 'group', 'company', 'corporation', 'firm', 'airline', 'carrier', 'team', 'club', 'school', 'university', 'college', 'academy', 'institute', 'publisher', 'label', 'party', 'organization', 'organisation', 'association', 'society', 'agency', 'network', 'channel', 'broadcaster', 'station', 'studio', 'brand', 'manufacturer', 'retailer', 'chain', 'restaurant', 'bank', 'charity', 'foundation', 'union', 'league', 'conference', 'federation', 'council', 'committee', 'court', 'ministry', 'department', 'army', 'navy', 'regiment', 'orchestra', 'choir', 'duo', 'trio', 'quartet', 'ensemble', 'dynasty', 'house', 'family', 'order', 'church', 'denomination', 'enterprise', 'conglomerate', 'subsidiary', 'franchise', 'legislature', 'parliament', 'government', 'service', 'body', 'outfit', 'supergroup', 'side'];
const PLACE = ['gmina', 'woreda', 'raion', 'tehsil', 'taluka', 'taluk', 'barangay', 'voivodeship', 'powiat', 'city', 'town', 'village', 'hamlet', 'community', 'municipality', 'county', 'district', 'region', 'province', 'state', 'country', 'nation', 'territory', 'island', 'archipelago', 'river', 'creek', 'brook', 'stream', 'lake', 'waterfall', 'falls', 'mountain', 'peak', 'hill', 'range', 'valley', 'desert', 'forest', 'park', 'reserve', 'bay', 'sea', 'ocean', 'strait', 'peninsula', 'cape', 'coast', 'beach', 'capital', 'suburb', 'neighbourhood', 'neighborhood', 'borough', 'parish', 'township', 'settlement', 'building', 'skyscraper', 'tower', 'hotel', 'stadium', 'arena', 'venue', 'theatre', 'theater', 'museum', 'library', 'castle', 'palace', 'fortress', 'fort', 'cathedral', 'temple', 'mosque', 'monastery', 'abbey', 'bridge', 'road', 'highway', 'street', 'railway', 'airport', 'port', 'harbour', 'harbor', 'site', 'landmark', 'monument', 'memorial', 'cemetery', 'mine', 'dam', 'canal', 'estate', 'farm', 'garden', 'gardens', 'square', 'arrondissement', 'commune', 'prefecture', 'canton', 'oblast', 'kingdom', 'republic', 'emirate', 'metropolis', 'area', 'locality', 'constituency', 'continent', 'watershed', 'tributary'];
const EVENT = ['outbreak', 'election', 'festival', 'olympics', 'championship', 'championships', 'tournament', 'cup', 'bowl', 'season', 'war', 'battle', 'siege', 'campaign', 'revolution', 'rebellion', 'uprising', 'massacre', 'disaster', 'earthquake', 'hurricane', 'storm', 'tornado', 'flood', 'fire', 'contest', 'competition', 'race', 'marathon', 'match', 'game', 'ceremony', 'conference', 'summit', 'expedition', 'tour', 'festival', 'fair', 'exhibition', 'event', 'incident', 'attack', 'crisis', 'scandal', 'strike', 'protest', 'referendum', 'monsoon', 'eruption', 'pandemic', 'epidemic', 'coup', 'treaty'];
const CONCEPT = ['species', 'genus', 'family', 'lizard', 'snake', 'bird', 'fish', 'mammal', 'plant', 'tree', 'flower', 'insect', 'disease', 'drug', 'word', 'term', 'method', 'algorithm', 'technique', 'theory', 'concept', 'language', 'dialect', 'religion', 'style', 'genre', 'dish', 'food', 'beverage', 'breed', 'mineral', 'chemical', 'compound', 'element', 'protein', 'gene', 'law', 'principle', 'sport', 'dance', 'instrument', 'weapon', 'vehicle', 'car', 'aircraft', 'ship', 'locomotive', 'rifle', 'model', 'spirit', 'demon', 'deity', 'god', 'goddess', 'creature', 'character', 'piece', 'form', 'system', 'process', 'movement', 'ideology', 'phenomenon', 'pattern'];
// Occupations the lexicon does not tag as agent nouns.
const PERSON = ['judoka', 'runner', 'fencer', 'rower', 'hurdler', 'racer', 'magnate', 'educator', 'footballer', 'guitarist', 'bassist', 'drummer', 'vocalist', 'pianist', 'violinist', 'cellist', 'keyboardist', 'saxophonist', 'trumpeter', 'percussionist', 'cricketer', 'rapper', 'screenwriter', 'novelist', 'lyricist', 'songwriter', 'comedian', 'filmmaker', 'executive', 'businessman', 'businesswoman', 'entrepreneur', 'politician', 'official', 'diplomat', 'jumper', 'skier', 'cyclist', 'athlete', 'sprinter', 'swimmer', 'boxer', 'wrestler', 'midfielder', 'defender', 'goalkeeper', 'forward', 'striker', 'quarterback', 'pitcher', 'end', 'tackle', 'linebacker', 'coach', 'manager', 'ace', 'pilot', 'martyr', 'saint', 'monarch', 'king', 'queen', 'prince', 'princess', 'emperor', 'empress', 'president', 'minister', 'governor', 'senator', 'mayor', 'chairman', 'chairwoman', 'ceo', 'founder', 'co-founder', 'host', 'presenter', 'anchor', 'journalist', 'columnist', 'editor', 'historian', 'philosopher', 'scientist', 'physicist', 'chemist', 'biologist', 'mathematician', 'economist', 'engineer', 'architect', 'designer', 'artist', 'sculptor', 'painter', 'photographer', 'illustrator', 'cartoonist', 'animator', 'actress', 'actor', 'singer', 'musician', 'composer', 'conductor', 'producer', 'director', 'writer', 'author', 'poet', 'playwright', 'dramatist', 'lawyer', 'judge', 'physician', 'surgeon', 'nurse', 'soldier', 'officer', 'general', 'admiral', 'commander', 'captain', 'lieutenant', 'colonel', 'major', 'sergeant', 'bishop', 'priest', 'pope', 'cardinal', 'archbishop', 'rabbi', 'imam', 'monk', 'nun', 'missionary', 'teacher', 'professor', 'lecturer', 'scholar', 'researcher', 'inventor', 'explorer', 'aviator', 'astronaut', 'model', 'dancer', 'choreographer', 'chef', 'critic', 'activist', 'spy', 'nobleman', 'noblewoman', 'heir', 'heiress', 'player', 'member', 'leader', 'frontman', 'dj', 'deejay', 'engineer', 'mixer', 'vocalist', 'progenitor', 'ruler', 'chief', 'head', 'secretary', 'ambassador', 'consul', 'judge', 'attorney', 'sheriff', 'superintendent', 'deputy', 'speaker', 'nominee', 'candidate', 'incumbent', 'rider', 'driver', 'jockey', 'golfer', 'batsman', 'bowler', 'catcher', 'shortstop', 'outfielder', 'infielder', 'guard', 'centre', 'center', 'winger', 'fullback', 'halfback', 'referee', 'umpire', 'trainer'];

const byNoun = new Map<string, string>();
for (const [list, type] of [
  [CONCEPT, 'Concept'],
  [EVENT, 'Event'],
  [PLACE, 'Place'],
  [ORG, 'Organization'],
  [WORK, 'Work'],
  [PERSON, 'Person'],
] as const)
  for (const n of list) byNoun.set(n, type);

function singular(w: string): string {
  if (byNoun.has(w)) return w;
  if (w.endsWith('ies') && byNoun.has(`${w.slice(0, -3)}y`)) return `${w.slice(0, -3)}y`;
  if (w.endsWith('es') && byNoun.has(w.slice(0, -2))) return w.slice(0, -2);
  if (w.endsWith('s') && byNoun.has(w.slice(0, -1))) return w.slice(0, -1);
  return w;
}

/** Entity type described by a class head noun ("actor" → Person, "films" → Work), if known. */
export function classTypeOf(noun: string): string | undefined {
  const w = singular(noun.toLowerCase());
  const t = byNoun.get(w);
  if (t) return t;
  if (wordClasses(w).has('agent-noun')) return 'Person';
  // "-ist", "-er" agent nouns the lexicon lacks ("synthesist", "campaigner")
  if (/(?:ist|ian)$/.test(w) && w.length > 5) return 'Person';
  return undefined;
}

/** A noun naming a person's role or profession. */
export function isOccupationNoun(noun: string): boolean {
  return classTypeOf(noun) === 'Person';
}
