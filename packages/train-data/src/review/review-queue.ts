// A2RAG Section III-B 4 (optional HITL knowledge-base update): triples proposed from verified
// answers wait here, with their source pointers, until a person approves, rejects or edits
// them. Approved triples enter the graph with provenance and an audit record (who, when, from
// which answer). The queue is one JSON file rewritten atomically on every change (temp file,
// fsync, rename), so it survives restarts and a crash leaves the last good state. Implements
// @rag/agents' TripleProposalSink.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RagError, TripleSchema, invalidInput, normalizeText, writeFileAtomic, type Triple } from '@rag/core';
import type { TripleProposal, TripleProposalSink } from '@rag/agents';
import type { GraphStore } from '@rag/graph-store';
import { z } from 'zod';

export const REVIEW_QUEUE_FILE = 'review-queue.json';
const FORMAT = 'rag-review-queue';
const FORMAT_VERSION = 1;

export const ReviewStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

export const ReviewItemSchema = z.object({
  id: z.string(),
  status: ReviewStatusSchema,
  triple: TripleSchema,
  /** The triple as proposed, when a reviewer edited it. */
  original: TripleSchema.optional(),
  question: z.string(),
  answer: z.string(),
  sourceChunkIds: z.array(z.string()),
  proposedBy: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().optional(),
  decidedAt: z.string().optional(),
  reason: z.string().optional(),
  /** Graph edge the approved triple became. */
  edgeId: z.string().optional(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export const AuditRecordSchema = z.object({
  at: z.string(),
  who: z.string(),
  action: z.enum(['propose', 'approve', 'reject', 'edit']),
  itemId: z.string(),
  /** The verified question and answer the triple came from. */
  from: z.object({ question: z.string(), answer: z.string(), sourceChunkIds: z.array(z.string()) }),
  before: TripleSchema.optional(),
  after: TripleSchema.optional(),
  reason: z.string().optional(),
  edgeId: z.string().optional(),
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

const QueueFileSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  nextId: z.number().int().positive(),
  items: z.array(ReviewItemSchema),
  audit: z.array(AuditRecordSchema),
});

const ProposalSchema = z.object({
  triple: TripleSchema,
  question: z.string(),
  answer: z.string(),
  sourceChunkIds: z.array(z.string().min(1)),
  proposedBy: z.string().min(1),
  proposedAt: z.string().min(1),
});

export interface ReviewQueueOptions {
  /** Directory holding review-queue.json (created when missing). */
  dir: string;
  /** Graph approved triples enter; may also be given per approve() call. */
  graph?: GraphStore;
  /** Persists the graph after an approval (e.g. the index's save()). Runs before the queue is written. */
  persistGraph?: () => Promise<void>;
  now?: () => Date;
}

export interface ApproveOptions {
  reviewer: string;
  note?: string;
  graph?: GraphStore;
  persistGraph?: () => Promise<void>;
}

export interface TripleEdit {
  head?: string;
  relation?: string;
  tail?: string;
  headType?: string;
  tailType?: string;
}

export interface ReviewQueue extends TripleProposalSink {
  readonly path: string;
  /** Queue proposals. Identical triples (normalised head, relation, tail) are queued once; a pending one gains the new source pointers. */
  propose(proposals: TripleProposal[]): Promise<void>;
  list(filter?: { status?: ReviewStatus }): ReviewItem[];
  get(id: string): ReviewItem | undefined;
  approve(id: string, options: ApproveOptions): Promise<ReviewItem>;
  reject(id: string, options: { reviewer: string; reason?: string }): Promise<ReviewItem>;
  edit(id: string, options: { reviewer: string; changes: TripleEdit }): Promise<ReviewItem>;
  audit(): AuditRecord[];
}

type QueueState = z.infer<typeof QueueFileSchema>;

async function load(path: string): Promise<QueueState> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { format: FORMAT, formatVersion: FORMAT_VERSION, nextId: 1, items: [], audit: [] };
    throw new RagError('RAG_IO', `${path}: cannot read the review queue`, { cause, details: { path } });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new RagError('RAG_STORE_CORRUPT', `${path}: the review queue is not valid JSON; it was left untouched`, { cause, details: { path } });
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > FORMAT_VERSION)
    throw new RagError('RAG_STORE_VERSION', `${path}: review queue format ${version} is newer than this version supports (${FORMAT_VERSION})`, { details: { path, version } });
  const parsed = QueueFileSchema.safeParse(json);
  if (!parsed.success)
    throw new RagError('RAG_STORE_CORRUPT', `${path}: the review queue does not match its schema (${z.prettifyError(parsed.error).slice(0, 300)}); it was left untouched`, { details: { path } });
  return parsed.data;
}

const tripleKey = (t: Pick<Triple, 'head' | 'relation' | 'tail'>) => `${normalizeText(t.head)}|${normalizeText(t.relation)}|${normalizeText(t.tail)}`;

function requireReviewer(reviewer: unknown): string {
  if (typeof reviewer !== 'string' || !reviewer.trim()) throw invalidInput('reviewer', 'must name who decides (a non-empty string)');
  return reviewer.trim();
}

export async function openReviewQueue(options: ReviewQueueOptions): Promise<ReviewQueue> {
  if (typeof options.dir !== 'string' || !options.dir) throw invalidInput('dir', 'must be a non-empty path');
  const path = join(options.dir, REVIEW_QUEUE_FILE);
  let state = await load(path);
  const now = () => (options.now ? options.now() : new Date()).toISOString();
  let chain: Promise<unknown> = Promise.resolve();

  // Mutations run one at a time on a copy; the copy becomes the state only once it is on disk.
  const mutate = <T>(fn: (draft: QueueState) => Promise<T> | T): Promise<T> => {
    const run = chain.then(async () => {
      const draft = structuredClone(state);
      const result = await fn(draft);
      await mkdir(options.dir, { recursive: true });
      await writeFileAtomic(path, JSON.stringify(draft, null, 1));
      state = draft;
      return result;
    });
    chain = run.catch(() => undefined);
    return run;
  };

  const find = (draft: QueueState, id: string, action: string): ReviewItem => {
    const item = draft.items.find((i) => i.id === id);
    if (!item) throw new RagError('RAG_NOT_FOUND', `id: no review item "${id}"`, { details: { input: 'id', id } });
    if (item.status !== 'pending') throw new RagError('RAG_CONFLICT', `id: review item "${id}" is already ${item.status}; cannot ${action} it`, { details: { input: 'id', id, status: item.status } });
    return item;
  };
  const fromOf = (i: ReviewItem) => ({ question: i.question, answer: i.answer, sourceChunkIds: i.sourceChunkIds });

  return {
    path,
    async propose(proposals) {
      if (!Array.isArray(proposals)) throw invalidInput('proposals', 'must be an array');
      const valid = proposals.map((p, i) => {
        const r = ProposalSchema.safeParse(p);
        if (!r.success) throw invalidInput(`proposals[${i}]`, z.prettifyError(r.error));
        return r.data;
      });
      if (valid.length === 0) return;
      await mutate((draft) => {
        const byKey = new Map(draft.items.map((i) => [tripleKey(i.original ?? i.triple), i]));
        for (const p of valid) {
          const existing = byKey.get(tripleKey(p.triple));
          if (existing) {
            if (existing.status === 'pending') {
              existing.sourceChunkIds = [...new Set([...existing.sourceChunkIds, ...p.sourceChunkIds])];
              const seen = new Set(existing.triple.provenance.map((x) => `${x.chunkId}:${x.start}:${x.end}`));
              for (const x of p.triple.provenance) if (!seen.has(`${x.chunkId}:${x.start}:${x.end}`)) existing.triple.provenance.push(x);
            }
            continue;
          }
          const item: ReviewItem = { id: `p${draft.nextId++}`, status: 'pending', ...p };
          draft.items.push(item);
          byKey.set(tripleKey(p.triple), item);
          draft.audit.push({ at: now(), who: p.proposedBy, action: 'propose', itemId: item.id, from: fromOf(item), after: item.triple });
        }
      });
    },
    list(filter = {}) {
      return structuredClone(state.items.filter((i) => !filter.status || i.status === filter.status));
    },
    get(id) {
      const i = state.items.find((x) => x.id === id);
      return i ? structuredClone(i) : undefined;
    },
    async approve(id, opts) {
      const reviewer = requireReviewer(opts?.reviewer);
      const graph = opts.graph ?? options.graph;
      if (!graph) throw new RagError('RAG_CONFIG', 'approve: no graph to add the triple to (pass `graph` to openReviewQueue or approve)', { details: { input: 'graph' } });
      const persist = opts.persistGraph ?? options.persistGraph;
      return mutate(async (draft) => {
        const item = find(draft, id, 'approve');
        const at = now();
        const triple: Triple = {
          ...item.triple,
          attributes: { ...item.triple.attributes, origin: 'hitl', reviewItem: item.id, approvedBy: reviewer, approvedAt: at, fromQuestion: item.question, fromAnswer: item.answer },
        };
        // Graph first: if the process dies before the queue is written, the item is still
        // pending and approving it again is an upsert (same edge, provenance merged).
        const { edge } = graph.addTriple(triple);
        if (persist) await persist();
        Object.assign(item, { status: 'approved', decidedBy: reviewer, decidedAt: at, edgeId: edge.id, ...(opts.note ? { reason: opts.note } : {}) });
        draft.audit.push({ at, who: reviewer, action: 'approve', itemId: item.id, from: fromOf(item), after: item.triple, edgeId: edge.id, ...(opts.note ? { reason: opts.note } : {}) });
        return structuredClone(item);
      });
    },
    async reject(id, opts) {
      const reviewer = requireReviewer(opts?.reviewer);
      return mutate((draft) => {
        const item = find(draft, id, 'reject');
        const at = now();
        Object.assign(item, { status: 'rejected', decidedBy: reviewer, decidedAt: at, ...(opts.reason ? { reason: opts.reason } : {}) });
        draft.audit.push({ at, who: reviewer, action: 'reject', itemId: item.id, from: fromOf(item), before: item.triple, ...(opts.reason ? { reason: opts.reason } : {}) });
        return structuredClone(item);
      });
    },
    async edit(id, opts) {
      const reviewer = requireReviewer(opts?.reviewer);
      const changes = opts?.changes ?? {};
      const keys = Object.keys(changes).filter((k) => (changes as Record<string, unknown>)[k] !== undefined);
      if (keys.length === 0) throw invalidInput('changes', 'name at least one of head, relation, tail, headType, tailType');
      for (const k of keys) {
        if (!['head', 'relation', 'tail', 'headType', 'tailType'].includes(k)) throw invalidInput(`changes.${k}`, 'is not an editable field');
        const v = (changes as Record<string, unknown>)[k];
        if (typeof v !== 'string' || !v.trim()) throw invalidInput(`changes.${k}`, 'must be a non-empty string');
      }
      if (changes.relation !== undefined && !/^[a-z][a-z0-9_]*$/.test(changes.relation.trim())) throw invalidInput('changes.relation', `"${changes.relation}" must be a snake_case label`);
      return mutate((draft) => {
        const item = find(draft, id, 'edit');
        const before = structuredClone(item.triple);
        if (!item.original) item.original = before;
        for (const k of keys) (item.triple as Record<string, unknown>)[k] = ((changes as Record<string, string>)[k] ?? '').trim();
        draft.audit.push({ at: now(), who: reviewer, action: 'edit', itemId: item.id, from: fromOf(item), before, after: structuredClone(item.triple) });
        return structuredClone(item);
      });
    },
    audit() {
      return structuredClone(state.audit);
    },
  };
}
