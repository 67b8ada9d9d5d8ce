// Ingestion as background jobs: an upload is accepted at once as a job, and the jobs run one at
// a time in the order they came (each one takes the service's write lock, so writes stay
// serialized with every other change). A job goes queued → indexing (with the indexer's
// per-stage progress) → indexed | failed (with the reason). With a journal (job-journal.ts, in the
// store directory) a job is on disk before `submit` returns, so a server restart or crash finds
// it again: an unfinished one is resumed from its journalled documents, or reported failed when
// they cannot be read back. Without one, jobs live in memory for the life of the server.
import { randomUUID } from 'node:crypto';
import { RagError, type DocInput } from '@rag/core';
import type { IngestProgress, IngestSummary } from '../types.js';
import { INTERRUPTED_MESSAGE, type JobJournal } from './job-journal.js';

export type JobState = 'queued' | 'indexing' | 'indexed' | 'failed';

export interface JobStage {
  stage: string;
  done: number;
  total: number;
}

export interface IngestJob {
  id: string;
  state: JobState;
  /** The uploaded file names. */
  files: string[];
  /** How many documents the job indexes. */
  docCount: number;
  /** The job's documents (the first {@link MAX_JOB_DOCS}; `docCount` counts all). */
  docs: { id: string; title: string }[];
  /** Progress of each indexer stage seen so far, in the order the indexer ran them. */
  stages: JobStage[];
  /** What the indexer did (state `indexed`). */
  summary: IngestSummary | null;
  /** Why it failed (state `failed`). */
  error: { code: string; message: string } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export const MAX_JOB_DOCS = 100;

/** A change: a job was queued or changed (`job`), or a finished one was forgotten (`forgotten`). */
export type JobEvent = { type: 'job'; job: IngestJob } | { type: 'forgotten'; id: string };

export interface IngestJobsOptions {
  /** Indexes documents (the service's locked `ingest`). */
  ingest(docs: DocInput[], onProgress: (p: IngestProgress) => void): Promise<IngestSummary>;
  /** Finished jobs kept for listing (default 50); queued and running ones are always kept. */
  keepFinished?: number;
  /** Progress notifications per job are at most this often (default 150 ms); stage changes and state changes always notify. */
  progressIntervalMs?: number;
  /** Where jobs are journalled (the store directory's `jobs/`); unfinished ones found there are resumed at once. */
  journal?: JobJournal;
}

export interface IngestJobs {
  /** Queue documents for indexing; returns the job (state `queued`). */
  submit(input: { files: string[]; docs: DocInput[] }): IngestJob;
  /** All kept jobs, newest first. */
  list(): IngestJob[];
  /** One job; RAG_NOT_FOUND when unknown (or already forgotten). */
  get(id: string): IngestJob;
  /** Forget a finished job (RAG_CONFLICT while it is queued or indexing). */
  forget(id: string): void;
  /** Called with a copy of a job each time it changes, and when one is forgotten; returns the unsubscribe function. */
  subscribe(listener: (event: JobEvent) => void): () => void;
  /** Resolves when no job is queued or running. */
  idle(): Promise<void>;
}

const now = () => new Date().toISOString();
/**
 * Creation times strictly increasing within a server: two jobs submitted in the same millisecond
 * still sort in submission order when the journal resumes them after a restart (it orders by
 * createdAt).
 */
function creationClock(): () => string {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last).toISOString();
  };
}
const copy = (j: IngestJob): IngestJob => structuredClone(j);

export function createIngestJobs(options: IngestJobsOptions): IngestJobs {
  const keepFinished = options.keepFinished ?? 50;
  const interval = options.progressIntervalMs ?? 150;
  const jobs = new Map<string, IngestJob>();
  const created = creationClock();
  const listeners = new Set<(event: JobEvent) => void>();
  let chain: Promise<void> = Promise.resolve();

  const emit = (event: JobEvent) => {
    for (const l of listeners) {
      try {
        l(event.type === 'job' ? { type: 'job', job: copy(event.job) } : event);
      } catch {
        // one listener's failure (e.g. a closed stream) must not stop the others or the job
      }
    }
  };
  const notify = (job: IngestJob) => emit({ type: 'job', job });
  const journal = options.journal;
  /** Journal writes after the 202 (state changes) must not stop the queue: a failed one is retried at the next change. */
  const record = (write: () => void) => {
    try {
      write();
    } catch {
      // the job still runs; its record on disk lags until the next write succeeds
    }
  };
  const drop = (id: string) => {
    jobs.delete(id);
    if (journal) record(() => journal.remove(id));
    emit({ type: 'forgotten', id });
  };

  const prune = () => {
    const finished = [...jobs.values()].filter((j) => j.state === 'indexed' || j.state === 'failed');
    for (const j of finished.slice(0, Math.max(0, finished.length - keepFinished))) drop(j.id);
  };

  async function run(job: IngestJob, docs: DocInput[]) {
    job.state = 'indexing';
    job.startedAt = now();
    if (journal) record(() => journal.write(job));
    notify(job);
    let last = 0;
    const onProgress = (p: IngestProgress) => {
      let s = job.stages.find((x) => x.stage === p.stage);
      const fresh = s === undefined;
      if (!s) {
        s = { stage: p.stage, done: 0, total: 0 };
        job.stages.push(s);
      }
      s.done = p.done;
      s.total = p.total;
      const t = Date.now();
      if (fresh || p.done >= p.total || t - last >= interval) {
        last = t;
        notify(job);
      }
    };
    try {
      job.summary = await options.ingest(docs, onProgress);
      job.state = 'indexed';
    } catch (err) {
      job.state = 'failed';
      job.error = RagError.isInstance(err)
        ? { code: err.code, message: err.message }
        : { code: 'RAG_INTERNAL', message: `indexing failed: ${err instanceof Error ? err.message : String(err)}` };
    }
    job.finishedAt = now();
    if (journal) record(() => journal.finish(job));
    notify(job);
    prune();
  }

  // jobs a previous run of the server journalled: finished ones are listed, unfinished ones resumed
  for (const { job, docs } of journal?.load() ?? []) {
    jobs.set(job.id, job);
    if (job.state === 'indexed' || job.state === 'failed') continue;
    if (docs) {
      job.state = 'queued';
      job.stages = [];
      chain = chain.then(() => run(job, docs));
    } else {
      job.state = 'failed';
      job.error = { code: 'RAG_JOB_INTERRUPTED', message: INTERRUPTED_MESSAGE };
      job.finishedAt = now();
      record(() => journal!.finish(job));
    }
  }
  prune();

  return {
    submit({ files, docs }) {
      if (docs.length === 0) throw new RagError('RAG_INVALID_INPUT', 'docs: nothing to index', { details: { input: 'docs' } });
      const job: IngestJob = {
        id: randomUUID(),
        state: 'queued',
        files: [...files],
        docCount: docs.length,
        docs: docs.slice(0, MAX_JOB_DOCS).map((d) => ({ id: d.id, title: d.title ?? d.id })),
        stages: [],
        summary: null,
        error: null,
        createdAt: created(),
        startedAt: null,
        finishedAt: null,
      };
      // on disk before the caller answers 202 (a failure here is the caller's error: nothing queued)
      journal?.write(job, docs);
      jobs.set(job.id, job);
      notify(job);
      chain = chain.then(() => run(job, docs));
      return copy(job);
    },
    list: () => [...jobs.values()].reverse().map(copy),
    get(id) {
      const j = jobs.get(id);
      if (!j) throw new RagError('RAG_NOT_FOUND', `job ${JSON.stringify(id)}: not found`, { details: { job: id } });
      return copy(j);
    },
    forget(id) {
      const j = jobs.get(id);
      if (!j) throw new RagError('RAG_NOT_FOUND', `job ${JSON.stringify(id)}: not found`, { details: { job: id } });
      if (j.state === 'queued' || j.state === 'indexing')
        throw new RagError('RAG_CONFLICT', `job ${JSON.stringify(id)}: still ${j.state}; only a finished job can be dismissed`, { details: { job: id, state: j.state } });
      drop(id);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async idle() {
      let seen: Promise<void>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },
  };
}
