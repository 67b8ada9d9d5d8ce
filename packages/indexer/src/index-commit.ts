// Committing an index: its manifest, and writing the current state as a new generation.
import { mkdir } from 'node:fs/promises';
import { type KeywordIndex, type MemoryVectorStore } from '@rag/core';
import { isDerivable } from './gear/derived-views.js';
import { clearTouched, stateDelta, stateUnchanged, toStoredState } from './ingest/index-state.js';
import { FORMAT2_VERSION, type DerivedRef } from './store/format2.js';
import { isLoaded } from './store/lazy.js';
import { persistIndex } from './store/persist.js';
import { generationName } from './store/format1.js';
import { type IndexManifest } from './types.js';
import type { IndexerParts } from './indexer-parts.js';

export const INDEXER_VERSION = '0.1.0';

interface JsonSnapshot {
  toJSON(): unknown;
}

export type IndexCommit = ReturnType<typeof createIndexCommit>;

export function createIndexCommit(parts: IndexerParts) {
  const { options, gearHeads, embedder, vectors, keyword, graph, extractor, ns, gearEmbedders, gearNs, state, createdAt, persistCache, session } = parts;
  const manifest = (): IndexManifest => ({
    formatVersion: FORMAT2_VERSION,
    embedderId: embedder.id,
    dimensions: session.dimensions,
    docs: state.docs.size,
    chunks: state.chunks.size,
    sentences: state.sentenceCount,
    // a graph not read since the open or the last commit has the counts that commit wrote
    nodes: !isLoaded(graph) && session.live ? session.live.nodes : graph.nodeCount,
    edges: !isLoaded(graph) && session.live ? session.live.edges : graph.edgeCount,
    gearHeads,
    createdAt,
    updatedAt: session.updatedAt,
  });

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
          txn: session.txn,
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
        ...(session.lastChanges && session.lastChanges.version === graph.version ? { graphChanges: session.lastChanges.changes } : {}),
        more,
      },
      persistCache,
      keep,
      compact,
      dir !== options.dir,
    );
    session.lastCommitBytes = bytesWritten;
    if (dir === options.dir) {
      session.live = written;
      session.committed = generationName(written.txn);
    }
    session.lastChanges = undefined;
  }
  return { manifest, snapshotTo };
}
