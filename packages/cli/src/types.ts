// The app's port: everything the CLI, HTTP API, web UI and MCP server need from the toolkit.
// `createIndexerBackend` (stack/indexer-backend.ts) wires it to @rag/indexer, @rag/agents,
// @rag/retrievers, @rag/train-data and @rag/eval; the rest of the app depends on these types.
import type { AnswerVerification,
  Answer,
  AnswerForm,
  AnswerStatus,
  BudgetLimits,
  Cost,
  DocInput,
  Evidence,
  RunContext,
  Subgraph,
  TokenListener,
  TraceEvent,
  Verdict,
} from '@rag/core';
import type { DeltaSummary, OutdatedSegment, RagIndex } from '@rag/indexer';
import type { ReviewQueue } from '@rag/train-data';

/** One question-answering method: an agent (returns an Answer) or a retriever (returns Evidence). */
export interface MethodRunner {
  readonly name: string;
  readonly description: string;
  readonly kind: 'agent' | 'retriever';
  run(query: string, options: { k: number; context: RunContext }): Promise<Answer | Evidence>;
}

export interface IngestProgress {
  stage: string;
  done: number;
  total: number;
}

export interface IngestSummary {
  added: number;
  updated: number;
  unchanged: number;
  chunks: number;
  nodes: number;
  edges: number;
  ms: number;
}

/** @deprecated Renamed to {@link RagStack}: it is the production stack, not a demo's. */
export type DemoStack = RagStack;

/** An opened store: the index, how to change it, and the methods that can query it. The stack
 *  behind `rag ask`, `rag serve` and `rag mcp` (and the demo). */
export interface RagStack {
  readonly dir: string;
  /** "embedded" or a description of the services in use, e.g. "ollama+qdrant". */
  readonly mode: string;
  readonly index: RagIndex;
  readonly methods: ReadonlyMap<string, MethodRunner>;
  readonly defaultMethod: string;
  /** The HITL review queue (@rag/train-data), stored in `dir`; the A2RAG agent proposes into it. */
  readonly reviewQueue: ReviewQueue;
  /** `atomic`: one commit for the whole call (a crash leaves all of its documents or none); default: batches of the indexer's checkpoint size. */
  ingest(docs: DocInput[], options?: { onProgress?: (p: IngestProgress) => void; atomic?: boolean }): Promise<IngestSummary>;
  remove(docId: string): Promise<{ removedChunks: number }>;
  /** Persist the current state to `dir` (atomic). */
  save(): Promise<void>;
  /** True when `ingest` and `remove` commit to the store themselves (the service then does not `save` after them). */
  commitsWrites?: boolean;
  /** Optional: read now what the next write would read first (a server calls it after it starts, so its first write is not slowed by loading). */
  prepareWrites?(): Promise<void>;
  /**
   * Optional: the delta segments of the store's live generation, read from its manifest (no
   * segment is loaded); undefined when the store has no such generation. Absent on stores that
   * cannot tell (test doubles, other backends).
   */
  deltas?(): DeltaSummary | undefined;
  /**
   * Optional: the store's base segments written in an older version of their format than this
   * release writes (still read; `compact` rewrites them). Absent on stores that cannot tell.
   */
  outdated?(): OutdatedSegment[];
  /**
   * Optional: fold every delta segment into new bases, as one atomic commit (a failure leaves the
   * previous generation live). Absent: the store does not support compaction (`rag compact` says so).
   */
  compact?(): Promise<CompactSummary>;
}

/** What a compaction wrote. */
export interface CompactSummary {
  /** Bytes of the segment files it wrote. */
  bytesWritten: number;
}

export interface AskRequest {
  question: string;
  method?: string;
  k?: number;
  budget?: BudgetLimits;
  onEvent?: (event: TraceEvent) => void;
  /** Answer text as the model writes it (agents with a streaming chat model only; see @rag/agents AnswerOptions.onToken). */
  onToken?: TokenListener;
  signal?: AbortSignal;
}

/** A quoted span of a source document. */
export interface CitationView {
  n: number;
  chunkId: string;
  docId: string;
  title: string;
  start: number;
  end: number;
  quote: string;
}

export interface EvidenceView {
  rank: number;
  chunkId: string;
  docId: string;
  title: string;
  score: number;
  source?: string;
  text: string;
}

export interface AskResult {
  question: string;
  method: string;
  /** "answer" when an agent answered; "evidence" when the method is a retriever. */
  kind: 'answer' | 'evidence';
  status: AnswerStatus | 'evidence';
  answer: string | null;
  /**
   * What the answer text is: "span" (a phrase of the asked type) or "sentence" (no such phrase
   * was found; the text is the best supporting sentence, labelled unsure). Null when there is no
   * answer text (an abstention, or a retriever's evidence).
   */
  form: AnswerForm | null;
  citations: CitationView[];
  evidence: EvidenceView[];
  stage: string | null;
  retries: number;
  cost: Cost;
  verdicts: Verdict[];
  /** What the checks established, in words (answers only; null for retrievers' evidence). */
  verification: AnswerVerification | null;
  subgraph: Subgraph;
  trace: TraceEvent[];
}
