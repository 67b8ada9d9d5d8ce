// A small RagIndex for tests and benchmarks, built from @rag/core's embedded components and
// @rag/graph-store: chunks, BM25, sentence and chunk vectors,
// GEAR path views and a knowledge graph from a rule-based extractor (document titles and
// capitalised mentions, relation labels from cue words). It stands in for @rag/indexer so the
// retrievers can be developed and measured on their own; any real RagIndex works the same way.
import {
  contentHash,
  createBm25Index,
  createHashingEmbedder,
  createMemoryVectorStore,
  invalidInput,
  type Chunk,
  type Doc,
  type Embedder,
  type KeywordIndex,
  type Span,
  type VectorStore,
} from '@rag/core';
import { createGraphStore, type GraphStore } from '@rag/graph-store';
import type { IndexManifest, RagIndex } from '@rag/indexer';
import { VECTOR_NAMESPACES as NS } from '@rag/indexer';
import { z } from 'zod';
import { relationCues } from '../a2rag/relation-lexicon.js';
import { capitalisedPhrases, normalize, titleForms, words } from '../internal/text.js';

export const FixtureDocSchema = z.object({ id: z.string().min(1), title: z.string().optional(), text: z.string() });
export type FixtureDoc = z.infer<typeof FixtureDocSchema>;

export interface FixtureIndexOptions {
  embedder?: Embedder;
  vectors?: VectorStore;
  keyword?: KeywordIndex;
  graph?: GraphStore;
  namespace?: string;
  /** Documents longer than this are split into several chunks at sentence boundaries. */
  maxChunkChars?: number;
  /** Number of GEAR path views (H). 0 disables them. */
  gearHeads?: number;
}

/** Sentence spans (offsets into `text`), split after . ! ? followed by space and a capital/quote/digit. */
export function splitSentences(text: string, offset = 0): Span[] {
  const out: Span[] = [];
  let start = 0;
  const re = /[.!?]["”)]?\s+(?=["“(]?[\p{Lu}\p{N}])/gu;
  for (const m of text.matchAll(re)) {
    const end = (m.index ?? 0) + m[0].trimEnd().length;
    if (end - start > 1) out.push({ start: offset + start, end: offset + end });
    start = (m.index ?? 0) + m[0].length;
  }
  if (text.length - start > 0 && text.slice(start).trim()) out.push({ start: offset + start, end: offset + text.trimEnd().length });
  return out;
}

function chunkDoc(doc: Doc, maxChars: number): Chunk[] {
  const sentences = splitSentences(doc.text);
  if (sentences.length === 0) return [{ id: `${doc.id}#0`, docId: doc.id, text: doc.text, start: 0, end: doc.text.length, sentences: [] }];
  const chunks: Chunk[] = [];
  let cur: Span[] = [];
  const flush = () => {
    if (cur.length === 0) return;
    const start = cur[0]!.start;
    const end = cur[cur.length - 1]!.end;
    chunks.push({ id: `${doc.id}#${chunks.length}`, docId: doc.id, text: doc.text.slice(start, end), start, end, sentences: cur });
    cur = [];
  };
  for (const s of sentences) {
    if (cur.length > 0 && s.end - cur[0]!.start > maxChars) flush();
    cur.push(s);
  }
  flush();
  return chunks;
}

export async function createFixtureIndex(input: readonly unknown[], options: FixtureIndexOptions = {}): Promise<RagIndex> {
  const parsed = z.array(FixtureDocSchema).safeParse(input);
  if (!parsed.success) throw invalidInput('docs', `not valid documents: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const embedder = options.embedder ?? createHashingEmbedder();
  const vectors = options.vectors ?? createMemoryVectorStore();
  const keyword = options.keyword ?? createBm25Index();
  const graph = options.graph ?? createGraphStore();
  const ns = options.namespace ?? 'fixture/';
  const heads = options.gearHeads ?? 2;
  const maxChars = options.maxChunkChars ?? 2000;

  const docs = new Map<string, Doc>();
  const chunks = new Map<string, Chunk>();
  const byDoc = new Map<string, Chunk[]>();
  for (const d of parsed.data) {
    if (docs.has(d.id)) throw invalidInput('docs', `duplicate document id "${d.id}"`);
    const doc: Doc = { id: d.id, text: d.text, metadata: {}, contentHash: contentHash(`${d.title ?? ''}\n${d.text}`), ...(d.title ? { title: d.title } : {}) };
    docs.set(doc.id, doc);
    const cs = chunkDoc(doc, maxChars);
    byDoc.set(doc.id, cs);
    for (const c of cs) chunks.set(c.id, c);
  }
  const all = [...chunks.values()];
  const headText = (c: Chunk) => `${docs.get(c.docId)?.title ?? ''}\n${c.text}`;
  await keyword.add(all.map((c) => ({ id: c.id, text: headText(c) })));
  const chunkVecs = await embedder.embed(all.map(headText), { kind: 'document' });
  await vectors.upsert(`${ns}${NS.chunks}`, all.map((c, i) => ({ id: c.id, vector: chunkVecs[i]!, docId: c.docId, metadata: { chunkId: c.id } })));
  const sents = all.flatMap((c) => c.sentences.map((s, i) => ({ id: `${c.id}#${i}`, c, text: docs.get(c.docId)!.text.slice(s.start, s.end) })));
  const sentVecs = await embedder.embed(sents.map((s) => s.text), { kind: 'document' });
  await vectors.upsert(`${ns}${NS.sentences}`, sents.map((s, i) => ({ id: s.id, vector: sentVecs[i]!, docId: s.c.docId, metadata: { chunkId: s.c.id, docId: s.c.docId } })));

  // Knowledge graph: a title entity per document (π = its chunks) and capitalised mentions linked
  // to it; the relation label comes from the nearest cue word before the mention in its sentence.
  for (const c of all) {
    const doc = docs.get(c.docId)!;
    const title = doc.title?.trim();
    const titleNode = title
      ? graph.addEntity({ name: title, type: 'Entity', aliases: titleForms(title, { qualifier: false }).slice(1), attributes: { titleOf: doc.id }, provenance: [{ chunkId: c.id, start: c.start, end: c.end }] })
      : undefined;
    for (const s of c.sentences) {
      const sText = doc.text.slice(s.start, s.end);
      const mentions = capitalisedPhrases(sText);
      let prev: string | undefined;
      for (const m of mentions) {
        if (title && normalize(m.text) === normalize(title)) continue;
        const node = graph.addEntity({ name: m.text, type: 'Entity', provenance: [{ chunkId: c.id, start: s.start + m.start, end: s.start + m.end }] });
        const cue = relationCues(words(sText.slice(0, m.start)).slice(-6))[0];
        const provenance = [{ chunkId: c.id, start: s.start, end: s.end }];
        if (titleNode) graph.addRelation({ source: titleNode.id, target: node.id, relation: cue ?? 'mentions', provenance, confidence: cue ? 0.6 : 0.4 });
        else if (prev && prev !== node.id) graph.addRelation({ source: prev, target: node.id, relation: cue ?? 'co_occurs_with', provenance, confidence: 0.3 });
        prev = node.id;
      }
    }
  }

  // GEAR path views: view 0 embeds a node's name, view 1 its name with the sentence that
  // introduces it; edges are "head relation tail" (view 0) and the supporting sentence (view 1).
  const nodeList = [...graph.nodes()];
  const edgeList = [...graph.edges()];
  const spanText = (p: { chunkId: string; start: number; end: number } | undefined) => {
    const c = p ? chunks.get(p.chunkId) : undefined;
    return c && p ? docs.get(c.docId)!.text.slice(p.start, Math.min(p.end, p.start + 300)) : '';
  };
  for (let h = 0; h < heads; h += 1) {
    const nodeTexts = nodeList.map((n) => (h === 0 ? n.name : `${n.name}. ${spanText(n.provenance[0])}`));
    const edgeTexts = edgeList.map((e) =>
      h === 0 ? `${graph.getNode(e.source)!.name} ${e.relation.replace(/_/g, ' ')} ${graph.getNode(e.target)!.name}` : spanText(e.provenance[0]),
    );
    const nv = await embedder.embed(nodeTexts, { kind: 'document' });
    const ev = await embedder.embed(edgeTexts, { kind: 'document' });
    await vectors.upsert(`${ns}${NS.gearNode(h)}`, nodeList.map((n, i) => ({ id: n.id, vector: nv[i]!, metadata: { nodeId: n.id } })));
    await vectors.upsert(`${ns}${NS.gearEdge(h)}`, edgeList.map((e, i) => ({ id: e.id, vector: ev[i]!, metadata: { edgeId: e.id } })));
  }

  const now = new Date(0).toISOString();
  const manifest: IndexManifest = {
    formatVersion: 1,
    embedderId: embedder.id,
    dimensions: embedder.dimensions ?? chunkVecs[0]?.length ?? 0,
    docs: docs.size,
    chunks: chunks.size,
    sentences: sents.length,
    nodes: graph.nodeCount,
    edges: graph.edgeCount,
    gearHeads: heads,
    createdAt: now,
    updatedAt: now,
  };
  const order = all.map((c) => c.id);
  const position = new Map(order.map((id, i) => [id, i]));
  return {
    manifest: () => ({ ...manifest }),
    embedder,
    vectors,
    namespace: ns,
    keyword,
    graph,
    getDoc: (id) => docs.get(id),
    docs: () => [...docs.values()],
    getChunk: (id) => chunks.get(id),
    chunks: () => [...all],
    chunksOfDoc: (docId) => [...(byDoc.get(docId) ?? [])],
    adjacentChunks(chunkId) {
      const c = chunks.get(chunkId);
      const i = position.get(chunkId);
      if (!c || i === undefined) return {};
      const prev = all[i - 1];
      const next = all[i + 1];
      return { ...(prev && prev.docId === c.docId ? { previous: prev } : {}), ...(next && next.docId === c.docId ? { next } : {}) };
    },
    summaryOf: (docId) => {
      const d = docs.get(docId);
      return d ? { docId, text: `${d.title ? `${d.title}: ` : ''}${d.text.slice(0, 200)}` } : undefined;
    },
    communities: () => [],
  };
}
