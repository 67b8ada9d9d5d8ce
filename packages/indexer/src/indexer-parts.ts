// The parts of one indexer: its validated options, components (embedder, stores, graph, extractor,
// resolver, GEAR views), its document state and the counters its commits advance.
import { createBm25Index, createHashingEmbedder, createMemoryVectorStore, invalidInput, sentenceSpans, type Embedder } from '@rag/core';
import { createGraphStore, type GraphChanges, type GraphStore } from '@rag/graph-store';
import { DEFAULT_CHUNK_TOKENS } from './chunking/chunker.js';
import { createTypedTripleExtractor } from './extraction/typed-extractor.js';
import { createKeywordIntentRouter } from './extraction/keyword-intent-router.js';
import { createGearViewEmbedders } from './gear/feature-view-embedder.js';
import { createIndexState } from './ingest/index-state.js';
import { createEntityResolver } from './resolution/entity-resolver.js';
import { claimStore } from './store/claim-store.js';
import { generationName } from './store/format1.js';
import { FORMAT2_VERSION, type Manifest2 } from './store/format2.js';
import { isLoaded } from './store/lazy.js';
import { type PersistCache } from './store/persist.js';
import type { RestoredIndexState } from './indexer.js';
import { VECTOR_NAMESPACES, type IndexerOptions } from './types.js';

/** The parts every stage of an indexer shares (see createIndexer). */
export type IndexerParts = ReturnType<typeof createIndexerParts>;

export function createIndexerParts(options: IndexerOptions, restored?: RestoredIndexState) {
  const chunkTokens = options.chunkTokens ?? DEFAULT_CHUNK_TOKENS;
  const overlap = options.overlap ?? 0;
  const gearHeads = options.gearHeads ?? 3;
  if (!Number.isInteger(gearHeads) || gearHeads < 0) throw invalidInput('gearHeads', 'must be an integer ≥ 0', { value: gearHeads });
  if (options.gearEmbedders && options.gearEmbedders.length !== gearHeads)
    throw invalidInput('gearEmbedders', `must hold gearHeads (${gearHeads}) embedders`, { value: options.gearEmbedders.length });
  if (options.checkpointEvery !== undefined && !(Number.isInteger(options.checkpointEvery) && options.checkpointEvery >= 1))
    throw invalidInput('checkpointEvery', 'must be an integer ≥ 1');
  /**
   * Documents per committed batch. By default it grows with the store (500, or a quarter of the
   * documents already in it): each commit re-encodes the components that changed, so a fixed
   * interval would make a large build quadratic; a crash still loses at most one batch.
   */
  const batchSize = () => options.checkpointEvery ?? Math.max(500, Math.floor(state.docs.size / 4));
  const embedder: Embedder = options.embedder ?? createHashingEmbedder();
  // The embedded store's vectors are persisted as int8 (vector-namespace-codec.ts), so it holds
  // them as int8 from the start, with a `dir` or without one (an index saved later, or built in
  // memory to be measured): a quarter of the memory, and the scores a reopened store gives.
  const vectors = options.vectors ?? createMemoryVectorStore({ precision: 'int8' });
  const keyword = options.keyword ?? createBm25Index();
  const graph: GraphStore = options.graph ?? createGraphStore();
  const extractor = options.extractor === false ? undefined : (options.extractor ?? createTypedTripleExtractor());
  const intentRouter = options.intentRouter ?? createKeywordIntentRouter();
  const routeTemplates = options.intentRouter !== undefined || (extractor !== undefined && !extractor.id.startsWith('heuristic') && !extractor.id.startsWith('typed'));
  const resolver = options.resolver === false ? undefined : (options.resolver ?? createEntityResolver({ embedder }));
  const segment = options.segment ?? sentenceSpans;
  const embedBatch = options.embedBatch ?? 256;
  const ns = options.namespace ?? restored?.manifest.namespace ?? 'idx/';
  const gearEmbedders = options.gearEmbedders ?? createGearViewEmbedders(gearHeads);
  const gearSkip = new Set(options.gearSkipRelations ?? ['co_occurs_with', 'mentions']);
  const nsOf = (name: 'chunks' | 'sentences' | 'summaries' | 'communities') => `${ns}${VECTOR_NAMESPACES[name]}`;
  const gearNs = (kind: 'node' | 'edge', h: number) => `${ns}${kind === 'node' ? VECTOR_NAMESPACES.gearNode(h) : VECTOR_NAMESPACES.gearEdge(h)}`;

  // the GEAR id sets share the graph's id strings when the graph is loaded by the time they are built
  const state = createIndexState(restored?.state, (kind, id) =>
    isLoaded(graph) ? ((kind === 'node' ? graph.getNode(id)?.id : graph.getEdge(id)?.id) ?? id) : id,
  );

  const createdAt = restored?.manifest.createdAt ?? new Date().toISOString();

  /** What persistence last wrote per component (restored from the opened generation). */
  const persistCache: PersistCache = restored?.cache ?? { vectors: new Map() };
  if (options.compactRatio !== undefined) {
    if (!(options.compactRatio >= 0)) throw invalidInput('compactRatio', 'must be a number ≥ 0', { value: options.compactRatio });
    persistCache.compactRatio = options.compactRatio;
  }

  const communityRefresh = options.communityRefresh ?? 0.25;
  if (!(communityRefresh >= 0)) throw invalidInput('communityRefresh', 'must be a number ≥ 0', { value: options.communityRefresh });

  /** What the indexer's commits and ingests advance (restored from the opened generation). */
  const session = {
    dimensions: restored?.manifest.dimensions ?? embedder.dimensions ?? 0,
    // a store opened at its previous generation commits after the current one, never over it
    txn: Math.max(restored?.manifest.txn ?? 0, restored?.current ? Number(restored.current.slice(4)) : 0),
    /** The generation `dir` holds as this indexer knows it (opened or last committed). */
    committed: restored ? (restored.current ?? generationName(restored.manifest.txn)) : (undefined as string | undefined),
    updatedAt: restored?.manifest.updatedAt ?? createdAt,
    lastCommitBytes: 0,
    /** The manifest of the live generation in `dir` (opened or last committed; undefined before the first format-2 one). */
    live: restored && restored.manifest.formatVersion === FORMAT2_VERSION && 'files' in restored.manifest ? (restored.manifest as Manifest2) : undefined,
    /** The graph's pending changes as the GEAR sync read them (the commit reuses them while the graph is unchanged). */
    lastChanges: undefined as { version: number; changes: GraphChanges } | undefined,
    /**
     * The graph's version when the resolver's last call ended: if the graph has not moved since
     * when the next batch starts, the only node writes before the next call are that batch's
     * removals (which only strip provenance, or drop nodes: `droppedNodes`) and its extraction (the
     * ids it returns), so the resolver can update its name index from those ids.
     */
    resolvedAt: undefined as number | undefined,
  };
  /** Nodes the removals of the current batch dropped from the graph (for the resolver's name index). */
  const droppedNodes: string[] = [];
  /** Take the store's writer lock and check nobody wrote it since: before anything changes. */
  const claim = () => (options.dir ? claimStore(options.dir, session.committed) : undefined);
  /** Run a write holding the store's lock. */
  const locked = async <T>(write: () => Promise<T>, take: () => { release(): void } | undefined = claim): Promise<T> => {
    const lock = take();
    try {
      return await write();
    } finally {
      lock?.release();
    }
  };
  return { claim, locked, options, chunkTokens, overlap, gearHeads, batchSize, embedder, vectors, keyword, graph, extractor, intentRouter, routeTemplates, resolver, segment, embedBatch, ns, gearEmbedders, gearSkip, nsOf, gearNs, state, createdAt, persistCache, communityRefresh, session, droppedNodes };
}
