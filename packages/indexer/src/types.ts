// The index contract: what ingestion produces and what retrievers, agents and eval consume.
import type { Chunk, Doc, Embedder, KeywordIndex, VectorStore } from '@rag/core';
import type { GraphStore } from '@rag/graph-store';

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
