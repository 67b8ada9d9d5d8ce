// The ingest jobs' journal in the store directory (`jobs/`): an accepted upload is written here
// (the job, and its documents beside it) before the server answers 202, and rewritten as its
// state changes. After a crash or restart, a job that had not finished is resumed from its
// documents (re-indexing what its one commit may already hold is a no-op: content hashes), or,
// when they cannot be read back, reported failed. Finished jobs keep their record (no documents).
// Writes are synchronous: the 202 must not go out before the job is on disk.
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { RagError, type DocInput } from '@rag/core';
import { z } from 'zod';
import type { IngestJob } from './ingest-jobs.js';

export const JOBS_DIR = 'jobs';

const StageSchema = z.object({ stage: z.string(), done: z.number(), total: z.number() });
const JobRecordSchema = z.object({
  id: z.string().uuid(),
  state: z.enum(['queued', 'indexing', 'indexed', 'failed']),
  files: z.array(z.string()),
  docCount: z.number().int().nonnegative(),
  docs: z.array(z.object({ id: z.string(), title: z.string() })),
  stages: z.array(StageSchema),
  summary: z.record(z.string(), z.number()).nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
const DocsSchema = z.array(z.object({ id: z.string(), text: z.string() }).passthrough());

export interface JobJournal {
  /** Write the job (and, when given, its documents) durably. */
  write(job: IngestJob, docs?: DocInput[]): void;
  /** The job finished: its documents go, its record stays. */
  finish(job: IngestJob): void;
  /** Forget a job: its record and documents go. */
  remove(id: string): void;
  /** Jobs found at start, oldest first: finished ones, and unfinished ones with their documents (or failed when unreadable). */
  load(): { job: IngestJob; docs?: DocInput[] }[];
}

function writeFileDurably(path: string, text: string): void {
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (cause) {
    rmSync(tmp, { force: true });
    throw new RagError('RAG_IO', `could not write the job journal ${path}`, { cause, details: { path } });
  }
}

export const INTERRUPTED_MESSAGE = 'the server stopped before this job finished and its documents could not be read back from the job journal; none of them were indexed: upload them again';

export function createJobJournal(storeDir: string): JobJournal {
  const dir = join(storeDir, JOBS_DIR);
  const recordPath = (id: string) => join(dir, `${id}.json`);
  const docsPath = (id: string) => join(dir, `${id}.docs.json`);
  let made = false;
  const ensureDir = () => {
    if (made) return;
    mkdirSync(dir, { recursive: true });
    made = true;
  };
  return {
    write(job, docs) {
      ensureDir();
      // the documents first: a record on disk always has its documents (or is finished)
      if (docs) writeFileDurably(docsPath(job.id), JSON.stringify(docs));
      writeFileDurably(recordPath(job.id), JSON.stringify(job));
    },
    finish(job) {
      ensureDir();
      writeFileDurably(recordPath(job.id), JSON.stringify(job));
      rmSync(docsPath(job.id), { force: true });
    },
    remove(id) {
      rmSync(recordPath(id), { force: true });
      rmSync(docsPath(id), { force: true });
    },
    load() {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return [];
      }
      const out: { job: IngestJob; docs?: DocInput[] }[] = [];
      for (const name of names) {
        if (!/^[0-9a-f-]{36}\.json$/.test(name)) {
          if (name.endsWith('.tmp')) rmSync(join(dir, name), { force: true }); // a write a crash cut short
          continue;
        }
        let job: IngestJob;
        try {
          const r = JobRecordSchema.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
          if (!r.success) continue;
          job = r.data as IngestJob;
        } catch {
          continue;
        }
        if (job.state === 'indexed' || job.state === 'failed') {
          out.push({ job });
          continue;
        }
        let docs: DocInput[] | undefined;
        try {
          const d = DocsSchema.safeParse(JSON.parse(readFileSync(docsPath(job.id), 'utf8')));
          if (d.success) docs = d.data as DocInput[];
        } catch {
          docs = undefined;
        }
        out.push(docs ? { job, docs } : { job });
      }
      return out.sort((a, b) => a.job.createdAt.localeCompare(b.job.createdAt));
    },
  };
}
