// Embedded triple extraction: rule-based named entities (capitalised spans typed through
// compromise's English lexicon and suffix cues), dates, "is a" noun phrases, the document
// title as the passage's page entity, pattern relations between neighbouring mentions of a
// sentence and weaker co-occurrence edges. Every triple carries its sentence span.
import type { Entity, Extraction, Provenance, Triple, TripleExtractor } from '@rag/core';
import { phraseClasses, wordClasses } from './english-lexicon.js';
import { normaliseRelation } from './relation-label.js';

export interface HeuristicTripleExtractorOptions {
  /** Confidence of pattern relations (default 0.7); prepositional links get 0.5. */
  patternConfidence?: number;
  /** Confidence of co-occurrence edges (default 0.2). */
  cooccurrenceConfidence?: number;
  /** Confidence of page-entity → mention edges (default 0.4). */
  pageConfidence?: number;
  /** Max mentions per sentence paired for co-occurrence (default 8). */
  maxCooccurrence?: number;
  /** Longest gap (in words) between two mentions read as a relation phrase (default 6). */
  maxGapWords?: number;
}

export const COOCCURS = 'co_occurs_with';
export const MENTIONS = 'mentions';
export const IS_A = 'is_a';

const CONNECTORS = new Set(['of', 'de', 'du', 'da', 'del', 'della', 'der', 'den', 'von', 'van', 'la', 'le', 'les', 'di', 'y', 'al', 'bin', 'ibn', 'upon', 'on', 'the', 'and', '&']);
// "and"/"on"/"the" only bridge when the phrase continues capitalised AND looks like a name of a work/org (see below)
const WEAK_CONNECTORS = new Set(['and', 'on', 'the', '&', 'upon']);
const LEADING_DROP = new Set(['the', 'a', 'an']);
const PRONOUNS = new Set(['he', 'she', 'it', 'they', 'his', 'her', 'its', 'their']);
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'sir', 'dame', 'lord', 'lady', 'king', 'queen', 'prince', 'princess', 'president', 'senator', 'general', 'captain', 'saint', 'st', 'pope', 'professor', 'prof', 'rev', 'judge', 'emperor', 'duke', 'count']);
const ORG_SUFFIX = new Set(['inc', 'inc.', 'ltd', 'llc', 'corp', 'corporation', 'company', 'co', 'group', 'university', 'college', 'institute', 'school', 'academy', 'association', 'society', 'party', 'band', 'records', 'studios', 'studio', 'entertainment', 'pictures', 'games', 'fc', 'club', 'team', 'league', 'council', 'committee', 'agency', 'department', 'ministry', 'bank', 'foundation', 'museum', 'church', 'airlines', 'airways', 'press', 'publishing', 'network', 'orchestra', 'army', 'navy', 'force', 'union', 'organization', 'organisation', 'federation', 'commission', 'court', 'hospital', 'railway', 'motors']);
const PLACE_SUFFIX = new Set(['river', 'mountain', 'mountains', 'mount', 'lake', 'island', 'islands', 'county', 'city', 'town', 'village', 'state', 'province', 'district', 'street', 'avenue', 'road', 'bay', 'valley', 'sea', 'ocean', 'park', 'region', 'kingdom', 'republic', 'peninsula', 'desert', 'forest', 'coast', 'borough', 'parish', 'square', 'bridge', 'airport', 'station', 'castle', 'palace', 'stadium', 'arena', 'hall', 'prefecture', 'municipality', 'township', 'canton', 'oblast', 'territory']);
const WORK_HINT = /\((?:[^)]*\b(?:film|movie|album|song|single|novel|book|play|series|tv series|video game|game|opera|musical|magazine|newspaper|poem|painting|ep|soundtrack)\b[^)]*)\)\s*$/i;
const PERSON_HINT = /\((?:[^)]*\b(?:actor|actress|singer|musician|footballer|politician|writer|author|director|player|rapper|painter|composer|poet|boxer|wrestler|coach|producer|journalist|cricketer|athlete|businessman|scientist)\b[^)]*)\)\s*$/i;
const ORG_HINT = /\((?:[^)]*\b(?:band|company|group|club|team|party|organization|organisation|magazine|label)\b[^)]*)\)\s*$/i;
const PLACE_HINT = /\((?:[^)]*\b(?:city|town|village|river|county|state|country|island|region|district|mountain|lake|province)\b[^)]*)\)\s*$/i;
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
const DATE_RE = new RegExp(
  `\\b(?:(?:${MONTHS})\\.?\\s+\\d{1,2},?\\s+\\d{3,4}|\\d{1,2}\\s+(?:${MONTHS})\\.?\\s+\\d{3,4}|(?:${MONTHS})\\.?\\s+\\d{4}|(?:1[0-9]|20)\\d{2}s?)\\b`,
  'g',
);
const TOKEN_RE = /[\p{L}\p{N}]+(?:['’\-.&][\p{L}\p{N}]+)*\.?|[^\s\p{L}\p{N}]/gu;

interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
  cap: boolean;
  word: boolean;
}

export interface Mention {
  name: string;
  type: string;
  start: number;
  end: number;
  /** Index range [first, last) in the sentence's tokens. */
  t0: number;
  t1: number;
  page?: boolean;
}

function tokenize(text: string, offset: number): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN_RE)) {
    let s = m[0];
    // a trailing period belongs to the word only for abbreviations like "U.S." or "Inc."
    if (s.length > 1 && s.endsWith('.') && !/^(?:[\p{L}]\.)+$/u.test(s) && !/^(?:inc|ltd|co|corp|jr|sr|st|dr|mr|mrs|ms|no|vol)\.$/i.test(s)) s = s.slice(0, -1);
    const start = offset + m.index;
    const first = s.charAt(0);
    const word = /[\p{L}\p{N}]/u.test(first);
    out.push({ text: s, lower: s.toLowerCase(), start, end: start + s.length, cap: word && first !== first.toLowerCase(), word });
  }
  return out;
}

/** Type a name from its words: honorifics, suffixes, then the lexicon's name lists. */
export function guessType(name: string): string {
  const hint = name.match(/\(([^)]*)\)\s*$/);
  if (hint) {
    if (PERSON_HINT.test(name)) return 'Person';
    if (WORK_HINT.test(name)) return 'Work';
    if (ORG_HINT.test(name)) return 'Organization';
    if (PLACE_HINT.test(name)) return 'Place';
  }
  const bare = name.replace(/\([^)]*\)\s*$/, '').trim();
  const words = bare.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Entity';
  if (words.length > 1) {
    const whole = phraseClasses(bare);
    if (whole.has('place')) return 'Place';
    if (whole.has('organization')) return 'Organization';
    if (whole.has('person')) return 'Person';
  }
  const first = words[0]!.toLowerCase().replace(/\.$/, '');
  const last = words[words.length - 1]!.toLowerCase();
  if (HONORIFICS.has(first) && words.length > 1) return 'Person';
  // "Acme Records", "University of Paris", "Bank of England"
  if (ORG_SUFFIX.has(last) || (words.length > 2 && words.slice(0, -1).some((w) => ORG_SUFFIX.has(w.toLowerCase())) && /\bof\b/i.test(name))) return 'Organization';
  if (PLACE_SUFFIX.has(last) || (words.length > 1 && PLACE_SUFFIX.has(first) && /\bof\b/i.test(name))) return 'Place';
  const c0 = wordClasses(words[0]!);
  const cl = wordClasses(words[words.length - 1]!);
  if (words.length === 1) {
    if (c0.has('place')) return 'Place';
    if (c0.has('organization')) return 'Organization';
    if (c0.has('person')) return 'Person';
    if (c0.has('demonym')) return 'Nationality';
    return 'Entity';
  }
  if (c0.has('place') && words.length === 2 && (cl.has('place') || wordClasses(words[1]!).size === 0)) return 'Place';
  if (c0.has('organization') || cl.has('organization')) return 'Organization';
  if (words.length <= 4 && (c0.has('person-first') || c0.has('person')) && !cl.has('place') && /^[\p{Lu}]/u.test(words[words.length - 1]!)) return 'Person';
  if (words.length <= 3 && cl.has('person-last') && !c0.has('place')) return 'Person';
  if (c0.has('place') && cl.has('place')) return 'Place';
  return 'Entity';
}

function stripTitle(title: string): string {
  return title.replace(/\s*\([^)]*\)\s*$/, '').trim();
}

function norm(s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** Find named mentions and dates in one sentence. */
export function findMentions(tokens: Token[], sentenceText: string, sentenceStart: number): Mention[] {
  const mentions: Mention[] = [];
  const taken = new Set<number>();
  for (const m of sentenceText.matchAll(DATE_RE)) {
    const start = sentenceStart + m.index;
    const end = start + m[0].length;
    const t0 = tokens.findIndex((t) => t.start >= start);
    if (t0 < 0) continue;
    let t1 = t0;
    while (t1 < tokens.length && tokens[t1]!.end <= end) t1++;
    if (t1 <= t0) continue;
    for (let k = t0; k < t1; k++) taken.add(k);
    mentions.push({ name: m[0], type: 'Date', start, end, t0, t1 });
  }
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (!t.cap || taken.has(i)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < tokens.length && !taken.has(j)) {
      const n = tokens[j]!;
      if (n.cap) {
        j++;
        continue;
      }
      // connectors ("of", "de", "von") bridge two capitalised parts: "University of Oxford"
      if (CONNECTORS.has(n.lower) && tokens[j + 1]?.cap && !taken.has(j + 1)) {
        if (WEAK_CONNECTORS.has(n.lower) && !(j - i >= 1 && ORG_SUFFIX.has(tokens[j + 1]!.lower))) {
          // "X and Y" is two mentions unless the phrase is clearly one organisation name
          if (!(n.lower === 'of' || n.lower === 'the')) break;
        }
        j += 2;
        continue;
      }
      if (n.text === "'s" || n.text === '’s') break;
      break;
    }
    let a = i;
    // sentence-initial or lexicon function words ("The", "In", "However") are not names
    while (a < j && (LEADING_DROP.has(tokens[a]!.lower) || (a === 0 && isCommonCapitalised(tokens[a]!)))) a++;
    let b = j;
    while (b > a && CONNECTORS.has(tokens[b - 1]!.lower)) b--;
    if (b > a) {
      const start = tokens[a]!.start;
      const end = tokens[b - 1]!.end;
      const name = sentenceText.slice(start - sentenceStart, end - sentenceStart);
      const only = b - a === 1 ? tokens[a]! : undefined;
      const skip =
        only &&
        (only.text.length < 2 ||
          PRONOUNS.has(only.lower) ||
          wordClasses(only.text).has('month') ||
          wordClasses(only.text).has('function') ||
          // "Originally, …" / "Traditionally …": a sentence-initial adverb, not a name
          (a === 0 && (/ly$/.test(only.lower) || tokens[a + 1]?.text === ',') && !isKnownName(only)));
      if (!skip) mentions.push({ name, type: guessType(name), start, end, t0: a, t1: b });
    }
    i = j;
  }
  return mentions.sort((x, y) => x.start - y.start);
}

function isKnownName(t: Token): boolean {
  const c = wordClasses(t.text);
  return c.has('person-first') || c.has('person-last') || c.has('place') || c.has('organization') || c.has('person');
}

function isCommonCapitalised(t: Token): boolean {
  const c = wordClasses(t.text);
  if (c.has('person-first') || c.has('person-last') || c.has('place') || c.has('organization') || c.has('person')) return false;
  return c.has('function') || c.has('adverb') || c.has('verb') || c.has('adjective') || (c.has('noun') && !/^\p{Lu}{2,}/u.test(t.text));
}

const STOP_AFTER_NP = new Set(['of', 'in', 'on', 'at', 'by', 'for', 'from', 'with', 'to', 'who', 'which', 'that', 'and', 'or', 'but', 'as', 'where', 'when', 'whose']);

/** "X is a Y" / "X, a Y," → the noun phrase Y (lower-cased head phrase, at most 4 words). */
function isAPhrase(tokens: Token[], from: number): { phrase: string; start: number; end: number; next: number } | undefined {
  let k = from;
  const cop = tokens[k];
  if (!cop) return undefined;
  if (cop.text === ',') k++;
  if (['is', 'was', 'are', 'were'].includes(tokens[k]?.lower ?? '')) k++;
  else if (cop.text !== ',') return undefined;
  const det = tokens[k];
  if (!det || !['a', 'an', 'the'].includes(det.lower)) return undefined;
  k++;
  const words: Token[] = [];
  while (k < tokens.length && words.length < 6) {
    const t = tokens[k]!;
    if (!t.word || STOP_AFTER_NP.has(t.lower)) break;
    if (wordClasses(t.text).has('verb') && !wordClasses(t.text).has('noun') && !wordClasses(t.text).has('adjective') && words.length > 0) break;
    words.push(t);
    k++;
  }
  // drop leading nationality / capitalised modifiers but keep the noun head
  const kept = words.filter((w) => !/^\d/.test(w.text));
  if (kept.length === 0) return undefined;
  const phrase = kept.slice(-4).map((w) => w.lower).join(' ');
  if (phrase.length < 3) return undefined;
  return { phrase, start: kept[0]!.start, end: kept[kept.length - 1]!.end, next: k };
}

function relationFromGap(gap: Token[], maxGap: number): { label: string; confidence: 'pattern' | 'prep' } | undefined {
  if (gap.length === 0) return undefined;
  if (gap.some((t) => !t.word && t.text !== '-' && t.text !== "'")) return undefined;
  if (gap.length > maxGap) return undefined;
  if (gap.some((t) => ['and', 'or', 'but', 'while', 'whereas', 'although', 'because'].includes(t.lower))) return undefined;
  const hasVerb = gap.some((t) => wordClasses(t.text).has('verb') || /(?:ed|en)$/.test(t.lower));
  if (gap.length === 1 && wordClasses(gap[0]!.text).has('function')) {
    const p = gap[0]!.lower;
    if (['in', 'of', 'from', 'at', 'for', 'by', 'with', 'on'].includes(p)) return { label: p, confidence: 'prep' };
    return undefined;
  }
  if (gap.every((t) => ['is', 'was', 'are', 'were', 'a', 'an', 'the', ','].includes(t.lower))) return undefined;
  const label = normaliseRelation(gap.map((t) => t.text).join(' '));
  if (!label || label === 'related_to') return undefined;
  return { label, confidence: hasVerb ? 'pattern' : 'prep' };
}

export function createHeuristicTripleExtractor(options: HeuristicTripleExtractorOptions = {}): TripleExtractor {
  const patternConf = options.patternConfidence ?? 0.7;
  const coConf = options.cooccurrenceConfidence ?? 0.2;
  const pageConf = options.pageConfidence ?? 0.4;
  const maxCo = options.maxCooccurrence ?? 8;
  const maxGap = options.maxGapWords ?? 6;
  return {
    id: 'heuristic@1',
    async extract({ chunk, docTitle }) {
      const entities = new Map<string, Entity>();
      const triples = new Map<string, Triple>();
      const titleName = docTitle ? stripTitle(docTitle) : '';
      const titleType = docTitle ? guessType(docTitle) : 'Entity';
      const titleNorm = norm(titleName);
      const titleLast = titleName.split(/\s+/).pop() ?? '';
      const addEntity = (name: string, type: string, prov: Provenance, alias?: string) => {
        const key = `${type}\u0000${norm(name)}`;
        let e = entities.get(key);
        if (!e) {
          e = { name, type, aliases: [], mentions: [] };
          entities.set(key, e);
        }
        if (alias && alias !== name && !e.aliases.includes(alias)) e.aliases.push(alias);
        if (!e.mentions.some((m) => m.start === prov.start && m.end === prov.end)) e.mentions.push(prov);
      };
      const addTriple = (h: Mention, relation: string, t: Mention, confidence: number, prov: Provenance) => {
        if (norm(h.name) === norm(t.name) && h.type === t.type) return;
        const key = `${h.type}\u0000${norm(h.name)}\u0000${relation}\u0000${t.type}\u0000${norm(t.name)}`;
        const ex = triples.get(key);
        if (ex) {
          ex.confidence = Math.max(ex.confidence, confidence);
          if (!ex.provenance.some((p) => p.start === prov.start && p.end === prov.end)) ex.provenance.push(prov);
          return;
        }
        triples.set(key, { head: h.name, headType: h.type, relation, tail: t.name, tailType: t.type, provenance: [prov], confidence });
      };
      const page: Mention | undefined = titleName ? { name: titleName, type: titleType, start: 0, end: 0, t0: -1, t1: -1, page: true } : undefined;
      for (const s of chunk.sentences) {
        const local = s.start - chunk.start;
        const sentenceText = chunk.text.slice(local, s.end - chunk.start);
        const prov: Provenance = { chunkId: chunk.id, start: s.start, end: s.end };
        const tokens = tokenize(sentenceText, s.start);
        const found = findMentions(tokens, sentenceText, s.start);
        const mentions: Mention[] = [];
        // a sentence-initial pronoun in an encyclopedic passage refers to the page entity
        if (page && tokens[0] && PRONOUNS.has(tokens[0].lower)) mentions.push({ ...page, start: tokens[0].start, end: tokens[0].end, t0: 0, t1: 1 });
        for (const m of found) {
          const n = norm(m.name);
          if (page && n && (n === titleNorm || (titleType === 'Person' && m.type !== 'Date' && n === norm(titleLast) && titleName.includes(' ')))) {
            mentions.push({ ...page, start: m.start, end: m.end, t0: m.t0, t1: m.t1 });
            if (m.name !== titleName) addEntity(titleName, titleType, prov, m.name);
          } else mentions.push(m);
        }
        // the title written in lower case ("The demon algorithm is …") still names the page
        if (page && titleNorm && !mentions.some((m) => m.page)) {
          const at = sentenceText.toLowerCase().indexOf(titleName.toLowerCase());
          if (at >= 0) {
            const start = s.start + at;
            const end = start + titleName.length;
            const t0 = tokens.findIndex((t) => t.start >= start);
            let t1 = t0;
            while (t1 >= 0 && t1 < tokens.length && tokens[t1]!.end <= end) t1++;
            if (t0 >= 0 && t1 > t0 && !mentions.some((m) => m.start < end && start < m.end)) {
              mentions.push({ ...page, start, end, t0, t1 });
              mentions.sort((x, y) => x.start - y.start);
            }
          }
        }
        for (const m of mentions) addEntity(m.name, m.type, prov);
        const related = new Set<string>();
        for (let k = 0; k < mentions.length; k++) {
          const h = mentions[k]!;
          // "X is a Y" and "X, a Y": the noun phrase Y becomes a Concept entity
          const isa = isAPhrase(tokens, h.t1);
          if (isa && h.type !== 'Date') {
            const np: Mention = { name: isa.phrase, type: 'Concept', start: isa.start, end: isa.end, t0: h.t1, t1: isa.next };
            addEntity(np.name, np.type, prov);
            addTriple(h, IS_A, np, patternConf, prov);
          }
          const t = mentions[k + 1];
          if (!t) continue;
          // "X is a game created by Y": the verb phrase after the noun phrase still has X as subject
          const from = isa && isa.next <= t.t0 ? isa.next : h.t1;
          const rel = relationFromGap(tokens.slice(from, t.t0), maxGap);
          if (rel) {
            addTriple(h, rel.label, t, rel.confidence === 'pattern' ? patternConf : patternConf * 0.7, prov);
            related.add(`${k}:${k + 1}`);
          }
        }
        const co = mentions.slice(0, maxCo);
        for (let a = 0; a < co.length; a++)
          for (let b = a + 1; b < co.length; b++)
            if (!related.has(`${a}:${b}`) && co[a]!.type !== 'Date' && co[b]!.type !== 'Date') addTriple(co[a]!, COOCCURS, co[b]!, coConf, prov);
        if (page) for (const m of mentions) if (!m.page) addTriple(page, MENTIONS, m, pageConf, prov);
      }
      if (page && !entities.has(`${titleType}\u0000${titleNorm}`) && chunk.sentences[0]) {
        const first = chunk.sentences[0];
        addEntity(titleName, titleType, { chunkId: chunk.id, start: first.start, end: first.end });
      }
      return { entities: [...entities.values()], triples: [...triples.values()] } satisfies Extraction;
    },
  };
}
