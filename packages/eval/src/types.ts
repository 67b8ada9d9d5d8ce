// The eval package's data shapes: datasets, method runs, per-question records and the
// report schema that `rag-eval --out` writes (issue 5; other tools read it).
import type { Answer, ChatModel, DocInput, Embedder, Evidence, VectorStore } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import type { Calibration } from './metrics/calibration.js';
import type { RiskCoverage } from './metrics/risk-coverage.js';

/** What a calibrated agent recorded about its answer (the risk–coverage curve sweeps `score`). */
export interface AnswerCorrectness {
  score: number;
  threshold: number;
  features: Record<string, number>;
}

/** One question of a benchmark, in the shape of ../shared/datasets/questions.jsonl. */
export interface EvalQuestion {
  id: string;
  question: string;
  /** Gold answers; any one counts (EM/F1 take the max over them). */
  answers: string[];
  /** Ids of the corpus passages that support the answer (document-level Recall@K). */
  supportingIds: string[];
  /** Benchmark-specific question type, e.g. "bridge", "comparison", "2hop". */
  type?: string;
}

export interface EvalDataset {
  /** Directory or file name, used as the report's `dataset`. */
  name: string;
  /** Where it was read from. */
  source: string;
  format: DatasetFormat;
  corpus: DocInput[];
  questions: EvalQuestion[];
}

export type DatasetFormat = 'jsonl-dir' | 'hotpotqa' | '2wikimultihopqa' | 'musique';

/** What the harness needs from one method on one question. */
export interface MethodRun {
  /** Ranked chunks (best first); documents rank at their best chunk for Recall@K. */
  ranked: { chunkId: string; docId: string; score: number }[];
  /** Generated answer text; absent for pure retrievers. */
  answer?: string;
  status?: Answer['status'];
  /** What the answer's checks established (Answer.verification). */
  verification?: 'verified' | 'unsure' | 'failed';
  /** Why, in words (Answer.verification.reason), or why the method abstained. */
  verificationReason?: string;
  /** Where a staged method stopped (A2RAG Fig. 4: local, bridge, ppr, failed). */
  stage?: string;
  retries?: number;
  llmCalls: number;
  tokensIn: number;
  tokensOut: number;
  /** Raw output for per-question error analysis. */
  evidence?: Evidence;
  /** The calibrated correctness score of the answer and the features it was computed from (trace decision "calibration"). */
  correctness?: AnswerCorrectness;
  /** Model decisions the embedded heuristic took over, by decision (trace events named "fallback"). */
  fallbacks?: Record<string, number>;
  /** The run stopped because its budget was spent. */
  budgetExceeded?: boolean;
  /** Corpus tokens the method's tools returned (A-RAG Table 3), when it reports them. */
  retrievedTokens?: number;
  /** Model calls and tokens by step (the trace name of each `llm` event: "answer", "verify.triple-check", …). */
  llmSteps?: Record<string, LlmStepCost>;
  /** The embedded reader's step that read the answer ("span", "docs-entry", "sentence", …), from the trace. */
  readerPath?: string;
}

/** What one step of a method spent on the model: calls and tokens (in + out). */
export interface LlmStepCost {
  calls: number;
  tokens: number;
}

export interface RunOptions {
  k: number;
  signal?: AbortSignal;
}

export interface MethodInstance {
  run(question: string, options: RunOptions): Promise<MethodRun>;
}

/** Everything a method may use: the built index and the models of the stack. */
export interface MethodStack {
  mode: StackMode;
  index: RagIndex;
  chat?: ChatModel;
  embedder?: Embedder;
  vectors?: VectorStore;
}

export type MethodOptions = Record<string, string | number | boolean>;

export interface EvalMethod {
  /** Stable name used on the command line and in reports. */
  name: string;
  kind: 'retriever' | 'agent';
  description: string;
  /** True when the method reads the knowledge graph (re-run under --kg-deletion). */
  usesGraph: boolean;
  /** Documented method options, e.g. { relationSeeds: 'boolean: node-only seeds when false' }. */
  options?: Record<string, string>;
  create(stack: MethodStack, options: MethodOptions): MethodInstance | Promise<MethodInstance>;
}

export type StackMode = 'embedded' | 'service';

/** Per-question record written to `<out>.questions.jsonl`. */
export interface QuestionRecord {
  method: string;
  kgDeletion?: number;
  questionId: string;
  question: string;
  type?: string;
  gold: string[];
  supportingIds: string[];
  retrievedDocIds: string[];
  recall: Record<string, number | null>;
  answer?: string;
  status?: string;
  verification?: 'verified' | 'unsure' | 'failed';
  /** Why the answer got its label, or why the method abstained, as a sentence. */
  verificationReason?: string;
  /** Calibrated correctness score and features, when the method scored its answer. */
  correctness?: AnswerCorrectness;
  em: number | null;
  f1: number | null;
  containAcc: number | null;
  llmAcc: number | null;
  stage?: string;
  retries: number;
  llmCalls: number;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
  error?: { code: string; message: string };
  /** Fallbacks to the embedded heuristic in this question's run, by decision. */
  fallbacks?: Record<string, number>;
  budgetExceeded?: boolean;
  retrievedTokens?: number;
  /** Model calls and tokens by step in this question's run. */
  llmSteps?: Record<string, LlmStepCost>;
  /** The embedded reader's step that read the answer, when the trace says. */
  readerPath?: string;
}

export interface MethodResult {
  method: string;
  kind: 'retriever' | 'agent';
  /** Present when --kg-deletion was given: percentage of graph nodes deleted. */
  kgDeletion?: number;
  recall: Record<string, number>;
  em: number | null;
  f1: number | null;
  containAcc: number | null;
  /** LLM-judged accuracy; null without a judge model. */
  llmAcc: number | null;
  latencyMs: { mean: number; p50: number; p95: number };
  llmCalls: number;
  tokens: number;
  tokensIn: number;
  tokensOut: number;
  llmCallsP50: number;
  llmCallsP95: number;
  /** Model calls per attempt (calls ÷ (retries + 1)) per question: mean and p95. */
  llmCallsPerAttempt?: { mean: number; p95: number };
  tokensP50: number;
  tokensP95: number;
  stages: Record<string, number>;
  retries: number;
  abstained: number;
  errors: number;
  /** Shares verified / unsure / failed / abstained, verifiedPrecision and verifiedCoverage (agents). */
  calibration?: Calibration;
  /** Precision of verified answers against the share verified, sweeping the calibrated score's threshold (agents that score their answers). */
  riskCoverage?: RiskCoverage;
  /** Questions per final status (answered / abstained / failed / error). */
  statuses?: Record<string, number>;
  /** Fallbacks to the embedded heuristic over all questions, by decision. */
  fallbacks?: Record<string, number>;
  /** Model calls and tokens summed over all questions. */
  totalLlmCalls?: number;
  totalTokens?: number;
  /** Questions whose run stopped on a spent budget. */
  budgetExceeded?: number;
  /** Mean corpus tokens retrieved per question (A-RAG agents). */
  retrievedTokens?: number;
  /** Mean model calls and tokens per question, by step (present when some question called a model). */
  llmSteps?: Record<string, LlmStepCost>;
  indexMs: number;
  options?: MethodOptions;
}

export interface EvalReport {
  dataset: string;
  questions: number;
  corpus: number;
  mode: StackMode;
  /** What the figures mean when they are not quality, e.g. "cost only, not quality" under --chat oracle. */
  note?: string;
  k: number[];
  kgDeletion?: number[];
  results: MethodResult[];
  createdAt: string;
}
