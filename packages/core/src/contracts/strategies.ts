// Decision strategies: one interface per decision. Each has an LLM implementation and an
// embedded heuristic one, chosen by configuration, never by code changes.
import type { Answer, AnswerForm, Citation, Verdict } from './answer.js';
import type { Chunk } from './doc.js';
import type { Evidence } from './evidence.js';
import type { Entity, GraphNodeRef, Triple } from './graph.js';
import type { RunContext } from '../trace/run-context.js';

/** A TAdaRAG-style domain template: what to extract for a domain. */
export interface DomainTemplate {
  domain: string;
  description: string;
  entityTypes: string[];
  /** Relation patterns, e.g. { relation: "published_in", head: "Paper", tail: "Venue" }. */
  relations: { relation: string; head?: string; tail?: string; description?: string }[];
}

export interface Extraction {
  entities: Entity[];
  triples: Triple[];
}

export interface TripleExtractor {
  readonly id: string;
  extract(input: { chunk: Chunk; docTitle?: string; template?: DomainTemplate }, context?: RunContext): Promise<Extraction>;
  /**
   * Optional: load now what extraction reads on first use (a lexicon, a tagger), so the first
   * chunk of a later write does not wait for it. Makes no model call and changes nothing stored.
   */
  prepare?(): Promise<void>;
}

export interface EntityLink {
  mention: string;
  nodeId: string;
  score: number;
}

export interface EntityLinker {
  link(mentions: string[], context?: RunContext): Promise<EntityLink[]>;
}

export type QueryType = 'attr' | 'rel' | 'agg' | 'multi';

export interface QueryAnalysis {
  query: string;
  /** Entity mentions found in the query. */
  entities: string[];
  /** Relation-intent phrases (A2RAG S_R before alignment). */
  relations: string[];
  keywords: string[];
  /** Question form: who / when / where / how-many / yes-no / which / what. */
  answerType: 'person' | 'date' | 'place' | 'number' | 'yesno' | 'entity' | 'other';
  queryType: QueryType;
}

export interface QueryAnalyzer {
  analyze(query: string, context?: RunContext): Promise<QueryAnalysis>;
}

export interface SufficiencyDecision {
  sufficient: boolean;
  score: number;
  reason: string;
}

export interface SufficiencyJudge {
  judge(
    input: { query: string; analysis?: QueryAnalysis; evidence: Evidence; stage: string; seeds?: GraphNodeRef[] },
    context?: RunContext,
  ): Promise<SufficiencyDecision>;
}

export interface GeneratedAnswer {
  text: string;
  citations: Citation[];
  /** The generator found no answer in the evidence. */
  abstain?: boolean;
  /** `sentence`: no phrase of the asked type was found, `text` is the best supporting sentence (absent: `span`). */
  form?: AnswerForm;
  /**
   * With `abstain`: a search query for the evidence that is missing, written in the same call by a
   * generator asked for one (A2RAG's rewrite of q^(i) after an insufficiency failure, without a
   * second call). Model output: untrusted, used only as a retrieval query.
   */
  followUp?: string;
}

export interface AnswerGenerator {
  generate(
    input: { query: string; evidence: Evidence; analysis?: QueryAnalysis; instructions?: string },
    context?: RunContext,
  ): Promise<GeneratedAnswer>;
}

export type ValidationCheck = 'relevance' | 'grounding' | 'adequacy';

export interface Validator {
  readonly check: ValidationCheck | (string & {});
  validate(input: { query: string; answer?: Pick<Answer, 'text' | 'citations'>; evidence: Evidence }, context?: RunContext): Promise<Verdict>;
}

/** Failure types of A2RAG's Triple-Check, in the order they are checked. */
export type FailureType = 'rel' | 'grd' | 'ans';

export interface QueryRewriter {
  rewrite(
    input: { query: string; failure: FailureType; evidence?: Evidence; answer?: string; analysis?: QueryAnalysis },
    context?: RunContext,
  ): Promise<{ query: string; instructions?: string; note: string }>;
}

export interface IntentRoute {
  domain: string;
  confidence: number;
}

export interface IntentRouter {
  route(text: string, context?: RunContext): Promise<IntentRoute>;
}

export interface AgentStep {
  tool: string;
  args: unknown;
  observation: string;
  /** The text the policy wrote with its tool call (a model's reasoning), kept in the history. */
  thought?: string;
}

export type AgentAction = { type: 'tool'; tool: string; args: unknown; thought?: string } | { type: 'answer'; thought?: string };

export interface AgentPolicy {
  next(input: { question: string; steps: AgentStep[]; tools: string[]; stepsLeft: number }, context?: RunContext): Promise<AgentAction>;
}
