// Candidate spans of the asked type, taken from the best sentences and scored by sentence score
// × proximity to the matched question terms (outside the candidate) × novelty (share of the
// candidate's words the question does not already contain) × type fit (the graph's, tagger's
// and indexer's types of a name against the expected type, and the asked head noun;
// candidate-type.ts) × relation cue (a main-clause verb of the question just before it) × bridge
// demotion (bridge.ts), plus support from other sentences. Descriptor and copular questions
// ("what position…", "X is what?") also get common-noun phrases as candidates (noun-phrases.ts).
import { memoByText, tokenizeWords } from '@rag/core';
import { parseOf } from '../internal/lazy-nlp.js';
import { contentTerms, dateSpans, nameSpans, numberSpans, phraseKey, type TextSpan } from '../internal/spans.js';
import { sentenceNameTypes, type SentenceNameTypes } from '../strategies/name-types.js';
import { nounPhraseSpans, type NounPhraseSpan, type NounQuestion } from '../strategies/noun-phrases.js';
import { trimSpan } from './span-trim.js';
import { abbreviationFit, headFit, nameTypes, typeFit, type NameTypeGraph } from './candidate-type.js';
import { askedCountNouns, countFit, placeLevelFit } from '@rag/verify';
import type { ExpectedAnswer } from './expected-answer.js';
import { QUESTION_WORDS, type Candidate, type Sent } from './types.js';

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

export interface CandidateContext {
  /** The expected answer type and head noun (expected-answer.ts). */
  expected: ExpectedAnswer;
  /** Node types of the index's graph, when the reader has the index. */
  graph?: NameTypeGraph;
  /** Bridge entities of a multi-hop question (bridge.ts): the first hop's result, not the answer. */
  bridges?: Set<string>;
}

// A bridge entity keeps half its score: it can still win when nothing else fits, but an answer
// of the asked type from the bridge's own passage beats it (round value, not fitted; checked
// with `pnpm rag-eval … --methods a2rag-agent`: EM HotpotQA / MuSiQue-train100 = 31 / 8 with the
// demotion off, 32 / 9 with it, see docs/benchmarks/agents.md).
const BRIDGE_FACTOR = 0.5;
// A candidate right after one of the question's main-clause verbs gains a fifth, a weaker signal
// than the type (round value, not fitted).
const RELATION_CUE = 1.2;

export function pickCandidate(query: string, form: string, pool: Sent[], all: Sent[], exclude: string[], nounQ: NounQuestion | undefined, ctx: CandidateContext): Candidate | undefined {
  return rankCandidates(query, form, pool, all, exclude, nounQ, ctx)[0];
}

/** Every candidate of the pool, best first (pickCandidate takes the first). */
export function rankCandidates(query: string, form: string, pool: Sent[], all: Sent[], exclude: string[], nounQ: NounQuestion | undefined, ctx: CandidateContext): Candidate[] {
  const qTokens = new Set(tokenizeWords(query).map((t) => t.token));
  const qContent = new Set(contentTerms(query));
  const excluded = new Set(exclude.map(phraseKey));
  const headKey = ctx.expected.head ? phraseKey(ctx.expected.head) : undefined;
  const byKey = new Map<string, Candidate & { support: number }>();
  // Stems of the question's own words outside its names ("play" in "What position does X play?"):
  // a noun phrase right after one of them is the object of the question's verb.
  const entityTerms = new Set(nameSpans(query).flatMap((n) => contentTerms(n.text)));
  const verbStems = new Set([...qContent].filter((t) => !entityTerms.has(t) && !QUESTION_WORDS.has(t)).map(stem));
  const cueStems = questionVerbStems(query);
  const generic = !/\b(nationality|nation|language|citizen|country)\b/i.test(query);
  // What the asked number counts ("how many districts", "the population of …"; counted-noun.ts).
  const counted = form === 'number' ? askedCountNouns(query) : undefined;
  for (const s of pool) {
    let types: SentenceNameTypes | undefined;
    const words = tokenizeWords(s.text);
    const matched = words.filter((t) => qContent.has(t.token) && !QUESTION_WORDS.has(t.token));
    // "Portland in Dodge County", "Lunenburg Municipal District in Lunenburg County": two places
    // the name joiner read as one; for a place question each part is a candidate instead.
    const spans: TextSpan[] = spansFor(form, s.text).flatMap((sp) => (form === 'place' && placeParts(sp).length > 0 ? placeParts(sp) : [sp]));
    const nounSpans = new Set<TextSpan>();
    if (nounQ) for (const np of nounPhraseSpans(s.text)) (nounSpans.add(np), spans.push(np));
    // "She won the prize": the pronoun's referent is a candidate at the pronoun's position.
    if (s.subject && (form === 'person' || form === 'entity' || form === 'other')) spans.push({ kind: 'name', text: s.subject, start: 0, end: 0 });
    for (const raw of spans) {
      let span = trimSpan(raw);
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
      // A lone letter ("C", "G": an initial or a list mark the name joiner left alone) names nothing.
      if (span.kind === 'name' && /^\p{L}$/u.test(key)) continue;
      const toks = key.split(' ');
      if (toks.every((t) => qTokens.has(t))) continue;
      const novelty = noveltyOf(toks, qTokens, headKey);
      // Distance in words from the candidate to the nearest question term of the sentence.
      let d = 12;
      const idx = words.findIndex((t) => t.start >= span.start);
      for (const m of matched) {
        // The candidate's own words are not evidence of its relation to the question.
        if (m.start >= span.start && m.end <= span.end) continue;
        const mi = words.indexOf(m);
        d = Math.min(d, Math.abs(mi - (mi < idx ? idx : idx + toks.length - 1)));
      }
      const prox = 0.5 + 0.5 / (1 + d / 6);
      // Relation cue: one of the question's verbs just before the candidate ("formed in Leyton"
      // for "where did the band form"), matched by a four-letter stem. Nouns do not count: "a
      // waterfall in Africa" does not make Africa the waterfall.
      const cue = words.filter((t) => t.end <= span.start).slice(-3).some((t) => cueStems.has(stem(t.token)));
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
      // The graph's, the tagger's and the indexer's types of the name against the expected type,
      // so "who wrote…" does not answer with a country or a title.
      let fit = 1;
      if (span.kind === 'name' && !nounSpans.has(raw)) {
        types ??= sentenceNameTypes(s.text);
        fit = typeFit(ctx.expected.type, nameTypes(span.text, types, ctx.graph)) * headFit(ctx.expected.head, span.text, s.text, span) * abbreviationFit(ctx.expected.type, span.text);
        // "Which country": a state or a city is a place of another level (place-level.ts).
        if (ctx.expected.type === 'Place') fit *= placeLevelFit(ctx.expected.head, span.text);
        kind *= fit;
      }
      if (span.kind === 'number') {
        const counts = countFit(counted, s.text, span);
        fit *= counts;
        kind *= counts;
      }
      if (ctx.bridges?.has(key)) kind *= BRIDGE_FACTOR;
      if (cue && !nounSpans.has(raw)) kind *= RELATION_CUE;
      const score = s.score * prox * (0.4 + 0.6 * novelty) * kind;
      const prev = byKey.get(key);
      if (!prev) byKey.set(key, { span, sent: s, score, fit, support: 1 });
      else {
        prev.support++;
        if (score > prev.score) Object.assign(prev, { span, sent: s, score, fit });
      }
    }
  }
  // Support from sentences outside the pool that mention the same candidate.
  for (const [key, c] of byKey) {
    let extra = 0;
    for (const s of all.slice(0, 20)) if (s !== c.sent && phraseKey(s.text).includes(key)) extra++;
    c.score += 0.05 * Math.min(3, c.support - 1 + extra);
  }
  return [...byKey.values()].sort((a, b) => b.score - a.score || a.span.text.localeCompare(b.span.text));
}

/** The two places of a name joined by "in" ("Portland in Dodge County"); none for a single name. */
export function placeParts(span: TextSpan): TextSpan[] {
  if (span.kind !== 'name') return [];
  const at = span.text.indexOf(' in ');
  if (at <= 0 || !/^\p{Lu}/u.test(span.text.slice(at + 4))) return [];
  const second = at + 4;
  return [
    { kind: 'name', text: span.text.slice(0, at), start: span.start, end: span.start + at },
    { kind: 'name', text: span.text.slice(second), start: span.start + second, end: span.end },
  ];
}

/**
 * The share of a candidate's words the question does not already contain. The asked head noun
 * in the candidate ("Jefferson County" for "what county") names its kind, not something the
 * question already says, so it counts as new.
 */
export function noveltyOf(toks: readonly string[], qTokens: ReadonlySet<string>, head: string | undefined): number {
  return toks.filter((t) => !qTokens.has(t) || (head !== undefined && (t === head || t === `${head}s`))).length / toks.length;
}

/**
 * Four-letter stems of the verbs of the question's main clause (not copulas or auxiliaries):
 * "form" of "where did the band form that made …". A relative clause ("the city where X died")
 * describes the bridge, so its verbs are not the relation asked.
 */
export const questionVerbStems = memoByText(verbStemsOf, { copy: (stems) => new Set(stems) });

function verbStemsOf(query: string): Set<string> {
  const main = mainClause(query);
  // Tagged in the whole question (context helps the tagger), kept when inside the main clause.
  const terms = (parseOf(query).json({ offset: true }) as { terms: { normal: string; tags: string[]; offset: { start: number } }[] }[]).flatMap((s) => s.terms);
  const verbs = terms.filter((t) => t.offset.start < main.length && t.tags.includes('Verb') && !t.tags.some((g) => g === 'Copula' || g === 'Auxiliary' || g === 'Preposition'));
  return new Set(verbs.filter((t) => !QUESTION_WORDS.has(t.normal) && t.normal.length > 2).map((t) => stem(t.normal)));
}

const RELATIVE = /^(.{3,}?\s(?:the|a|an)\s+[^,?]*?)\s(?:where|that|which|who|whom|whose|in which|of which|for which)\s.*$/i;

/** The question without a relative clause that describes one of its nouns ("… the city where X died"). */
export function mainClause(query: string): string {
  return query.replace(RELATIVE, '$1');
}

/** A crude stem, enough to match "plays" / "played" / "play" (first four letters). */
function stem(term: string): string {
  return term.slice(0, 4);
}

