// The real StoreBackend: @rag/indexer for stores, @rag/train-data's review queue for HITL
// proposals, @rag/eval's env-selected stack for the collaborators (embedded by default;
// Ollama / Qdrant when OLLAMA_HOST / QDRANT_URL are set).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RagError, type DocInput } from '@rag/core';
import { createStackFromEnv, type EvalStack } from '@rag/eval';
import { acquireStoreLock, createIndexer, createLlmTripleExtractor, estimateExtractionCost, loadPath, openIndex, type Indexer, type IndexerOptions } from '@rag/indexer';
import { sentenceSpans } from '@rag/core';
import { openReviewQueue } from '@rag/train-data';
import type { StoreBackend } from '../commands/store-backend.js';
import type { RagStack, IngestSummary } from '../types.js';
import { createRagStack, type WritableIndex } from './create-rag-stack.js';

export interface IndexerBackendOptions {
  env?: Record<string, string | undefined>;
  /** Use the LLM triple extractor when a chat model is configured (default true). */
  llmExtraction?: boolean;
  /** A stack already composed (e.g. with rag.config.* plugins by @rag/eval's loadStackConfig); default: from env. */
  stack?: EvalStack;
}

/** True when `dir` holds a persisted index (the indexer's CURRENT pointer). */
export function isStore(dir: string): boolean {
  return existsSync(join(dir, 'CURRENT'));
}

/**
 * The indexer as the stack's WritableIndex. A write that fails part-way (an error after it
 * changed the index in memory, before its commit) reopens the store at its last commit, so the
 * next write does not commit half of the failed one.
 */
function writable(first: Indexer, reopen?: () => Promise<Indexer>): WritableIndex {
  let indexer = first;
  const undoOnFailure = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (reopen) indexer = await reopen().catch(() => indexer);
      throw error;
    }
  };
  return {
    current: () => indexer,
    // the indexer is opened on the store's directory: each ingest and remove is its own commit
    commitsWrites: true,
    prepareWrites: () => indexer.prepareWrites(),
    ingest: (docs, o = {}) =>
      undoOnFailure(async () => {
        const t0 = performance.now();
        const r = await indexer.ingest(docs, { ...(o.onProgress ? { onProgress: o.onProgress } : {}), ...(o.atomic ? { atomic: true } : {}) });
        if (r.failed.length > 0 && r.added.length + r.updated.length === 0)
          throw new RagError('RAG_INVALID_INPUT', `docs: none could be indexed (${r.failed[0]!.id}: ${r.failed[0]!.reason})`, { details: { input: 'docs', failed: r.failed } });
        const summary: IngestSummary = {
          added: r.added.length,
          updated: r.updated.length,
          unchanged: r.unchanged.length,
          chunks: r.chunks,
          nodes: r.entities,
          edges: r.relations,
          ms: performance.now() - t0,
        };
        return summary;
      }),
    remove: (docId) =>
      undoOnFailure(async () => {
        const chunks = indexer.chunksOfDoc(docId).length;
        const removed = await indexer.remove(docId);
        return { removedChunks: removed ? chunks : 0 };
      }),
    save: (dir) => indexer.save(dir),
    deltas: () => indexer.deltaSummary(),
    outdated: () => indexer.outdatedSegments(),
    async compact() {
      await indexer.compact();
      return { bytesWritten: indexer.lastCommitBytes() };
    },
  };
}

export function createIndexerBackend(options: IndexerBackendOptions = {}): StoreBackend & { stack: EvalStack; build(dir: string): Promise<RagStack> } {
  const env = options.env ?? process.env;
  const evalStack = options.stack ?? createStackFromEnv(env);
  const llm = options.llmExtraction !== false && evalStack.chat !== undefined;
  const collaborators: Omit<IndexerOptions, 'dir'> = {
    ...(evalStack.embedder ? { embedder: evalStack.embedder } : {}),
    ...(evalStack.vectors ? { vectors: evalStack.vectors } : {}),
    ...(evalStack.keyword ? { keyword: evalStack.keyword } : {}),
    ...(evalStack.extractor ? { extractor: evalStack.extractor } : llm && evalStack.chat ? { extractor: createLlmTripleExtractor({ model: evalStack.chat }) } : {}),
  };
  // The review queue lives in the store directory next to the index, so proposals, decisions
  // and the audit trail travel with the store.
  const wrap = async (dir: string, indexer: Indexer): Promise<RagStack> =>
    createRagStack({
      dir,
      mode: evalStack.describe,
      index: writable(indexer, () => openIndex(dir, collaborators)),
      reviewQueue: await openReviewQueue({ dir }),
      ...(evalStack.chat ? { chat: evalStack.chat } : {}),
      ...(evalStack.embedder ? { embedder: evalStack.embedder } : {}),
    });

  return {
    stack: evalStack,
    async open(dir) {
      if (!existsSync(dir)) throw new RagError('RAG_NOT_FOUND', `--store ${dir}: directory does not exist (create one with \`rag index <paths> --store ${dir}\`)`, { details: { dir } });
      if (!isStore(dir)) throw new RagError('RAG_NOT_FOUND', `--store ${dir}: not a rag store (no CURRENT file); create one with \`rag index <paths> --store ${dir}\``, { details: { dir } });
      return wrap(dir, await openIndex(dir, collaborators));
    },
    async openOrCreate(dir) {
      if (isStore(dir)) return wrap(dir, await openIndex(dir, collaborators));
      return wrap(dir, createIndexer({ ...collaborators, dir }));
    },
    async openIndexer(dir, generation) {
      if (!isStore(dir)) throw new RagError('RAG_NOT_FOUND', `--store ${dir}: not a rag store (no CURRENT file)`, { details: { dir } });
      return openIndex(dir, { ...collaborators, generation });
    },
    async build(dir) {
      return wrap(dir, createIndexer({ ...collaborators, dir }));
    },
    async lockForWriting(dir) {
      // `rag index` on a store a server holds is refused (not sent through its API): the server
      // may need a token this shell does not have, and the files to index are read here.
      // A directory not there yet is locked by the indexer when it creates it.
      if (existsSync(dir)) acquireStoreLock(dir);
    },
    async load(paths) {
      const docs: DocInput[] = [];
      const problems: { path: string; reason: string }[] = [];
      for (const path of paths) {
        const r = await loadPath(path);
        docs.push(...r.docs);
        for (const p of r.problems) problems.push({ path: p.path, reason: `${p.reason}: ${p.message}` });
      }
      return { docs, problems };
    },
    preflight(docs: DocInput[]) {
      const e = estimateExtractionCost(docs, { segment: sentenceSpans });
      if (evalStack.extractor) return { extractor: `${evalStack.extractor.id} (configured plugin; LLM use not estimated)`, chunks: e.chunks, llmCalls: 0, tokensIn: 0, tokensOut: 0 };
      return llm
        ? { extractor: `LLM (${evalStack.chat?.id ?? 'chat model'})`, chunks: e.chunks, llmCalls: e.llmCalls, tokensIn: e.tokensIn, tokensOut: e.tokensOut }
        : { extractor: 'embedded typed (no LLM)', chunks: e.chunks, llmCalls: 0, tokensIn: 0, tokensOut: 0 };
    },
  };
}
