// Upload jobs journalled in the store: on disk before `submit` returns (the 202), resumed by the
// next server from their documents, reported failed when those cannot be read back, and finished
// ones still listed after a restart.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocInput } from '@rag/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIngestJobs } from '../src/service/ingest-jobs.js';
import { createJobJournal, JOBS_DIR } from '../src/service/job-journal.js';
import type { IngestSummary } from '../src/types.js';

const doc = (id: string): DocInput => ({ id, title: `Title ${id}`, text: `Text of ${id}.` });
const summary = (n: number): IngestSummary => ({ added: n, updated: 0, unchanged: 0, chunks: n, nodes: 0, edges: 0, ms: 1 });
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'rag-jobs-'));
  dirs.push(d);
  return d;
};
/** An ingest that never finishes: the server "crashes" while the job runs. */
const hang = () => new Promise<IngestSummary>(() => {});

describe('job journal', () => {
  it('has a job and its documents on disk before submit returns', () => {
    const store = fresh();
    const jobs = createIngestJobs({ ingest: hang, journal: createJobJournal(store) });
    const j = jobs.submit({ files: ['a.md'], docs: [doc('a.md'), doc('b.md')] });
    expect(readdirSync(join(store, JOBS_DIR)).sort()).toEqual([`${j.id}.docs.json`, `${j.id}.json`]);
  });

  it('resumes an unfinished job after a restart with the same documents, then keeps only its record', async () => {
    const store = fresh();
    const first = createIngestJobs({ ingest: hang, journal: createJobJournal(store) });
    // Both submitted in the same millisecond: the restart must still resume them in submission order.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-28T12:00:00.000Z') });
    const a = first.submit({ files: ['a.md'], docs: [doc('a.md')] });
    const b = first.submit({ files: ['b.md'], docs: [doc('b.md'), doc('c.md')] });
    vi.useRealTimers();
    expect(b.createdAt > a.createdAt).toBe(true);
    await new Promise((r) => setTimeout(r, 0)); // a is indexing, b queued, when the server dies
    const seen: string[][] = [];
    const second = createIngestJobs({
      ingest: async (docs) => {
        seen.push(docs.map((d) => d.id));
        return summary(docs.length);
      },
      journal: createJobJournal(store),
    });
    await second.idle();
    expect(seen).toEqual([['a.md'], ['b.md', 'c.md']]);
    expect(second.get(a.id)).toMatchObject({ state: 'indexed', summary: { added: 1 } });
    expect(second.get(b.id)).toMatchObject({ state: 'indexed', summary: { added: 2 } });
    expect(readdirSync(join(store, JOBS_DIR)).filter((f) => f.endsWith('.docs.json'))).toEqual([]);
    // a third start lists the finished jobs without running them again
    const third = createIngestJobs({ ingest: hang, journal: createJobJournal(store) });
    expect(third.list().map((j) => [j.id, j.state])).toEqual([
      [b.id, 'indexed'],
      [a.id, 'indexed'],
    ]);
  });

  it('reports a job whose documents cannot be read back as failed', async () => {
    const store = fresh();
    const j = createIngestJobs({ ingest: hang, journal: createJobJournal(store) }).submit({ files: ['a.md'], docs: [doc('a.md')] });
    rmSync(join(store, JOBS_DIR, `${j.id}.docs.json`));
    const next = createIngestJobs({ ingest: async (d) => summary(d.length), journal: createJobJournal(store) });
    await next.idle();
    expect(next.get(j.id)).toMatchObject({ state: 'failed', error: { code: 'RAG_JOB_INTERRUPTED' } });
    expect(next.get(j.id).error?.message).toMatch(/none of them were indexed/);
  });

  it('forgets a dismissed job on disk too', async () => {
    const store = fresh();
    const jobs = createIngestJobs({ ingest: async (d) => summary(d.length), journal: createJobJournal(store) });
    const j = jobs.submit({ files: ['a.md'], docs: [doc('a.md')] });
    await jobs.idle();
    jobs.forget(j.id);
    expect(existsSync(join(store, JOBS_DIR, `${j.id}.json`))).toBe(false);
  });
});
