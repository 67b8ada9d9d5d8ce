// Embedded AnswerGenerator: picks the answer span out of the evidence, never writes new text.
// 1. The question form (who → person, when → date, how many → number, yes/no, "A or B") from
//    @rag/verify's questionForm, so generator and adequacy check agree on what is asked, refined
//    by a wh-phrase anywhere in the question ("… based in what state?" → place; askedType).
// 2. Sentences of the top evidence chunks are scored by the question terms they contain
//    (rarer terms and terms of named entities weigh more) plus a small rank prior.
// 3. Candidate spans of the asked type are taken from the best sentences and scored by sentence
//    score × proximity to the matched question terms × novelty (share of the candidate's words
//    the question does not already contain) × type fit (the compromise tagger's person / place
//    reading of a name; name-types.ts), plus support from other sentences. Bridge questions: a
//    sentence of a second-hop chunk (one naming a bridge entity, not the question's entity)
//    gets a bonus, so the answer comes from the hop the question ends on. Descriptor and
//    copular questions ("what position…", "X is what?") also get common-noun phrases as
//    candidates (noun-phrases.ts).
// 4. The answer cites the sentence it came from, as offsets into the source document.
import { invalidInput, type AnswerGenerator, type Citation, type Evidence, type GeneratedAnswer, type RankedChunk } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { questionForm } from '@rag/verify';
import { tokenizeWords } from '@rag/core';
import { chunkSentences } from '../internal/sentences.js';
import { contentTerms, dateSpans, nameSpans, numberSpans, numberValue, phraseKey, yearOf, type TextSpan } from '../internal/spans.js';
import { askedType } from './asked-type.js';
import { parseInstructions } from './instructions.js';
import { sentenceNameTypes, type SentenceNameTypes } from './name-types.js';
import { nounPhraseSpans, nounQuestion, type NounPhraseSpan, type NounQuestion } from './noun-phrases.js';

export interface ExtractiveAnswerGeneratorOptions {
  /** Resolves chunk offsets so citations point into the source document (else chunk-relative). */
  index?: Pick<RagIndex, 'getChunk'>;
  /** Evidence chunks read, best first (default 8). */
  maxChunks?: number;
  /** Sentences candidates are drawn from (default 6). */
  maxSentences?: number;
  /**
   * Score bonus for a question-matching sentence, in a chunk not about the question's own
   * entities, that names a bridge entity (a name stated next to those entities elsewhere): the
   * second hop of a bridge question (default 0.25; 0 turns it off). Measured with `pnpm rag-eval`
   * (a2rag-agent, see docs/benchmarks/agents.md): EM on HotpotQA / MuSiQue-train100 was 19 / 4
   * at 0, 20 / 5 at 0.1, 21 / 6 at 0.25 and 24 / 4 at 0.5; 0.25 is the round value that helped both.
   */
  bridgeBonus?: number;
}

interface Sent {
  chunk: RankedChunk;
  rank: number;
  text: string;
  /** Offsets into the chunk text. */
  start: number;
  end: number;
  terms: Set<string>;
  score: number;
  /** The chunk's subject, when this sentence opens with a pronoun that refers to it. */
  subject?: string;
}

interface Candidate {
  span: TextSpan;
  sent: Sent;
  score: number;
}

const QUESTION_WORDS = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how', 'many', 'much', 'name', 'year', 'did', 'does', 'do', 'was', 'were', 'is', 'are']);
const STRICT_MIN_OVERLAP = 0.34;
/** Cue words of the event a date comparison is usually about (birth, founding, release). */
const EVENT_CUE = /\b(born|founded|established|formed|released|created|built|opened|published|began|started|incorporated)\b/i;

export function createExtractiveAnswerGenerator(options: ExtractiveAnswerGeneratorOptions = {}): AnswerGenerator {
  const maxChunks = options.maxChunks ?? 8;
  const maxSentences = options.maxSentences ?? 6;
  const bridgeBonus = options.bridgeBonus ?? 0.25;
  if (!Number.isFinite(bridgeBonus) || bridgeBonus < 0 || bridgeBonus > 1) throw invalidInput('bridgeBonus', 'must be a number in [0, 1]', { value: bridgeBonus });
  if (!Number.isInteger(maxChunks) || maxChunks < 1) throw invalidInput('maxChunks', 'must be a positive integer', { value: maxChunks });
  if (!Number.isInteger(maxSentences) || maxSentences < 1) throw invalidInput('maxSentences', 'must be a positive integer', { value: maxSentences });

  const citationOf = (s: Sent): Citation => {
    const base = options.index?.getChunk(s.chunk.chunkId)?.start ?? 0;
    return { chunkId: s.chunk.chunkId, docId: s.chunk.docId, start: base + s.start, end: base + s.end, quote: s.text };
  };

  return {
    async generate({ query, evidence, analysis, instructions }, context) {
      if (typeof query !== 'string' || !query.trim()) throw invalidInput('query', 'must be a non-empty string');
      if (!evidence || !Array.isArray(evidence.chunks)) throw invalidInput('evidence', 'must be Evidence with a "chunks" array');
      const rules = parseInstructions(instructions);
      const sents = scoreSentences(query, evidence, maxChunks, bridgeBonus);
      const pool = rules.strict ? sents.filter((s) => s.score >= STRICT_MIN_OVERLAP).slice(0, 3) : sents.slice(0, maxSentences);
      const form = analysis?.answerType && analysis.answerType !== 'other' ? normaliseForm(askedType(query), analysis.answerType) : askedType(query);
      let result: { text: string; sent: Sent } | undefined;
      const choice = choiceOptions(query);
      if (choice) result = answerChoice(query, choice, sents);
      else if (form === 'yesno') result = answerYesNo(query, sents);
      if (!result) {
        // "What position…", "Lilu is what?": common-noun phrases compete with names.
        // A descriptor head noun ("what was the profession of …") outranks a person reading.
        const asked = nounQuestion(query);
        const nounQ = form === 'entity' || form === 'other' || (form === 'person' && asked === 'descriptor') ? asked : undefined;
        const best = pickCandidate(query, nounQ && form === 'person' ? 'entity' : form, pool, sents, rules.exclude, nounQ);
        if (best) result = { text: best.span.text, sent: best.sent };
      }
      context?.trace.decision('extractive-answer', result ? `span "${result.text.slice(0, 60)}" (${form})` : `no ${form} span in evidence: abstain`, {
        form,
        sentences: pool.length,
        strict: rules.strict,
      });
      if (!result) return { text: '', citations: [], abstain: true } satisfies GeneratedAnswer;
      return { text: result.text, citations: [citationOf(result.sent)] };
    },
  };
}

function normaliseForm(fromQuestion: ReturnType<typeof questionForm>, fromAnalysis: string): ReturnType<typeof questionForm> {
  // The question's own form wins; the analyzer's type only fills in an unconstrained form.
  if (fromQuestion !== 'other' && fromQuestion !== 'entity') return fromQuestion;
  return (['person', 'date', 'place', 'number', 'yesno', 'entity'].includes(fromAnalysis) ? fromAnalysis : fromQuestion) as ReturnType<typeof questionForm>;
}

/** Question terms with weights: rarer in the evidence and part of a named entity weigh more. */
function questionWeights(query: string, sents: { terms: Set<string> }[]): Map<string, number> {
  const entityTerms = new Set(nameSpans(query).flatMap((s) => contentTerms(s.text)));
  const terms = [...new Set(contentTerms(query))].filter((t) => !QUESTION_WORDS.has(t));
  const n = Math.max(1, sents.length);
  const w = new Map<string, number>();
  for (const t of terms) {
    let df = 0;
    for (const s of sents) if (s.terms.has(t)) df++;
    w.set(t, Math.log(1 + n / (1 + df)) * (entityTerms.has(t) ? 2 : 1));
  }
  return w;
}

function scoreSentences(query: string, evidence: Evidence, maxChunks: number, bridgeBonus: number): Sent[] {
  const raw: Omit<Sent, 'score'>[] = [];
  evidence.chunks.slice(0, maxChunks).forEach((chunk, rank) => {
    for (const cs of chunkSentences(chunk.text)) raw.push({ chunk, rank, ...cs });
  });
  const w = questionWeights(query, raw);
  const total = [...w.values()].reduce((a, b) => a + b, 0) || 1;
  const bridges = bridgeBonus > 0 ? bridgeNames(query, raw) : [];
  const entities = nameSpans(query).map((n) => contentTerms(n.text)).filter((t) => t.length > 0);
  const chunkTerms = new Map<string, Set<string>>();
  for (const s of raw) {
    const set = chunkTerms.get(s.chunk.chunkId) ?? new Set<string>();
    for (const t of s.terms) set.add(t);
    chunkTerms.set(s.chunk.chunkId, set);
  }
  return raw
    .map((s) => {
      let hit = 0;
      for (const [t, wt] of w) if (s.terms.has(t)) hit += wt;
      // Multi-hop: a sentence that matches the question and names a bridge entity (a name stated
      // next to the question's entities elsewhere) is likely the second hop — but only in a chunk
      // that is not itself about the question's entities (those name the bridge too: first hop).
      const key = phraseKey(s.text);
      const ct = chunkTerms.get(s.chunk.chunkId)!;
      const firstHop = entities.some((terms) => terms.every((t) => ct.has(t)));
      const bridge = hit > 0 && !firstHop && bridges.some((b) => key.includes(b) || phraseKey(s.chunk.text).includes(b)) ? bridgeBonus : 0;
      return { ...s, score: hit / total + 0.15 / (1 + s.rank) + bridge };
    })
    .sort((a, b) => b.score - a.score);
}

/** Names stated in sentences about the question's entities, other than those entities. */
function bridgeNames(query: string, sents: { text: string; terms: Set<string> }[]): string[] {
  const entities = nameSpans(query).map((n) => contentTerms(n.text)).filter((t) => t.length > 0);
  const asked = new Set(contentTerms(query));
  const out = new Set<string>();
  for (const s of sents) {
    if (!entities.some((terms) => terms.every((t) => s.terms.has(t)))) continue;
    for (const n of nameSpans(s.text)) {
      const terms = contentTerms(n.text);
      if (terms.length > 0 && !terms.some((t) => asked.has(t))) out.add(phraseKey(n.text));
    }
  }
  return [...out].filter(Boolean);
}

function spansFor(form: string, text: string): TextSpan[] {
  switch (form) {
    case 'date':
      return dateSpans(text);
    case 'number':
      return numberSpans(text);
    case 'person':
    case 'place':
    case 'entity':
      return nameSpans(text);
    default:
      return [...nameSpans(text), ...dateSpans(text), ...numberSpans(text)];
  }
}

function pickCandidate(query: string, form: string, pool: Sent[], all: Sent[], exclude: string[], nounQ?: NounQuestion): Candidate | undefined {
  const qTokens = new Set(tokenizeWords(query).map((t) => t.token));
  const qContent = new Set(contentTerms(query));
  const excluded = new Set(exclude.map(phraseKey));
  const byKey = new Map<string, Candidate & { support: number }>();
  const typed = form === 'person' || form === 'place';
  // Stems of the question's own words outside its names ("play" in "What position does X play?"):
  // a noun phrase right after one of them is the object of the question's verb.
  const entityTerms = new Set(nameSpans(query).flatMap((n) => contentTerms(n.text)));
  const verbStems = new Set([...qContent].filter((t) => !entityTerms.has(t) && !QUESTION_WORDS.has(t)).map(stem));
  const generic = !/\b(nationality|nation|language|citizen|country)\b/i.test(query);
  for (const s of pool) {
    let types: SentenceNameTypes | undefined;
    const words = tokenizeWords(s.text);
    const matched = words.filter((t) => qContent.has(t.token) && !QUESTION_WORDS.has(t.token));
    const spans: TextSpan[] = spansFor(form, s.text);
    const nounSpans = new Set<TextSpan>();
    if (nounQ) for (const np of nounPhraseSpans(s.text)) (nounSpans.add(np), spans.push(np));
    // "She won the prize": the pronoun's referent is a candidate at the pronoun's position.
    if (s.subject && (form === 'person' || form === 'entity' || form === 'other')) spans.push({ kind: 'name', text: s.subject, start: 0, end: 0 });
    for (const raw of spans) {
      let span = raw;
      if (form === 'person' && span.kind === 'name') {
        types ??= sentenceNameTypes(s.text);
        const inner = types.personInside(span.text);
        if (inner) {
          const at = span.text.indexOf(inner);
          span = { kind: 'name', text: inner, start: span.start + at, end: span.start + at + inner.length };
        }
      }
      const key = phraseKey(span.text);
      if (!key || excluded.has(key)) continue;
      const toks = key.split(' ');
      const novelty = toks.filter((t) => !qTokens.has(t)).length / toks.length;
      if (novelty === 0) continue;
      // Distance in words from the candidate to the nearest question term of the sentence.
      let d = 12;
      const idx = words.findIndex((t) => t.start >= span.start);
      for (const m of matched) {
        const mi = words.indexOf(m);
        d = Math.min(d, Math.abs(mi - (mi < idx ? idx : idx + toks.length - 1)));
      }
      const prox = 0.5 + 0.5 / (1 + d / 6);
      let kind = 1;
      if (form === 'person') kind = toks.length >= 2 && toks.length <= 4 ? 1 : 0.6;
      if (form === 'place' && /\b(in|at|from|near|of)\s*$/i.test(s.text.slice(Math.max(0, span.start - 6), span.start))) kind = 1.2;
      if (form === 'other' && span.kind !== 'name') kind = 0.8;
      if (form === 'date' && span.kind === 'date') kind = 1.1;
      if (nounQ) {
        // Descriptor questions ("what position…") prefer common nouns over names; a definition
        // ("X is a <noun>", ", a <noun>,") is the likeliest answer of both question kinds.
        if (nounSpans.has(raw)) {
          // A copular question ("X is what?") is answered by a definition, hardly by anything else.
          const copular = (raw as NounPhraseSpan).copular;
          kind = nounQ === 'descriptor' ? 1.2 * (copular ? 1.25 : 1) : copular ? 1.25 : 0.7;
          // Right after the question's verb ("plays as a striker"), or, for "X is what?", after
          // the question's own subject ("Lilu is a spirit").
          const before = words.filter((t) => t.end <= span.start).slice(-4);
          if (before.some((t) => verbStems.has(stem(t.token)) || (nounQ === 'copular' && qContent.has(t.token)))) kind *= 1.3;
        }
        else kind *= nounQ === 'descriptor' ? 0.6 : 0.8;
      }
      // Demonyms ("American") name no place or person.
      if ((form === 'place' || form === 'person' || (form === 'entity' && generic)) && toks.length === 1 && /(?:an|ese|ish|ian|ic)$/.test(toks[0]!)) kind *= 0.5;
      // The tagger's person / place reading of the name: the asked type is preferred and the
      // other one demoted, so "who wrote…" does not answer with a country or a title.
      if (typed && span.kind === 'name') {
        types ??= sentenceNameTypes(s.text);
        const t = types.typesOf(span.text);
        const want = form === 'person' ? 'person' : 'place';
        if (t.has(want)) kind *= 1.3;
        else if (t.size > 0) kind *= 0.5;
      }
      const score = s.score * prox * (0.4 + 0.6 * novelty) * kind;
      const prev = byKey.get(key);
      if (!prev) byKey.set(key, { span, sent: s, score, support: 1 });
      else {
        prev.support++;
        if (score > prev.score) Object.assign(prev, { span, sent: s, score });
      }
    }
  }
  // Support from sentences outside the pool that mention the same candidate.
  for (const [key, c] of byKey) {
    let extra = 0;
    for (const s of all.slice(0, 20)) if (s !== c.sent && phraseKey(s.text).includes(key)) extra++;
    c.score += 0.05 * Math.min(3, c.support - 1 + extra);
  }
  return [...byKey.values()].sort((a, b) => b.score - a.score || a.span.text.localeCompare(b.span.text))[0];
}

/** "Which is older, A or B?" → ["A", "B"]; undefined when the question offers no choice. */
export function choiceOptions(query: string): [string, string] | undefined {
  const q = query.trim().replace(/\?+$/, '');
  const m = /(?:^|[,:]\s*)([^,:]+?)\s+or\s+([^,:]+)$/i.exec(q);
  if (!m) return undefined;
  const clean = (s: string) => s.replace(/^(?:the|a|an|is|was|between)\s+/i, '').replace(/^(?:who|which|what)\b.*?\b(?:is|was|were|are)\s+/i, '').trim();
  let a = clean(m[1]!);
  const b = clean(m[2]!);
  // "Which band was formed first The Exies or Circus Diablo": no comma, so A is the last name
  // in the text before "or".
  if (a.split(/\s+/).length > 3) {
    const names = nameSpans(m[1]!);
    const last = names[names.length - 1];
    // Keep a leading article that belongs to the name ("The Exies").
    a = last ? (/\bThe\s+$/.test(m[1]!.slice(0, last.start)) ? `The ${last.text}` : last.text) : a.split(/\s+/).slice(-3).join(' ');
  }
  if (!a || !b || !/[\p{Lu}\d]/u.test(a + b)) return undefined;
  return [a, b];
}

function mentions(s: Sent, option: string): boolean {
  const toks = contentTerms(option);
  if (toks.length === 0) return false;
  // Short names must match whole ("Marie Curie" is not "Pierre Curie"); long ones mostly.
  const need = toks.length <= 3 ? 1 : 0.6;
  return toks.filter((t) => s.terms.has(t)).length / toks.length >= need;
}

function answerChoice(query: string, [a, b]: [string, string], sents: Sent[]): { text: string; sent: Sent } | undefined {
  const q = query.toLowerCase();
  const direction: 'min-year' | 'max-year' | 'max-num' | 'min-num' | undefined = /\b(older|oldest|earlier|earliest|first|before|founded first|longer ago)\b/.test(q)
    ? 'min-year'
    : /\b(younger|youngest|later|latest|more recent|most recent|newer|last)\b/.test(q)
      ? 'max-year'
      : /\b(more|most|larger|largest|bigger|biggest|higher|highest|longer|longest|taller|tallest|greater)\b/.test(q)
        ? 'max-num'
        : /\b(fewer|less|least|smaller|smallest|lower|lowest|shorter|shortest)\b/.test(q)
          ? 'min-num'
          : undefined;
  const info = [a, b].map((opt) => {
    const own = sents.filter((s) => mentions(s, opt));
    const best = own[0];
    let value: number | undefined;
    let valueSent: Sent | undefined;
    // Prefer sentences stating the event compared (born, founded, released…), then the rest.
    const ordered = [...own.filter((s) => EVENT_CUE.test(s.text)), ...own.filter((s) => !EVENT_CUE.test(s.text))];
    for (const s of ordered.slice(0, 3)) {
      if (value !== undefined || !direction) break;
      value = direction === 'min-year' || direction === 'max-year' ? yearOf(dateSpans(s.text)[0]?.text ?? '') : numberValue(numberSpans(s.text)[0]?.text ?? '');
      if (value !== undefined) valueSent = s;
    }
    return { opt, best: valueSent ?? best, value, support: own.slice(0, 3).reduce((n, s) => n + s.score, 0) };
  });
  const [x, y] = info as [(typeof info)[0], (typeof info)[0]];
  if (!x.best && !y.best) return undefined;
  let pick = x.support >= y.support ? x : y;
  if (direction && x.value !== undefined && y.value !== undefined && x.value !== y.value) {
    const wantMin = direction === 'min-year' || direction === 'min-num';
    pick = (x.value < y.value) === wantMin ? x : y;
  }
  const sent = pick.best ?? (x.best ?? y.best)!;
  return { text: pick.opt, sent };
}

function answerYesNo(query: string, sents: Sent[]): { text: string; sent: Sent } | undefined {
  if (sents.length === 0) return undefined;
  const entities = nameSpans(query).map((s) => s.text).filter((e) => contentTerms(e).length > 0);
  const entityTerms = new Set(entities.flatMap(contentTerms));
  const key = [...new Set(contentTerms(query))].filter((t) => !entityTerms.has(t) && !QUESTION_WORDS.has(t) && t !== 'same' && t !== 'both');
  if (entities.length === 0) {
    const best = sents[0]!;
    const cover = key.length === 0 ? 0 : key.filter((t) => best.terms.has(t)).length / key.length;
    return { text: cover >= 0.8 ? 'yes' : 'no', sent: best };
  }
  const perEntity = entities.map((e) => sents.filter((s) => mentions(s, e)).slice(0, 3));
  if (/\bsame\b/i.test(query) && entities.length >= 2) {
    // "Same X?": the entities' best sentences must share a descriptor (e.g. "American").
    const descriptors = perEntity.map((ss, i) => {
      const own = new Set(contentTerms(entities[i]!));
      return new Set(ss.flatMap((s) => nameSpans(s.text).map((n) => phraseKey(n.text))).filter((k) => !contentTerms(k).every((t) => own.has(t))));
    });
    const shared = [...descriptors[0]!].filter((d) => descriptors.slice(1).every((ds) => ds.has(d)) && !entities.some((e) => phraseKey(e) === d));
    const sent = perEntity[0]![0] ?? sents[0]!;
    return { text: shared.length > 0 ? 'yes' : 'no', sent };
  }
  const ok = perEntity.every((ss) => {
    if (ss.length === 0) return false;
    if (key.length === 0) return true;
    // Plural-insensitive ("designers" in the question, "designer" in the evidence).
    const terms = new Set(ss.flatMap((s) => [...s.terms].map(singular)));
    return key.filter((t) => terms.has(singular(t))).length / key.length >= 0.6;
  });
  return { text: ok ? 'yes' : 'no', sent: perEntity.find((ss) => ss.length > 0)?.[0] ?? sents[0]! };
}

/** A crude stem, enough to match "plays" / "played" / "play" (first four letters). */
function stem(term: string): string {
  return term.slice(0, 4);
}

function singular(term: string): string {
  return term.length > 4 && term.endsWith('s') && !term.endsWith('ss') ? term.slice(0, -1) : term;
}
