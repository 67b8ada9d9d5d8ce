// The indexer: documents → chunks → keyword index, chunk and sentence vectors, knowledge
// graph (extraction + resolution), summaries, GEAR path views and communities; incremental
// by content hash, checkpointed to a crash-safe directory. The stages live in ./ingest/, the
// GEAR views in ./gear/, the on-disk format in ./store/.
// createIndexer composes named parts: indexer-parts.ts (options, components, state),
// index-upkeep.ts (embedding, removal, GEAR sync, communities), index-commit.ts (manifest,
// generations), indexer-ingest.ts (batched ingest).
import { createRunContext, invalidInput, type DocInput } from '@rag/core';
import { adjacentChunks, chunksOf } from './ingest/index-state.js';
import { loadPath } from './loaders/load-path.js';
import { appendJournal, readJournal } from './store/journal.js';
import { acquireStoreLock } from './store/store-lock.js';
import { generationName, type StoredManifest, type StoredState } from './store/format1.js';
import { summarizeDeltas } from './store/delta-summary.js';
import { outdatedSegments } from './store/segment-versions.js';
import { DEFAULT_COMPACT_RATIO, type PersistCache } from './store/persist.js';
import { type Indexer, type IndexerOptions, type IngestReport } from './types.js';
import { createIndexCommit } from './index-commit.js';
import { createIndexUpkeep } from './index-upkeep.js';
import { createIndexerParts } from './indexer-parts.js';
import { createIngest } from './indexer-ingest.js';

export { INDEXER_VERSION } from './index-commit.js';

/** State restored by `openIndex`. */
export interface RestoredIndexState {
  state: StoredState;
  manifest: StoredManifest;
  /** The files of the opened generation, so unchanged components are not rewritten. */
  cache?: PersistCache;
  /** The generation CURRENT named at open, when the one opened is older (opened as "previous"). */
  current?: string;
}


export function createIndexer(options: IndexerOptions = {}, restored?: RestoredIndexState): Indexer {
  const parts = createIndexerParts(options, restored);
  const upkeep = createIndexUpkeep(parts);
  const commit = createIndexCommit(parts);
  const ingest = createIngest(parts, upkeep, commit);
  const { claim, locked, chunkTokens, overlap, gearHeads, embedder, vectors, keyword, graph, ns, gearEmbedders, nsOf, gearNs, state, persistCache, session } = parts;
  const { removeDoc, syncGear, refreshCommunities } = upkeep;
  const { manifest, snapshotTo } = commit;
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
    async prepareWrites() {
      const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
      // an opened graph is a read-only view until its first edit: build its writable store now
      (graph as Partial<{ materialize(): void }>).materialize?.();
      const version = graph.version;
      await turn();
      // an opened keyword index is read in place until its first change: restore it now
      (keyword as Partial<{ materialize(): void }>).materialize?.();
      for (const name of ['chunks', 'sentences', 'summaries'] as const) {
        await turn();
        await vectors.count(nsOf(name));
      }
      await turn();
      await parts.extractor?.prepare?.();
      await turn();
      // the name index of the graph as it is now: the next ingest updates it from its own changes
      if (parts.resolver?.prepare && graph.version === version) {
        parts.resolver.prepare(graph);
        session.resolvedAt = graph.version;
      }
    },
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
      return (await indexer.removeDocs([docId], opts)).length === 1;
    },
    async removeDocs(docIds, opts = {}) {
      if (!Array.isArray(docIds) || docIds.some((id) => typeof id !== 'string' || !id)) throw invalidInput('docIds', 'must be an array of non-empty strings');
      const ids = [...new Set(docIds)].filter((id) => state.docs.has(id));
      if (ids.length === 0) return [];
      const ctx = opts.context ?? createRunContext(opts.signal ? { signal: opts.signal } : {});
      await locked(async () => {
        session.txn += 1;
        if (options.dir) await appendJournal(options.dir, { t: 'begin', txn: session.txn, op: 'remove', docs: ids, at: new Date().toISOString() });
        for (const id of ids) await removeDoc(id);
        await syncGear(ctx);
        await refreshCommunities(ids.length, ctx);
        session.updatedAt = new Date().toISOString();
        if (options.dir) {
          await snapshotTo(options.dir);
          await appendJournal(options.dir, { t: 'commit', txn: session.txn, generation: generationName(session.txn), at: new Date().toISOString() });
        }
      });
      ids.forEach((docId, i) => opts.onProgress?.({ stage: 'remove', done: i + 1, total: ids.length, docId }));
      return ids;
    },
    async save(dir = options.dir) {
      if (!dir) throw invalidInput('dir', 'no directory given and the indexer has no `dir` option');
      await locked(
        async () => {
          await syncGear(createRunContext());
          session.txn += 1;
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
        session.txn += 1;
        await snapshotTo(dir, undefined, true);
      });
    },
    lastCommitBytes: () => session.lastCommitBytes,
    deltaSummary: () => (session.live ? summarizeDeltas(session.live, persistCache.compactRatio ?? DEFAULT_COMPACT_RATIO) : undefined),
    outdatedSegments: () => (session.live && options.dir ? outdatedSegments(options.dir, session.live) : []),
  };
  return indexer;
}

export { readJournal };
