// Typed relations of one sentence, read from its structure rather than from word windows:
//  - copular and appositive frames: "X is/was a [Demonym] [date] NP (, NP and NP)" → occupation
//    (person class nouns) or instance_of, nationality, released_on, genre; "X, the NP of Y,";
//  - a class noun introducing a name: "bassist Jung Seok-won", "the band Metallica", "the ABC
//    medical drama "Grey's Anatomy"" → type, occupation, nationality, genre, publisher;
//  - verb frames for the schema's relations ("directed by", "founded in 1984", "born 2 April
//    1930 in London", "plays for", "son of", "also known as", …) with lists of tails;
//  - place chains "Salt Gap, McCulloch County, Texas" → located_in / country.
// Every pattern checks the types of both ends against the relation schema of @rag/core; a name
// the lexicon could not type ("Entity") takes the type its slot requires.
import { relationSpec } from '@rag/core';
import { classTypeOf } from './class-nouns.js';
import { wordClasses, phraseClasses } from './english-lexicon.js';
import { normKey, type Mention, type Token } from './sentence-tokens.js';

export interface TypedFact {
  head: Mention;
  relation: string;
  tail: Mention;
}

export interface SentenceContext {
  tokens: Token[];
  mentions: Mention[];
  /** The passage's title entity, if any. */
  page?: Mention;
  /** Raw sentence text and its absolute start offset. */
  text: string;
  start: number;
}

const COPULA = new Set(['is', 'was', 'are', 'were']);
const DETS = new Set(['a', 'an', 'the']);
const COMPASS = new Set(['northern', 'southern', 'eastern', 'western', 'central', 'northeastern', 'northwestern', 'southeastern', 'southwestern', 'north', 'south', 'east', 'west', 'upper', 'lower', 'coastal', 'rural']);
/** "northern", "north-west", "south-eastern": a compass word qualifying a place. */
const isCompass = (w: string) => COMPASS.has(w) || /^(?:north|south)-?(?:east|west)(?:ern)?$/.test(w);
/** Class nouns that before a name are not its class: "its foundation AEPV", "the capital Kraków" (capital_of is read elsewhere). */
const NOT_A_CLASS = new Set(['house', 'foundation', 'capital', 'home', 'seat', 'branch', 'division', 'side']);
/** Words between a copula and "member": "is a founding member of", "was an active member of". */
const MEMBER_QUALIFIERS = new Set(['founding', 'former', 'original', 'active', 'current', 'longtime', 'permanent', 'honorary', 'full', 'associate', 'senior', 'also', 'now', 'still', 'once', 'elected', 'non-permanent', 'one', 'of']);
/** Class nouns of recordings: "an album by X" / "the album of X" names the performer. */
const RECORDING = new Set(['song', 'single', 'album', 'ep', 'duet', 'track', 'mixtape', 'record']);
/** "the seventh studio album", "its twenty-first single": an ordinal before the class phrase. */
const ORDINAL = /^(?:(?:twenty|thirty|forty|fifty)-)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)$/;
/** Written parts of a work whose writer counts as its author. */
const WRITING = new Set(['screenplay', 'teleplay', 'libretto', 'lyrics', 'script', 'story']);
const BECOME = new Set(['became', 'becomes', 'remains', 'remained']);
const NP_STOP = new Set(['of', 'in', 'on', 'at', 'by', 'for', 'from', 'with', 'to', 'who', 'which', 'that', 'or', 'but', 'as', 'where', 'when', 'whose', 'first', 'originally', 'best', 'known', 'based', 'located', 'situated', 'founded', 'since', 'until', 'whom', 'is', 'was', 'are', 'were', 'has', 'had', 'have', 'its', 'their', 'his', 'her', 'than', 'between', 'during', 'after', 'before', 'within', 'about', 'into', 'through', 'under', 'over', 'along', 'near']);
const GENRE_WORDS = new Set(['comedy', 'drama', 'horror', 'thriller', 'science', 'sci-fi', 'fantasy', 'crime', 'medical', 'action', 'romance', 'romantic', 'documentary', 'animated', 'musical', 'rock', 'pop', 'metal', 'hip', 'jazz', 'country', 'folk', 'punk', 'synthpop', 'electronic', 'indie', 'alternative', 'soul', 'blues', 'reggae', 'neo-noir', 'noir', 'western', 'mystery', 'adventure', 'superhero', 'satirical', 'biographical', 'historical', 'psychological', 'political', 'teen', 'slasher', 'dance', 'rap', 'gospel', 'classical', 'heavy', 'grunge', 'techno', 'house', 'disco', 'funk', 'emo', 'hardcore', 'post-rock', 'psychedelic', 'progressive', 'dramedy', 'sitcom', 'soap', 'war', 'spy', 'martial', 'zombie', 'disaster', 'sports', 'family', 'children', "children's"]);
const GENRE_HEADS = new Set(['film', 'films', 'movie', 'movies', 'series', 'drama', 'dramedy', 'album', 'song', 'single', 'band', 'group', 'novel', 'game', 'show', 'sitcom', 'comedy', 'music', 'duo']);

const KIN = new Set(['son', 'sons', 'daughter', 'daughters', 'brother', 'brothers', 'sister', 'sisters', 'father', 'mother', 'wife', 'husband', 'parent', 'parents', 'child', 'children', 'grandson', 'granddaughter', 'grandfather', 'grandmother', 'uncle', 'aunt', 'nephew', 'niece', 'cousin', 'heir', 'heiress', 'widow', 'widower', 'villain', 'hero', 'protagonist', 'character']);
const PASSIVE: Record<string, string> = { directed: 'director', 'co-directed': 'director', written: 'author', composed: 'author', created: 'author', authored: 'author', penned: 'author', produced: 'producer', published: 'publisher', distributed: 'publisher', founded: 'founded_by', 'co-founded': 'founded_by', established: 'founded_by', formed: 'founded_by', voiced: 'performer', performed: 'performer', sung: 'performer', recorded: 'performer', owned: 'owned_by', operated: 'owned_by' };
const ACTIVE: Record<string, string> = { directed: 'director', directing: 'director', 'co-directed': 'director', 'co-directing': 'director', wrote: 'author', writing: 'author', 'co-wrote': 'author', composed: 'author', produced: 'producer', producing: 'producer', 'co-produced': 'producer', recorded: 'performer', sang: 'performer' };
const CREDIT: Record<string, string> = { producer: 'producer', director: 'director', writer: 'author', author: 'author', composer: 'author', screenwriter: 'author', creator: 'author', star: 'performer', host: 'performer' };
/** Words that can open a verb, credit, alias or role frame (see the loop in sentenceFacts). */
const TRIGGER_LIST = [
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
const PART_FILLER = new Set(['a', 'an', 'the', 'also', 'now', 'still', 'once', 'formerly', 'later', 'integral', 'constituent', 'major', 'main', 'western', 'eastern', 'northern', 'southern', 'central', 'small', 'large', 'important']);
const PART_NOUNS = new Set(['part', 'tributary', 'subsidiary', 'division']);
const PART_VERBS = new Set(['is', 'was', 'are', 'were', 'became', 'becomes', 'become', 'remains', 'remained', 'forms', 'formed', 'form', 'been']);
const TRIGGERS = new Set([...TRIGGER_LIST, ...Object.keys(PASSIVE), ...Object.keys(ACTIVE), ...Object.keys(CREDIT)]);
const FOUNDER = new Set(['founder', 'co-founder', 'cofounder', 'progenitor', 'founders', 'co-founders']);
const isTyped = (m: Mention) => m.type !== 'Date';
const named = (m: Mention) => isTyped(m) && m.type !== 'Nationality';
const place = (m: Mention) => m.type === 'Place' || m.type === 'Entity';
const agent = (m: Mention) => m.type === 'Person' || m.type === 'Organization' || m.type === 'Entity';
const org = (m: Mention) => m.type === 'Organization' || m.type === 'Entity';
const fits = (m: Mention, types: readonly string[]) => m.type === 'Entity' || m.type === 'Nationality' || types.includes(m.type);

/** Collects the typed facts of one sentence. */
export function sentenceFacts(ctx: SentenceContext): TypedFact[] {
  const { tokens, mentions } = ctx;
  const out: TypedFact[] = [];
  const byStart = new Map<number, Mention>();
  for (const m of mentions) if (!byStart.has(m.t0)) byStart.set(m.t0, m);
  const lower = (k: number) => tokens[k]?.lower ?? '';

  const emit = (head: Mention | undefined, relation: string, tail: Mention | undefined) => {
    if (!head || !tail || head === tail || head.type === 'Nationality') return;
    if (head.name === tail.name && head.type === tail.type) return;
    const spec = relationSpec(relation);
    if (spec) {
      if (!fits(head, spec.head) || !fits(tail, spec.tail)) return;
      // a name nothing could type takes the type its slot requires
      if (head.type === 'Entity' || head.type === 'Nationality') head.type = spec.head[0]!;
      if (tail.type === 'Entity' || (tail.type === 'Nationality' && !spec.tail.includes('Concept'))) tail.type = spec.tail[0]!;
      if (tail.type === 'Nationality') tail.type = 'Concept';
    }
    out.push({ head, relation, tail });
  };
  const concept = (name: string, t0: number, t1: number): Mention => ({ name, type: 'Concept', start: tokens[t0]!.start, end: tokens[t1 - 1]!.end, t0, t1 });
  /** "sci-fi drama series" → "sci-fi drama"; "heavy metal band" → "heavy metal"; "horror films" → "horror films". */
  const genreConcept = (words: Token[]): Mention => {
    let end = words.length;
    if (['series', 'show', 'band', 'group', 'duo', 'music'].includes(words[end - 1]!.lower)) while (end > 1 && !GENRE_WORDS.has(words[end - 1]!.lower)) end--;
    let begin = 0;
    while (begin < end - 1 && !GENRE_WORDS.has(words[begin]!.lower) && !wordClasses(words[begin]!.text).has('adjective')) begin++;
    const kept = words.slice(begin, end);
    return concept(kept.map((w) => w.lower).join(' '), tokens.indexOf(kept[0]!), tokens.indexOf(kept[kept.length - 1]!) + 1);
  };

  /** The mention starting at token k (after one determiner or quote mark). */
  const mentionAt = (k: number): Mention | undefined => {
    let i = k;
    while (i < tokens.length && (DETS.has(lower(i)) || tokens[i]!.text === '"' || tokens[i]!.text === '“' || tokens[i]!.text === '`')) i++;
    return byStart.get(i);
  };
  /** First mention starting within `gap` tokens of k, stopping at clause punctuation. */
  const mentionWithin = (k: number, gap: number, ok: (m: Mention) => boolean = isTyped): Mention | undefined => {
    for (let i = k; i < tokens.length && i <= k + gap; i++) {
      const m = byStart.get(i);
      if (m && ok(m)) return m;
      if (m) i = m.t1 - 1;
      const t = tokens[i]!.text;
      if (t === ';' || t === ':' || t === ')' || (t === ',' && i > k)) return undefined;
    }
    return undefined;
  };
  /** m plus the mentions listed after it: "A, B and C", "A & B". */
  const listFrom = (m: Mention): Mention[] => {
    const list = [m];
    let cur = m;
    for (;;) {
      let k = cur.t1;
      while (k < tokens.length && [',', 'and', '&', '"', '”', "''", 'as', 'well'].includes(lower(k)) && k < cur.t1 + 4) k++;
      if (k === cur.t1) break;
      // "the Timor Sea, the Arafura Sea and the Gulf of Carpentaria"
      if (lower(k) === 'the' && k > cur.t1 && !byStart.has(k)) k++;
      const next = byStart.get(k);
      if (!next || next.type === 'Date') break;
      list.push(next);
      cur = next;
    }
    return list;
  };
  /** Another name of x. When either side is the page, the other becomes a page reference too. */
  const linkAlias = (x: Mention, y: Mention) => {
    if (y.page && !x.page) [x, y] = [y, x];
    const alias: Mention = { ...y, name: y.surface ?? y.name, page: false, type: x.type };
    if (normKey(alias.name) === normKey(x.page ? (x.surface ?? x.name) : x.name) && !(x.page && y.page)) return;
    if (x.page && y.page && normKey(alias.name) === normKey(x.name)) return;
    if (x.page && !y.page) {
      y.page = true;
      y.type = x.type;
    }
    emit(x, 'alias', alias);
  };
  /** Nearest mention left of token k whose type fits, within the sentence. */
  const depth: number[] = [];
  for (let i = 0, d = 0; i < tokens.length; i++) {
    if (tokens[i]!.text === '(') d++;
    depth.push(d);
    if (tokens[i]!.text === ')') d = Math.max(0, d - 1);
  }
  const leftOf = (k: number, types: readonly string[]): Mention | undefined => {
    const framed = frameEnds.get(k) ?? (tokens[k - 1]?.text === ',' ? frameEnds.get(k - 1) : undefined);
    if (framed && (types.includes(framed.type) || framed.type === 'Entity')) return framed;
    for (let i = mentions.length - 1; i >= 0; i--) {
      const m = mentions[i]!;
      if (m.t1 > k || m.type === 'Date' || modifiers.has(m) || m.type === 'Nationality') continue;
      if ((depth[m.t0] ?? 0) > (depth[k] ?? 0)) continue;
      if (types.includes(m.type) || (m.type === 'Entity' && (types.includes('Person') || types.includes('Place')))) return m;
    }
    return undefined;
  };

  // ---- the sentence's subject: a name at its start, else a leading reference to the page
  const first = mentions.find(isTyped);
  const inName = new Uint8Array(tokens.length);
  for (const m of mentions) for (let i = Math.max(0, m.t0); i < m.t1; i++) inName[i] = 1;
  let firstVerb = tokens.findIndex((t, i) => !inName[i] && (COPULA.has(t.lower) || (wordClasses(t.text).has('verb') && !wordClasses(t.text).has('noun') && t.lower !== 'born')));
  if (firstVerb < 0) firstVerb = tokens.length;
  const subject = first && first.t0 < firstVerb && (first.t0 <= 2 || first.page) ? first : ctx.page;

  // ---- copula / appositive: "X (…) is a NP …", "X, a NP,"
  const modifiers = new Set<Mention>();
  const frameEnds = new Map<number, Mention>();
  const classFrame = (subj: Mention, k0: number, appositive = false): number => {
    let k = k0;
    const det = lower(k0);
    while (DETS.has(lower(k)) || ['also', 'currently', 'now', 'one', 'of', 'still', 'once', 'later', 'then', 'formerly', 'both'].includes(lower(k))) k++;
    const nps: { words: Token[]; t0: number; t1: number }[] = [];
    let cur: Token[] = [];
    let curStart = k;
    let demonym: Mention | undefined;
    let date: Mention | undefined;
    let org: Mention | undefined;
    while (k < tokens.length) {
      const m = byStart.get(k);
      if (m) {
        if (m.type === 'Date' && nps.length === 0 && cur.length === 0) date = m;
        else if (m.type === 'Nationality' || wordClasses(m.name).has('demonym')) demonym = m;
        else if (cur.length === 0 && !m.quoted && nps.length === 0) org = m;
        else break;
        modifiers.add(m);
        k = m.t1;
        continue;
      }
      const t = tokens[k]!;
      if ((t.text === ',' || t.lower === 'and') && cur.length > 0) {
        const n = tokens[k + 1];
        const n2 = n && (n.lower === 'and' ? tokens[k + 2] : n);
        if (n2 && n2.word && !n2.cap && !NP_STOP.has(n2.lower) && !DETS.has(n2.lower) && !(wordClasses(n2.text).has('verb') && !wordClasses(n2.text).has('noun')) && !(/(?:ed|ing|ly)$/.test(n2.lower) && !wordClasses(n2.text).has('noun'))) {
          nps.push({ words: cur, t0: curStart, t1: k });
          cur = [];
          k += n.lower === 'and' ? 2 : 1;
          curStart = k;
          continue;
        }
        break;
      }
      // "a major east–west street": a dash joining two lowercase words stays inside the phrase
      if ((t.text === '–' || t.text === '-') && cur.length > 0 && tokens[k + 1]?.word && !tokens[k + 1]!.cap && !byStart.has(k + 1)) {
        k++;
        continue;
      }
      if (!t.word || t.cap || NP_STOP.has(t.lower) || cur.length >= 5) break;
      const c = wordClasses(t.text);
      if (cur.length > 0 && ((c.has('verb') && !c.has('noun') && !c.has('adjective') && !classTypeOf(t.lower)) || (!c.has('noun') && /(?:ed|ing)$/.test(t.lower) && !classTypeOf(t.lower)))) {
        // "a monthly, peer reviewed, scientific journal", "a state funded university", "an
        // American birth control activist": a noun and a participle forming one adjective, with
        // more of the phrase after it, stay in the phrase
        const n = tokens[k + 1];
        const nc = n ? wordClasses(n.text) : undefined;
        if (!(n && (n.text === ',' || (n.word && !n.cap && nc!.has('noun') && !nc!.has('verb') && !nc!.has('adverb') && !NP_STOP.has(n.lower) && !DETS.has(n.lower) && n.lower !== 'and')))) break;
      }
      if (cur.length === 0 && (t.lower === 'and' || c.has('function') || c.has('adverb'))) break;
      if (/^\d/.test(t.text) || ['th', 'st', 'nd', 'rd'].includes(t.lower) || (cur.length === 0 && ORDINAL.test(t.lower))) {
        k++;
        if (cur.length === 0) curStart = k;
        continue;
      }
      if (cur.length === 0) curStart = k;
      cur.push(t);
      k++;
    }
    if (cur.length > 0) nps.push({ words: cur, t0: curStart, t1: k });
    // "a census-designated place (CDP) in …": a parenthesis after the class is passed over
    if (tokens[k]?.text === '(' && nps.length > 0) {
      let e = k + 1;
      while (e < tokens.length && e < k + 8 && tokens[e]!.text !== ')' && tokens[e]!.text !== '(') e++;
      if (tokens[e]?.text === ')') k = e + 1;
    }
    const nounHead = (np: { words: Token[] }) => {
      const h = np.words[np.words.length - 1]!;
      const c = wordClasses(h.text);
      return classTypeOf(h.lower) !== undefined || c.has('noun') || (c.size === 0 && !/(?:ed|ing|ly)$/.test(h.lower));
    };
    while (nps.length > 0 && !nounHead(nps[nps.length - 1]!)) nps.pop();
    // "a rounded, ice-worn mountain", "a monthly, scientific journal": adjectives listed with
    // commas qualify the next phrase's noun, they are not classes of their own
    for (let i = 0; i + 1 < nps.length; ) {
      const a = nps[i]!;
      const h = a.words[a.words.length - 1]!;
      const c = wordClasses(h.text);
      if (((a.words.length === 1 && (c.has('adjective') || /(?:ed|al|ic|ly)$/.test(h.lower))) || /(?:ed|ing)$/.test(h.lower)) && !c.has('noun') && classTypeOf(h.lower) === undefined) {
        const b = nps[i + 1]!;
        nps.splice(i, 2, { words: [...a.words, ...b.words], t0: a.t0, t1: b.t1 });
      } else i++;
    }
    if (tokens[k]?.text === "'s" || tokens[k]?.text === '’s') return k0;
    if (nps.length === 0) return k0;
    // "a species of venomous lizard", "a piece of orchestral music": the class is after "of"
    if (nps.length === 1 && ['species', 'genus', 'type', 'kind', 'form', 'piece', 'variety', 'breed', 'style', 'class', 'subspecies'].includes(nps[0]!.words.at(-1)!.lower) && lower(k) === 'of' && !byStart.has(k + 1)) {
      const inner = classFrame(subj, k + 1, appositive);
      if (inner > k + 1) return inner;
    }
    const headType = classTypeOf(nps[0]!.words[nps[0]!.words.length - 1]!.lower);
    // an appositive or "the NP" names a class only when its head noun is a known class
    if ((appositive || det === 'the') && !headType) return k0;
    if (appositive && !['', ',', '.', ')', ';', 'of', 'in', 'from', 'based', 'for', 'who', 'which', 'that', 'with', 'by', 'at', 'and'].includes(lower(k))) return k0;
    frameEnds.set(k, subj);
    if (tokens[k]?.text === ',') frameEnds.set(k + 1, subj);
    // the defining sentence types its subject ("Salt Gap is an unincorporated community")
    if (headType && (subj.type === 'Entity' || subj.page)) subj.type = headType;
    // "the lead singer of the German synthpop group Alphaville", "the capital of Y"
    const after = lower(k);
    for (const np of nps) {
      const head = np.words[np.words.length - 1]!.lower;
      const cls = classTypeOf(head);
      let phrase = np.words.map((w) => w.lower).join(' ');
      const personal = cls === 'Person' && !KIN.has(head) && (subj.type === 'Person' || subj.type === 'Entity');
      if (personal && after === 'of' && np === nps[nps.length - 1]) {
        const y = mentionWithin(k + 1, 6, (m) => isTyped(m) && m.type !== 'Nationality' && !wordClasses(m.name).has('demonym'));
        if (y && y.type === 'Place') {
          const span = ctx.text.slice(tokens[np.t0]!.start - ctx.start, y.end - ctx.start);
          emit(subj, 'occupation', { ...concept(span, np.t0, y.t1), name: span });
          continue;
        }
      }
      // class nodes keep the passage's qualifiers ("american actor", "1995 american science
      // fiction film" → "american science fiction film") so they stay specific: a bare "actor"
      // node would join hundreds of passages and become a hub for graph traversal
      if (demonym && np === nps[0]) phrase = `${demonym.name.toLowerCase()} ${phrase}`;
      if (personal) emit(subj, 'occupation', concept(phrase, np.t0, np.t1));
      else if (cls !== 'Person' && !KIN.has(head) && !((head === 'capital' || cls === 'Place') && after === 'of' && det === 'the') && !['part', 'member', 'branch', 'son', 'daughter', 'one'].includes(head)) emit(subj, 'instance_of', concept(phrase, np.t0, np.t1));
      if (subj.type !== 'Person' && np.words.length > 1 && GENRE_HEADS.has(head) && np.words.slice(0, -1).some((w) => GENRE_WORDS.has(w.lower)))
        emit(subj, 'genre', genreConcept(np.words));
    }
    if (demonym) emit(subj, 'nationality', { ...demonym });
    // "a Union Army soldier", "a CBS News correspondent": the organisation the person serves
    if (org && org.type === 'Organization' && subj.type === 'Person' && classTypeOf(nps[0]!.words.at(-1)!.lower) === 'Person' && !KIN.has(nps[0]!.words.at(-1)!.lower)) emit(subj, 'member_of', org);
    if (date && subj.type === 'Work') emit(subj, 'released_on', date);
    if (org && org.type === 'Organization' && subj.type === 'Work') emit(subj, 'publisher', org);
    const lastHead = nps[nps.length - 1]!.words.at(-1)!.lower;
    if (after === 'of') {
      const y = mentionWithin(k + 1, 6, (m) => isTyped(m) && m.type !== 'Nationality' && !wordClasses(m.name).has('demonym'));
      if (y) {
        if (FOUNDER.has(lastHead) && (y.type === 'Organization' || y.type === 'Entity')) emit(y, 'founded_by', subj);
        // "the seventh studio album of Filipino rap artist Francis Magalona"
        else if (RECORDING.has(lastHead) && subj.type === 'Work' && (y.type === 'Person' || y.type === 'Organization')) emit(subj, 'performer', y);
        // "the capital of Y", "the county seat of Y County" (the seat of a county's government)
        else if (lastHead === 'capital' || (lastHead === 'seat' && nps[nps.length - 1]!.words.some((x) => x.lower === 'county'))) emit(subj, 'capital_of', y);
        else if (['part', 'branch', 'division', 'subsidiary', 'section', 'tributary'].includes(lastHead)) emit(subj, 'part_of', y);
        else if (lastHead === 'member') emit(subj, 'member_of', y);
        else if (lastHead === 'son' || lastHead === 'daughter') emit(subj, 'parent', y);
        else if (classTypeOf(lastHead) === 'Person' && y.type === 'Organization') emit(subj, 'member_of', y);
        // "a civil township of Arenac County in the U.S. state of Michigan", "a river of Hesse"
        else if (subj.type === 'Place' && classTypeOf(lastHead) === 'Place' && det !== 'the' && !['tributary', 'watershed', 'continent'].includes(lastHead) && place(y) && !y.quoted) placeChain(subj, y);
      }
    } else if (after === 'from' && classTypeOf(lastHead) === 'Person' && !KIN.has(lastHead) && subj.type === 'Person') {
      // "a sailor from the Netherlands" → nationality; "a Mexican politician from the Institutional
      // Revolutionary Party" → member_of
      const y = mentionWithin(k + 1, 3, isTyped);
      if (y && (y.type === 'Place' || y.type === 'Entity' || y.type === 'Nationality') && isCountry(y) && !(tokens[y.t1]?.text === ',' && byStart.has(y.t1 + 1))) emit(subj, 'nationality', Object.assign(y, { type: 'Place' }));
      else if (y && y.type === 'Organization' && /\b(?:Party|Movement|Alliance|Front|League)\b/.test(y.name)) emit(subj, 'member_of', y);
    } else if ((after === 'for' || after === 'at' || after === 'with') && classTypeOf(lastHead) === 'Person') {
      const y = mentionWithin(k + 1, 7);
      if (y && y.type === 'Organization') emit(subj, 'member_of', y);
    } else if (after === 'by') {
      // "an opera by the American conductor and composer Lorin Maazel"
      const y = mentionWithin(k + 1, 8, (m) => isTyped(m) && m.type !== 'Nationality');
      if (y) {
        const rel = RECORDING.has(lastHead) ? 'performer' : ['film', 'movie'].includes(lastHead) ? 'director' : classTypeOf(lastHead) === 'Work' ? 'author' : undefined;
        if (rel) for (const y2 of listFrom(y)) emit(subj, rel, y2);
      }
    } else if (((after === 'in' || after === 'within') && subj.type !== 'Person' && subj.type !== 'Work') || ((after === 'on' || after === 'at') && subj.type === 'Place' && headType === 'Place')) {
      const y = mentionWithin(k + 1, 6, (m) => m.type === 'Place' || m.type === 'Entity');
      // "a church building at 58 S. Main Street": a street address is not a place the subject lies in
      const address = after === 'at' && tokens.slice(k + 1, y?.t0 ?? k + 1).some((t) => /^\d/.test(t.text));
      if (y && !address) placeChain(subj, y);
    }
    return k;
  };
  /** subj lies in y and in every larger place named after it: "… a village in Ratnagiri district,
   *  Konkan, Maharashtra state, India", "in the Piedmont region of Virginia", "in Arenac County in
   *  the U.S. state of Michigan" (containment is transitive). */
  const placeChain = (subj: Mention, y: Mention, firstRelation?: string) => {
    emit(subj, firstRelation ?? (isCountry(y) ? 'country' : 'located_in'), y);
    // "located in Sac and Buena Vista counties in north-west Iowa": names listed before a plural
    // place noun are each a place the subject lies in; the chain goes on after the noun
    let from = y;
    const list = listFrom(y);
    const after = list[list.length - 1]!.t1;
    if (list.length > 1 && !tokens[after]?.cap && /s$/.test(lower(after)) && classTypeOf(lower(after)) === 'Place') {
      for (const m of list.slice(1)) {
        if (m === subj) continue;
        m.type = 'Place';
        emit(subj, firstRelation ?? (isCountry(m) ? 'country' : 'located_in'), m);
      }
      from = list[list.length - 1]!;
    }
    for (let c = from; ; ) {
      let j = c.t1;
      while (j < c.t1 + 2 && tokens[j] && !tokens[j]!.cap && classTypeOf(lower(j)) === 'Place') j++;
      let n: Mention | undefined;
      // "Caloocan, northern Metro Manila, Philippines"
      if (tokens[j]?.text === ',') {
        // "in Presque Isle County, Michigan, in the United States": the chain goes on after ", in"
        const at = lower(j + 1) === 'in' ? (lower(j + 2) === 'the' ? j + 3 : j + 2) : j + 1;
        n = byStart.get(at) ?? (isCompass(lower(at)) ? byStart.get(at + 1) : undefined);
        if (at > j + 1 && n && !(n.type === 'Place' && (isCountry(n) || c.type === 'Place'))) n = undefined;
      }
      else if ((lower(j) === 'of' && j > c.t1) || lower(j) === 'in') {
        // "in the U.S. state of Michigan": a country named as a modifier is passed over
        let i = lower(j + 1) === 'the' ? j + 2 : j + 1;
        // "in southwestern New Hampshire", "in north-west Iowa": a compass word before the place
        if (isCompass(lower(i)) && !byStart.has(i)) i++;
        n = byStart.get(i);
        if (n && place(n) && isCountry(n) && !tokens[n.t1]?.cap && classTypeOf(lower(n.t1)) === 'Place' && lower(n.t1 + 1) === 'of') {
          n.type = 'Place';
          emit(subj, 'country', n);
          i = n.t1 + 2;
          n = byStart.get(i);
          if (!n || n.type !== 'Place') break;
        }
        // an untyped name counts only with a place noun after it: "in the Harlan region of …"
        if (n && !(n.type === 'Place' || (n.type === 'Entity' && !tokens[n.t1]?.cap && classTypeOf(lower(n.t1)) === 'Place'))) n = undefined;
      }
      if (n && n.type === 'Nationality' && isCountry(n)) n.type = 'Place';
      if (!n || !(n.type === 'Place' || n.type === 'Entity') || n === subj) break;
      if (n.type === 'Entity') n.type = 'Place';
      emit(subj, isCountry(n) ? 'country' : 'located_in', n);
      if (isCountry(n)) break;
      c = n;
    }
  };

  if (subject) {
    // "X (born …), better known as Y, is …": skip parentheses and one appositive block
    let k = subject.page && subject.t0 < 0 ? 0 : subject.t1;
    for (let guard = 0; guard < 6 && k < tokens.length; guard++) {
      if (['"', '”', "'", '’'].includes(tokens[k]!.text)) k++;
      // "Ho Chi Minh Road or Ho Chi Minh Highway () is a highway …": a second name of the subject
      else if (lower(k) === 'or' && byStart.get(k + 1) && isTyped(byStart.get(k + 1)!) && k === subject.t1) k = byStart.get(k + 1)!.t1;
      else if (tokens[k]!.text === ',' && COPULA.has(lower(k + 1))) k++;
      else if (tokens[k]!.text === '(') {
        let depth = 0;
        while (k < tokens.length) {
          if (tokens[k]!.text === '(') depth++;
          if (tokens[k]!.text === ')' && --depth === 0) break;
          k++;
        }
        k++;
      } else if (tokens[k]!.text === ',') {
        let e = k + 1;
        while (e < tokens.length && e < k + 25 && tokens[e]!.text !== ',') e++;
        if (tokens[e]?.text === ',' && COPULA.has(lower(e + 1))) k = e + 1;
        else break;
      } else break;
    }
    // "X became the capital of Y", "X remains a member of Y": a copula of state change or duration
    if ((COPULA.has(lower(k)) || BECOME.has(lower(k))) && (DETS.has(lower(k + 1)) || ['also', 'one', 'currently', 'now'].includes(lower(k + 1)))) classFrame(subject, k + 1);
  }
  // appositive "X, a NP," / "X, the NP of Y,"
  for (const m of mentions) {
    if (!isTyped(m) || frameEnds.size > 0 && m === subject) continue;
    const prev = lower(m.t0 - 1);
    if (['in', 'of', 'at', 'from', 'by', 'to', 'on', 'with', 'for', 'into', 'near'].includes(prev)) continue;
    const after2 = byStart.get(m.t1 + 2);
    if (tokens[m.t1]?.text === ',' && DETS.has(lower(m.t1 + 1)) && (!after2 || after2.type === 'Nationality' || after2.type === 'Date' || wordClasses(after2.name).has('demonym'))) classFrame(m, m.t1 + 1, true);
  }

  // ---- a class noun introducing a name: "bassist Jung Seok-won", "the band Metallica"
  for (const m of mentions) {
    if (!isTyped(m) || m.t0 === 0) continue;
    const words: Token[] = [];
    let k = m.t0 - 1;
    if (tokens[k]?.text === '"' || tokens[k]?.text === '“' || tokens[k]?.text === '`') k--;
    while (k >= 0 && words.length < 6) {
      const t = tokens[k]!;
      const c = wordClasses(t.text);
      const nounish = c.has('noun') || c.has('adjective') || GENRE_WORDS.has(t.lower) || classTypeOf(t.lower) !== undefined || t.lower.includes('-');
      if (t.word && !t.cap && !DETS.has(t.lower) && !NP_STOP.has(t.lower) && nounish && !(c.has('verb') && !c.has('noun') && !c.has('adjective'))) words.unshift(t);
      else if (t.lower === 'and' && words.length > 0) words.unshift(t);
      else if (t.text === '-' && words.length > 0) words.unshift(t);
      else break;
      k--;
    }
    while (words[0] && (words[0].lower === 'and' || words[0].text === '-')) words.shift();
    if (words.length === 0) continue;
    const head = words[words.length - 1]!.lower;
    const cls = classTypeOf(head);
    if (!cls || cls === 'Concept' || cls === 'Event' || KIN.has(head)) continue;
    const before = byStart.get(k) ?? mentions.find((x) => x.t1 === k + 1);
    if (m.type === 'Entity' || m.type === 'Nationality' || (cls === 'Organization' && m.type !== 'Place') || (cls === 'Work' && m.quoted)) m.type = cls;
    if (m.type !== cls) continue;
    if (cls === 'Person') {
      // "vocalist and guitarist Jung Joon-young" → two occupations
      const phrases: Token[][] = [[]];
      for (const w of words) {
        if (w.lower === 'and') phrases.push([]);
        else phrases[phrases.length - 1]!.push(w);
      }
      for (const p of phrases) {
        if (p.length === 0 || classTypeOf(p[p.length - 1]!.lower) !== 'Person') continue;
        const i0 = tokens.indexOf(p[0]!);
        const i1 = tokens.indexOf(p[p.length - 1]!) + 1;
        emit(m, 'occupation', concept(p.map((w) => w.lower).join(' '), i0, i1));
      }
    }
    if (before && (before.type === 'Nationality' || wordClasses(before.name).has('demonym')) && (cls === 'Person' || cls === 'Organization')) emit(m, 'nationality', { ...before });
    const mods = words.filter((w) => w.lower !== 'and' && w.text !== '-');
    if (mods.length > 1 && GENRE_HEADS.has(head) && mods.slice(0, -1).some((w) => GENRE_WORDS.has(w.lower))) for (const w2 of listFrom(m)) if (w2.type === m.type) emit(w2, 'genre', genreConcept(mods));
    // "Rob Zombie's horror films "House of 1000 Corpses" and "The Devil's Rejects""
    if (cls === 'Work' && ['film', 'films', 'movie', 'movies'].includes(head) && tokens[k]?.text === "'s") {
      const owner = mentions.find((x) => x.t1 === k);
      if (owner && (owner.type === 'Person' || owner.type === 'Entity')) for (const w2 of listFrom(m)) if (w2.type === 'Work') emit(w2, 'director', owner);
    }
    // "the Canadian television series "Due South"", "Guitar World magazine" reads the other way
    if (cls === 'Work' && !mods.some((w) => GENRE_WORDS.has(w.lower)) && ['series', 'magazine', 'newspaper', 'journal', 'novel', 'album', 'song', 'single', 'film', 'book', 'play', 'opera', 'game'].includes(head))
      emit(m, 'instance_of', concept(mods.map((w) => w.lower).join(' '), tokens.indexOf(mods[0]!), tokens.indexOf(mods[mods.length - 1]!) + 1));
    // "the band Metallica", "the American airline Skybus", "the river Iijoki": the class of an
    // organisation or place named after its class noun (qualified by the demonym before it, as
    // the copular frame does, so the class node stays specific)
    // Only a singular class after an article, a possessive, a preposition or a demonym: a
    // plural ("the bands A, B") introduces a list and a bare label ("Host country Japan") is a
    // table cell, not a sentence.
    const demonymBefore = before !== undefined && (before.type === 'Nationality' || wordClasses(before.name).has('demonym'));
    const opener = DETS.has(lower(k)) || ["'s", '’s', 'by', 'of', 'with', 'for', 'from', 'to', 'on', 'at'].includes(lower(k)) || demonymBefore;
    const plural = head.endsWith('s') && classTypeOf(head.slice(0, -1)) !== undefined;
    if ((cls === 'Organization' || cls === 'Place') && !m.quoted && opener && !plural && !NOT_A_CLASS.has(head) && !mods.some((w) => w.lower === 'own')) {
      const demonym = demonymBefore ? `${before.name.toLowerCase()} ` : '';
      emit(m, 'instance_of', concept(demonym + mods.map((w) => w.lower).join(' '), tokens.indexOf(mods[0]!), tokens.indexOf(mods[mods.length - 1]!) + 1));
    }
    // "the ABC medical drama "Grey's Anatomy"", "the CBS show "EZ Streets""
    if (cls === 'Work' && before && (before.type === 'Organization' || /^\p{Lu}{2,6}$/u.test(before.name))) emit(m, 'publisher', before);
  }

  // ---- the CLASS of X: "the city of Thompson", "the town of The Pas"
  for (let k = 1; k + 1 < tokens.length; k++) {
    if (lower(k + 1) !== 'of' || !DETS.has(lower(k - 1))) continue;
    const cls = classTypeOf(lower(k));
    if (cls !== 'Place') continue;
    const y = byStart.get(k + 2) ?? (lower(k + 2) === 'the' ? byStart.get(k + 3) : undefined);
    if (!y || y.type === 'Date') continue;
    if (y.type === 'Entity' || y.type === 'Person') y.type = 'Place';
    if (y.type === 'Place' && !['capital', 'state', 'country', 'kingdom', 'republic', 'area', 'region', 'part', 'province'].includes(lower(k))) emit(y, 'instance_of', concept(lower(k), k, k + 1));
  }

  // ---- verb frames
  const tailList = (from: number, gap: number, ok: (m: Mention) => boolean) => {
    const m = mentionWithin(from, gap, ok);
    return m ? listFrom(m).filter(ok) : [];
  };
  const headAt = (k: number, types: readonly string[]) => leftOf(k, types) ?? subject;
  /** Like headAt, but a name inside a prepositional phrase ("through Louisiana") or ending a place chain or list ("in Leeds, England, owned by") is not the verb's subject. */
  const clauseHead = (k: number, types: readonly string[]) => {
    const m = leftOf(k, types);
    return m && !['in', 'through', 'across', 'from', 'to', 'near', 'at', 'of', 'into', ',', 'and'].includes(lower(m.t0 - 1)) ? m : (subject ?? m);
  };
  let lastPassive: Mention | undefined;
  for (let k = 0; k < tokens.length; k++) {
    const w = lower(k);
    const w1 = lower(k + 1);
    // most words start no frame: skip them before any lookup
    if (!TRIGGERS.has(w) && w1 !== 'for' && w1 !== 'of' && w1 !== 'at' && w1 !== 'with' && tokens[k + 1]?.text !== ':') continue;
    // "directed by", "published monthly by", "jointly owned by"
    const byAt = w1 === 'by' ? k + 1 : /^[a-z]+ly$/.test(w1) && lower(k + 2) === 'by' ? k + 2 : -1;
    if (PASSIVE[w] && byAt > 0) {
      const rel = PASSIVE[w]!;
      const spec = relationSpec(rel)!;
      // "The station is branded as Big West Country and is owned by …": a passive joined to the
      // subject's first predicate by "and" is about the subject
      const coordinated = COPULA.has(lower(k - 1)) && lower(k - 2) === 'and' && subject !== undefined && subject.t1 < k - 2 && fits(subject, spec.head) && !mentions.some((m) => m.t0 > subject.t1 && m.t1 <= k && ['which', 'who', 'that'].includes(lower(m.t1)));
      const headM = coordinated ? subject : rel === 'performer' && w === 'voiced' ? leftOf(k, ['Person', 'Work']) : lower(k - 1) === 'and' && lastPassive ? lastPassive : rel === 'owned_by' ? clauseHead(k, spec.head) : headAt(k, spec.head);
      lastPassive = headM;
      for (const t of tailList(byAt + 1, 3, rel === 'publisher' ? org : agent)) emit(headM, rel, t);
      continue;
    }
    // "released by MGM Records in 1950", "released through the band's own label X", "released on July 14, 2009"
    if (w === 'released' || w === 'published' || w === 'premiered' || w === 'aired' || w === 'issued') {
      const head = headAt(k, ['Work']);
      for (let j = k + 1; j < Math.min(tokens.length, k + 16); j++) {
        const m = byStart.get(j);
        if (!m) {
          if ([';', '.'].includes(tokens[j]!.text)) break;
          continue;
        }
        // the word before the name, past an article ("by the American Institute of Physics")
        const prep = lower(j - 1) === 'the' ? lower(j - 2) : lower(j - 1);
        if (m.type === 'Date' && head && ['in', 'on', 'by'].includes(lower(j - 1)) && head.type !== 'Person') emit(head, 'released_on', m);
        else if (['by', 'through', 'on', 'via', 'label'].includes(prep) && org(m) && m.type !== 'Date' && head && !m.quoted) emit(head, 'publisher', m);
        else if (lower(j - 1) === 'on' && (m.type === 'Organization' || /^\p{Lu}{2,6}\d?$/u.test(m.name)) && head) emit(head, 'publisher', { ...m, type: 'Organization' });
        j = m.t1 - 1;
      }
      continue;
    }
    if (['founded', 'established', 'formed', 'opened', 'created', 'co-founded', 'incorporated', 'launched', 'started'].includes(w) && w1 !== 'by') {
      const head = headAt(k, ['Organization', 'Event', 'Work']);
      for (let j = k + 1; j < Math.min(tokens.length, k + 12); j++) {
        const m = byStart.get(j);
        if (!m) {
          if ([';', '.', ','].includes(tokens[j]!.text) && j > k + 1 && !byStart.get(j + 1)) break;
          continue;
        }
        if (m.type === 'Date') emit(head, 'founded_in', m);
        else if (lower(j - 1) === 'by') for (const t of listFrom(m).filter(agent)) emit(head, 'founded_by', t);
        else if (lower(j - 1) === 'in' && place(m) && head && head.type === 'Organization') emit(head, 'headquartered_in', m);
        else if (j === k + 1 || (DETS.has(lower(k + 1)) && j <= k + 5)) {
          // active frame: "Jem Marsh founded the Marcos car company"
          const agentM = subject && subject.type === 'Person' && subject.t0 < k ? subject : leftOf(k, ['Person']);
          if (agentM && org(m) && m !== agentM) {
            if (m.type === 'Entity') m.type = 'Organization';
            emit(m, 'founded_by', agentM);
          }
        }
        j = m.t1 - 1;
      }
      continue;
    }
    if (w === 'born' || w === 'died' || w === 'd' || w === 'b') {
      if ((w === 'd' || w === 'b') && tokens[k + 1]?.text !== '.') continue;
      // "Born in Liverpool, he moved …": the person is named after the frame
      const person = k === 0 ? (mentions.find((m) => m.page) ?? ctx.page) : subject && (subject.type === 'Person' || subject.type === 'Entity') && subject.t0 <= k ? subject : leftOf(k, ['Person']);
      // "Kim Yong-ju was born to Kim Hyŏng-jik and Kang Pan-sok": the parents
      if (w === 'born' && w1 === 'to') for (const t of tailList(k + 2, 2, (m) => (m.type === 'Person' || m.type === 'Entity') && !wordClasses(m.name.split(' ')[0]!).has('demonym'))) emit(person, 'parent', t);
      const relDate = w === 'born' || w === 'b' ? 'born_on' : 'died_on';
      const relPlace = w === 'born' || w === 'b' ? 'born_in' : 'died_in';
      for (let j = k + 1; j < Math.min(tokens.length, k + 14); j++) {
        const t = tokens[j]!.text;
        // "born on December 5, 1782, in the village of Kinderhook": a comma before "in" goes on
        if (t === ')' || t === ';' || (t === ',' && !byStart.get(j + 1) && lower(j + 1) !== 'in')) break;
        const m = byStart.get(j);
        if (!m) continue;
        if (m.type === 'Date') emit(person, relDate, m);
        else if (place(m) || m.type === 'Organization') {
          emit(person, relPlace, m.type === 'Organization' ? Object.assign(m, { type: 'Place' }) : m);
          // "born in Honolulu, Hawaii": born in each larger place the chain names as well
          for (let c = m; tokens[c.t1]?.text === ','; ) {
            const n = byStart.get(c.t1 + 1);
            if (!n || n.type !== 'Place') break;
            emit(person, relPlace, n);
            c = n;
          }
          break;
        }
        j = m.t1 - 1;
      }
      continue;
    }
    // "(30 December 1907 – 7 April 1994)": birth and death dates of the subject; "(24 October
    // 1650, Middelburg – 23 February 1704, Amsterdam)": with the places, each after its date
    if (tokens[k]!.text === '(' && subject && subject.t1 === k && (subject.type === 'Person' || subject.type === 'Entity')) {
      const d1 = byStart.get(k + 1);
      const placeAfter = (d: Mention): Mention | undefined => {
        const m = tokens[d.t1]?.text === ',' ? byStart.get(d.t1 + 1) : undefined;
        return m && (m.type === 'Place' || m.type === 'Entity') ? m : undefined;
      };
      const p1 = d1?.type === 'Date' ? placeAfter(d1) : undefined;
      const dash = p1 ? p1.t1 : d1?.t1;
      if (d1?.type === 'Date' && dash !== undefined && ['–', '-', '—'].includes(tokens[dash]?.text ?? '')) {
        const d2 = byStart.get(dash + 1);
        if (d2?.type === 'Date') {
          emit(subject, 'born_on', d1);
          emit(subject, 'died_on', d2);
          const p2 = placeAfter(d2);
          if (p1) emit(subject, 'born_in', Object.assign(p1, { type: 'Place' }));
          if (p2 && [')', ';', ','].includes(tokens[p2.t1]?.text ?? '')) emit(subject, 'died_in', Object.assign(p2, { type: 'Place' }));
        }
      }
      continue;
    }
    if ((['located', 'situated', 'lies', 'held', 'set'].includes(w) && ['in', 'at', 'on', 'near', 'within'].includes(w1)) || (w === 'based' && (w1 === 'in' || w1 === 'out'))) {
      // "Located in Tooele County, it is …", "Situated in Kalupahana in the Badulla District, this
      // waterfall …": a sentence-opening participle describes the main clause's subject
      const comma = k === 0 && w !== 'set' && w !== 'held' ? tokens.findIndex((t) => t.text === ',') : -1;
      const opening = comma > 0 ? (mentions.find((m) => m.t0 > comma && m.t0 <= comma + 3 && isTyped(m)) ?? (DETS.has(lower(comma + 1)) || ['this', 'it', 'the'].includes(lower(comma + 1)) ? ctx.page : undefined)) : undefined;
      // "Situated within the fort is the Basilica …": an opening participle with no subject after
      // a comma is an inverted sentence; its subject is not known here
      if (k === 0 && !opening && w !== 'set' && w !== 'held') continue;
      const head = opening ?? headAt(k, ['Place', 'Organization', 'Event']);
      const y = mentionWithin(w1 === 'out' ? k + 3 : k + 2, 5, place);
      // "an airline based in Stockholm, Sweden": the seat, then the places it lies in
      if (y && head && w === 'based' && head.type === 'Organization') placeChain(head, y, 'headquartered_in');
      else if (y && head && w !== 'based' && (head.type === 'Place' || head.type === 'Organization' || head.type === 'Event' || head.type === 'Entity')) placeChain(head, y);
      else if (y && head) emit(head, w === 'based' ? 'headquartered_in' : locRel(head, y), y);
      continue;
    }
    // "the race took place in Lisbon", "the battle occurred near Verdun"
    if ((w === 'place' && ['took', 'takes', 'take', 'taking'].includes(lower(k - 1)) || w === 'occurred') && ['in', 'at', 'near', 'on'].includes(w1)) {
      // only a name known to be an event: "eight of which occurred in Alabama" says nothing of "F5"
      const head = headAt(k, ['Event']);
      const y = mentionWithin(k + 2, 5, place);
      const partitive = ['which', 'them', 'these', 'whom'].includes(lower(w === 'place' ? k - 2 : k - 1)) && lower(w === 'place' ? k - 3 : k - 2) === 'of';
      if (y && head && head.type === 'Event' && !partitive) emit(head, locRel(head, y), y);
      continue;
    }
    // "the bridge was built in 1891", "completed in 1902": the date a structure came to be
    if (['built', 'constructed', 'completed'].includes(w) && ['in', 'on'].includes(w1) && COPULA.has(lower(k - 1))) {
      const d = mentionWithin(k + 2, 2, (m) => m.type === 'Date');
      const head = headAt(k, ['Place', 'Organization', 'Event']);
      if (d && head && head.type !== 'Person' && head.type !== 'Work') emit(head, 'founded_in', d);
      continue;
    }
    // "X is part of Y", "X, a tributary of Y,", "X became a subsidiary of Y"
    if (PART_NOUNS.has(w) && w1 === 'of') {
      let b = k - 1;
      while (b >= 0 && PART_FILLER.has(lower(b))) b--;
      const opener = lower(b);
      // "The Pell Creek, a tributary of the Varnis River, is part of …": the subject, not the nearest name
      const head = PART_VERBS.has(opener) ? (subject && subject.t1 <= b && lower(b - 1) === ',' ? subject : (leftOf(b, ['Place', 'Organization', 'Event', 'Work']) ?? subject)) : opener === ',' && b < k - 1 ? mentions.find((m) => m.t1 === b && isTyped(m)) : undefined;
      const y = mentionWithin(k + 2, 4, (m) => named(m) && m.type !== 'Person');
      if (head && y && head.type !== 'Person' && head !== y) emit(head, 'part_of', y);
      continue;
    }
    // "Orran County borders Kessel County", "the town is bordered by A and B", "a village bordering Y"
    if ((w === 'borders' || w === 'bordering' || (w === 'bordered' && w1 === 'by')) && w1 !== 'of' && !DETS.has(lower(k - 1)) && !['its', 'their', 'his', 'her', 'our', 'national', 'state', 'city'].includes(lower(k - 1))) {
      const head = clauseHead(k, ['Place']);
      if (head && head.type === 'Place') {
        if (w === 'bordered') {
          // "bordered by Maryland to the north; by the Atlantic Ocean to the east; and by
          // Kentucky and West Virginia to the west", "by the cities and towns of Winthrop,
          // Revere, …": every place named after "by", a comma or "and" up to the sentence's end
          for (let j = k + 2; j < tokens.length && tokens[j]!.text !== '.'; j++) {
            const m = byStart.get(j);
            if (!m) continue;
            const p = lower(j - 1) === 'the' ? lower(j - 2) : lower(j - 1);
            if ((m.type === 'Place' || m.type === 'Entity') && !m.quoted && [',', 'and', 'by', ';', 'of'].includes(p) && m !== head) emit(head, 'borders', m);
            j = m.t1 - 1;
          }
        } else for (const t of tailList(k + 1, 3, place)) emit(head, 'borders', t);
      }
      continue;
    }
    // "the Varn flows into the Orran", "it empties into Lake Tisk": a river's mouth
    if (['flows', 'flowed', 'flowing', 'empties', 'emptied', 'emptying', 'drains', 'discharges'].includes(w) && w1 === 'into') {
      const head = clauseHead(k, ['Place']);
      const y = mentionWithin(k + 2, 4, place);
      if (head && y && head.type === 'Place' && head !== y) emit(head, 'flows_into', y);
      continue;
    }
    // "with a screenplay by Allan Heinberg", "a libretto by J. D. McClatchy": writers of the work
    if (WRITING.has(w) && w1 === 'by') {
      const head = subject?.type === 'Work' ? subject : headAt(k, ['Work']);
      if (head && head.type === 'Work') for (const t of tailList(k + 2, 2, agent)) emit(head, 'author', t);
      continue;
    }
    if (w === 'headquartered' && w1 === 'in') {
      const y = mentionWithin(k + 2, 4, place);
      const head = headAt(k, ['Organization']);
      // "headquartered in Crawley, West Sussex, England": the seat, then the places it lies in
      if (y && head?.type === 'Organization') placeChain(head, y, 'headquartered_in');
      else if (y) emit(head, 'headquartered_in', y);
      continue;
    }
    if (/-based$/.test(w) && k > 0) {
      // "the Boston-based band Godsmack": the place is the token before "-based"
      continue;
    }
    if ((w === 'member' && w1 === 'of') || ((w === 'plays' || w === 'played' || w === 'playing' || w === 'signed') && ['for', 'with'].includes(w1))) {
      // "She represents the Seoni constituency and is a member of …", "X (born …) is a former
      // Democratic member of …": the copula's subject, not the nearest name before "member"
      let b = k - 1;
      while (b > 0 && b > k - 5 && (DETS.has(lower(b)) || MEMBER_QUALIFIERS.has(lower(b)) || byStart.get(b)?.type === 'Nationality' || (b === k - 1 && byStart.get(b)?.t1 === k && (DETS.has(lower(b - 1)) || MEMBER_QUALIFIERS.has(lower(b - 1)))) || (tokens[b]!.word && !tokens[b]!.cap && wordClasses(tokens[b]!.text).has('adjective') && !COPULA.has(lower(b))))) b--;
      const copular = w === 'member' && (COPULA.has(lower(b)) || BECOME.has(lower(b))) && subject && subject.t1 <= b && (b === firstVerb || lower(b - 1) === 'and' || lower(b - 1) === 'also');
      // "… in Major League Baseball who played for …": a relative clause about a person
      const who = lower(k - 1) === 'who' || (lower(k - 1) === 'also' && lower(k - 2) === 'who');
      const person = who ? ([...mentions].reverse().find((m) => m.t1 <= k && m.type === 'Person') ?? subject) : undefined;
      const head = copular ? subject : person ?? (headAt(k, ['Person', 'Organization']) === subject ? subject : leftOf(k, ['Person']) ?? subject);
      const first = mentionWithin(k + 2, 6, org);
      if (first) {
        // "the Houston Astros and Anaheim Angels": the teams of one list share the first one's type
        for (const t of listFrom(first)) {
          if (t !== first && first.type === 'Organization' && (t.type === 'Place' || t.type === 'Person') && !isCountry(t) && !t.quoted && !phraseClasses(t.name).has('place') && !wordClasses(t.name).has('place')) t.type = 'Organization';
          if (org(t)) emit(head, 'member_of', t);
        }
      }
      continue;
    }
    // "WGAI is a commercial AM radio station licensed to Elizabeth City, North Carolina": a
    // station's city of licence, and the places it lies in
    if (w === 'licensed' && w1 === 'to') {
      const head = headAt(k, ['Organization']);
      const y = mentionWithin(k + 2, 2, place);
      if (head && y && head.type === 'Organization') placeChain(head, y);
      continue;
    }
    if ((w === 'plays' || w === 'played') && w1 !== 'for') {
      // "plays central midfield for C.D. Pasaquina"
      for (let j = k + 1; j < Math.min(tokens.length, k + 5); j++)
        if (lower(j) === 'for') {
          const t = mentionWithin(j + 1, 5, org);
          if (t) emit(subject, 'member_of', t);
          break;
        }
    }
    if ((w === 'son' || w === 'daughter') && w1 === 'of') {
      for (const t of tailList(k + 2, 3, (m) => m.type === 'Person' || m.type === 'Entity')) emit(leftOf(k, ['Person']) ?? subject, 'parent', t);
      continue;
    }
    if ((w === 'father' || w === 'mother') && w1 === 'of') {
      for (const t of tailList(k + 2, 3, (m) => m.type === 'Person' || m.type === 'Entity')) emit(leftOf(k, ['Person']) ?? subject, 'child', t);
      continue;
    }
    if (w === 'married' || ((w === 'wife' || w === 'husband') && (byStart.get(k + 1) || w1 === ','))) {
      const t = mentionWithin(k + 1, 3, (m) => m.type === 'Person' || m.type === 'Entity');
      const h = w === 'married' ? (leftOf(k, ['Person']) ?? subject) : leftOf(k - 1, ['Person']) ?? subject;
      if (t) emit(h, 'spouse', t);
      continue;
    }
    if (['brother', 'brothers', 'sister', 'sisters'].includes(w) && byStart.get(k + 1)) {
      for (const t of listFrom(byStart.get(k + 1)!).filter((m) => m.type === 'Person' || m.type === 'Entity')) emit(subject, 'sibling', t);
      continue;
    }
    // "he attended Rutgers University": a school the person went to
    if (w === 'attended' && subject && (subject.type === 'Person' || subject.type === 'Entity')) {
      const t = mentionWithin(k + 1, 2, (m) => m.type === 'Organization' && /\b(?:University|College|School|Academy|Institute|Conservatory|Polytechnic)\b/.test(m.name));
      if (t) emit(leftOf(k, ['Person']) ?? subject, 'educated_at', t);
      continue;
    }
    // "affiliated first with the Popular Republican Movement and later with the Democratic Centre"
    if (w === 'affiliated' && w1 === 'with' || (w === 'affiliated' && lower(k + 2) === 'with')) {
      const head = leftOf(k, ['Person']) ?? subject;
      if (head && head.type === 'Person') for (let j = k + 1; j < Math.min(tokens.length, k + 16); j++) {
        const m = byStart.get(j);
        if (m && lower(m.t0 - 1 - (lower(m.t0 - 1) === 'the' ? 1 : 0)) === 'with' && org(m) && !isCountry(m)) emit(head, 'member_of', m);
        if (m) j = m.t1 - 1;
        else if ([';', '.'].includes(tokens[j]!.text)) break;
      }
      continue;
    }
    if ((w === 'educated' || w === 'studied') && w1 === 'at' || (w === 'graduated' && w1 === 'from') || (w === 'alumnus' && w1 === 'of')) {
      const t = mentionWithin(k + 2, 4, org);
      if (t) emit(leftOf(k, ['Person']) ?? subject, 'educated_at', t);
      continue;
    }
    if (['won', 'received', 'awarded', 'earned'].includes(w)) {
      const t = mentionWithin(k + 1, 4, (m) => named(m) && m.type !== 'Person' && m.type !== 'Place' && !m.quoted);
      if (t) emit(leftOf(k, ['Person', 'Organization', 'Work']) ?? subject, 'award', t.type === 'Entity' || t.type === 'Organization' ? Object.assign(t, { type: 'Concept' }) : t);
      continue;
    }
    if (w === 'capital' && w1 === 'of' && k > 0 && (lower(k - 1) === 'the' || lower(k - 1) === 'its')) {
      // "X is the capital of Y" is handled by the copular frame; "Y, whose capital is X" is not read
      continue;
    }
    // alias frames: "also known as Y", "(sometimes called Y)", "better known by his stage name Y",
    // "originally published as Y", "formerly known as Y", "(English: Y)", "changed its name to Y"
    const aliasAt = aliasTrigger(tokens, k);
    const namesNoun = (w === 'called' || w === 'named') && k >= 2 && tokens[k - 2]!.word && !tokens[k - 2]!.cap && !mentions.some((m) => m.t1 === k - 1);
    if (aliasAt > 0 && !namesNoun) {
      const y = mentionWithin(aliasAt, 2, (m) => isTyped(m) && m.type !== 'Nationality');
      const byName = w === 'renamed' || (w === 'name' && w1 === 'to');
      const x = byName ? (subject ?? leftOf(k, ['Person', 'Organization', 'Place', 'Work', 'Event', 'Concept'])) : (leftOf(k, ['Person', 'Organization', 'Place', 'Work', 'Event', 'Concept']) ?? subject);
      if (y && x && y !== x) linkAlias(x, y);
    }
    // a film's plot or cast: "Retired CIA field agent Bryan Mills (Liam Neeson)", "a squad (Tom
    // Sizemore, Edward Burns and Jeremy Davies)": the names in the parenthesis play in the work
    if (tokens[k]!.text === '(' && k > 0 && ctx.page?.type === 'Work' && byStart.has(k + 1) && !mentions.some((m) => m.page && m.t1 === k)) {
      const cast: Mention[] = [];
      let j = k + 1;
      for (;;) {
        const m = byStart.get(j);
        if (!m || m.type !== 'Person' || m.quoted || m.page) break;
        cast.push(m);
        j = m.t1;
        if (tokens[j]?.text === ',' || lower(j) === 'and') j += lower(j + 1) === 'and' ? 2 : 1;
        else break;
      }
      const before = mentions.find((m) => m.t1 === k);
      // an award category ("Outstanding Director (Luis Mandoki)") is not a role
      const introduced = (before && (before.type === 'Person' || before.type === 'Entity') && !before.page && !/^(?:Outstanding|Best|Favorite|Favourite)\b/.test(before.name)) || (tokens[k - 1]!.word && !tokens[k - 1]!.cap && classTypeOf(lower(k - 1)) !== undefined);
      if (cast.length > 0 && tokens[j]?.text === ')' && introduced) for (const m of cast) emit(ctx.page, 'performer', m);
    }
    // "Little Rock Film Festival (LRFF)", "Jung Joon Young Band (JJY Band)"
    if (tokens[k]!.text === '(' && k > 0) {
      const x = mentions.find((m) => m.t1 === k && isTyped(m));
      const y = byStart.get(k + 1);
      if (x && y && y.t1 < tokens.length && tokens[y.t1]!.text === ')' && isTyped(y) && isAcronymOf(y.name, x.name)) linkAlias(x, y);
      // "Thomson Airways (now TUI Airways)", "(formerly L'Astral)"
      const y2 = ['now', 'formerly', 'later', 'originally', 'previously'].includes(w1) ? byStart.get(k + 2) : undefined;
      if (x && y2 && isTyped(y2) && y2.type !== 'Nationality') linkAlias(x, y2);
      // "The Gila monster (Heloderma suspectum, …)": a scientific or native name of the page
      if (x?.page && y && isTyped(y) && y.type !== 'Nationality' && !y.quoted && [')', ','].includes(tokens[y.t1]?.text ?? '') && x.t0 <= 2 && !wordClasses(y.name).has('demonym') && !/^\p{Lu}[\p{Ll}]+$/u.test(y.name)) linkAlias(x, y);
    }
    // active credits: "co-directing "Winnie the Pooh" (2011), "Big Hero 6" (2014) …", "wrote the lyrics"
    if (ACTIVE[w] && w1 !== 'by' && subject && (subject.type === 'Person' || subject.type === 'Organization' || subject.type === 'Entity')) {
      for (let j = k + 1; j < Math.min(tokens.length, k + 30); j++) {
        if (tokens[j]!.text === ';' || tokens[j]!.text === '.') break;
        const m = byStart.get(j);
        if (!m) continue;
        if (m.type === 'Work' && m !== subject) emit(m, ACTIVE[w]!, subject);
        else if (m.type !== 'Date' && !m.quoted && j > k + 2) break;
        j = m.t1 - 1;
      }
    }
    // "the producer of the CBS show "EZ Streets"", "co-executive producer for "Stargate SG-1""
    if (CREDIT[w] && (w1 === 'of' || w1 === 'for' || w1 === 'on') && subject) {
      let j = k + 2;
      while (j < tokens.length && j < k + 10 && !byStart.get(j)) j++;
      const m = byStart.get(j);
      if (m && m.type === 'Work') emit(m, CREDIT[w]!, subject);
    } else if (FOUNDER.has(w) && w1 === 'of') {
      const t = mentionWithin(k + 2, 5, (m) => m.type === 'Organization' || m.type === 'Entity' || m.type === 'Person');
      const h = leftOf(k, ['Person']) ?? subject;
      if (t && h && t !== h) {
        t.type = 'Organization';
        emit(t, 'founded_by', h);
      }
    } else if ((w1 === 'for' || w1 === 'of' || w1 === 'at' || w1 === 'with') && !KIN.has(w) && classTypeOf(w) === 'Person') {
      // "lead guitarist … for the Boston-based band Godsmack", "a director at Six Flags …"
      const t = mentionWithin(k + 2, 7, (m) => m.type === 'Organization');
      if (t) for (const o of listFrom(t)) if (o.type === 'Organization') emit(leftOf(k, ['Person']) ?? subject, 'member_of', o);
    }
    // "The band consists of vocalist … Jung Joon-young, bassist Jung Seok-won, …"
    if (['consists', 'consisted', 'comprises', 'comprised', 'consisting'].includes(w) && subject && subject.type === 'Organization') {
      for (let j = k + 1; j < tokens.length; j++) {
        const m = byStart.get(j);
        if (m && m.type === 'Person') emit(m, 'member_of', subject);
        if (m) j = m.t1 - 1;
      }
    }
    // roles: "portrayed Peyton Sawyer on the … drama "One Tree Hill"", "appeared in … "Forever""
    if (['portrayed', 'played', 'starred', 'appeared', 'role', 'roles', 'cast', 'guest-starred', 'co-starred', 'starring'].includes(w) && subject && (subject.type === 'Person' || subject.type === 'Entity')) {
      for (let j = k + 1; j < Math.min(tokens.length, k + 90); j++) {
        if (tokens[j]!.text === ';' || tokens[j]!.text === '.') break;
        const m = byStart.get(j);
        if (!m) continue;
        if (m.type === 'Work' && m !== subject) emit(m, 'performer', subject);
        j = m.t1 - 1;
      }
    }
    if (w === 'starring' || (w === 'stars' && k > 0) || w === 'featuring') {
      const head = subject?.type === 'Work' ? subject : headAt(k, ['Work']);
      if (head && head.type === 'Work') for (const t of tailList(k + 1, 2, agent)) emit(head, 'performer', t);
    }
  }

  // ---- "at Castle Studios in Nashville", "the 1928 Winter Olympics in St. Moritz"
  for (let i = 0; i + 1 < mentions.length; i++) {
    const a = mentions[i]!;
    const b = mentions[i + 1]!;
    if ((a.type === 'Place' || a.type === 'Event') && b.type === 'Place' && b.t0 === a.t1 + 1 && lower(a.t1) === 'in' && !a.page) emit(a, isCountry(b) && a.type === 'Place' ? 'country' : 'located_in', b);
  }
  // ---- place chains: "Salt Gap, McCulloch County, Texas, United States"
  for (let i = 0; i < mentions.length; ) {
    let e = i;
    while (mentions[e + 1] && mentions[e + 1]!.t0 === mentions[e]!.t1 + 1 && tokens[mentions[e]!.t1]!.text === ',' && mentions[e + 1]!.type !== 'Date') e++;
    const chain = mentions.slice(i, e + 1);
    i = e + 1;
    if (chain.length < 2) continue;
    // "Faisalabad, Rawalpindi, Gujranwala … and Sahiwal" is a list, not a chain of containment
    const afterChain = lower(chain[chain.length - 1]!.t1);
    const isList = afterChain === 'and' || (afterChain === ',' && lower(chain[chain.length - 1]!.t1 + 1) === 'and') || chain.length > 4;
    if (isList) {
      // a list shares one type: untyped members take the type of the typed ones
      const known = chain.find((m) => m.type !== 'Entity' && m.type !== 'Date')?.type;
      if (known) for (const m of chain) if (m.type === 'Entity') m.type = known;
      continue;
    }
    if (chain[0]!.type !== 'Place') continue;
    for (let c = 0; c + 1 < chain.length; c++) {
      const a = chain[c]!;
      const b = chain[c + 1]!;
      if (!(b.type === 'Place' || b.type === 'Entity')) break;
      if (b.type === 'Entity') b.type = 'Place';
      emit(a, isCountry(b) ? 'country' : 'located_in', b);
    }
  }
  // ---- "in X", "at X", "near X": an untyped or first-name-guessed name there is a place
  for (const m of mentions) {
    const p = lower(m.t0 - 1) === 'the' ? lower(m.t0 - 2) : lower(m.t0 - 1);
    if ((m.type === 'Entity' || (m.type === 'Person' && !m.page)) && ['in', 'at', 'near', 'from'].includes(p) && !m.quoted) m.type = 'Place';
  }
  return out;
}

function locRel(head: Mention | undefined, y: Mention): string {
  return isCountry(y) && head?.type === 'Place' ? 'country' : 'located_in';
}

function isAcronymOf(short: string, long: string): boolean {
  const initials = long.split(/[\s-]+/).filter((w) => /^[\p{Lu}]/u.test(w)).map((w) => w.charAt(0)).join('');
  return short.replace(/[^\p{Lu}]/gu, '') === initials || (short.length >= 2 && initials.startsWith(short.replace(/[^\p{Lu}]/gu, '')));
}

export function isCountry(m: Mention): boolean {
  const n = m.name.replace(/^the\s+/i, '');
  return phraseClasses(n).has('country') || (!n.includes(' ') && wordClasses(n).has('country')) || /^(?:U\.S\.|U\.S\.A\.|USA|UK|U\.K\.)$/.test(n);
}

/** Index just after an alias trigger starting at token k, or -1. */
function aliasTrigger(tokens: Token[], k: number): number {
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
