// The indexer: documents → chunks → keyword index, chunk and sentence vectors, knowledge
// graph (extraction + resolution), summaries, GEAR path views and communities; incremental
// by content hash, checkpointed to a crash-safe directory. The stages live in ./ingest/, the
// GEAR views in ./gear/, the on-disk format in ./store/.
import { mkdir } from 'node:fs/promises';
import {
  createBm25Index,
  createHashingEmbedder,
  createMemoryVectorStore,
  createRunContext,
  invalidInput,
  sentenceSpans,
  type Chunk,
  type Doc,
  type DocInput,
  type Embedder,
  type KeywordIndex,
  type MemoryVectorStore,
  type RunContext,
} from '@rag/core';
import { createGraphStore, type GraphChanges, type GraphStore } from '@rag/graph-store';
import { chunkDocument, DEFAULT_CHUNK_TOKENS } from './chunking/chunker.js';
import { createTypedTripleExtractor } from './extraction/typed-extractor.js';
import { createKeywordIntentRouter } from './extraction/keyword-intent-router.js';
import { createGearViewEmbedders } from './gear/feature-view-embedder.js';
import { deriveGearView, isDerivable } from './gear/derived-views.js';
import { syncGearViews, type GraphTouched } from './gear/sync-gear-views.js';
import { embedChunks, keywordText } from './ingest/embed-chunks.js';
import { embedTexts } from './ingest/embed-texts.js';
import { extractIntoGraph } from './ingest/extract-into-graph.js';
import { addDocument, adjacentChunks, chunksOf, clearTouched, createIndexState, dropDocument, stateDelta, stateUnchanged, toStoredState } from './ingest/index-state.js';
import { newIngestReport, safeProgress, stageTimer } from './ingest/new-report.js';
import { summarizeDocs } from './ingest/summarize-docs.js';
import { validateDocs } from './ingest/validate-docs.js';
import { loadPath } from './loaders/load-path.js';
import { createEntityResolver } from './resolution/entity-resolver.js';
import { appendJournal, readJournal } from './store/journal.js';
import { generationName, type StoredManifest, type StoredState } from './store/format1.js';
import { FORMAT2_VERSION, type DerivedRef, type Manifest2 } from './store/format2.js';
import { summarizeDeltas } from './store/delta-summary.js';
import { outdatedSegments } from './store/segment-versions.js';
import { isLoaded } from './store/lazy.js';
import { DEFAULT_COMPACT_RATIO, persistIndex, type PersistCache } from './store/persist.js';
import { claimStore } from './store/claim-store.js';
import { acquireStoreLock } from './store/store-lock.js';
import { buildCommunities, keepLiveMembers } from './summaries/community-summaries.js';
import { VECTOR_NAMESPACES, type IndexManifest, type Indexer, type IndexerOptions, type IngestOptions, type IngestReport } from './types.js';

export const INDEXER_VERSION = '0.1.0';

/** State restored by `openIndex`. */
export interface RestoredIndexState {
  state: StoredState;
  manifest: StoredManifest;
  /** The files of the opened generation, so unchanged components are not rewritten. */
  cache?: PersistCache;
  /** The generation CURRENT named at open, when the one opened is older (opened as "previous"). */
  current?: string;
}

interface JsonSnapshot {
  toJSON(): unknown;
}

export function createIndexer(options: IndexerOptions = {}, restored?: RestoredIndexState): Indexer {
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
  let dimensions = restored?.manifest.dimensions ?? embedder.dimensions ?? 0;
  /** The generation `dir` holds as this indexer knows it (opened or last committed). */
  let committed: string | undefined = restored ? (restored.current ?? generationName(restored.manifest.txn)) : undefined;
  // a store opened at its previous generation commits after the current one, never over it
  let txn = Math.max(restored?.manifest.txn ?? 0, restored?.current ? Number(restored.current.slice(4)) : 0);
  /** Take the store's writer lock and check nobody wrote it since: before anything changes. */
  const claim = () => (options.dir ? claimStore(options.dir, committed) : undefined);
  /** Run a write holding the store's lock. */
  const locked = async <T>(write: () => Promise<T>, take: () => { release(): void } | undefined = claim): Promise<T> => {
    const lock = take();
    try {
      return await write();
    } finally {
      lock?.release();
    }
  };
  const createdAt = restored?.manifest.createdAt ?? new Date().toISOString();
  let updatedAt = restored?.manifest.updatedAt ?? createdAt;

  const embed = async (texts: string[], ctx: RunContext, using: Embedder = embedder): Promise<Float32Array[]> => {
    const out = await embedTexts(using, texts, ctx, embedBatch);
    if (using === embedder && out[0]) dimensions = out[0].length;
    return out;
  };

  const manifest = (): IndexManifest => ({
    formatVersion: FORMAT2_VERSION,
    embedderId: embedder.id,
    dimensions,
    docs: state.docs.size,
    chunks: state.chunks.size,
    sentences: state.sentenceCount,
    // a graph not read since the open or the last commit has the counts that commit wrote
    nodes: !isLoaded(graph) && live ? live.nodes : graph.nodeCount,
    edges: !isLoaded(graph) && live ? live.edges : graph.edgeCount,
    gearHeads,
    createdAt,
    updatedAt,
  });

  /** What persistence last wrote per component (restored from the opened generation). */
  const persistCache: PersistCache = restored?.cache ?? { vectors: new Map() };
  if (options.compactRatio !== undefined) {
    if (!(options.compactRatio >= 0)) throw invalidInput('compactRatio', 'must be a number ≥ 0', { value: options.compactRatio });
    persistCache.compactRatio = options.compactRatio;
  }
  let lastCommitBytes = 0;
  /** The manifest of the live generation in `dir` (opened or last committed; undefined before the first format-2 one). */
  let live: Manifest2 | undefined = restored && restored.manifest.formatVersion === FORMAT2_VERSION && 'files' in restored.manifest ? (restored.manifest as Manifest2) : undefined;
  const keywordChanged = () => {
    if (persistCache.keyword) persistCache.keyword.dirty = true;
  };

  /** Nodes the removals of the current batch dropped from the graph (for the resolver's name index). */
  const droppedNodes: string[] = [];

  async function removeDoc(docId: string): Promise<void> {
    const ids = state.docChunks.get(docId) ?? [];
    if (ids.length > 0) {
      await keyword.remove(ids);
      keywordChanged();
    }
    for (const name of ['chunks', 'sentences', 'summaries'] as const) await vectors.deleteByDoc(nsOf(name), docId);
    if (ids.length > 0) droppedNodes.push(...graph.removeChunks(ids).removedNodes);
    dropDocument(state, docId);
  }

  /** The graph's pending changes as the GEAR sync read them (the commit reuses them while the graph is unchanged). */
  let lastChanges: { version: number; changes: GraphChanges } | undefined;
  /**
   * The node and edge ids written since the last commit, when the graph store tracks them from a
   * state the GEAR views were in line with (every commit syncs the views first); else undefined.
   */
  const graphTouched = (): GraphTouched | undefined => {
    if (!options.dir || persistCache.dir !== options.dir || !persistCache.graph?.tracked) return undefined;
    if (!isLoaded(graph)) return { nodes: [], edges: [] };
    const t = graph as Partial<{ pendingChanges(): GraphChanges }>;
    if (typeof t.pendingChanges !== 'function') return undefined;
    const c = t.pendingChanges();
    lastChanges = { version: graph.version, changes: c };
    return { nodes: [...c.nodes.map((n) => n.id), ...c.removedNodes], edges: [...c.edges.map((e) => e.id), ...c.removedEdges] };
  };

  /**
   * With the built-in feature views in the embedded store of an index with a `dir`, a view nobody
   * has read since the last sync is not embedded batch by batch: it is re-registered to be derived
   * from the graph on first use, as an opened store does (the views are never written). A view
   * that was read (it is loaded) is kept and updated in place.
   */
  const deferGear = (kind: 'node' | 'edge', h: number, count: number): boolean => {
    const store = vectors as Partial<MemoryVectorStore>;
    if (!options.dir || typeof store.deferNamespace !== 'function' || !isDerivable(gearEmbedders)) return false;
    const ns = gearNs(kind, h);
    if (store.isLoaded!(ns) && store.namespaces!().includes(ns)) return false;
    const embedder = gearEmbedders[h]!;
    const held = kind === 'node' ? state.gearNodes : state.gearEdges;
    store.deferNamespace(ns, { dims: embedder.dimensions, count, load: () => deriveGearView(graph, embedder, kind, [...held]) });
    return true;
  };

  const syncGear = (ctx: RunContext) =>
    syncGearViews(
      { graph, vectors, embedders: gearHeads > 0 ? gearEmbedders : [], skipRelations: gearSkip, namespace: gearNs, embed, defer: deferGear },
      { nodes: state.gearNodes, edges: state.gearEdges, touched: { nodes: state.touched.gearNodes, edges: state.touched.gearEdges } },
      ctx,
      gearHeads > 0 ? graphTouched() : undefined,
    );

  /**
   * The graph's version when the resolver's last call ended: if the graph has not moved since
   * when the next batch starts, the only node writes before the next call are that batch's
   * removals (which only strip provenance, or drop nodes: `droppedNodes`) and its extraction (the
   * ids it returns), so the resolver can update its name index from those ids.
   */
  let resolvedAt: number | undefined;

  const communityRefresh = options.communityRefresh ?? 0.25;
  if (!(communityRefresh >= 0)) throw invalidInput('communityRefresh', 'must be a number ≥ 0', { value: options.communityRefresh });

  /** Recompute the communities when enough of the store changed since the last time (see `communityRefresh`). */
  async function refreshCommunities(changedDocs: number, ctx: RunContext): Promise<void> {
    if (options.communities === false) return;
    // the count is stored with the state, so a reopened store goes on counting (undefined: an older store)
    if (state.docsSinceCommunities !== undefined) {
      state.docsSinceCommunities += changedDocs;
      if (state.docsSinceCommunities < communityRefresh * Math.max(state.docs.size, 1)) {
        const { kept, dropped } = keepLiveMembers(state.communities, graph);
        // an unchanged community keeps its object: the next state delta holds only the others
        const keptById = new Map(kept.map((c) => [c.id, c]));
        for (const c of state.communities) if (keptById.get(c.id) !== c) state.touched.communityIds.add(c.id);
        state.communities = kept;
        if (dropped.length) await vectors.delete(nsOf('communities'), dropped.map(String));
        return;
      }
    }
    await rebuildCommunities(ctx);
    state.docsSinceCommunities = 0;
  }

  async function rebuildCommunities(ctx: RunContext): Promise<void> {
    const old = state.communities.map((c) => String(c.id));
    state.communities = buildCommunities(graph);
    state.touched.communities = true;
    if (old.length) await vectors.delete(nsOf('communities'), old);
    if (state.communities.length) {
      const vs = await embed(state.communities.map((c) => c.summary), ctx);
      await vectors.upsert(nsOf('communities'), state.communities.map((c, i) => ({ id: String(c.id), vector: vs[i]!, metadata: { size: c.members.length } })));
    }
  }

  /** The GEAR views as derived namespaces: recomputed from the graph at open, not stored. */
  const derivedGear = (): Record<string, DerivedRef> => {
    const out: Record<string, DerivedRef> = {};
    for (let h = 0; h < gearHeads; h++) {
      const dims = gearEmbedders[h]!.dimensions ?? 128;
      if (state.gearNodes.size) out[gearNs('node', h)] = { kind: 'node', head: h, dims, count: state.gearNodes.size };
      if (state.gearEdges.size) out[gearNs('edge', h)] = { kind: 'edge', head: h, dims, count: state.gearEdges.size };
    }
    return out;
  };

  /** Write the current state as generation `txn` (callers bump txn first: never rewrite the live one). */
  async function snapshotTo(dir: string, keep?: string | null, compact = false, more = false): Promise<void> {
    await mkdir(dir, { recursive: true });
    const vectorsPersisted = typeof (vectors as Partial<MemoryVectorStore>).exportNamespace === 'function';
    const keywordPersisted = typeof (keyword as Partial<JsonSnapshot>).toJSON === 'function';
    const { bytesWritten, manifest: written } = await persistIndex(
      dir,
      {
        manifest: {
          ...manifest(),
          namespace: ns,
          vectorStoreId: vectors.id,
          keywordIndexId: keyword.id,
          extractorId: extractor?.id ?? 'none',
          txn,
          vectorsPersisted,
          keywordPersisted,
          versions: { indexer: INDEXER_VERSION },
        },
        state: () => toStoredState(state),
        stateDelta: () => stateDelta(state),
        touchedDocs: state.touched.docs.size,
        stateUnchanged: stateUnchanged(state),
        touchedChunks: () => [...state.touched.chunks],
        onCommitted: () => clearTouched(state),
        graph,
        ...(keywordPersisted ? { keyword: keyword as KeywordIndex & JsonSnapshot } : {}),
        ...(vectorsPersisted ? { vectors } : {}),
        ...(vectorsPersisted && isDerivable(gearEmbedders) ? { derived: derivedGear() } : {}),
        ...(lastChanges && lastChanges.version === graph.version ? { graphChanges: lastChanges.changes } : {}),
        more,
      },
      persistCache,
      keep,
      compact,
      dir !== options.dir,
    );
    lastCommitBytes = bytesWritten;
    if (dir === options.dir) {
      live = written;
      committed = generationName(written.txn);
    }
    lastChanges = undefined;
  }

  async function ingest(input: DocInput[], opts: IngestOptions = {}): Promise<IngestReport> {
    if (!Array.isArray(input)) throw invalidInput('docs', 'must be an array of documents');
    // The generation before this call is the last good state to keep; the commits between its
    // batches only serve crash recovery and are dropped as the next one lands.
    const base = txn > 0 ? generationName(txn) : null;
    const ctx = opts.context ?? createRunContext({ ...(opts.budget ? { budget: opts.budget } : {}), ...(opts.signal ? { signal: opts.signal } : {}) });
    const report = newIngestReport(ctx);
    const progress = safeProgress(opts.onProgress);
    const timed = stageTimer(ctx, report);
    const work = validateDocs(input, report.failed).filter((d) => {
      const unchanged = state.docs.get(d.id)?.contentHash === d.contentHash;
      if (unchanged) report.unchanged.push(d.id);
      return !unchanged;
    });
    // the store's writer lock, held for the call (and a check that nobody wrote the store since)
    const lock = work.length > 0 ? claim() : undefined;
    try {
      let processed = 0;
      // an atomic call is one batch: one commit, so a crash leaves all of its documents or none
      const stepOf = () => (opts.atomic ? Math.max(work.length, 1) : batchSize());
      for (let b = 0, step = stepOf(); b < work.length; b += step, step = stepOf()) {
        const batch = work.slice(b, b + step);
        const done = () => processed + batch.length;
        txn += 1;
        if (options.dir) {
          await mkdir(options.dir, { recursive: true });
          await appendJournal(options.dir, { t: 'begin', txn, op: 'ingest', docs: batch.map((d) => d.id), at: new Date().toISOString() });
        }
        ctx.meter.checkTime();
        const resolverInLine = resolvedAt !== undefined && resolvedAt === graph.version;
        droppedNodes.length = 0;
        await timed('remove', async () => {
          for (const d of batch)
            if (state.docs.has(d.id)) {
              await removeDoc(d.id);
              report.updated.push(d.id);
            } else report.added.push(d.id);
        });
        const batchChunks: { doc: Doc; chunk: Chunk }[] = [];
        await timed('chunk', async () => {
          for (const doc of batch) {
            const cs = chunkDocument(doc, { chunkTokens, overlap, segment });
            addDocument(state, doc, cs);
            for (const chunk of cs) batchChunks.push({ doc, chunk });
          }
          report.chunks += batchChunks.length;
          progress({ stage: 'chunk', done: done(), total: work.length });
        });
        await timed('keyword', async () => {
          await keyword.add(batchChunks.map(({ doc, chunk }) => ({ id: chunk.id, text: keywordText(doc, chunk) })));
          keywordChanged();
          progress({ stage: 'keyword', done: done(), total: work.length });
        });
        await timed('embed', async () => {
          report.sentences += await embedChunks({ vectors, chunkNamespace: nsOf('chunks'), sentenceNamespace: nsOf('sentences'), embed }, batchChunks, ctx);
          progress({ stage: 'embed', done: done(), total: work.length });
        });
        if (extractor) {
          const touched = await timed('extract', () =>
            extractIntoGraph({ graph, extractor, intentRouter, routeTemplates, templates: options.templates }, batchChunks, ctx, report, progress),
          );
          if (resolver) {
            await timed('resolve', async () => {
              const merges = await resolver.resolve(graph, touched, ctx, resolverInLine ? [...droppedNodes, ...touched] : undefined);
              resolvedAt = graph.version;
              report.merges += merges.length;
              progress({ stage: 'resolve', done: 1, total: 1 });
            });
          }
        }
        await timed('summaries', async () => {
          await summarizeDocs({ state, vectors, namespace: nsOf('summaries'), summaryModel: options.summaryModel, embed }, batch, ctx, report.warnings);
          progress({ stage: 'summaries', done: done(), total: work.length });
        });
        await timed('gear', async () => {
          await syncGear(ctx);
          progress({ stage: 'gear', done: done(), total: work.length });
        });
        processed += batch.length;
        updatedAt = new Date().toISOString();
        if (options.dir) {
          const dir = options.dir;
          await timed('persist', async () => {
            if (processed === work.length)
              await timed('communities', async () => {
                await refreshCommunities(work.length, ctx);
                progress({ stage: 'communities', done: 1, total: 1 });
              });
            // A call that committed earlier batches is a build: its last commit folds every
            // component's deltas into new bases, so the finished store replays none at open
            // (unless `fold: false` leaves that to compact()).
            const last = processed === work.length;
            const fold = last && b > 0 && opts.fold !== false;
            await snapshotTo(dir, base, fold, !last || (b > 0 && opts.fold === false));
            await appendJournal(dir, { t: 'commit', txn, generation: generationName(txn), at: new Date().toISOString() });
            progress({ stage: 'persist', done: processed, total: work.length });
          });
        }
      }
    } finally {
      lock?.release();
    }
    if (!options.dir && work.length > 0)
      await timed('communities', async () => {
        await refreshCommunities(work.length, ctx);
        progress({ stage: 'communities', done: 1, total: 1 });
      });
    report.cost = ctx.meter.snapshot();
    return report;
  }

  const indexer: Indexer = {
    embedder,
    vectors,
    namespace: ns,
    keyword,
    graph,
    gearEmbedders,
    options: Object.freeze({ chunkTokens, overlap, gearHeads, ...(options.dir ? { dir: options.dir } : {}) }),
    manifest,
    namespaceOf: nsOf,
    gearNamespace: gearNs,
    getDoc: (id) => state.docs.get(id),
    docs: () => [...state.docs.values()],
    getChunk: (id) => state.chunks.get(id),
    chunks: () => [...state.chunks.values()],
    chunksOfDoc: (docId) => chunksOf(state, docId),
    adjacentChunks: (chunkId) => adjacentChunks(state, chunkId),
    summaryOf: (docId) => state.summaries.get(docId),
    communities: () => state.communities,
    ingest,
    async ingestPaths(paths, opts = {}) {
      if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string' || !p)) throw invalidInput('paths', 'must be an array of non-empty strings');
      const loaded = { docs: [] as DocInput[], problems: [] as IngestReport['problems'] };
      for (const p of paths) {
        const r = await loadPath(p, opts.load);
        loaded.docs.push(...r.docs);
        loaded.problems.push(...r.problems);
      }
      opts.onProgress?.({ stage: 'load', done: paths.length, total: paths.length });
      const report = await ingest(loaded.docs, opts);
      report.problems = loaded.problems;
      return report;
    },
    async remove(docId, opts = {}) {
      if (typeof docId !== 'string' || !docId) throw invalidInput('docId', 'must be a non-empty string');
      if (!state.docs.has(docId)) return false;
      const ctx = opts.context ?? createRunContext(opts.signal ? { signal: opts.signal } : {});
      await locked(async () => {
        txn += 1;
        if (options.dir) await appendJournal(options.dir, { t: 'begin', txn, op: 'remove', docs: [docId], at: new Date().toISOString() });
        await removeDoc(docId);
        await syncGear(ctx);
        await refreshCommunities(1, ctx);
        updatedAt = new Date().toISOString();
        if (options.dir) {
          await snapshotTo(options.dir);
          await appendJournal(options.dir, { t: 'commit', txn, generation: generationName(txn), at: new Date().toISOString() });
        }
      });
      opts.onProgress?.({ stage: 'remove', done: 1, total: 1, docId });
      return true;
    },
    async save(dir = options.dir) {
      if (!dir) throw invalidInput('dir', 'no directory given and the indexer has no `dir` option');
      await locked(
        async () => {
          await syncGear(createRunContext());
          txn += 1;
          await snapshotTo(dir);
        },
        dir === options.dir ? claim : () => acquireStoreLock(dir),
      );
    },
    async compact() {
      if (!options.dir) throw invalidInput('dir', 'compact() needs the indexer to have a `dir`');
      const dir = options.dir;
      await locked(async () => {
        await syncGear(createRunContext());
        txn += 1;
        await snapshotTo(dir, undefined, true);
      });
    },
    lastCommitBytes: () => lastCommitBytes,
    deltaSummary: () => (live ? summarizeDeltas(live, persistCache.compactRatio ?? DEFAULT_COMPACT_RATIO) : undefined),
    outdatedSegments: () => (live && options.dir ? outdatedSegments(options.dir, live) : []),
  };
  return indexer;
}

export { readJournal };
