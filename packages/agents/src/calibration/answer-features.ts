// The correctness features of an answer (issue 32, "a calibrated verified"): signals that do not
// depend on one corpus's style, computed from what the agent already has when it answers: the
// question, the answer span, its citation, the Triple-Check verdicts, the evidence ranking, and
// the index (chunk texts and the keyword index for corpus statistics). Each feature is a number,
// mostly in [0, 1]; FEATURE_NAMES fixes their order in the vector the calibration model reads.
// In the spirit of Kamath, Jia & Liang (ACL 2020): a calibrator learns from the reader's own right
// and wrong answers which of these signals to trust.
import { ENGLISH_STOP_WORDS, tokenize, tokenizeWords, type Citation, type RankedChunk, type Verdict } from '@rag/core';
import { questionForm, typeAgreement } from '@rag/verify';
import { choiceOptions } from '../reader/comparison.js';
import { docsChoiceOptions } from '../reader/docs-choice.js';
import type { ReaderSignals } from './reader-agreement.js';

export const FEATURE_NAMES = [
  'relevancePass',
  'relevanceScore',
  'groundingPass',
  'groundingScore',
  'adequacyPass',
  'adequacyScore',
  'firstAttempt',
  'typeAgrees',
  'typeDisagrees',
  'askedSpecificType',
  'askedYesNo',
  'answerTokens',
  'answerCapitalised',
  'answerNumeric',
  'answerInQuestion',
  'citedRank',
  'scoreMargin',
  'supportingChunks',
  'supportingDocs',
  'questionInSentence',
  'questionInChunk',
  'questionNearAnswer',
  'answerIsEvidenceTitle',
  'answerRarity',
  'readerAgrees',
  'readerMargin',
  'readerScore',
  'readerShare',
  'readerFit',
  'passageVoteShare',
  'docVotes',
  'topTwoAgrees',
  'pathChoice',
  'pathChoiceByValue',
  'pathNextHop',
  'pathDocs',
  'questionTokens',
  'questionClauses',
  'keywordReaderAgrees',
  'askedChoice',
  'answerIsOption',
  'answerNo',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];
export type AnswerFeatures = Record<FeatureName, number>;

/** What the features are computed from; every field is plain data the agent already holds. */
export interface FeatureInput {
  question: string;
  answer: string;
  citations: readonly Citation[];
  verdicts: readonly Verdict[];
  /** The evidence ranking the answer was read from, best first, with chunk texts. */
  evidence: readonly Pick<RankedChunk, 'chunkId' | 'docId' | 'score' | 'text'>[];
  /** Rewrite–retry rounds before this answer (0 = the first attempt). */
  retries: number;
  /** Title of a document, when the index knows it. */
  titleOf?(docId: string): string | undefined;
  /** Chunks of the whole corpus whose text holds every answer term (capped by the caller), and the cap. */
  corpusHits?: { count: number; cap: number };
  /** What re-reading the evidence says (reader-agreement.ts); all reader features are 0 without it. */
  reader?: ReaderSignals;
}

const content = (text: string) => tokenize(text, { stopWords: ENGLISH_STOP_WORDS });
const clamp01 = (x: number) => (Number.isFinite(x) ? Math.max(0, Math.min(1, x)) : 0);

/** Whole-token containment of `needle` in `hay` (both tokenized). */
export function containsTokens(hay: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > hay.length) return false;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function verdictOf(verdicts: readonly Verdict[], check: string): { pass: number; score: number } {
  const v = verdicts.find((x) => x.check === check);
  if (!v) return { pass: 0.5, score: 0.5 };
  return { pass: v.outcome === 'pass' ? 1 : v.outcome === 'unknown' ? 0.5 : 0, score: clamp01(v.score) };
}

const containsEitherWay = (a: readonly string[], b: readonly string[]) => containsTokens(a, b) || containsTokens(b, a);

/** Token distance in `text` from any occurrence of the answer to the nearest question term, as 1 / (1 + d/5). */
function proximity(text: string, answerTokens: readonly string[], questionTerms: ReadonlySet<string>): number {
  const toks = tokenizeWords(text).map((t) => t.token);
  if (answerTokens.length === 0) return 0;
  const starts: number[] = [];
  for (let i = 0; i + answerTokens.length <= toks.length; i++) if (answerTokens.every((a, j) => toks[i + j] === a)) starts.push(i);
  if (starts.length === 0) return 0;
  const answerSet = new Set(answerTokens);
  let best = Infinity;
  for (const [i, t] of toks.entries()) {
    if (!questionTerms.has(t) || answerSet.has(t)) continue;
    for (const s of starts) best = Math.min(best, i < s ? s - i : Math.max(0, i - (s + answerTokens.length - 1)));
  }
  return best === Infinity ? 0 : 1 / (1 + best / 5);
}

export function answerFeatures(input: FeatureInput): AnswerFeatures {
  const { question, answer, evidence } = input;
  const form = questionForm(question);
  const agreement = typeAgreement(form, answer);
  const aTokens = tokenize(answer);
  const aContent = content(answer);
  const qContent = new Set(content(question));
  const rel = verdictOf(input.verdicts, 'relevance');
  const grd = verdictOf(input.verdicts, 'grounding');
  const ans = verdictOf(input.verdicts, 'adequacy');
  const words = answer.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu) ?? [];
  const cited = input.citations[0];
  const citedRankIndex = cited ? evidence.findIndex((c) => c.chunkId === cited.chunkId) : -1;
  const s1 = evidence[0]?.score ?? 0;
  const s2 = evidence[1]?.score ?? 0;
  const top = evidence.slice(0, 10);
  const supporting = top.filter((c) => containsTokens(tokenize(c.text), aTokens));
  const citedChunk = cited ? evidence.find((c) => c.chunkId === cited.chunkId) : undefined;
  const share = (text: string | undefined) => {
    if (!text || qContent.size === 0) return 0;
    const have = new Set(content(text));
    let n = 0;
    for (const t of qContent) if (have.has(t)) n++;
    return n / qContent.size;
  };
  const answerKey = aTokens.join(' ');
  const isTitle = aTokens.length > 0 && top.some((c) => tokenize(input.titleOf?.(c.docId) ?? '').join(' ') === answerKey);
  const inQuestion = aContent.length === 0 ? 0 : aContent.filter((t) => qContent.has(t)).length / aContent.length;
  const hits = input.corpusHits;
  const options = choiceOptions(question) ?? docsChoiceOptions(question);
  return inFeatureOrder({
    relevancePass: rel.pass,
    relevanceScore: rel.score,
    groundingPass: grd.pass,
    groundingScore: grd.score,
    adequacyPass: ans.pass,
    adequacyScore: ans.score,
    firstAttempt: input.retries === 0 ? 1 : 0,
    typeAgrees: agreement.agree === true ? 1 : 0,
    typeDisagrees: agreement.agree === false ? 1 : 0,
    askedSpecificType: form === 'person' || form === 'place' || form === 'date' || form === 'number' ? 1 : 0,
    askedYesNo: form === 'yesno' ? 1 : 0,
    answerTokens: clamp01(Math.log1p(aTokens.length) / Math.log(11)),
    answerCapitalised: words.length === 0 ? 0 : words.filter((w) => /^[\p{Lu}\p{N}]/u.test(w)).length / words.length,
    answerNumeric: /\d/.test(answer) ? 1 : 0,
    answerInQuestion: inQuestion,
    citedRank: citedRankIndex < 0 ? 0 : 1 / (1 + citedRankIndex),
    scoreMargin: s1 > 0 ? clamp01((s1 - s2) / s1) : 0,
    supportingChunks: clamp01(Math.log1p(supporting.length) / Math.log(11)),
    supportingDocs: clamp01(Math.log1p(new Set(supporting.map((c) => c.docId)).size) / Math.log(11)),
    questionInSentence: share(cited?.quote),
    questionInChunk: share(citedChunk?.text),
    questionNearAnswer: citedChunk ? proximity(citedChunk.text, aTokens, qContent) : 0,
    answerIsEvidenceTitle: isTitle ? 1 : 0,
    answerRarity: hits && hits.cap > 0 ? 1 - clamp01(Math.log1p(hits.count) / Math.log1p(hits.cap)) : 0.5,
    questionTokens: clamp01(Math.log1p(qContent.size) / Math.log(31)),
    questionClauses: clamp01(relativeClauses(question) / 3),
    askedChoice: options ? 1 : 0,
    // A choice question answered with neither option read its answer from somewhere else.
    answerIsOption: options && options.some((o) => aTokens.length > 0 && containsEitherWay(tokenize(o), aTokens)) ? 1 : 0,
    answerNo: /^\s*no\.?\s*$/i.test(answer) ? 1 : 0,
    ...readerFeatures(input.reader),
  });
}

/** The features keyed in FEATURE_NAMES order (the order the trace and the dumps show them in). */
function inFeatureOrder(features: AnswerFeatures): AnswerFeatures {
  return Object.fromEntries(FEATURE_NAMES.map((name) => [name, features[name]])) as AnswerFeatures;
}

// Relative and subordinate clause markers after the question's first word: each nests one more hop
// ("the population of the city in the county that contains …").
const CLAUSE = /\b(?:that|which|who|whom|whose|where|when|whereby)\b/gi;

/** Clause markers of a question past its opening wh-word. */
export function relativeClauses(question: string): number {
  const rest = question.trim().replace(/^\S+\s*/, '');
  return (rest.match(CLAUSE) ?? []).length;
}

type ReaderFeatureName = Extract<FeatureName, `reader${string}` | `path${string}` | 'passageVoteShare' | 'docVotes' | 'topTwoAgrees' | 'keywordReaderAgrees'>;

function readerFeatures(r: ReaderSignals | undefined): Record<ReaderFeatureName, number> {
  const path = r?.path;
  return {
    readerAgrees: r?.agrees ? 1 : 0,
    readerMargin: clamp01(r?.margin ?? 0),
    readerScore: r ? clamp01(r.score / (1 + r.score)) : 0,
    readerShare: clamp01(r?.share ?? 0),
    // A fit of 1.5 is the asked shape itself (docs reader) or a type with the head-noun bonus.
    readerFit: clamp01((r?.fit ?? 0) / 1.5),
    passageVoteShare: r && r.passagesRead > 0 ? r.passageVotes / r.passagesRead : 0,
    docVotes: r ? clamp01(Math.log1p(r.docVotes) / Math.log(6)) : 0,
    topTwoAgrees: r?.topTwoAgrees ? 1 : 0,
    keywordReaderAgrees: r?.keywordAgrees ? 1 : 0,
    pathChoice: path === 'choice' || path === 'docs-choice' ? 1 : 0,
    pathChoiceByValue: path === 'choice-by-value' ? 1 : 0,
    pathNextHop: path === 'next-hop' ? 1 : 0,
    // An option entry is the docs reader's too (the features predate the entry reader).
    pathDocs: path === 'docs' || path === 'docs-entry' ? 1 : 0,
  };
}

/** The features in FEATURE_NAMES order. */
export function featureVector(features: AnswerFeatures): number[] {
  return FEATURE_NAMES.map((name) => features[name]);
}
