// Open a persisted index directory: the generation CURRENT names is restored (graph,
// keyword index, embedded vectors, docs and chunks), checked against the embedder given.
import { stat } from 'node:fs/promises';
import { RagError, createBm25Index, invalidInput, restoreBm25Index, restoreMemoryVectorStore } from '@rag/core';
import { createGraphStore } from '@rag/graph-store';
import { createIndexer } from './indexer.js';
import { readJournal, uncommitted } from './store/journal.js';
import { readSnapshot } from './store/snapshot.js';
import type { Indexer, IndexerOptions } from './types.js';

export interface OpenIndexOptions extends Omit<IndexerOptions, 'dir'> {
  /** Open even when the embedder id differs from the one the index was built with (default false). */
  allowEmbedderMismatch?: boolean;
}

export interface OpenedIndex extends Indexer {
  /** Batches a crash interrupted (begun, never committed); re-ingest their docs to resume. */
  readonly interrupted: { txn: number; op: string; docs: string[] }[];
}

export async function openIndex(dir: string, options: OpenIndexOptions = {}): Promise<OpenedIndex> {
  if (typeof dir !== 'string' || !dir) throw invalidInput('dir', 'must be a non-empty path');
  try {
    if (!(await stat(dir)).isDirectory()) throw invalidInput('dir', `${dir} is not a directory`);
  } catch (e) {
    if (RagError.isInstance(e)) throw e;
    throw new RagError('RAG_NOT_FOUND', `index directory ${dir} does not exist`, { cause: e, details: { dir } });
  }
  const snap = await readSnapshot(dir);
  const journal = await readJournal(dir);
  const interrupted = uncommitted(journal);
  const { allowEmbedderMismatch, ...rest } = options;
  if (!snap) {
    // a directory whose first batch never committed: start empty, keep the journal
    return Object.assign(createIndexer({ ...rest, dir }), { interrupted });
  }
  const m = snap.manifest;
  const indexer = createIndexer(
    {
      ...rest,
      dir,
      namespace: m.namespace,
      graph: options.graph ?? createGraphStore({ snapshot: snap.graph }),
      keyword: options.keyword ?? (snap.keyword !== undefined ? restoreBm25Index(snap.keyword) : createBm25Index()),
      ...(options.vectors ? {} : snap.vectors ? { vectors: restoreMemoryVectorStore(snap.vectors) } : {}),
      gearHeads: options.gearHeads ?? m.gearHeads,
    },
    { state: snap.state, manifest: m },
  );
  if (indexer.embedder.id !== m.embedderId && !allowEmbedderMismatch)
    throw new RagError('RAG_CONFIG', `index ${dir} was built with embedder "${m.embedderId}", got "${indexer.embedder.id}"`, {
      details: { dir, expected: m.embedderId, got: indexer.embedder.id },
    });
  if (!options.vectors && !snap.vectors && m.vectorsPersisted === false && m.chunks > 0 && m.vectorStoreId !== 'memory')
    console.warn(`[@rag/indexer] index ${dir} keeps its vectors in "${m.vectorStoreId}"; pass that store as \`vectors\``);
  if (snap.keyword === undefined && !options.keyword && snap.state.chunks.length > 0) {
    const byId = new Map(snap.state.docs.map((d) => [d.id, d]));
    await indexer.keyword.add(snap.state.chunks.map((c) => ({ id: c.id, text: byId.get(c.docId)?.title ? `${byId.get(c.docId)!.title}\n${c.text}` : c.text })));
  }
  return Object.assign(indexer, { interrupted });
}
