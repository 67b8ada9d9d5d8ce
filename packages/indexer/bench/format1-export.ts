// Write an index as release 0.1.0 did (format 1: JSON generations, float vectors). Not used by
// the indexer and not published: benchmarks call it to compare the two formats on the same index
// in one run. Other packages' benchmarks import it as `@rag/indexer/bench/format1-export`, an
// export with only the `@rag/source` condition (absent from publishConfig.exports).
import { RagError, type MemoryVectorStore } from '@rag/core';
import type { Indexer } from '../src/types.js';
import { FORMAT_VERSION, writeSnapshot } from '../src/store/format1.js';

export async function writeFormat1Store(dir: string, index: Indexer): Promise<void> {
  const vectors = index.vectors as Partial<MemoryVectorStore>;
  const keyword = index.keyword as { toJSON?(): unknown };
  if (typeof vectors.serialize !== 'function' || typeof keyword.toJSON !== 'function')
    throw new RagError('RAG_UNSUPPORTED', 'writeFormat1Store: needs the embedded vector store and keyword index');
  const gearIds = (kind: 'node' | 'edge') => (index.options.gearHeads > 0 ? (vectors.exportNamespace?.(index.gearNamespace(kind, 0))?.ids ?? []) : []);
  const m = index.manifest();
  const now = new Date().toISOString();
  await writeSnapshot(dir, {
    manifest: {
      ...m,
      formatVersion: FORMAT_VERSION,
      namespace: index.namespace,
      vectorStoreId: index.vectors.id,
      keywordIndexId: index.keyword.id,
      extractorId: 'heuristic',
      txn: 1,
      vectorsPersisted: true,
      keywordPersisted: true,
      versions: { indexer: '0.1.0', format: '1' },
      createdAt: m.createdAt ?? now,
      updatedAt: m.updatedAt ?? now,
    },
    state: {
      docs: index.docs(),
      chunks: index.chunks(),
      summaries: index.docs().flatMap((d) => (index.summaryOf(d.id) ? [index.summaryOf(d.id)!] : [])),
      communities: index.communities(),
      gear: { nodes: gearIds('node'), edges: gearIds('edge') },
    },
    graph: index.graph.toJSON(),
    keyword: keyword.toJSON(),
    vectors: vectors.serialize(),
  });
}
