// The app's single entry to an opened store. The CLI, the HTTP API and the MCP server all
// call this, so validation, locking and persistence are written once.
import { assertQuestion, createRunContext, DEFAULT_BUDGET, normalizeText, RagError, type Chunk, type Doc, type DocInput, type GraphNodeRef, type Triple } from '@rag/core';
import type { EntityNode, MergeRecord } from '@rag/graph-store';
import { assertValidDocs } from '@rag/indexer';
import { createAragTools, createContextTracker, type AragTools, type ContextTracker } from '@rag/retrievers';
import type { AuditRecord, ReviewItem, ReviewStatus, TripleEdit } from '@rag/train-data';
import type { AskRequest, AskResult, RagStack, IngestProgress, IngestSummary } from '../types.js';
import { toAskResult } from './ask-result.js';
import { toGEXF, toGraphML } from '@rag/graph-store';
import { createRwLock } from './rw-lock.js';
import { createIngestJobs, type IngestJobs } from './ingest-jobs.js';
import { createJobJournal } from './job-journal.js';
import { createGraphEdits, type GraphEdits } from './graph-edits.js';
import { createGraphExplorer, type GraphExplorer } from './graph-explorer.js';

export interface DocListItem {
  id: string;
  title: string;
  chars: number;
  chunks: number;
}

export interface ProvenanceView {
  chunkId: string;
  docId: string;
  title: string;
  start: number;
  end: number;
  quote: string;
}

export interface NeighbourView {
  edgeId: string;
  relation: string;
  direction: 'out' | 'in';
  confidence: number;
  node: GraphNodeRef;
}

export interface NodeView {
  node: EntityNode;
  provenance: ProvenanceView[];
  neighbours: NeighbourView[];
}

/** A proposal made by hand (HTTP API); agents propose through the stack's review queue directly. */
export interface ManualProposal {
  triple: Triple;
  /** Who proposes it (recorded in the audit trail). */
  source: string;
  question?: string;
  answer?: string;
}

export interface RagServiceOptions {
  stack: RagStack;
  /** Default `k` for asks (ranked chunks returned). */
  k?: number;
  /** Sample questions the UI offers as one-click examples. */
  samples?: string[];
  /**
   * Journal upload jobs in the store directory (`jobs/`) so they survive a restart or crash, and
   * resume the unfinished ones found there (the server, which holds the store's writer lock).
   */
  journalJobs?: boolean;
}

export interface RagService {
  readonly stack: RagStack;
  info(): { dir: string; mode: string; samples: string[]; defaultMethod: string; methods: { name: string; kind: string; description: string }[]; docs: number; chunks: number; nodes: number; edges: number };
  ask(request: AskRequest): Promise<AskResult>;
  /**
   * Read now, under the write lock, what the next write would read first (see
   * RagStack.prepareWrites; nothing when the stack cannot). `rag serve` calls it once it listens.
   */
  prepareWrites(): Promise<void>;
  /** Calls `listener` after each write this service makes (committed or not); returns its removal. */
  onWrite(listener: () => void): () => void;
  listDocs(options?: { offset?: number; limit?: number; q?: string }): { total: number; items: DocListItem[] };
  getDoc(id: string): { id: string; title: string; text: string; chunks: Chunk[] };
  getChunk(id: string): Chunk & { title: string };
  findNodes(q: string, limit?: number): GraphNodeRef[];
  getNode(id: string, options?: { neighbourLimit?: number }): NodeView;
  /**
   * The A-RAG tools (keyword_search, semantic_search, chunk_read) over the current index, each
   * call under the read lock. `tracker` is the session's "already read" memory (A-RAG §3.2).
   */
  aragTools(options?: { tracker?: ContextTracker }): Omit<AragTools, 'tracker'> & { readonly tracker: ContextTracker };
  /**
   * Index documents as one commit: a crash leaves all of them or none (a request to the server).
   * The whole request is validated first (@rag/indexer assertValidDocs: a refused request writes
   * nothing); `nameOf` names a document in errors (default `docs[i]`). `batched`: commit every
   * checkpoint instead (`rag index` of a large corpus: a crash loses at most one batch, and the
   * build resumes from the journal).
   */
  ingest(docs: DocInput[], onProgress?: (p: IngestProgress) => void, options?: { batched?: boolean; nameOf?: (index: number) => string }): Promise<IngestSummary>;
  /** Background ingestion (uploads): queued jobs run one at a time through `ingest`. */
  readonly jobs: IngestJobs;
  remove(docId: string): Promise<{ removedChunks: number }>;
  merge(keepId: string, mergeId: string, reason?: string): Promise<MergeRecord>;
  undoMerge(recordId?: string): Promise<MergeRecord>;
  split(nodeId: string, input: { name: string; type?: string; aliases?: string[]; chunkIds?: string[]; edgeIds?: string[] }): Promise<EntityNode>;
  mergeLog(): MergeRecord[];
  exportGraph(format: 'graphml' | 'gexf'): string;
  /** Whole-graph views for the explorer: neighbourhoods, the overview, facets. */
  readonly explorer: GraphExplorer;
  /** Logged, undoable hand edits of entities and relations (saved like merges). */
  readonly edits: GraphEdits;
  listProposals(status?: ReviewStatus): ReviewItem[];
  addProposal(input: ManualProposal): Promise<ReviewItem>;
  /** Approve (the triple enters the graph with provenance; the graph is saved) or reject; both are audited. */
  decideProposal(id: string, decision: 'approved' | 'rejected', options?: { reviewer?: string; note?: string }): Promise<ReviewItem>;
  editProposal(id: string, changes: TripleEdit, reviewer?: string): Promise<ReviewItem>;
  proposalAudit(): AuditRecord[];
}

export function createRagService(options: RagServiceOptions): RagService {
  const { stack } = options;
  const queue = stack.reviewQueue;
  const lock = createRwLock();
  const index = () => stack.index;
  const defaultK = options.k ?? 10;

  const notFound = (what: string, id: string) => new RagError('RAG_NOT_FOUND', `${what} ${JSON.stringify(id)}: not found`, { details: { [what]: id } });
  const requireNode = (id: string) => {
    const n = index().graph.getNode(id);
    if (!n) throw notFound('node', id);
    return n;
  };
  const provenanceView = (p: { chunkId: string; start: number; end: number }): ProvenanceView | undefined => {
    const chunk = index().getChunk(p.chunkId);
    if (!chunk) return undefined;
    const doc = index().getDoc(chunk.docId);
    const text = doc?.text ?? '';
    return { chunkId: p.chunkId, docId: chunk.docId, title: doc?.title ?? chunk.docId, start: p.start, end: p.end, quote: text.slice(p.start, p.end) };
  };
  const writeListeners = new Set<() => void>();
  /** Every write runs under the write lock; its listeners hear of it once it is done (committed or failed). */
  const write = <T>(fn: () => Promise<T>): Promise<T> =>
    lock.write(fn).finally(() => {
      for (const l of writeListeners) l();
    });
  /** Graph writes are persisted before they are acknowledged; a failed save is rolled back by the caller. */
  const writeGraph = <T>(fn: () => T) =>
    write(async () => {
      const result = fn();
      await stack.save();
      return result;
    });

  const service: RagService = {
    stack,
    info() {
      const m = index().manifest();
      return {
        dir: stack.dir,
        mode: stack.mode,
        samples: options.samples ?? [],
        defaultMethod: stack.defaultMethod,
        methods: [...stack.methods.values()].map((r) => ({ name: r.name, kind: r.kind, description: r.description })),
        docs: m.docs,
        chunks: m.chunks,
        nodes: index().graph.nodeCount,
        edges: index().graph.edgeCount,
      };
    },

    prepareWrites: () => (stack.prepareWrites ? lock.write(() => stack.prepareWrites!()) : Promise.resolve()),
    onWrite(listener) {
      writeListeners.add(listener);
      return () => writeListeners.delete(listener);
    },

    async ask(request) {
      const question = request.question.trim();
      if (question === '') throw new RagError('RAG_INVALID_INPUT', 'question: must not be empty', { details: { input: 'question' } });
      assertQuestion('question', question);
      const name = request.method ?? stack.defaultMethod;
      const runner = stack.methods.get(name);
      if (!runner)
        throw new RagError('RAG_INVALID_INPUT', `method: unknown method "${name}" (known: ${[...stack.methods.keys()].join(', ')})`, {
          details: { input: 'method', method: name },
        });
      const k = request.k ?? defaultK;
      return lock.read(async () => {
        const context = createRunContext({
          budget: { ...DEFAULT_BUDGET, ...request.budget },
          ...(request.signal ? { signal: request.signal } : {}),
          ...(request.onEvent ? { onEvent: request.onEvent } : {}),
          ...(request.onToken ? { onToken: request.onToken } : {}),
        });
        const output = await runner.run(question, { k, context });
        return toAskResult({ index: index(), question, method: name, output, cost: context.meter.snapshot(), k });
      });
    },

    listDocs(o = {}) {
      const q = o.q?.toLowerCase().trim();
      const all = index()
        .docs()
        .filter((d) => !q || (d.title ?? '').toLowerCase().includes(q) || d.id.toLowerCase().includes(q));
      const offset = o.offset ?? 0;
      const limit = o.limit ?? 50;
      return {
        total: all.length,
        items: all.slice(offset, offset + limit).map((d) => ({ id: d.id, title: d.title ?? d.id, chars: d.text.length, chunks: index().chunksOfDoc(d.id).length })),
      };
    },

    getDoc(id) {
      const d = index().getDoc(id);
      if (!d) throw notFound('document', id);
      return { id: d.id, title: d.title ?? d.id, text: d.text, chunks: index().chunksOfDoc(id) };
    },

    getChunk(id) {
      const c = index().getChunk(id);
      if (!c) throw notFound('chunk', id);
      return { ...c, title: index().getDoc(c.docId)?.title ?? c.docId };
    },

    findNodes(q, limit = 20) {
      const needle = q.toLowerCase().trim();
      if (needle === '') return [];
      const exact = index().graph.findByName(q);
      const out = new Map<string, GraphNodeRef>(exact.map((n) => [n.id, index().graph.toRef(n.id)]));
      for (const n of index().graph.nodes()) {
        if (out.size >= limit) break;
        if (n.name.toLowerCase().includes(needle) || n.aliases.some((a) => a.toLowerCase().includes(needle))) out.set(n.id, index().graph.toRef(n.id));
      }
      return [...out.values()].slice(0, limit);
    },

    getNode(id, o = {}) {
      const node = requireNode(id);
      const g = index().graph;
      const neighbours = g
        .edgesOf(id, { direction: 'both' })
        .slice(0, o.neighbourLimit ?? 50)
        .map<NeighbourView>((e) => {
          const other = e.source === id ? e.target : e.source;
          return { edgeId: e.id, relation: e.relation, direction: e.source === id ? 'out' : 'in', confidence: e.confidence, node: g.toRef(other) };
        });
      const provenance = node.provenance.map(provenanceView).filter((p): p is ProvenanceView => p !== undefined);
      return { node: structuredClone(node), provenance, neighbours };
    },

    aragTools(o = {}) {
      // One tracker per session; the tools themselves are rebuilt per call so they always
      // read the current index.
      const tracker = o.tracker ?? createContextTracker();
      const tools = () => createAragTools({ index: index(), tracker });
      return {
        tracker,
        keywordSearch: (input, context) => lock.read(() => tools().keywordSearch(input, context)),
        semanticSearch: (input, context) => lock.read(() => tools().semanticSearch(input, context)),
        chunkRead: (input, context) => lock.read(() => tools().chunkRead(input, context)),
      };
    },

    ingest(docs, onProgress, o = {}) {
      // The whole request is checked before the lock is taken or anything is written.
      const valid = toDocInputs(assertValidDocs(docs, o.nameOf));
      return write(async () => {
        const summary = await stack.ingest(valid, { ...(onProgress ? { onProgress } : {}), atomic: o.batched !== true });
        if (!stack.commitsWrites) await stack.save();
        return summary;
      });
    },
    jobs: createIngestJobs({
      ingest: (docs, onProgress) => service.ingest(docs, onProgress),
      ...(options.journalJobs ? { journal: createJobJournal(stack.dir) } : {}),
    }),

    remove: (docId) =>
      write(async () => {
        // a stored id as given (an older store may hold ids the current rules would normalise), else its NFC form
        const id = index().getDoc(docId) ? docId : docId.normalize('NFC');
        if (!index().getDoc(id)) throw notFound('document', docId);
        const r = await stack.remove(id);
        if (!stack.commitsWrites) await stack.save();
        return r;
      }),

    merge(keepId, mergeId, reason) {
      requireNode(keepId);
      requireNode(mergeId);
      if (keepId === mergeId) throw new RagError('RAG_INVALID_INPUT', 'mergeId: must differ from keepId', { details: { input: 'mergeId' } });
      return writeGraph(() => index().graph.merge(keepId, mergeId, reason ? { reason } : {}));
    },
    undoMerge: (recordId) => writeGraph(() => index().graph.undoMerge(recordId)),
    split(nodeId, input) {
      requireNode(nodeId);
      return writeGraph(() => index().graph.split(nodeId, input));
    },
    mergeLog: () => index().graph.mergeLog(),
    exportGraph: (format) => (format === 'graphml' ? toGraphML(index().graph) : toGEXF(index().graph)),
    explorer: createGraphExplorer(() => index().graph),
    edits: createGraphEdits({
      graph: () => index().graph,
      chunkSpan: (id) => {
        const c = index().getChunk(id);
        return c ? { start: c.start, end: c.end } : undefined;
      },
      write: writeGraph,
    }),

    listProposals: (status) => queue.list(status ? { status } : {}),
    async addProposal(input) {
      await queue.propose([
        {
          triple: input.triple,
          question: input.question ?? '',
          answer: input.answer ?? '',
          sourceChunkIds: [...new Set(input.triple.provenance.map((p) => p.chunkId))],
          proposedBy: input.source,
          proposedAt: new Date().toISOString(),
        },
      ]);
      // The queue dedups identical triples; return the item this triple is (now) queued as.
      const key = tripleKey(input.triple);
      const item = queue.list().find((i) => tripleKey(i.original ?? i.triple) === key);
      if (!item) throw new RagError('RAG_IO', 'proposal: queued but not found in the review queue');
      return item;
    },
    decideProposal: (id, decision, o = {}) =>
      write(() =>
        decision === 'approved'
          ? queue.approve(id, { reviewer: o.reviewer ?? 'reviewer', graph: index().graph, persistGraph: () => stack.save(), ...(o.note ? { note: o.note } : {}) })
          : queue.reject(id, { reviewer: o.reviewer ?? 'reviewer', ...(o.note ? { reason: o.note } : {}) }),
      ),
    editProposal: (id, changes, reviewer = 'reviewer') => queue.edit(id, { reviewer, changes }),
    proposalAudit: () => queue.audit(),
  };
  return service;
}

/** Validated documents back in the indexer's input shape (ids and titles as normalised). */
const toDocInputs = (docs: readonly Doc[]): DocInput[] =>
  docs.map((d) => ({ id: d.id, ...(d.title !== undefined ? { title: d.title } : {}), text: d.text, metadata: d.metadata }));

const tripleKey = (t: Pick<Triple, 'head' | 'relation' | 'tail'>) => `${normalizeText(t.head)}|${normalizeText(t.relation)}|${normalizeText(t.tail)}`;
