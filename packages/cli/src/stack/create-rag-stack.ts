// Builds the app's RagStack over an index that can change (ingest / remove / save): the
// methods are rebuilt lazily per index version so they always see the current data.
import type { ChatModel, DocInput, Embedder } from '@rag/core';
import type { DeltaSummary, OutdatedSegment, RagIndex } from '@rag/indexer';
import type { ReviewQueue } from '@rag/train-data';
import type { CompactSummary, RagStack, IngestProgress, IngestSummary, MethodRunner } from '../types.js';
import { DEFAULT_METHOD } from './default-method.js';
import { createMethodRunners } from './methods.js';

/** What @rag/indexer's Indexer offers beyond RagIndex; the stack adapts to it. */
export interface WritableIndex {
  /** The current index (the same object across writes, or a new one after each). */
  current(): RagIndex;
  /** `atomic`: one commit for the whole call (a crash leaves all of its documents or none); default: batches of the indexer's checkpoint size. */
  ingest(docs: DocInput[], options?: { onProgress?: (p: IngestProgress) => void; atomic?: boolean }): Promise<IngestSummary>;
  remove(docId: string): Promise<{ removedChunks: number }>;
  save(dir: string): Promise<void>;
  /** True when `ingest` and `remove` commit to the store themselves (no `save` is needed after them). */
  commitsWrites?: boolean;
  /** Optional (see RagStack.prepareWrites): read now what the next write would read first. */
  prepareWrites?(): Promise<void>;
  /** Optional (see RagStack.deltas): the live generation's delta segments, from its manifest. */
  deltas?(): DeltaSummary | undefined;
  /** Optional (see RagStack.outdated): base segments in an older format version. */
  outdated?(): OutdatedSegment[];
  /** Optional (see RagStack.compact): fold every delta segment into new bases. */
  compact?(): Promise<CompactSummary>;
}

export interface RagStackOptions {
  dir: string;
  mode: string;
  index: WritableIndex;
  /** The HITL review queue (@rag/train-data's openReviewQueue, stored in `dir`); the A2RAG agent proposes into it. */
  reviewQueue: ReviewQueue;
  /** Service mode: the agents' chat model and the academic agent's embedder. */
  chat?: ChatModel;
  embedder?: Embedder;
  /** Extra runners added to the built-in ones. */
  extraMethods?: (index: RagIndex) => MethodRunner[];
  defaultMethod?: string;
}

/** The stack `rag ask`, `rag serve` and `rag mcp` run on: an index that can change, its review queue and the method runners over it. */
export function createRagStack(options: RagStackOptions): RagStack {
  const { index, reviewQueue } = options;
  let builtFor: RagIndex | undefined;
  let methods = new Map<string, MethodRunner>();
  const methodsOf = () => {
    const current = index.current();
    if (builtFor !== current) {
      methods = createMethodRunners(current, {
        proposals: reviewQueue,
        ...(options.chat ? { chat: options.chat } : {}),
        ...(options.embedder ? { embedder: options.embedder } : {}),
      });
      for (const r of options.extraMethods?.(current) ?? []) methods.set(r.name, r);
      builtFor = current;
    }
    return methods;
  };

  return {
    dir: options.dir,
    mode: options.mode,
    get index() {
      return index.current();
    },
    get methods() {
      return methodsOf();
    },
    defaultMethod: options.defaultMethod ?? DEFAULT_METHOD,
    reviewQueue,
    ingest: (docs, o) => index.ingest(docs, o),
    remove: (docId) => index.remove(docId),
    save: () => index.save(options.dir),
    commitsWrites: index.commitsWrites === true,
    ...(index.prepareWrites ? { prepareWrites: () => index.prepareWrites!() } : {}),
    ...(index.deltas ? { deltas: () => index.deltas!() } : {}),
    ...(index.outdated ? { outdated: () => index.outdated!() } : {}),
    ...(index.compact ? { compact: () => index.compact!() } : {}),
  };
}

/** @deprecated Renamed to {@link createRagStack}. */
export const createDemoStack = createRagStack;
/** @deprecated Renamed to {@link RagStackOptions}. */
export type DemoStackOptions = RagStackOptions;
