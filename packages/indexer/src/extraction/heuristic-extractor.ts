// Embedded triple extraction, the simpler alternative to the typed extractor (the default): the
// same tokens, mentions and name typing (sentence-tokens.ts, mention-finder.ts, entity-typing.ts),
// the document title as the passage's page entity, "is a" noun phrases, relations read from the
// words between neighbouring mentions of a sentence, and weaker co-occurrence edges. Every triple
// carries its sentence span. A routed TAdaRAG template down-weights the relations it does not
// list (template-weighting.ts), as in the typed extractor.
import type { Entity, Extraction, Provenance, Triple, TripleExtractor } from '@rag/core';
import { wordClasses } from './english-lexicon.js';
import { guessType, stripTitle } from './entity-typing.js';
import { findMentions, PRONOUNS } from './mention-finder.js';
import { normaliseRelation } from './relation-label.js';
import { COOCCURS, IS_A, MENTIONS } from './relation-names.js';
import { normKey, tokenize, tokenSpan, type Mention, type Token } from './sentence-tokens.js';
import { checkOutsideTemplateWeight, weighByTemplate } from './template-weighting.js';

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
  /** With a domain template: the factor on the confidence of relations it does not list (default 0.5; 1 ignores the template, 0 drops them). */
  outsideTemplateWeight?: number;
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
  const outsideWeight = checkOutsideTemplateWeight(options.outsideTemplateWeight, 'createHeuristicTripleExtractor(options.outsideTemplateWeight)');
  return {
    id: 'heuristic@1',
    async extract({ chunk, docTitle, template }) {
      const entities = new Map<string, Entity>();
      const triples = new Map<string, Triple>();
      const titleName = docTitle ? stripTitle(docTitle) : '';
      const titleType = docTitle ? guessType(docTitle) : 'Entity';
      const titleNorm = normKey(titleName);
      const titleLast = titleName.split(/\s+/).pop() ?? '';
      const addEntity = (name: string, type: string, prov: Provenance, alias?: string) => {
        const key = `${type}\u0000${normKey(name)}`;
        let e = entities.get(key);
        if (!e) {
          e = { name, type, aliases: [], mentions: [] };
          entities.set(key, e);
        }
        if (alias && alias !== name && !e.aliases.includes(alias)) e.aliases.push(alias);
        if (!e.mentions.some((m) => m.start === prov.start && m.end === prov.end)) e.mentions.push(prov);
      };
      const addTriple = (h: Mention, relation: string, t: Mention, confidence: number, prov: Provenance) => {
        if (normKey(h.name) === normKey(t.name) && h.type === t.type) return;
        const key = `${h.type}\u0000${normKey(h.name)}\u0000${relation}\u0000${t.type}\u0000${normKey(t.name)}`;
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
          const n = normKey(m.name);
          if (page && n && (n === titleNorm || (titleType === 'Person' && m.type !== 'Date' && n === normKey(titleLast) && titleName.includes(' ')))) {
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
            const span = tokenSpan(tokens, start, end);
            if (span && !mentions.some((m) => m.start < end && start < m.end)) {
              mentions.push({ ...page, start, end, ...span });
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
      return { entities: [...entities.values()], triples: weighByTemplate([...triples.values()], template, outsideWeight) } satisfies Extraction;
    },
  };
}
