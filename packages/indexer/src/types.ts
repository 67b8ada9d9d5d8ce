// The index contract: what ingestion produces and what retrievers, agents and eval consume.
import type { Chunk, Doc, Embedder, KeywordIndex, VectorStore } from '@rag/core';
import type { GraphStore } from '@rag/graph-store';
import type { BudgetLimits, ChatModel, Cost, DocInput, DomainTemplate, IntentRouter, RunContext, Span, TripleExtractor } from '@rag/core';
import type { LoadOptions, LoadProblem } from './loaders/load-types.js';
import type { EntityResolver } from './resolution/entity-resolver.js';
import type { DeltaSummary } from './store/delta-summary.js';
import type { OutdatedSegment } from './store/segment-versions.js';

/** Vector-store namespaces an index uses (prefixed by the index's own namespace). */
export const VECTOR_NAMESPACES = {
  chunks: 'chunks',
  /** One vector per sentence; id `${chunkId}#${sentenceIndex}`, metadata { chunkId, docId }. */
  sentences: 'sentences',
  /** Per-document summaries for the A2RAG coverage gate. */
  summaries: 'summaries',
  /** Community summaries. */
  communities: 'communities',
  /** GEAR path views: `gear-node-${h}` / `gear-edge-${h}` for h = 0..H-1. */
  gearNode: (h: number) => `gear-node-${h}`,
  gearEdge: (h: number) => `gear-edge-${h}`,
} as const;

export interface IndexManifest {
  formatVersion: number;
  embedderId: string;
  dimensions: number;
  docs: number;
  chunks: number;
  sentences: number;
  nodes: number;
  edges: number;
  gearHeads: number;
  createdAt: string;
  updatedAt: string;
}

export interface DocSummary {
  docId: string;
  text: string;
}

export interface Community {
  id: number;
  members: string[];
  summary: string;
}

export interface RagIndex {
  manifest(): IndexManifest;
  readonly embedder: Embedder;
  readonly vectors: VectorStore;
  /** Namespace prefix of this index inside `vectors`, e.g. "idx-3f2a/". */
  readonly namespace: string;
  readonly keyword: KeywordIndex;
  readonly graph: GraphStore;
  /** Embedders of the H GEAR path views, when the index built them (one per head). */
  readonly gearEmbedders?: readonly Embedder[];

  getDoc(id: string): Doc | undefined;
  docs(): Doc[];
  getChunk(id: string): Chunk | undefined;
  chunks(): Chunk[];
  chunksOfDoc(docId: string): Chunk[];
  /** Neighbouring chunks in document order (A-RAG chunk_read adjacent=true). */
  adjacentChunks(chunkId: string): { previous?: Chunk; next?: Chunk };
  summaryOf(docId: string): DocSummary | undefined;
  communities(): Community[];
}

// ---- Additions by the indexer (additive; the contract above is unchanged) ----

export type IngestStage = 'validate' | 'load' | 'remove' | 'chunk' | 'keyword' | 'embed' | 'extract' | 'resolve' | 'summaries' | 'gear' | 'communities' | 'persist';

export interface IngestProgress {
  stage: IngestStage;
  done: number;
  total: number;
  docId?: string;
  /** Present on loud warnings (e.g. a chunk that yielded zero entities). */
  warning?: string;
}

export interface IngestOptions {
  onProgress?: (event: IngestProgress) => void;
  signal?: AbortSignal;
  /** Enforced during LLM extraction and summaries; embedded extraction spends nothing. */
  budget?: BudgetLimits;
  /** Use this run context (trace + meter) instead of making one from `budget`/`signal`. */
  context?: RunContext;
  /**
   * A call that commits more than one batch ends by folding every component's deltas into new
   * bases (default true), so the finished store opens without replaying deltas. `false` leaves its
   * last commit like the ones before it (deltas kept within the build's growth allowance) and the
   * fold to `compact()` (`rag compact`) later, in a process holding less: for a build so large
   * that the fold's whole writes beside everything the build holds pass the machine's memory.
   */
  fold?: boolean;
  /**
   * One commit for the whole call, whatever its size (default false: a call with a `dir` commits
   * every `checkpointEvery` documents, so a crash during a large build loses at most one batch).
   * With `atomic`, a crash before the commit leaves none of the call's documents in the store,
   * and one after it all of them: what a request to a server (HTTP, MCP, an upload job) needs.
   */
  atomic?: boolean;
}

export interface IngestFailure {
  id: string;
  reason: string;
}

export interface IngestReport {
  added: string[];
  updated: string[];
  unchanged: string[];
  failed: IngestFailure[];
  /** Files skipped by the loaders (ingestPaths only). */
  problems: LoadProblem[];
  chunks: number;
  sentences: number;
  entities: number;
  relations: number;
  merges: number;
  /** Chunks whose extraction was skipped (budget spent or extractor error); their text is still indexed. */
  extractionSkipped: number;
  warnings: string[];
  stageMs: Partial<Record<IngestStage, number>>;
  cost: Cost;
}

export interface IndexerOptions {
  embedder?: Embedder;
  vectors?: VectorStore;
  keyword?: KeywordIndex;
  graph?: GraphStore;
  /** Triple extractor (default: the typed one, `createTypedTripleExtractor`; the heuristic one is `createHeuristicTripleExtractor`); `false` builds no graph. */
  extractor?: TripleExtractor | false;
  /** Picks the extraction template per document (default: keyword router). */
  intentRouter?: IntentRouter;
  templates?: readonly DomainTemplate[];
  /** Entity resolution (default: the staged resolver with the index's embedder); `false` disables it. */
  resolver?: EntityResolver | false;
  /** Model for per-document summaries; extractive summaries without one. */
  summaryModel?: ChatModel;
  /** Chunk size in tokens (default 1000). */
  chunkTokens?: number;
  /** Overlap in tokens (default 0). */
  overlap?: number;
  /** GEAR heads H (default 3); 0 disables the path views. */
  gearHeads?: number;
  /** Embedders of the H GEAR views (default: H deterministic feature views). */
  gearEmbedders?: Embedder[];
  /** Relations left out of the GEAR edge views (default co_occurs_with, mentions). */
  gearSkipRelations?: string[];
  /** Persistence directory; `save()` and checkpoints write here. */
  dir?: string;
  /** Namespace prefix inside the vector store (default "idx/"). */
  namespace?: string;
  /** Docs per checkpoint when `dir` is set (default: 500, or a quarter of the documents already indexed, whichever is larger). */
  checkpointEvery?: number;
  /** Build Louvain communities after each ingest (default true). */
  communities?: boolean;
  /**
   * Communities are recomputed over the whole graph at the end of an ingest call (or a removal)
   * once the documents added, replaced or removed since the last computation reach this fraction
   * of the store (default 0.25; 0: at every call). In between, the previous communities are kept,
   * less the nodes the graph no longer has. The first call after creating or opening the index
   * always computes them.
   */
  communityRefresh?: number;
  /** Sentence segmentation (default @rag/core's). */
  segment?: (text: string) => Span[];
  /** Texts per embedding call (default 256). */
  embedBatch?: number;
  /**
   * A commit appends a component's changes (state, keyword index, graph, each vector namespace)
   * as a delta segment until the deltas' records exceed this fraction of the component, plus,
   * while the component grows, its growth since it was last written whole (up to that base's
   * size, in at most 16 deltas); then rewrites it whole (default 0.25; 0: always whole).
   */
  compactRatio?: number;
}

export interface Indexer extends RagIndex {
  ingest(docs: DocInput[], options?: IngestOptions): Promise<IngestReport>;
  /**
   * Read now what the next write would read first (an opened store loads its graph, keyword
   * index, vector namespaces and the resolver's name index on first use), one part per turn of
   * the event loop, so that write does not pay for it. A server calls this after it starts;
   * the stored content is not changed.
   */
  prepareWrites(): Promise<void>;
  ingestPaths(paths: string[], options?: IngestOptions & { load?: LoadOptions }): Promise<IngestReport>;
  /** Remove a document: its chunks, vectors, keyword postings and the graph facts only it supported. */
  remove(docId: string, options?: IngestOptions): Promise<boolean>;
  /** Remove several documents in one commit (one journal entry, one generation); returns the ids that were stored. */
  removeDocs(docIds: string[], options?: IngestOptions): Promise<string[]>;
  /** Write a snapshot generation to `dir` (default: the `dir` option). */
  save(dir?: string): Promise<void>;
  /** Commit a generation with every vector namespace rewritten whole (its deltas folded in). */
  compact(): Promise<void>;
  /** Bytes of segment files the last commit wrote (0 before any), for write-amplification reports. */
  lastCommitBytes(): number;
  /**
   * The delta segments of the live generation in `dir` (as opened, or as the last commit wrote
   * it), read from its manifest only: no segment is loaded. `overBudget` names the components
   * whose deltas exceed the steady allowance of `compactRatio`, which only a build interrupted
   * between its batches leaves behind: `compact()` folds them. Undefined while the indexer has
   * no format-2 generation in `dir` (nothing committed yet, or a format-1 store not yet rewritten).
   */
  deltaSummary(): DeltaSummary | undefined;
  /**
   * The base segments of the live generation in `dir` written in an older version of their
   * format than this release writes (still read; `compact()` rewrites them). Reads each one's
   * 12-byte header only. Empty while there is no format-2 generation in `dir`.
   */
  outdatedSegments(): OutdatedSegment[];
  readonly options: Readonly<{ chunkTokens: number; overlap: number; gearHeads: number; dir?: string }>;
  /** Full namespace names inside `vectors`. */
  namespaceOf(name: 'chunks' | 'sentences' | 'summaries' | 'communities'): string;
  gearNamespace(kind: 'node' | 'edge', head: number): string;
  readonly gearEmbedders: readonly Embedder[];
}
