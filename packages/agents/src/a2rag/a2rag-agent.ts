// The A2RAG controller, Algorithm 1 of the A2RAG paper (Section III-B): entry gate → loop
// i = 0…I_max { staged retrieval → answer from evidence → Triple-Check → failure-aware rewrite }
// → FAIL; optional HITL triple proposals after a verified answer. Embedded strategies
// (extractive answers, template rewrites, lexical Triple-Check) and LLM strategies share this
// code; a ChatModel in the options only changes which strategies are made by default.
import { invalidInput, type AnswerGenerator, type ChatModel, type Citation, type Evidence, type QueryAnalyzer, type QueryRewriter, type Retriever, type SufficiencyJudge, type TripleExtractor } from '@rag/core';
import { createTypedTripleExtractor, type RagIndex } from '@rag/indexer';
import { createA2ragRetriever, createHeuristicQueryAnalyzer, createHeuristicSufficiencyJudge } from '@rag/retrievers';
import { abstentionReason, createCascadeSufficiencyJudge, createCascadeTripleCheck, createLlmSufficiencyJudge, createLlmTripleCheck, createTripleCheck, verificationOf, type TripleCheck, type TripleCheckResult } from '@rag/verify';
import { mergeRanked, refsOf } from '../internal/evidence.js';
import { sentenceVerification } from '../internal/label-answer.js';
import { runAgent } from '../internal/run-agent.js';
import { createExtractiveAnswerGenerator } from '../strategies/extractive-answer-generator.js';
import { createLlmAnswerGenerator } from '../strategies/llm-answer-generator.js';
import { createLlmQueryAnalyzer } from '../strategies/llm-query-analyzer.js';
import { createLlmQueryRewriter } from '../strategies/llm-query-rewriter.js';
import { createTemplateQueryRewriter } from '../strategies/template-query-rewriter.js';
import { calibratedBody, calibrationFor } from '../calibration/calibrated-body.js';
import type { CalibrationModel } from '../calibration/calibration-model.js';
import type { Agent, TripleProposalSink } from '../types.js';
import { createCoverageGate } from './coverage-gate.js';
import { budgetedEvidence, citedWindows } from './evidence-views.js';
import { createSummaryGate, type SummaryGate } from './entry-gate.js';
import { createShownEvidence } from './shown-evidence.js';
import { shareQueryAnalysis } from './shared-analysis.js';
import { proposeTriples } from './triple-proposals.js';

export interface A2ragAgentOptions {
  index: RagIndex;
  /** Service mode: LLM answer generator, rewriter and Triple-Check by default. */
  model?: ChatModel;
  /** Evidence acquisition (default: the A2RAG staged retriever over `index`). */
  retriever?: Retriever;
  generator?: AnswerGenerator;
  rewriter?: QueryRewriter;
  tripleCheck?: TripleCheck;
  analyzer?: QueryAnalyzer;
  /**
   * Model mode: accept a pass of all three embedded lexical validators without a model call and
   * ask the model only otherwise (default false: the model judges every attempt).
   */
  lexicalFirst?: boolean;
  /** Model mode: the model extracts the seeds S_V, S_R (one call per attempt) instead of the phrase extractor (default false). */
  llmAnalysis?: boolean;
  /** Stop-or-escalate judge of the staged retriever (overrides `sufficiency`). */
  judge?: SufficiencyJudge;
  /**
   * Model mode: who makes the stage-wise sufficiency decision (Section III-C leaves its
   * implementation open). "heuristic" (default): the embedded score decides every stage with no
   * model call; escalating costs graph work, not model calls, and the answer is verified by
   * Triple-Check whatever the stage. "cascade": the model judges scores inside the heuristic's
   * uncertainty band. "model": the model judges after every stage but the last.
   */
  sufficiency?: 'heuristic' | 'cascade' | 'model';
  /**
   * Model mode: what GENERATEANSWER(q^(i), E^(i)) is shown. Default: E^(i)'s top-ranked passages
   * up to 1000 tokens; `graphTokens` (default 0) adds its first graph facts, seed-incident
   * triples first (the paper's Stage 1–2 evidence is triples; every stage here is also mapped
   * back to its provenance passages, which carry what the triples lose, and under the oracle
   * 200 tokens of triples made no question answerable that the passages did not). "all": the
   * answer generator's own cut (its first 8 passages) plus every graph fact (up to 100 triples).
   */
  answerEvidence?: { maxTokens: number; graphTokens?: number } | 'all';
  /**
   * Model mode: what Triple-Check is shown. "cited" (default): the sentences the answer cites,
   * with one neighbouring sentence each side, from the passages the answer was shown (all of
   * them when no citation can be placed); "shown": the passages the answer was shown;
   * "retrieved": all of E^(i).
   */
  checkEvidence?: 'cited' | 'shown' | 'retrieved';
  /** Model mode: what the rewrite (eq. 6) is shown of E^(i): "lead" (default), each top passage's opening sentence; "excerpt", their first 600 characters. */
  rewriteEvidence?: 'lead' | 'excerpt';
  /**
   * Entry gate: τ_g of the summary test and c_min of the entity-coverage test (default 0.5;
   * false = summary test only, as in eq. 1), or false to skip gating. See docs/agents.md.
   */
  gate?: { threshold?: number; minCoverage?: number | false } | false;
  /** What to do when the gate closes: abstain (default) or answer without retrieval. */
  gateFallback?: 'abstain' | AnswerGenerator;
  /** I_max: rewrite–retry rounds after the first attempt (default 2). */
  maxRetries?: number;
  /**
   * When no attempt verifies: "fail" (Algorithm 1: FAIL, or ABSTAIN when no attempt produced an
   * answer at all) or "unsure-answer" (answer with the first attempt no check found wrong, else
   * the best supporting sentence, labelled unsure). Default: "fail" with a chat model, as the
   * paper writes; "unsure-answer" on the embedded default, whose heuristic checks can fail to
   * establish an answer without showing it wrong (their "not established" is unsure, not FAIL).
   */
  onExhausted?: 'fail' | 'unsure-answer';
  /**
   * Which query the answer generator and Triple-Check see: "rewritten" (q^(i), Algorithm 1
   * lines 10 and 12) or "original" (q). Default: "rewritten" when the rewriter is a model (its
   * q^(i) is a question), "original" with the embedded template rewriter, whose q^(i) is a
   * keyword query for retrieval and not a question.
   */
  answerQuery?: 'rewritten' | 'original';
  /**
   * After an attempt whose answer call said the evidence does not answer the question
   * (insufficiency), the next attempt puts q^(i+1)'s evidence to the answer call only if it shows
   * a passage (or graph fact) no earlier answer call was shown; otherwise that attempt fails with
   * no answer call ("no new evidence: skip answer") and the loop rewrites again, ending at once
   * (ABSTAIN/FAIL as at budget exhaustion) after two such attempts in a row. true: ask the model
   * again on evidence it has already seen (the previous behaviour). Default: false with a chat
   * model, true on the embedded default (no model call to save; its behaviour is unchanged).
   */
  retryWithoutNewEvidence?: boolean;
  /**
   * Model mode: when the answer call says the evidence does not answer, it also writes the query for
   * the missing evidence (`GeneratedAnswer.followUp`), and that query is q^(i+1): the failure-aware
   * rewrite of an insufficiency failure made in the same call, with no rewrite call. Other failures
   * (a candidate Triple-Check rejected) still go to the rewriter. Default: true with a chat model and
   * the default generator and rewriter; false restores a separate rewrite call after every failure.
   */
  rewriteInAnswerCall?: boolean;
  /** Chunks retrieved per attempt (default 10). */
  k?: number;
  /** HITL: where candidate triples from verified evidence are proposed (off by default). */
  proposals?: TripleProposalSink;
  /** Extractor for proposals (default: the heuristic one). */
  extractor?: TripleExtractor;
  /**
   * The calibrated "verified" (docs/verify.md): an answered span is verified iff the model's
   * correctness score reaches its threshold. Default: the shipped model (refitted by
   * `pnpm calibrate`) with the embedded reader and checks; Triple-Check's own label with a chat
   * model, a custom generator or a custom Triple-Check. false: Triple-Check's label.
   */
  calibration?: CalibrationModel | false;
  name?: string;
}

const EMBEDDED_CHECK = createTripleCheck();

/** A follow-up query worth retrieving with: non-empty, at most 500 characters, and not q^(i) again. */
function usableFollowUp(followUp: string | undefined, query: string): string | undefined {
  const next = typeof followUp === 'string' ? followUp.replace(/\s+/g, ' ').trim() : '';
  const same = (a: string) => a.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return next && next.length <= 500 && same(next) !== same(query) ? next : undefined;
}
/** Tokens of passages the answer call is shown in model mode (about six to ten encyclopedia paragraphs; measured trade-off in docs/notes/2026-11-28-a2rag-cost.md). */
export const DEFAULT_ANSWER_TOKENS = 1000;
/** Tokens of graph facts (the first triples of E^(i)) the answer call is shown in model mode. */
export const DEFAULT_GRAPH_FACT_TOKENS = 0;

function modelModeJudge(model: ChatModel, kind: 'heuristic' | 'cascade' | 'model', shown: { passages: number; facts: number } | undefined): SufficiencyJudge | undefined {
  if (kind === 'heuristic') return undefined;
  const full = createLlmSufficiencyJudge({ model, fallback: createHeuristicSufficiencyJudge() });
  // The model judges whether what the answer call will be shown suffices, so it is shown that.
  const llm: SufficiencyJudge =
    shown === undefined ? full : { judge: (input, context) => full.judge({ ...input, evidence: budgetedEvidence(input.evidence, shown.passages, shown.facts) }, context) };
  if (kind === 'model') return llm;
  if (kind === 'cascade') return createCascadeSufficiencyJudge({ cheap: createHeuristicSufficiencyJudge(), model: llm });
  throw invalidInput('createA2ragAgent(options.sufficiency)', 'must be "heuristic", "cascade" or "model"', { value: kind });
}

/** What Triple-Check is shown (see `checkEvidence`), with where each windowed chunk starts in its chunk. */
function checkView(kind: 'cited' | 'shown' | 'retrieved', retrieved: Evidence, shown: Evidence, citations: readonly Citation[], answer: string): { evidence: Evidence; offsets?: ReadonlyMap<string, number> } {
  if (kind === 'retrieved') return { evidence: retrieved };
  if (kind === 'shown' || !answer) return { evidence: shown };
  return citedWindows(shown, citations, answer) ?? { evidence: shown };
}

/** Verdict spans over windows, placed in their chunks' text. */
function placeSpans(result: TripleCheckResult, offsets: ReadonlyMap<string, number> | undefined): TripleCheckResult {
  if (!offsets || offsets.size === 0) return result;
  const place = (s: { chunkId: string; start: number; end: number }) => {
    const d = offsets.get(s.chunkId) ?? 0;
    return { ...s, start: s.start + d, end: s.end + d };
  };
  return { ...result, verdicts: result.verdicts.map((v) => (v.spans ? { ...v, spans: v.spans.map(place) } : v)) };
}

export function createA2ragAgent(options: A2ragAgentOptions): Agent {
  const index = options?.index;
  if (!index || typeof index.getChunk !== 'function') throw invalidInput('createA2ragAgent(options.index)', 'must be a RagIndex');
  const maxRetries = options.maxRetries ?? 2;
  if (!Number.isInteger(maxRetries) || maxRetries < 0 || maxRetries > 10) throw invalidInput('createA2ragAgent(options.maxRetries)', 'must be an integer in 0..10', { value: maxRetries });
  const k = options.k ?? 10;
  if (!Number.isInteger(k) || k < 1) throw invalidInput('createA2ragAgent(options.k)', 'must be a positive integer', { value: k });
  const model = options.model;
  // Model mode: the model analyses the query (seeds S_V, S_R) and judges sufficiency, each
  // falling back to the embedded strategy per call; every decision stays overridable.
  // The analysis of q^(i) is computed once per attempt and shared by gate, controller and
  // retriever. Seeds come from a phrase extractor, as in the paper (Section III-C: "a standard
  // NER/phrase extractor"), unless `llmAnalysis` asks the model for them (one call per attempt).
  const analyzer = shareQueryAnalysis(
    options.analyzer ?? (model && options.llmAnalysis ? createLlmQueryAnalyzer({ model, fallback: createHeuristicQueryAnalyzer() }) : createHeuristicQueryAnalyzer()),
  );
  const answerBudget = options.answerEvidence ?? { maxTokens: DEFAULT_ANSWER_TOKENS };
  if (answerBudget !== 'all' && !(Number.isInteger(answerBudget?.maxTokens) && answerBudget.maxTokens > 0 && (answerBudget.graphTokens === undefined || (Number.isInteger(answerBudget.graphTokens) && answerBudget.graphTokens >= 0))))
    throw invalidInput('createA2ragAgent(options.answerEvidence)', 'must be "all" or { maxTokens: a positive integer, graphTokens?: a non-negative integer }', { value: options.answerEvidence });
  const factTokens = answerBudget === 'all' ? 0 : (answerBudget.graphTokens ?? DEFAULT_GRAPH_FACT_TOKENS);
  const judge = options.judge ?? (model ? modelModeJudge(model, options.sufficiency ?? 'heuristic', answerBudget === 'all' ? undefined : { passages: answerBudget.maxTokens, facts: factTokens }) : undefined);
  const retriever = options.retriever ?? createA2ragRetriever({ index, analyzer, ...(judge ? { judge } : {}) });
  const rewriteInAnswerCall = options.rewriteInAnswerCall ?? (model !== undefined && !options.generator && !options.rewriter);
  if (typeof rewriteInAnswerCall !== 'boolean') throw invalidInput('createA2ragAgent(options.rewriteInAnswerCall)', 'must be a boolean', { value: options.rewriteInAnswerCall });
  const generator = options.generator ?? (model ? createLlmAnswerGenerator({ model, index, followUp: rewriteInAnswerCall }) : createExtractiveAnswerGenerator({ index }));
  const rewriter = options.rewriter ?? (model ? createLlmQueryRewriter({ model, ...(options.rewriteEvidence ? { evidenceView: options.rewriteEvidence } : {}) }) : createTemplateQueryRewriter());
  // Triple-Check as ONE structured call returning the three verdicts (eq. 5).
  const modelCheck = () => createLlmTripleCheck({ model: model!, mode: 'combined' });
  const tripleCheck =
    options.tripleCheck ?? (model ? (options.lexicalFirst ? createCascadeTripleCheck({ cheap: createTripleCheck(), model: modelCheck() }) : modelCheck()) : createTripleCheck());
  const onExhausted = options.onExhausted ?? (model ? 'fail' : 'unsure-answer');
  if (onExhausted !== 'fail' && onExhausted !== 'unsure-answer') throw invalidInput('createA2ragAgent(options.onExhausted)', 'must be "fail" or "unsure-answer"', { value: onExhausted });
  const answerQuery = options.answerQuery ?? (options.rewriter ? 'original' : model ? 'rewritten' : 'original');
  if (answerQuery !== 'rewritten' && answerQuery !== 'original') throw invalidInput('createA2ragAgent(options.answerQuery)', 'must be "rewritten" or "original"', { value: answerQuery });
  const gateSpec = options.gate === false ? undefined : (options.gate ?? {});
  const summaryOptions = { index, ...(gateSpec?.threshold !== undefined ? { threshold: gateSpec.threshold } : {}) };
  const gate: { check: SummaryGate['check'] } | undefined =
    gateSpec === undefined
      ? undefined
      : gateSpec.minCoverage === false
        ? createSummaryGate(summaryOptions)
        : createCoverageGate({ ...summaryOptions, analyzer, ...(gateSpec.minCoverage !== undefined ? { minCoverage: gateSpec.minCoverage } : {}) });
  const checkEvidence = options.checkEvidence ?? 'cited';
  if (!['cited', 'shown', 'retrieved'].includes(checkEvidence)) throw invalidInput('createA2ragAgent(options.checkEvidence)', 'must be "cited", "shown" or "retrieved"', { value: checkEvidence });
  if (options.rewriteEvidence !== undefined && options.rewriteEvidence !== 'lead' && options.rewriteEvidence !== 'excerpt')
    throw invalidInput('createA2ragAgent(options.rewriteEvidence)', 'must be "lead" or "excerpt"', { value: options.rewriteEvidence });
  // The embedded strategies read all of E^(i) (no model tokens to save): views apply in model mode only.
  const views = model ? { answerBudget, checkEvidence } : undefined;
  const retryWithoutNewEvidence = options.retryWithoutNewEvidence ?? !model;
  if (typeof retryWithoutNewEvidence !== 'boolean') throw invalidInput('createA2ragAgent(options.retryWithoutNewEvidence)', 'must be a boolean', { value: options.retryWithoutNewEvidence });
  const fallback = options.gateFallback ?? 'abstain';
  const extractor = options.extractor ?? createTypedTripleExtractor();
  const name = options.name ?? 'a2rag-agent';

  return {
    name,
    answer: (question, answerOptions) =>
      runAgent(name, question, answerOptions, calibratedBody(index, calibrationFor(options), async (q, context, partial) => {
        const { trace, meter } = context;
        if (gate) {
          const decision = await gate.check(q, context);
          if (!decision.pass) {
            if (fallback === 'abstain') {
              // Say why in words: what the closest passages (BM25, no model) lack for this question.
              const near = (await index.keyword.search(q, 5)).flatMap((h) => {
                const c = index.getChunk(h.id);
                return c ? [{ chunkId: c.id, docId: c.docId, score: h.score, text: c.text }] : [];
              });
              const verification = { status: 'unsure' as const, reason: `the index holds too little about the question (${abstentionReason(q, near)})` };
              return { status: 'abstained', text: '', citations: [], verification, evidence: [], stage: 'gate', retries: 0 };
            }
            const empty: Evidence = { query: q, chunks: [], trace: [] };
            const g = await trace.stage('fallback', () => fallback.generate({ query: q, evidence: empty }, context));
            return { status: g.abstain ? 'abstained' : 'answered', text: g.text, citations: g.citations, evidence: [], stage: 'gate-fallback', retries: 0 };
          }
        }
        let query = q;
        let instructions: string | undefined;
        let firstRanking: Evidence['chunks'] | undefined;
        let last: { text: string; check: TripleCheckResult; evidence: Evidence; citations: Citation[] } | undefined;
        // The first attempt no check found wrong, only unable to establish ("unknown"): if no
        // attempt is verified, it is the answer, labelled unsure (the honest label).
        let unsure: { text: string; check: TripleCheckResult; citations: Citation[]; ranking: Evidence['chunks']; stage: string; attempt: number } | undefined;
        // The first sentence answer (no phrase of the asked type found; the best supporting
        // sentence): never verified, it is answered, labelled unsure, only when no attempt gave a
        // verified or unsure phrase.
        let sentence: typeof unsure;
        // The first phrase only the relevance check found wrong: grounded in its evidence and of
        // the asked type, while the evidence shares too few of the question's words (a paraphrased
        // question). Answered, labelled unsure, only when no attempt gave an unsure phrase.
        let offTopic: typeof unsure;
        // What the answer calls were shown so far, and whether the last attempt failed because
        // its answer call said the evidence does not answer (see `retryWithoutNewEvidence`).
        const seen = retryWithoutNewEvidence ? undefined : createShownEvidence();
        let insufficient = false;
        let skippedInARow = 0;
        let attempts = 0;
        for (let i = 0; i <= maxRetries; i++) {
          attempts = i + 1;
          if (i > 0) {
            meter.recordRetry();
            partial.retries = i;
            trace.add({ kind: 'retry', name: 'a2rag-retry', data: { attempt: i, query } });
          }
          // The analysis of q^(i): the retriever reads the same (memoised) one.
          const analysis = await analyzer.analyze(query, context);
          const evidence = await retriever.retrieve(query, { k, context });
          // Answer.evidence: this attempt's ranking first, earlier attempts' chunks after it.
          const ranking = firstRanking ? mergeRanked(evidence.chunks, firstRanking) : evidence.chunks;
          firstRanking ??= evidence.chunks;
          partial.evidence = refsOf(ranking);
          partial.stage = evidence.stage ?? 'retrieved';
          // GENERATEANSWER(q^(i), E^(i)) and TripleCheck(q^(i), …) (Algorithm 1 lines 10, 12), or
          // the user's q when the rewrite is a retrieval keyword query (see `answerQuery`).
          const asked = answerQuery === 'rewritten' ? query : q;
          const shown = views && views.answerBudget !== 'all' ? budgetedEvidence(evidence, views.answerBudget.maxTokens, factTokens) : evidence;
          if (seen && insufficient && last && !seen.hasNew(shown)) {
            // The model already said this evidence does not answer: this attempt fails without an
            // answer call (same failure type), then rewrite again or end as Algorithm 1 does.
            skippedInARow++;
            trace.decision('a2rag', `attempt ${i + 1}: no new evidence: skip answer`, { attempt: i, passages: shown.chunks.length, inARow: skippedInARow });
            last = { text: '', check: last.check, evidence, citations: [] };
            if (i === maxRetries) break;
            if (skippedInARow >= 2) {
              trace.decision('a2rag', `two rewrites in a row brought nothing the model had not seen: stop after ${i + 1} attempt(s)`, { attempt: i });
              break;
            }
            const rewrite = await rewriter.rewrite({ query, failure: last.check.failure ?? 'ans', evidence, answer: '', analysis }, context);
            query = rewrite.query;
            instructions = rewrite.instructions;
            continue;
          }
          skippedInARow = 0;
          seen?.add(shown);
          const generated = await trace.stage('generate', () =>
            generator.generate({ query: asked, evidence: shown, analysis, ...(instructions ? { instructions } : {}) }, context),
          );
          const candidate = generated.abstain ? '' : generated.text;
          insufficient = generated.abstain === true;
          if (candidate) partial.text = candidate;
          // An empty candidate cannot be grounded or adequate whatever a model says: the lexical
          // checks decide its failure type (relevance, else grounding) with no model call.
          const checked = views ? checkView(views.checkEvidence, evidence, shown, generated.citations, candidate) : { evidence };
          const check = placeSpans(
            await (candidate || !model ? tripleCheck : EMBEDDED_CHECK).check(asked, { text: candidate, citations: generated.citations }, checked.evidence, context),
            checked.offsets,
          );
          last = { text: candidate, check, evidence, citations: generated.citations };
          const isSentence = generated.form === 'sentence' && candidate !== '';
          if (isSentence) sentence ??= { text: candidate, check, citations: generated.citations, ranking, stage: evidence.stage ?? 'retrieved', attempt: i };
          if (check.pass && !isSentence) {
            if (options.proposals) {
              const proposals = await trace.stage('hitl-propose', () =>
                proposeTriples({ index, extractor, citations: generated.citations, question: q, answer: candidate, proposedBy: name, context }),
              );
              if (proposals.length) await options.proposals.propose(proposals);
              trace.decision('hitl', `${proposals.length} triple proposal(s) sent for review`, { count: proposals.length });
            }
            return {
              status: 'answered',
              text: candidate,
              citations: generated.citations,
              verdicts: check.verdicts,
              verification: verificationOf(check.verdicts),
              evidence: refsOf(ranking),
              stage: evidence.stage ?? 'retrieved',
              retries: i,
            };
          }
          if (!unsure && candidate && !isSentence && check.verdicts.length === 3 && check.verdicts.every((v) => v.outcome !== 'fail'))
            unsure = { text: candidate, check, citations: generated.citations, ranking, stage: evidence.stage ?? 'retrieved', attempt: i };
          if (!offTopic && candidate && !isSentence && check.verdicts.length === 3 && check.verdicts.every((v) => v.outcome !== 'fail' || v.check === 'relevance'))
            offTopic = { text: candidate, check, citations: generated.citations, ranking, stage: evidence.stage ?? 'retrieved', attempt: i };
          if (i === maxRetries) break;
          const followUp = rewriteInAnswerCall && generated.abstain ? usableFollowUp(generated.followUp, query) : undefined;
          if (followUp) {
            // Rewrite(q^(i), ∅, E^(i), insufficiency), written by the answer call itself: no rewrite call.
            trace.decision('rewrite', `the answer call found no answer and asked for: ${followUp}`, { failure: check.failure ?? 'rel', query: followUp, from: 'answer call' });
            query = followUp;
            instructions = undefined;
            continue;
          }
          const failure = check.failure ?? 'ans';
          const rewrite = await rewriter.rewrite({ query, failure, evidence, answer: candidate, analysis }, context);
          query = rewrite.query;
          instructions = rewrite.instructions;
        }
        if (onExhausted === 'unsure-answer' && !unsure && offTopic) {
          unsure = offTopic;
          trace.decision('a2rag', `no attempt verified or unsure; attempt ${offTopic.attempt + 1}'s answer failed only the relevance check (its evidence shares too few of the question's words)`, { failure: offTopic.check.failure });
        }
        if (onExhausted === 'unsure-answer' && unsure) {
          trace.decision('a2rag', `no attempt verified; answering attempt ${unsure.attempt + 1}, which no check found wrong: UNSURE`, { failure: unsure.check.failure });
          return {
            status: 'answered',
            text: unsure.text,
            citations: unsure.citations,
            verdicts: unsure.check.verdicts,
            verification: verificationOf(unsure.check.verdicts),
            evidence: refsOf(unsure.ranking),
            stage: unsure.stage,
            retries: attempts - 1,
          };
        }
        if (onExhausted === 'unsure-answer' && sentence) {
          trace.decision('a2rag', `no attempt found a phrase of the asked type; answering attempt ${sentence.attempt + 1}'s best supporting sentence: UNSURE`, { failure: sentence.check.failure });
          return {
            status: 'answered',
            text: sentence.text,
            form: 'sentence',
            citations: sentence.citations,
            verdicts: sentence.check.verdicts,
            verification: sentenceVerification(),
            evidence: refsOf(sentence.ranking),
            stage: sentence.stage,
            retries: attempts - 1,
          };
        }
        const reasonOfNone = `no answer after ${attempts} attempt(s): ${abstentionReason(q, last?.evidence.chunks ?? [])}`;
        if (onExhausted === 'fail') {
          // Algorithm 1: the retry budget is spent. FAIL when some attempt had a candidate that did
          // not verify, ABSTAIN when no attempt found an answer in its evidence at all. No answer
          // text either way; the last candidate is named in the reason for inspection.
          const candidate = last?.text || sentence?.text || '';
          const status = candidate ? 'failed' : 'abstained';
          trace.decision('a2rag', `Triple-Check failed after ${attempts} attempt(s): ${status === 'failed' ? 'FAIL' : 'ABSTAIN'}`, { failure: last?.check.failure });
          return {
            status,
            text: '',
            citations: [],
            verdicts: last?.check.verdicts ?? [],
            verification: candidate
              ? { status: 'failed', reason: `not verified after ${attempts} attempt(s) (last candidate "${candidate.slice(0, 200)}"): ${verificationOf(last?.check.verdicts ?? []).reason}` }
              : { status: 'unsure', reason: reasonOfNone },
            evidence: partial.evidence ?? [],
            stage: partial.stage ?? 'failed',
            retries: attempts - 1,
          };
        }
        trace.decision('a2rag', `Triple-Check failed after ${attempts} attempt(s): FAIL`, { failure: last?.check.failure });
        // FAIL (Algorithm 1 line 21). The last, unverified candidate is kept in `text` for
        // inspection; the status and verdicts say it was not verified.
        return {
          status: 'failed',
          text: last?.text ?? '',
          citations: last?.citations ?? [],
          verdicts: last?.check.verdicts ?? [],
          verification: last?.text ? verificationOf(last.check.verdicts) : { status: 'failed', reason: reasonOfNone },
          evidence: partial.evidence ?? [],
          stage: partial.stage ?? 'failed',
          retries: attempts - 1,
        };
      })),
  };
}
