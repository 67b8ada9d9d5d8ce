// What the CLI needs to open, create and feed a store. The real one (stack/indexer-backend.ts)
// uses @rag/indexer; tests pass their own.
import type { DocInput } from '@rag/core';
import type { Indexer } from '@rag/indexer';
import type { RagStack } from '../types.js';

export interface LoadedDocs {
  docs: DocInput[];
  problems: { path: string; reason: string }[];
}

export interface ExtractionPreflight {
  extractor: string;
  chunks: number;
  llmCalls: number;
  tokensIn: number;
  tokensOut: number;
}

export interface StoreBackend {
  /** Open an existing store; a missing or empty directory is a RAG_NOT_FOUND error. */
  open(dir: string): Promise<RagStack>;
  /** Open the store, creating an empty one when the directory has none. */
  openOrCreate(dir: string): Promise<RagStack>;
  /** Read files and directories into documents (the indexer's loaders). */
  load(paths: string[]): Promise<LoadedDocs>;
  /** The store's index itself, at its current or previous generation (`rag repair`); absent in test backends. */
  openIndexer?(dir: string, generation: 'current' | 'previous'): Promise<Indexer>;
  /**
   * Take the store's writer lock for the rest of this process (commands that write: index,
   * delete, compact, serve, mcp with writes). Throws RAG_STORE_LOCKED naming the process that
   * holds it. Optional: a backend without it (tests) writes unlocked.
   */
  lockForWriting?(dir: string): Promise<void>;
  /** What LLM extraction of these docs would cost; zero calls for the embedded extractor. */
  preflight(docs: DocInput[]): ExtractionPreflight;
}
