// Embedded typed triple extraction, the indexer's default extractor (heuristic-extractor.ts is
// the simpler opt-in alternative): typed entities and schema relations read from sentence
// structure (see typed-patterns.ts), the document title as the passage's page entity with
// coreference ("He", "The film"), open-ended verb-phrase relations between neighbouring names,
// and weak co-occurrence / page-mention edges stored with low confidence. Dates and class nouns
// become nodes only as the tail of a typed relation. Every triple carries its sentence span.
// Given a TAdaRAG domain template (the routed one), relations the template does not list are
// down-weighted (template-weighting.ts); without one the output is as before.
import { canonicalRelation, relationSpec, type Entity, type Extraction, type Provenance, type Triple, type TripleExtractor } from '@rag/core';
import { classTypeOf } from './class-nouns.js';
import { wordClasses } from './english-lexicon.js';
import { guessType, stripTitle } from './entity-typing.js';
import { findMentions, PRONOUNS } from './mention-finder.js';
import { normaliseRelation } from './relation-label.js';
import { COOCCURS, MENTIONS } from './relation-names.js';
import { normKey, tokenize, tokenSpan, type Mention, type Token } from './sentence-tokens.js';
import { isCountry, sentenceFacts } from './typed-patterns.js';
import { checkOutsideTemplateWeight, weighByTemplate } from './template-weighting.js';


export interface TypedTripleExtractorOptions {
  /** Confidence of typed (schema) relations and verb-phrase relations (default 0.7). */
  patternConfidence?: number;
  /** Confidence of co-occurrence edges (default 0.2). */
  cooccurrenceConfidence?: number;
  /** Confidence of typed edges to a class or literal tail (occupation "actor", nationality, dates; default 0.2). */
  attributeConfidence?: number;
  /** Confidence of page-entity → mention edges (default 0.4). */
  pageConfidence?: number;
  /** Co-occurrence links each mention to the next `maxCooccurrence - 1` mentions of its sentence (default 1: none, the page → mention edges are the only weak links; 2 = neighbours only). */
  maxCooccurrence?: number;
  /** Longest gap (in words) between two mentions read as a relation phrase (default 6). */
  maxGapWords?: number;
  /** Page-entity → mention edges: for every sentence ("all", default), or only for sentences that do not name the page ("unnamed"). */
  pageMentions?: 'all' | 'unnamed';
  /**
   * With a domain template (TAdaRAG's routed one, `extract({ template })`): the factor applied to
   * the confidence of relations the template does not list (default 0.5; 1 ignores the template,
   * 0 drops those relations). Weak edges are left as they are.
   */
  outsideTemplateWeight?: number;
}

const LITERAL = new Set(['Date', 'Number', 'Concept']);
const LOCATABLE = new Set(['Place', 'Organization', 'Event']);
const PREPOSITIONS = new Set(['in', 'of', 'from', 'at', 'for', 'by', 'with', 'on']);

const TITLE_WORDS = new Set(['captain', 'sir', 'dr', 'lord', 'lady', 'king', 'queen', 'prince', 'princess', 'saint', 'st', 'general', 'colonel', 'major', 'the']);

/** Same first word, ignoring an honorific ("Captain Konstantin …" ~ "Konstantin Vakulovsky"). */
function sharesFirstWord(a: string, b: string): boolean {
  const first = (s: string) => s.split(' ').find((w) => !TITLE_WORDS.has(w)) ?? '';
  return first(a) !== '' && first(a) === first(b);
}


/** "A, B, C and D": a list of names, not a place and the larger place it lies in ("A, B, Country" is still a chain). */
function inList(tokens: Token[], h: Mention, t: Mention, next: Mention | undefined): boolean {
  const before = tokens[h.t0 - 1]?.text;
  const after = tokens[t.t1]?.lower;
  if (before === ',' || before === 'and' || after === 'and' || after === 'or') return true;
  return after === ',' && next !== undefined && next.t0 === t.t1 + 1 && !isCountry(next);
}

/** A verb phrase between two neighbouring names ("X headlined Y") as an open-ended label. */
function relationFromGap(gap: Token[], maxGap: number): string | undefined {
  if (gap.length === 0 || gap.length > maxGap) return undefined;
  if (gap.some((t) => !t.word && t.text !== '-')) return undefined;
  if (gap.some((t) => ['and', 'or', 'but', 'while', 'whereas', 'although', 'because'].includes(t.lower))) return undefined;
  const hasVerb = gap.some((t) => (wordClasses(t.text).has('verb') && !['is', 'was', 'are', 'were'].includes(t.lower)) || /(?:ed|en)$/.test(t.lower));
  // a bare preposition ("X in Y", "X of Y") keeps its own open label: untyped, but a closer
  // link than co-occurrence for graph traversal
  if (!hasVerb) return gap.length === 1 && PREPOSITIONS.has(gap[0]!.lower) ? gap[0]!.lower : undefined;
  const label = normaliseRelation(gap.map((t) => t.text).join(' '));
  if (!label || label === 'related_to') return undefined;
  return label;
}

export function createTypedTripleExtractor(options: TypedTripleExtractorOptions = {}): TripleExtractor {
  const patternConf = options.patternConfidence ?? 0.7;
  const coConf = options.cooccurrenceConfidence ?? 0.2;
  const pageConf = options.pageConfidence ?? 0.4;
  const attrConf = Number(process.env.RAG_KG_ATTR ?? '') || options.attributeConfidence || 0.2;
  const coWindow = Math.max(0, (options.maxCooccurrence ?? 1) - 1);
  const maxGap = options.maxGapWords ?? 6;
  const pageAll = (options.pageMentions ?? 'all') === 'all';
  const outsideWeight = checkOutsideTemplateWeight(options.outsideTemplateWeight, 'createTypedTripleExtractor(options.outsideTemplateWeight)');
  const extractor: TripleExtractor = {
    id: 'typed@1',
    async prepare() {
      // one short passage through every step: the lexicon and the tagger are loaded by it
      await extractor.extract({ chunk: PREPARE_CHUNK, docTitle: 'Ada Lovelace' });
    },
    async extract({ chunk, docTitle, template }) {
      const titleName = docTitle ? stripTitle(docTitle) : '';
      const titleNorm = normKey(titleName);
      // "Salt Gap, Texas" is also written "Salt Gap"; so is "Alta, Fayette County, West Virginia" "Alta"
      const titleHead = /^[^,]+(?:,\s*[^,]+)+$/.test(titleName) ? normKey(titleName.split(',')[0]!) : titleNorm;
      const titleLast = titleName.split(/\s+/).pop() ?? '';
      const titleFirst = titleName.split(/\s+/)[0] ?? '';
      const lastKey = normKey(titleLast);
      const firstKey = normKey(titleFirst);
      const pageState = { type: docTitle ? guessType(docTitle) : 'Entity', fixed: false, aliases: new Set<string>() };
      const typeOf = (m: Mention) => (m.page ? pageState.type : m.type);
      const nameOf = (m: Mention) => (m.page ? titleName : m.name);

      interface Pending {
        mentions: Mention[];
        facts: { head: Mention; relation: string; tail: Mention; confidence: number }[];
        prov: Provenance;
      }
      const pending: Pending[] = [];
      for (const s of chunk.sentences) {
        const local = s.start - chunk.start;
        const sentenceText = chunk.text.slice(local, s.end - chunk.start);
        const prov: Provenance = { chunkId: chunk.id, start: s.start, end: s.end };
        const tokens = tokenize(sentenceText, s.start);
        const found = findMentions(tokens, sentenceText, s.start).map((m) => withoutRole(m, tokens));
        const pageAt = (t0: number, t1: number): Mention => ({ name: titleName, type: pageState.type, start: tokens[t0]!.start, end: tokens[t1 - 1]!.end, t0, t1, page: true });
        const mentions: Mention[] = [];
        if (titleName) {
          // "He …", "The film …", "The publishing house …": the title entity
          const p0 = tokens.findIndex((t) => PRONOUNS.has(t.lower) && t.lower !== 'its' && t.lower !== 'their');
          const beforeFirstName = (i: number) => !found.some((m) => m.t0 < i && m.type !== 'Date');
          if (p0 >= 0 && beforeFirstName(p0) && p0 <= 12) mentions.push(pageAt(p0, p0 + 1));
          else if (tokens[0]?.lower === 'the' && tokens[1] && !tokens[1].cap) {
            const second = tokens[2];
            const nounAt = second && !second.cap && second.word && wordClasses(tokens[1].text).has('noun') && !wordClasses(tokens[1].text).has('adjective') && classTypeOf(second.lower) ? 2 : 1;
            const cls = classTypeOf(tokens[nounAt]!.lower);
            if (cls && cls === pageState.type && !found.some((m) => m.t0 <= nounAt)) mentions.push(pageAt(0, nounAt + 1));
          }
        }
        for (const m of found) {
          const n = normKey(m.name);
          const isPage =
            titleName &&
            n &&
            m.type !== 'Date' &&
            (n === titleNorm ||
              n === titleHead ||
              pageState.aliases.has(n) ||
              (pageState.type === 'Person' && titleName.includes(' ') && (n === lastKey || (n === firstKey && !m.name.includes(' ')))) ||
              // "Konstantin Konstantinovich Vakulovsky" for the page "Konstantin Vakulovsky"
              (pageState.type === 'Person' && titleName.includes(' ') && n.startsWith(firstKey + ' ') && n.endsWith(' ' + lastKey)) ||
              // the defining sentence opens with the title's full form ("Captain Konstantin
              // Konstantinovich Vakulovsky", "Hôtel Le Concorde Québec", "Leston Peter Paul"); a
              // shorter name is only the title's first word ("Kansas" in "Kansas's 4th
              // congressional district", "Deputy Prime Minister" of "… of Singapore")
              (pending.length === 0 && m === found.find((x) => x.type !== 'Date') && m.t0 <= 1 && sharesFirstWord(n, titleNorm) && n.split(' ').length >= titleNorm.split(' ').length));
          if (isPage) {
            if (m.name !== titleName) pageState.aliases.add(n);
            mentions.push({ ...m, name: titleName, page: true, type: pageState.type, surface: m.name });
          } else mentions.push(m);
        }
        // the title written out ("12 Monkeys, also known as …") or in lower case ("The demon
        // algorithm is …") names the page, over any shorter name found inside it
        if (titleName && !mentions.some((m) => m.page)) {
          const exact = sentenceText.indexOf(titleName);
          const at = exact >= 0 ? exact : sentenceText.toLowerCase().indexOf(titleName.toLowerCase());
          if (at >= 0) {
            const start = s.start + at;
            const end = start + titleName.length;
            const span = tokenSpan(tokens, start, end);
            const inside = (m: Mention) => m.start >= start && m.end <= end;
            if (span && mentions.every((m) => inside(m) || m.end <= start || m.start >= end)) {
              for (let i = mentions.length - 1; i >= 0; i--) if (inside(mentions[i]!)) mentions.splice(i, 1);
              mentions.push(pageAt(span.t0, span.t1));
            }
          }
        }
        mentions.sort((x, y) => x.start - y.start);
        const page: Mention | undefined = titleName ? { name: titleName, type: pageState.type, start: s.start, end: s.start, t0: -1, t1: -1, page: true } : undefined;
        const typed = sentenceFacts({ tokens, mentions, ...(page ? { page } : {}), text: sentenceText, start: s.start });
        // the defining sentence may retype the title entity ("X is a 1995 film")
        if (!pageState.fixed) {
          const retyped = [...mentions, ...(page ? [page] : [])].find((m) => m.page && m.type !== pageState.type && m.type !== 'Entity');
          if (retyped) pageState.type = retyped.type;
          if (typed.some((f) => f.head.page)) pageState.fixed = true;
        }
        for (const f of typed) if (f.relation === 'alias' && f.head.page && f.tail.type !== 'Date') pageState.aliases.add(normKey(f.tail.name));
        // a fact whose tail is a class or literal ("actor", "American", a date) is an attribute: it
        // is stored as a typed edge but weighted like a weak one, so class nodes shared by hundreds
        // of passages do not become strong bridges for graph traversal
        const facts: Pending['facts'] = typed.map((f) => ({ ...f, confidence: LITERAL.has(f.tail.type) || f.tail.type === 'Nationality' ? attrConf : patternConf }));
        const related = new Set(typed.map((f) => `${f.head.start}:${f.tail.start}`));
        // open-ended verb phrases between neighbouring names ("X headlined Y")
        const named = mentions.filter((m) => m.type !== 'Date');
        for (let k = 0; k + 1 < named.length; k++) {
          const h = named[k]!;
          const t = named[k + 1]!;
          if (related.has(`${h.start}:${t.start}`) || related.has(`${t.start}:${h.start}`)) continue;
          const gap = tokens.slice(h.t1, t.t0);
          // "the Palais de Justice in Paris", "Little Rock, Arkansas": a place, organisation or
          // event next to a place lies in it
          if (typeOf(t) === 'Place' && LOCATABLE.has(typeOf(h)) && gap.length === 1 && (gap[0]!.lower === 'in' || (gap[0]!.text === ',' && typeOf(h) === 'Place' && !inList(tokens, h, t, named[k + 2])))) {
            facts.push({ head: h, relation: isCountry(t) ? 'country' : 'located_in', tail: t, confidence: patternConf * 0.7 });
            related.add(`${h.start}:${t.start}`);
            continue;
          }
          const label = relationFromGap(gap, maxGap);
          if (!label) continue;
          const canon = canonicalRelation(label);
          const spec = relationSpec(canon);
          // a verb phrase that names a schema relation counts only when both ends fit its types
          const rel = spec ? (spec.head.includes(typeOf(h)) && spec.tail.includes(typeOf(t)) ? canon : label) : canon;
          facts.push({ head: h, relation: rel, tail: t, confidence: patternConf * 0.7 });
          related.add(`${h.start}:${t.start}`);
        }
        pending.push({ mentions, facts, prov });
      }

      // ---- "Alta, Fayette County, West Virginia": a place's title names the places it lies in.
      // Each qualifier the passage also names (as a place) gives `located_in` (`country` for a
      // country), with the sentence naming it as provenance; the first qualifier is the nearest.
      const qualifiers = titleName.includes(',') ? titleName.split(',').slice(1).map((q) => normKey(q.trim())).filter(Boolean) : [];
      if (qualifiers.length > 0 && pageState.type === 'Place') {
        const pageRef: Mention = { name: titleName, type: 'Place', start: 0, end: 0, t0: -1, t1: -1, page: true };
        const done = new Set<string>();
        for (const p of pending)
          for (const m of p.mentions) {
            const key = normKey(m.name);
            if (m.page || done.has(key) || !qualifiers.includes(key) || (typeOf(m) !== 'Place' && typeOf(m) !== 'Entity')) continue;
            done.add(key);
            const tail = { ...m, type: 'Place' };
            const relation = isCountry(tail) ? 'country' : 'located_in';
            if (!p.facts.some((f) => f.head.page && f.relation === relation && normKey(f.tail.name) === key)) p.facts.push({ head: pageRef, relation, tail, confidence: patternConf });
          }
      }

      // ---- one name, one type within the passage: an untyped mention takes the type the name
      // got elsewhere ("coach Dick Crum" types every "Dick Crum")
      const nameType = new Map<string, string>();
      for (const { mentions } of pending) for (const m of mentions) if (!m.page && m.type !== 'Entity' && !nameType.has(normKey(m.name))) nameType.set(normKey(m.name), m.type);
      for (const { mentions, facts } of pending)
        for (const m of [...mentions, ...facts.flatMap((f) => [f.head, f.tail])]) if (m.type === 'Entity' && !m.page) m.type = nameType.get(normKey(m.name)) ?? 'Entity';

      // ---- emit with the final page type
      const entities = new Map<string, Entity>();
      const triples = new Map<string, Triple>();
      const keys = new Map<Mention, string>();
      const keyOf = (m: Mention) => {
        let k = keys.get(m);
        if (k === undefined) keys.set(m, (k = `${typeOf(m)}\u0000${normKey(nameOf(m))}`));
        return k;
      };
      const addEntity = (m: Mention, prov: Provenance) => {
        const key = keyOf(m);
        let e = entities.get(key);
        if (!e) {
          e = { name: nameOf(m), type: typeOf(m), aliases: [], mentions: [] };
          entities.set(key, e);
        }
        // the page written another way ("Baure" for "Baure, Nigeria", "Hayek" for "Friedrich
        // Hayek") is an alias of it; a person's bare first name ("Alexander" in "Alexander Hale
        // Smith"), or a country read as a surname, refers to the page only within this passage:
        // as an alias it would align every query "Alexander" or "Namibia" to this person
        const surface = m.page ? m.surface : undefined;
        if (surface && normKey(surface) !== normKey(titleName) && !e.aliases.includes(surface) && !(typeOf(m) === 'Person' && notSurname(surface, titleName))) e.aliases.push(surface);
        // "The Terminal" is also written "Terminal" ("stuck in the Terminal", a query's mention)
        const bare = articleless(e.name);
        if (bare && !e.aliases.includes(bare)) e.aliases.push(bare);
        if (!e.mentions.some((p) => p.start === prov.start && p.end === prov.end)) e.mentions.push(prov);
      };
      const addTriple = (h: Mention, relation: string, t: Mention, confidence: number, prov: Provenance) => {
        if (keyOf(h) === keyOf(t) || (relation === 'alias' && normKey(nameOf(h)) === normKey(nameOf(t)))) return;
        const key = `${keyOf(h)}\u0000${relation}\u0000${keyOf(t)}`;
        const ex = triples.get(key);
        if (ex) {
          ex.confidence = Math.max(ex.confidence, confidence);
          if (!ex.provenance.some((p) => p.start === prov.start && p.end === prov.end)) ex.provenance.push(prov);
          return;
        }
        addEntity(h, prov);
        addEntity(t, prov);
        triples.set(key, { head: nameOf(h), headType: typeOf(h), relation, tail: nameOf(t), tailType: typeOf(t), provenance: [prov], confidence });
      };
      const pageMention: Mention | undefined = titleName ? { name: titleName, type: pageState.type, start: 0, end: 0, t0: -1, t1: -1, page: true } : undefined;
      // weak edges only join pairs nothing else in the passage joins: one weak edge per unordered
      // pair (co-occurrence written in a canonical direction, so the same pair seen in another
      // passage merges into the same edge), none where a typed or open relation already links them
      const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
      const linked = new Set<string>();
      for (const { facts } of pending) for (const f of facts) linked.add(pairKey(keyOf(f.head), keyOf(f.tail)));
      const weak: { h: Mention; relation: string; t: Mention; confidence: number; prov: Provenance }[] = [];
      const addWeak = (h: Mention, relation: string, t: Mention, confidence: number, prov: Provenance) => {
        const ph = pairKey(keyOf(h), keyOf(t));
        if (linked.has(ph)) return;
        linked.add(ph);
        weak.push(relation === COOCCURS && keyOf(t) < keyOf(h) ? { h: t, relation, t: h, confidence, prov } : { h, relation, t, confidence, prov });
      };
      for (const { mentions, facts, prov } of pending) {
        // names are entities; dates, numbers, demonyms and class nouns only as relation tails
        for (const m of mentions) if (!LITERAL.has(typeOf(m)) && typeOf(m) !== 'Nationality') addEntity(m, prov);
        for (const f of facts) addTriple(f.head, f.relation, f.tail, f.confidence, prov);
      }
      for (const { mentions, prov } of pending) {
        const co = mentions.filter((m) => !LITERAL.has(typeOf(m)) && typeOf(m) !== 'Nationality');
        for (let a = 0; a < co.length; a++) for (let b = a + 1; b <= a + coWindow && b < co.length; b++) addWeak(co[a]!, COOCCURS, co[b]!, coConf, prov);
        // page → mention edges ("unnamed": only where the sentence does not name the page itself,
        // since there the co-occurrence chain and the typed relations already connect them)
        if (pageMention && (pageAll || !mentions.some((m) => m.page))) for (const m of co) addWeak(pageMention, MENTIONS, m, pageConf, prov);
      }
      for (const w of weak) addTriple(w.h, w.relation, w.t, w.confidence, w.prov);
      if (pageMention && !entities.has(keyOf(pageMention)) && chunk.sentences[0]) {
        const first = chunk.sentences[0];
        addEntity(pageMention, { chunkId: chunk.id, start: first.start, end: first.end });
      }
      // "the English Lake District … the Lake District": a demonym before a name the passage also
      // uses alone writes the same entity; the shorter form is an alias (so the two nodes merge)
      const named = new Set<string>();
      for (const { mentions } of pending) for (const m of mentions) if (!m.page) named.add(normKey(m.name));
      for (const e of entities.values()) {
        const words = e.name.split(/\s+/);
        if (words.length < 3 || !wordClasses(words[0]!).has('demonym')) continue;
        const rest = words.slice(1).join(' ');
        if (named.has(normKey(rest)) && !e.aliases.includes(rest)) e.aliases.push(rest);
      }
      return { entities: [...entities.values()], triples: weighByTemplate([...triples.values()], template, outsideWeight) } satisfies Extraction;
    },
  };
  return extractor;
}

/** The passage `prepare` extracts from (its result is dropped). */
const PREPARE_TEXT = 'Ada Lovelace was an English mathematician. She was born in London in 1815 and worked with Charles Babbage on the Analytical Engine.';
const PREPARE_SPLIT = PREPARE_TEXT.indexOf(' She ');
const PREPARE_CHUNK = {
  id: 'prepare::0',
  docId: 'prepare',
  text: PREPARE_TEXT,
  start: 0,
  end: PREPARE_TEXT.length,
  sentences: [
    { start: 0, end: PREPARE_SPLIT },
    { start: PREPARE_SPLIT + 1, end: PREPARE_TEXT.length },
  ],
};

/** A single word of a multi-word person's name that is not its surname: a first or middle name, or a country. */
function notSurname(surface: string, name: string): boolean {
  const words = name.split(/\s+/);
  if (words.length < 2 || /\s/.test(surface.trim())) return false;
  const key = normKey(surface);
  return normKey(words[words.length - 1]!) !== key ? words.some((w) => normKey(w) === key) : isCountry({ name: surface, type: 'Place', start: 0, end: 0, t0: 0, t1: 0 });
}

/** "The Terminal" → "Terminal": a title's leading article dropped (none for "The" alone or a lower-case word after it). */
function articleless(name: string): string | undefined {
  const m = /^The\s+(\p{Lu}.*)$/u.exec(name);
  return m ? m[1] : undefined;
}

/**
 * "Producer Peter Rogers", "Director Gerald Thomas": a capitalised profession before a person's
 * full name is not part of the name.
 */
function withoutRole(m: Mention, tokens: readonly Token[]): Mention {
  if (m.quoted || m.type === 'Date' || m.t1 - m.t0 < 3) return m;
  const role = tokens[m.t0]!;
  const next = tokens[m.t0 + 1]!;
  // professions formed as agent nouns only: ranks and titles ("King Vidor", "Prince Rogers
  // Nelson", "Saint Peter") are also given names or parts of a name
  if (!role.cap || !next.cap || !/(?:er|or|ist|ian)$/.test(role.lower) || classTypeOf(role.lower) !== 'Person' || wordClasses(role.text).has('person-first') || wordClasses(role.text).has('person-last')) return m;
  // the rest opens with a known given name ("Peter Rogers"; not "Major League Baseball")
  if (!wordClasses(next.text).has('person-first')) return m;
  const name = m.name.slice(next.start - m.start);
  return { ...m, name, type: 'Person', start: next.start, t0: m.t0 + 1 };
}
