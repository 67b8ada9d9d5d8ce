// The indexer: documents → chunks → keyword index, chunk and sentence vectors, knowledge
// graph (extraction + resolution), summaries, GEAR path views and communities; incremental
// by content hash, checkpointed to a crash-safe directory.
import { mkdir } from 'node:fs/promises';
import {
  DocInputSchema,
  RagError,
  contentHash,
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
  type Extraction,
  type KeywordIndex,
  type MemoryVectorStore,
  type RunContext,
  type VectorRecord,
} from '@rag/core';
import { createGraphStore, entityId, type GraphStore } from '@rag/graph-store';
import { chunkDocument, DEFAULT_CHUNK_TOKENS } from './chunking/chunker.js';
import { createHeuristicTripleExtractor } from './extraction/heuristic-extractor.js';
import { createKeywordIntentRouter } from './extraction/keyword-intent-router.js';
import { templateFor } from './extraction/templates.js';
import { createGearViewEmbedders } from './gear/feature-view-embedder.js';
import { isDerivable } from './gear/derived-views.js';
import { edgeText, nodeText } from './gear/path-texts.js';
import { loadPath } from './loaders/load-path.js';
import { createEntityResolver } from './resolution/entity-resolver.js';
import { appendJournal, readJournal } from './store/journal.js';
import type { StoredManifest, StoredState } from './store/format1.js';
import { FORMAT2_VERSION, type DerivedRef } from './store/format2.js';
import { persistIndex, type PersistCache } from './store/persist.js';
import { buildCommunities } from './summaries/community-summaries.js';
import { extractiveSummary, llmSummary } from './summaries/doc-summary.js';
import {
  VECTOR_NAMESPACES,
  type Community,
  type DocSummary,
  type IndexManifest,
  type Indexer,
  type IndexerOptions,
  type IngestOptions,
  type IngestProgress,
  type IngestReport,
  type IngestStage,
} from './types.js';

export const INDEXER_VERSION = '0.1.0';

/** State restored by `openIndex`. */
export interface RestoredIndexState {
  state: StoredState;
  manifest: StoredManifest;
  /** The files of the opened generation, so unchanged components are not rewritten. */
  cache?: PersistCache;
}

interface JsonSnapshot {
  toJSON(): unknown;
}

function safeEntityId(type: string, name: string): string | undefined {
  try {
    return entityId(type, name);
  } catch {
    return undefined;
  }
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
  const batchSize = () => options.checkpointEvery ?? Math.max(500, Math.floor(docs.size / 4));
  const embedder: Embedder = options.embedder ?? createHashingEmbedder();
  const vectors = options.vectors ?? createMemoryVectorStore();
  const keyword = options.keyword ?? createBm25Index();
  const graph: GraphStore = options.graph ?? createGraphStore();
  const extractor = options.extractor === false ? undefined : (options.extractor ?? createHeuristicTripleExtractor());
  const intentRouter = options.intentRouter ?? createKeywordIntentRouter();
  const routeTemplates = options.intentRouter !== undefined || (extractor !== undefined && !extractor.id.startsWith('heuristic'));
  const resolver = options.resolver === false ? undefined : (options.resolver ?? createEntityResolver({ embedder }));
  const segment = options.segment ?? sentenceSpans;
  const embedBatch = options.embedBatch ?? 256;
  const ns = options.namespace ?? restored?.manifest.namespace ?? 'idx/';
  const gearEmbedders = options.gearEmbedders ?? createGearViewEmbedders(gearHeads);
  const gearSkip = new Set(options.gearSkipRelations ?? ['co_occurs_with', 'mentions']);
  const nsOf = (name: 'chunks' | 'sentences' | 'summaries' | 'communities') => `${ns}${VECTOR_NAMESPACES[name]}`;
  const gearNs = (kind: 'node' | 'edge', h: number) => `${ns}${kind === 'node' ? VECTOR_NAMESPACES.gearNode(h) : VECTOR_NAMESPACES.gearEdge(h)}`;

  const docs = new Map<string, Doc>();
  const chunks = new Map<string, Chunk>();
  const docChunks = new Map<string, string[]>();
  const summaries = new Map<string, DocSummary>();
  let communities: Community[] = [];
  const gearNodes = new Set<string>();
  const gearEdges = new Set<string>();
  let dimensions = embedder.dimensions ?? 0;
  let txn = restored?.manifest.txn ?? 0;
  const createdAt = restored?.manifest.createdAt ?? new Date().toISOString();
  let updatedAt = restored?.manifest.updatedAt ?? createdAt;
  let sentenceCount = 0;
  if (restored) {
    for (const d of restored.state.docs) docs.set(d.id, d);
    for (const c of restored.state.chunks) {
      chunks.set(c.id, c);
      const list = docChunks.get(c.docId) ?? [];
      list.push(c.id);
      docChunks.set(c.docId, list);
      sentenceCount += c.sentences.length;
    }
    for (const s of restored.state.summaries) summaries.set(s.docId, s);
    communities = restored.state.communities;
    restored.state.gear.nodes.forEach((id) => gearNodes.add(id));
    restored.state.gear.edges.forEach((id) => gearEdges.add(id));
    dimensions = restored.manifest.dimensions;
  }

  const embedAll = async (texts: string[], ctx: RunContext, using: Embedder = embedder): Promise<Float32Array[]> => {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += embedBatch) {
      ctx.meter.assertCanSpend('embedding');
      const part = await using.embed(texts.slice(i, i + embedBatch), { kind: 'document', ...(ctx.signal ? { signal: ctx.signal } : {}) });
      if (part.length !== Math.min(embedBatch, texts.length - i))
        throw new RagError('RAG_SERVICE_ERROR', `embedder ${using.id} returned ${part.length} vectors for ${Math.min(embedBatch, texts.length - i)} texts`);
      ctx.meter.recordEmbedding();
      out.push(...part);
    }
    if (using === embedder && out[0]) dimensions = out[0].length;
    return out;
  };

  const manifest = (): IndexManifest => ({
    formatVersion: FORMAT2_VERSION,
    embedderId: embedder.id,
    dimensions,
    docs: docs.size,
    chunks: chunks.size,
    sentences: sentenceCount,
    nodes: graph.nodeCount,
    edges: graph.edgeCount,
    gearHeads,
    createdAt,
    updatedAt,
  });

  const keywordText = (doc: Doc, chunk: Chunk) => (doc.title ? `${doc.title}\n${chunk.text}` : chunk.text);

  async function removeDoc(docId: string): Promise<void> {
    const ids = docChunks.get(docId) ?? [];
    if (ids.length > 0) {
      await keyword.remove(ids);
      keywordChanged();
    }
    await vectors.deleteByDoc(nsOf('chunks'), docId);
    await vectors.deleteByDoc(nsOf('sentences'), docId);
    await vectors.deleteByDoc(nsOf('summaries'), docId);
    if (ids.length > 0) graph.removeChunks(ids);
    for (const id of ids) {
      sentenceCount -= chunks.get(id)?.sentences.length ?? 0;
      chunks.delete(id);
    }
    docChunks.delete(docId);
    summaries.delete(docId);
    docs.delete(docId);
  }

  /** Bring the GEAR views in line with the graph: embed new nodes/edges, drop vanished ones. */
  async function syncGear(ctx: RunContext): Promise<void> {
    if (gearHeads === 0) return;
    const nodeIds = new Set<string>();
    const addNodes: { id: string; text: string; type: string }[] = [];
    for (const n of graph.nodes()) {
      nodeIds.add(n.id);
      if (!gearNodes.has(n.id)) addNodes.push({ id: n.id, text: nodeText(n), type: n.type });
    }
    const edgeIds = new Set<string>();
    const addEdges: { id: string; text: string; relation: string; source: string; target: string }[] = [];
    for (const e of graph.edges()) {
      if (gearSkip.has(e.relation)) continue;
      edgeIds.add(e.id);
      if (!gearEdges.has(e.id)) addEdges.push({ id: e.id, text: edgeText(graph, e), relation: e.relation, source: e.source, target: e.target });
    }
    const goneNodes = [...gearNodes].filter((id) => !nodeIds.has(id));
    const goneEdges = [...gearEdges].filter((id) => !edgeIds.has(id));
    for (let h = 0; h < gearHeads; h++) {
      const view = gearEmbedders[h]!;
      if (goneNodes.length) await vectors.delete(gearNs('node', h), goneNodes);
      if (goneEdges.length) await vectors.delete(gearNs('edge', h), goneEdges);
      if (addNodes.length) {
        const vs = await embedAll(addNodes.map((n) => n.text), ctx, view);
        await vectors.upsert(gearNs('node', h), addNodes.map((n, i) => ({ id: n.id, vector: vs[i]!, metadata: { type: n.type } })));
      }
      if (addEdges.length) {
        const vs = await embedAll(addEdges.map((e) => e.text), ctx, view);
        await vectors.upsert(
          gearNs('edge', h),
          addEdges.map((e, i) => ({ id: e.id, vector: vs[i]!, metadata: { relation: e.relation, source: e.source, target: e.target } })),
        );
      }
    }
    goneNodes.forEach((id) => gearNodes.delete(id));
    goneEdges.forEach((id) => gearEdges.delete(id));
    addNodes.forEach((n) => gearNodes.add(n.id));
    addEdges.forEach((e) => gearEdges.add(e.id));
  }

  async function rebuildCommunities(ctx: RunContext): Promise<void> {
    if (options.communities === false) return;
    const old = communities.map((c) => String(c.id));
    communities = buildCommunities(graph);
    if (old.length) await vectors.delete(nsOf('communities'), old);
    if (communities.length) {
      const vs = await embedAll(communities.map((c) => c.summary), ctx);
      await vectors.upsert(nsOf('communities'), communities.map((c, i) => ({ id: String(c.id), vector: vs[i]!, metadata: { size: c.members.length } })));
    }
  }

  /** What persistence last wrote per component (restored from the opened generation). */
  const persistCache: PersistCache = restored?.cache ?? { vectors: new Map() };
  const keywordChanged = () => {
    if (persistCache.keyword) persistCache.keyword.dirty = true;
  };

  /** The GEAR views as derived namespaces: recomputed from the graph at open, not stored. */
  const derivedGear = (): Record<string, DerivedRef> => {
    const out: Record<string, DerivedRef> = {};
    for (let h = 0; h < gearHeads; h++) {
      const dims = gearEmbedders[h]!.dimensions ?? 128;
      if (gearNodes.size) out[gearNs('node', h)] = { kind: 'node', head: h, dims, count: gearNodes.size };
      if (gearEdges.size) out[gearNs('edge', h)] = { kind: 'edge', head: h, dims, count: gearEdges.size };
    }
    return out;
  };

  /** Write the current state as generation `txn` (callers bump txn first: never rewrite the live one). */
  async function snapshotTo(dir: string, keep?: string | null): Promise<void> {
    await mkdir(dir, { recursive: true });
    const vectorsPersisted = typeof (vectors as Partial<MemoryVectorStore>).exportNamespace === 'function';
    const keywordPersisted = typeof (keyword as Partial<JsonSnapshot>).toJSON === 'function';
    await persistIndex(
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
        state: {
          docs: [...docs.values()],
          chunks: [...chunks.values()],
          summaries: [...summaries.values()],
          communities,
          gear: { nodes: [...gearNodes], edges: [...gearEdges] },
        },
        graph,
        ...(keywordPersisted ? { keyword: keyword as KeywordIndex & JsonSnapshot } : {}),
        ...(vectorsPersisted ? { vectors } : {}),
        ...(vectorsPersisted && isDerivable(gearEmbedders) ? { derived: derivedGear() } : {}),
      },
      persistCache,
      keep,
    );
  }

  async function ingest(input: DocInput[], opts: IngestOptions = {}): Promise<IngestReport> {
    if (!Array.isArray(input)) throw invalidInput('docs', 'must be an array of documents');
    // The generation before this call is the last good state to keep; the commits between its
    // batches only serve crash recovery and are dropped as the next one lands.
    const base = txn > 0 ? `gen-${String(txn).padStart(8, '0')}` : null;
    const ctx = opts.context ?? createRunContext({ ...(opts.budget ? { budget: opts.budget } : {}), ...(opts.signal ? { signal: opts.signal } : {}) });
    const report: IngestReport = {
      added: [],
      updated: [],
      unchanged: [],
      failed: [],
      problems: [],
      chunks: 0,
      sentences: 0,
      entities: 0,
      relations: 0,
      merges: 0,
      extractionSkipped: 0,
      warnings: [],
      stageMs: {},
      cost: ctx.meter.snapshot(),
    };
    const progress = (e: IngestProgress) => {
      try {
        opts.onProgress?.(e);
      } catch {
        // a failing progress listener must not break ingestion
      }
    };
    const timed = async <T>(stage: IngestStage, fn: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      try {
        return await ctx.trace.stage(`index:${stage}`, fn);
      } finally {
        report.stageMs[stage] = (report.stageMs[stage] ?? 0) + (performance.now() - t0);
      }
    };
    // validate: bad docs are reported and skipped, never stored
    const todo: Doc[] = [];
    const seen = new Map<string, number>();
    input.forEach((raw, i) => {
      const parsed = DocInputSchema.safeParse(raw);
      if (!parsed.success) {
        const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : `#${i}`;
        report.failed.push({ id, reason: `invalid document: ${parsed.error.issues.map((x) => `${x.path.join('.') || '(doc)'}: ${x.message}`).join('; ')}` });
        return;
      }
      const d = parsed.data;
      if (!d.text.trim()) {
        report.failed.push({ id: d.id, reason: 'empty text' });
        return;
      }
      const doc: Doc = { id: d.id, ...(d.title !== undefined ? { title: d.title } : {}), text: d.text, metadata: d.metadata ?? {}, contentHash: contentHash(d.title, d.text) };
      const prev = seen.get(d.id);
      if (prev !== undefined) {
        report.failed.push({ id: d.id, reason: 'duplicate id in this batch; the later one is used' });
        todo[prev] = doc;
        return;
      }
      seen.set(d.id, todo.length);
      todo.push(doc);
    });
    const work = todo.filter((d) => {
      const old = docs.get(d.id);
      if (old && old.contentHash === d.contentHash) {
        report.unchanged.push(d.id);
        return false;
      }
      return true;
    });
    let processed = 0;
    for (let b = 0, step = batchSize(); b < work.length; b += step, step = batchSize()) {
      const batch = work.slice(b, b + step);
      txn += 1;
      if (options.dir) {
        await mkdir(options.dir, { recursive: true });
        await appendJournal(options.dir, { t: 'begin', txn, op: 'ingest', docs: batch.map((d) => d.id), at: new Date().toISOString() });
      }
      ctx.meter.checkTime();
      await timed('remove', async () => {
        for (const d of batch)
          if (docs.has(d.id)) {
            await removeDoc(d.id);
            report.updated.push(d.id);
          } else report.added.push(d.id);
      });
      const batchChunks: { doc: Doc; chunk: Chunk }[] = [];
      await timed('chunk', async () => {
        for (const doc of batch) {
          const cs = chunkDocument(doc, { chunkTokens, overlap, segment });
          docs.set(doc.id, doc);
          docChunks.set(doc.id, cs.map((c) => c.id));
          for (const c of cs) {
            chunks.set(c.id, c);
            sentenceCount += c.sentences.length;
            batchChunks.push({ doc, chunk: c });
          }
        }
        report.chunks += batchChunks.length;
        progress({ stage: 'chunk', done: processed + batch.length, total: work.length });
      });
      await timed('keyword', async () => {
        await keyword.add(batchChunks.map(({ doc, chunk }) => ({ id: chunk.id, text: keywordText(doc, chunk) })));
        keywordChanged();
        progress({ stage: 'keyword', done: processed + batch.length, total: work.length });
      });
      await timed('embed', async () => {
        const cv = await embedAll(batchChunks.map(({ doc, chunk }) => keywordText(doc, chunk)), ctx);
        await vectors.upsert(
          nsOf('chunks'),
          batchChunks.map(({ chunk }, i) => ({ id: chunk.id, vector: cv[i]!, docId: chunk.docId, metadata: { chunkId: chunk.id, docId: chunk.docId } })),
        );
        const sentRecords: Omit<VectorRecord, 'vector'>[] = [];
        const sentTexts: string[] = [];
        for (const { doc, chunk } of batchChunks)
          chunk.sentences.forEach((s, i) => {
            sentRecords.push({ id: `${chunk.id}#${i}`, docId: chunk.docId, metadata: { chunkId: chunk.id, docId: chunk.docId } });
            sentTexts.push(doc.text.slice(s.start, s.end));
          });
        const sv = await embedAll(sentTexts, ctx);
        await vectors.upsert(nsOf('sentences'), sentRecords.map((r, i) => ({ ...r, vector: sv[i]! })));
        report.sentences += sentTexts.length;
        progress({ stage: 'embed', done: processed + batch.length, total: work.length });
      });
      const touched = new Set<string>();
      if (extractor) {
        await timed('extract', async () => {
          let budgetSpent = false;
          const routes = new Map<string, string>();
          let done = 0;
          for (const { doc, chunk } of batchChunks) {
            done++;
            if (budgetSpent) {
              report.extractionSkipped++;
              continue;
            }
            ctx.meter.checkTime();
            let extraction: Extraction;
            try {
              let domain = routes.get(doc.id);
              // the heuristic extractor ignores templates: skip routing for it
              if (domain === undefined && routeTemplates) {
                domain = (await intentRouter.route(`${doc.title ?? ''}\n${doc.text.slice(0, 4000)}`, ctx)).domain;
                routes.set(doc.id, domain);
              }
              const template = domain ? templateFor(domain, options.templates) : undefined;
              extraction = await extractor.extract({ chunk, ...(doc.title ? { docTitle: doc.title } : {}), ...(template ? { template } : {}) }, ctx);
            } catch (e) {
              if (RagError.isInstance(e, 'RAG_ABORTED')) throw e;
              report.extractionSkipped++;
              const why = RagError.isInstance(e) ? `${e.code}: ${e.message}` : String(e);
              if (RagError.isInstance(e, 'RAG_BUDGET_EXCEEDED')) {
                budgetSpent = true;
                report.warnings.push(`extraction stopped at chunk ${chunk.id}: ${why}; remaining chunks are indexed as text only`);
              } else report.warnings.push(`extraction failed for chunk ${chunk.id}: ${why}`);
              progress({ stage: 'extract', done, total: batchChunks.length, docId: doc.id, warning: report.warnings[report.warnings.length - 1]! });
              continue;
            }
            if (extraction.entities.length === 0 && extractor.id.startsWith('llm')) {
              const w = `chunk ${chunk.id} yielded zero entities`;
              report.warnings.push(w);
              progress({ stage: 'extract', done, total: batchChunks.length, docId: doc.id, warning: w });
            }
            for (const e of extraction.entities) {
              try {
                const n = graph.addEntity({ name: e.name, type: e.type, aliases: e.aliases, provenance: e.mentions, ...(e.description ? { description: e.description } : {}) });
                touched.add(n.id);
                report.entities++;
              } catch (err) {
                if (!RagError.isInstance(err)) throw err;
              }
            }
            for (const t of extraction.triples) {
              try {
                // both ends usually exist already (extractors list every entity they relate):
                // then a plain relation upsert is ~4x cheaper than addTriple, which re-merges
                // the sentence span into both nodes' provenance
                const h = safeEntityId(t.headType ?? 'Entity', t.head);
                const tl = safeEntityId(t.tailType ?? 'Entity', t.tail);
                if (h && tl && graph.hasNode(h) && graph.hasNode(tl)) {
                  graph.addRelation({ source: h, target: tl, relation: t.relation, provenance: t.provenance, confidence: t.confidence, ...(t.attributes ? { attributes: t.attributes } : {}) });
                  touched.add(h);
                  touched.add(tl);
                } else {
                  const r = graph.addTriple(t);
                  touched.add(r.head.id);
                  touched.add(r.tail.id);
                }
                report.relations++;
              } catch (err) {
                if (!RagError.isInstance(err)) throw err;
                // a triple the graph rejects (schema, empty name) is dropped, not fatal
              }
            }
            if (done % 200 === 0) progress({ stage: 'extract', done, total: batchChunks.length });
          }
          progress({ stage: 'extract', done: batchChunks.length, total: batchChunks.length });
        });
        if (resolver) {
          await timed('resolve', async () => {
            const merges = await resolver.resolve(graph, touched, ctx);
            report.merges += merges.length;
            progress({ stage: 'resolve', done: 1, total: 1 });
          });
        }
      }
      await timed('summaries', async () => {
        const items: DocSummary[] = [];
        for (const doc of batch) {
          let text: string;
          if (options.summaryModel) {
            try {
              text = await llmSummary(options.summaryModel, doc, ctx);
            } catch (e) {
              if (RagError.isInstance(e, 'RAG_ABORTED')) throw e;
              report.warnings.push(`LLM summary failed for ${doc.id}; extractive summary used`);
              text = extractiveSummary(doc, (docChunks.get(doc.id) ?? []).flatMap((id) => chunks.get(id)?.sentences ?? []));
            }
          } else text = extractiveSummary(doc, (docChunks.get(doc.id) ?? []).flatMap((id) => chunks.get(id)?.sentences ?? []));
          items.push({ docId: doc.id, text });
        }
        const vs = await embedAll(items.map((s) => s.text), ctx);
        await vectors.upsert(nsOf('summaries'), items.map((s, i) => ({ id: s.docId, docId: s.docId, vector: vs[i]!, metadata: { docId: s.docId } })));
        for (const s of items) summaries.set(s.docId, s);
        progress({ stage: 'summaries', done: processed + batch.length, total: work.length });
      });
      await timed('gear', () => syncGear(ctx));
      processed += batch.length;
      updatedAt = new Date().toISOString();
      if (options.dir) {
        const dir = options.dir;
        await timed('persist', async () => {
          if (processed === work.length) await timed('communities', () => rebuildCommunities(ctx));
          await snapshotTo(dir, base);
          await appendJournal(dir, { t: 'commit', txn, generation: `gen-${String(txn).padStart(8, '0')}`, at: new Date().toISOString() });
          progress({ stage: 'persist', done: processed, total: work.length });
        });
      }
    }
    if (!options.dir && work.length > 0) await timed('communities', () => rebuildCommunities(ctx));
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
    getDoc: (id) => docs.get(id),
    docs: () => [...docs.values()],
    getChunk: (id) => chunks.get(id),
    chunks: () => [...chunks.values()],
    chunksOfDoc: (docId) => (docChunks.get(docId) ?? []).map((id) => chunks.get(id)!).filter(Boolean),
    adjacentChunks(chunkId) {
      const c = chunks.get(chunkId);
      if (!c) return {};
      const list = docChunks.get(c.docId) ?? [];
      const i = list.indexOf(chunkId);
      const previous = i > 0 ? chunks.get(list[i - 1]!) : undefined;
      const next = i >= 0 && i + 1 < list.length ? chunks.get(list[i + 1]!) : undefined;
      return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
    },
    summaryOf: (docId) => summaries.get(docId),
    communities: () => communities,
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
      if (!docs.has(docId)) return false;
      const ctx = opts.context ?? createRunContext(opts.signal ? { signal: opts.signal } : {});
      txn += 1;
      if (options.dir) await appendJournal(options.dir, { t: 'begin', txn, op: 'remove', docs: [docId], at: new Date().toISOString() });
      await removeDoc(docId);
      await syncGear(ctx);
      await rebuildCommunities(ctx);
      updatedAt = new Date().toISOString();
      if (options.dir) {
        await snapshotTo(options.dir);
        await appendJournal(options.dir, { t: 'commit', txn, generation: `gen-${String(txn).padStart(8, '0')}`, at: new Date().toISOString() });
      }
      opts.onProgress?.({ stage: 'remove', done: 1, total: 1, docId });
      return true;
    },
    async save(dir = options.dir) {
      if (!dir) throw invalidInput('dir', 'no directory given and the indexer has no `dir` option');
      txn += 1;
      await snapshotTo(dir);
    },
  };
  return indexer;
}

export { readJournal };
