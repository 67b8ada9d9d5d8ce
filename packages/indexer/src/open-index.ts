// Open a persisted index directory. Format 2 (the default since 0.2.0) opens lazily: the
// manifest and the document/chunk state are read at once; the graph, the keyword index and each
// vector namespace are read from their segment files on first use, so a question reads only what
// its method touches (see docs/scaling.md for which method reads what). A format-1 store (0.1.0,
// JSON generations) is read whole and written as format 2 at its next commit.
//
// Components passed in `options` (plugins) are used as given, under one contract: a keyword index
// that is empty while the store has chunks is rebuilt from the stored chunk text; a vector store
// that holds none of the store's chunk vectors makes the open fail with an error naming it —
// never an index that is silently empty.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  RagError,
  createMemoryVectorStore,
  invalidInput,
  restoreBm25Index,
  restoreMemoryVectorStore,
  type Bm25Index,
  type KeywordIndex,
  type VectorStore,
} from '@rag/core';
import { createGraphStore, type GraphStore } from '@rag/graph-store';
import { deriveGearView, isDerivable } from './gear/derived-views.js';
import { createGearViewEmbedders, type FeatureViewEmbedder } from './gear/feature-view-embedder.js';
import { createIndexer, type RestoredIndexState } from './indexer.js';
import { readSnapshot } from './store/format1.js';
import { checkSegments, generationToOpen, readManifest, readSegmentSync, SEGMENT_DIR, type Manifest2 } from './store/format2.js';
import { readJournal, uncommitted } from './store/journal.js';
import { gearReader } from './store/lazy-gear.js';
import { lazy } from './store/lazy.js';
import { type PersistCache } from './store/persist.js';
import { decodeState } from './store/state-codec.js';
import { applyStateDeltas, decodeStateDelta } from './store/state-delta.js';
import { graphLoader, keywordLoader, vectorNamespace } from './store/segment-loaders.js';
import { VECTOR_NAMESPACES, type Indexer, type IndexerOptions } from './types.js';

export interface OpenIndexOptions extends Omit<IndexerOptions, 'dir'> {
  /** Open even when the embedder id differs from the one the index was built with (default false). */
  allowEmbedderMismatch?: boolean;
  /** "current" (default), or "previous": the last good generation before it (after a corrupt write). */
  generation?: 'current' | 'previous';
}

export interface OpenedIndex extends Indexer {
  /** Batches a crash interrupted (begun, never committed); re-ingest their docs to resume. */
  readonly interrupted: { txn: number; op: string; docs: string[] }[];
  /** The on-disk format the store was opened from (1 is migrated to 2 at the next commit). */
  readonly openedFormat: 1 | 2 | undefined;
}

export async function openIndex(dir: string, options: OpenIndexOptions = {}): Promise<OpenedIndex> {
  if (typeof dir !== 'string' || !dir) throw invalidInput('dir', 'must be a non-empty path');
  try {
    if (!(await stat(dir)).isDirectory()) throw invalidInput('dir', `${dir} is not a directory`);
  } catch (e) {
    if (RagError.isInstance(e)) throw e;
    throw new RagError('RAG_NOT_FOUND', `index directory ${dir} does not exist`, { cause: e, details: { dir } });
  }
  const { allowEmbedderMismatch, generation = 'current', ...rest } = options;
  const journal = await readJournal(dir);
  const interrupted = uncommitted(journal);
  const gen = await generationToOpen(dir, generation);
  if (!gen) {
    // a directory whose first batch never committed: start empty, keep the journal
    return Object.assign(createIndexer({ ...rest, dir }), { interrupted, openedFormat: undefined });
  }
  const found = await readManifest(dir, gen);
  const opened = found.version === 1 ? await openFormat1(dir, rest) : openFormat2(dir, gen, found.manifest, rest);
  const m = opened.restored.manifest;
  // opened from the previous generation: its next commit supersedes the current one
  if (generation === 'previous') opened.restored.current = await generationToOpen(dir, 'current');
  const indexer = createIndexer({ ...rest, ...opened.components, dir, namespace: m.namespace, gearHeads: options.gearHeads ?? m.gearHeads }, opened.restored);
  if (indexer.embedder.id !== m.embedderId && !allowEmbedderMismatch)
    throw new RagError('RAG_CONFIG', `index ${dir} was built with embedder "${m.embedderId}", got "${indexer.embedder.id}"`, {
      details: { dir, expected: m.embedderId, got: indexer.embedder.id },
    });
  await checkPlugins(dir, indexer, opened.restored, options);
  // A batch whose generation is current (or older than it) committed even when a crash struck
  // between switching CURRENT and appending its commit record: only later begins were interrupted.
  const pending = interrupted.filter((r) => r.txn > m.txn);
  return Object.assign(indexer, { interrupted: pending, openedFormat: found.version });
}

interface Opened {
  restored: RestoredIndexState;
  components: Pick<IndexerOptions, 'graph' | 'keyword' | 'vectors'>;
}

function openFormat2(dir: string, gen: string, m: Manifest2, options: Omit<OpenIndexOptions, 'generation' | 'allowEmbedderMismatch'>): Opened {
  checkSegments(dir, m);
  const path = (file: string) => join(dir, SEGMENT_DIR, file);
  const state = applyStateDeltas(
    decodeState(readSegmentSync(dir, m.files.state), path(m.files.state.file)),
    m.files.stateDeltas.map((d) => decodeStateDelta(readSegmentSync(dir, d), path(d.file))),
  );
  const cache: PersistCache = { dir, vectors: new Map(), graph: { token: 0, ref: m.files.graph, deltas: m.files.graphDeltas, tracked: !options.graph }, state: { ref: m.files.state, deltas: m.files.stateDeltas } };
  const graph: GraphStore = options.graph ?? lazy(graphLoader(dir, m.files.graph, m.files.graphDeltas, m.nodes + m.edges));
  let keyword: KeywordIndex | undefined = options.keyword;
  const kw = m.files.keyword;
  if (!keyword && kw) {
    cache.keyword = { ref: kw, dirty: false, deltas: m.files.keywordDeltas };
    // only the loader holds the decoded state (for the chunks the deltas name): let go once the index is loaded
    keyword = lazy(keywordLoader(dir, kw, m.files.keywordDeltas, state));
  }
  let vectors: VectorStore | undefined = options.vectors;
  if (!vectors && m.vectorsPersisted) {
    const spaces = Object.fromEntries(
      Object.entries(m.files.vectors).map(([ns, ref]) => {
        cache.vectors.set(ns, { token: 0, ref });
        return [ns, vectorNamespace(dir, ref)];
      }),
    );
    const views = options.gearEmbedders ?? createGearViewEmbedders(m.gearHeads);
    const derived = Object.entries(m.files.derived);
    // the views' loaders hold the GEAR lists' reader, not the state (a closure here holds what every other one captures)
    const gear = gearReader(state);
    if (derived.length > 0 && !isDerivable(views))
      throw new RagError('RAG_CONFIG', `index ${dir} recomputes its GEAR views with the built-in feature views; do not pass other gearEmbedders to open it`, { details: { dir } });
    for (const [ns, d] of derived) {
      const embedder = (views as FeatureViewEmbedder[])[d.head];
      if (!embedder) throw new RagError('RAG_STORE_CORRUPT', `index ${dir}: GEAR view ${ns} names head ${d.head} of ${views.length}`, { details: { dir } });
      // the GEAR id lists are read only when the view is first used (a question by another method never decodes them)
      Object.assign(spaces, { [ns]: { dims: d.dims, count: d.count, load: () => deriveGearView(graph, embedder, d.kind, d.kind === 'node' ? gear().nodes : gear().edges) } });
    }
    // rows held as int8, as the segments store them: a quarter of the memory of float32
    vectors = createMemoryVectorStore({ id: m.vectorStoreId, lazy: spaces, precision: 'int8' });
  }
  void gen;
  return {
    restored: { state, manifest: m, cache },
    components: { graph, ...(keyword ? { keyword } : {}), ...(vectors ? { vectors } : {}) },
  };
}

async function openFormat1(dir: string, options: Omit<OpenIndexOptions, 'generation' | 'allowEmbedderMismatch'>): Promise<Opened> {
  const snap = (await readSnapshot(dir))!;
  return {
    restored: { state: snap.state, manifest: snap.manifest },
    components: {
      graph: options.graph ?? createGraphStore({ snapshot: snap.graph }),
      ...(options.keyword ? {} : snap.keyword !== undefined ? { keyword: restoreBm25Index(snap.keyword) } : {}),
      ...(options.vectors ? {} : snap.vectors ? { vectors: restoreMemoryVectorStore(snap.vectors) } : {}),
    },
  };
}

/** The persistence contract for components passed in (and for stores that keep vectors elsewhere). */
async function checkPlugins(dir: string, indexer: Indexer, restored: RestoredIndexState, options: OpenIndexOptions): Promise<void> {
  const m = restored.manifest;
  const chunks = restored.state.chunks;
  if (chunks.length === 0) return;
  const keywordOnDisk = m.keywordPersisted && (m.formatVersion === 1 || restored.cache?.keyword !== undefined);
  if ((options.keyword || !keywordOnDisk) && (await indexer.keyword.size()) === 0) {
    // rebuilt from the stored chunks: the same text the indexer gave it
    const byId = new Map(restored.state.docs.map((d) => [d.id, d]));
    const docs = chunks.map((c) => ({ id: c.id, text: byId.get(c.docId)?.title ? `${byId.get(c.docId)!.title}\n${c.text}` : c.text }));
    // stored text is restored without the input rules where the index can (a store written under older rules still opens)
    const kw = indexer.keyword as Partial<Pick<Bm25Index, 'restoreSync'>>;
    if (typeof kw.restoreSync === 'function') kw.restoreSync(docs);
    else await indexer.keyword.add(docs);
  }
  if (!m.vectorsPersisted && !options.vectors)
    throw new RagError('RAG_CONFIG', `index ${dir} keeps its vectors in "${m.vectorStoreId}"; pass that vector store to openIndex (e.g. set QDRANT_URL)`, {
      details: { dir, vectorStore: m.vectorStoreId },
    });
  if (options.vectors && (await options.vectors.count(`${m.namespace}${VECTOR_NAMESPACES.chunks}`)) === 0)
    throw new RagError('RAG_CONFIG', `index ${dir}: the vector store "${options.vectors.id}" passed in holds none of its ${chunks.length} chunk vectors (namespace "${m.namespace}${VECTOR_NAMESPACES.chunks}"); pass the store it was built with, or re-index into this one`, {
      details: { dir, vectorStore: options.vectors.id },
    });
}
