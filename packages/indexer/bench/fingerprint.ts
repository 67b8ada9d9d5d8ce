// Index fingerprint: proves a performance change did not change what is indexed. Builds the
// full embedded index of each shared dataset and prints, per dataset, counts and SHA-256
// digests of everything the index holds (chunk ids + sentence spans, graph nodes and edges
// with names/types/aliases/provenance/relations/confidence, keyword index JSON, every vector
// namespace's serialized bytes, summaries, communities, GEAR ids). Merge-log timestamps are
// left out (they are wall-clock). Compare two runs with `diff`.
// Run: node --conditions=@rag/source --import tsx packages/indexer/bench/fingerprint.ts > before.json
import { resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { createMemoryVectorStore } from '@rag/core';
import { createIndexer, loadPath } from '../src/index.js';

const DATASETS = (process.env.FINGERPRINT_DATASETS ?? 'hotpotqa-train100,musique-train100').split(',');
const ROOT = process.env.RAG_DATASETS ?? resolve(import.meta.dirname, '../../../../shared/datasets');

const sha = (value: unknown): string =>
  createHash('sha256')
    .update(typeof value === 'string' || value instanceof Uint8Array ? value : JSON.stringify(value))
    .digest('hex')
    .slice(0, 16);
const byId = <T extends { id: string }>(xs: Iterable<T>): T[] => [...xs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

const out: Record<string, unknown> = {};
for (const name of DATASETS) {
  const { docs } = await loadPath(`${ROOT}/${name}/corpus.jsonl`);
  const vectors = createMemoryVectorStore();
  const idx = createIndexer({ vectors });
  const report = await idx.ingest(docs);
  const chunks = byId(idx.chunks()).map((c) => [c.id, c.start, c.end, c.sentences.map((s) => [s.start, s.end])]);
  const nodes = byId(idx.graph.nodes()).map((n) => [n.id, n.name, n.type, [...n.aliases].sort(), n.description ?? null, n.provenance]);
  const edges = byId(idx.graph.edges()).map((e) => [e.id, e.source, e.target, e.relation, e.confidence, e.provenance, e.attributes ?? null]);
  const merges = idx.graph.mergeLog().map((m) => [m.keptId, m.mergedId, m.reason ?? null, m.undone ?? false]);
  const namespaces = ['chunks', 'sentences', 'summaries', 'communities'].map((k) => idx.namespaceOf(k as 'chunks'));
  for (let h = 0; h < idx.options.gearHeads; h++) namespaces.push(idx.gearNamespace('node', h), idx.gearNamespace('edge', h));
  const vectorCounts: Record<string, number> = {};
  for (const n of namespaces) vectorCounts[n] = await vectors.count(n);
  const keywordJson = (idx.keyword as unknown as { toJSON(): unknown }).toJSON();
  out[name] = {
    docs: docs.length,
    chunks: chunks.length,
    sentences: chunks.reduce((a, c) => a + (c[3] as unknown[]).length, 0),
    nodes: nodes.length,
    edges: edges.length,
    merges: merges.length,
    keywordSize: await idx.keyword.size(),
    vectorCounts,
    report: { entities: report.entities, relations: report.relations, merges: report.merges, sentences: report.sentences },
    communities: idx.communities().length,
    hash: {
      chunks: sha(chunks),
      nodes: sha(nodes),
      edges: sha(edges),
      merges: sha(merges),
      keyword: sha(keywordJson),
      vectors: sha(vectors.serialize()),
      summaries: sha(idx.docs().map((d) => [d.id, idx.summaryOf(d.id)?.text ?? null])),
      communities: sha(idx.communities()),
    },
  };
}
console.log(JSON.stringify(out, null, 2));
