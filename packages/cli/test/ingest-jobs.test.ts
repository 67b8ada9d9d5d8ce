// The ingestion job queue on its own, with an ingest function the test controls: one job at a
// time in submission order, the state machine, per-stage progress, failure reasons, dismissal
// and retention.
import { RagError, type DocInput } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { createIngestJobs, type JobEvent } from '../src/service/ingest-jobs.js';
import type { IngestProgress, IngestSummary } from '../src/types.js';

const doc = (id: string): DocInput => ({ id, title: `Title ${id}`, text: `Text of ${id}.` });
const summary = (n: number): IngestSummary => ({ added: n, updated: 0, unchanged: 0, chunks: n, nodes: 0, edges: 0, ms: 1 });

/** An ingest whose calls wait until the test releases them (or fails them). */
function gatedIngest() {
  const calls: { docs: DocInput[]; progress: (p: IngestProgress) => void; release: () => void; fail: (e: unknown) => void }[] = [];
  const ingest = (docs: DocInput[], progress: (p: IngestProgress) => void) =>
    new Promise<IngestSummary>((resolve, reject) => calls.push({ docs, progress, release: () => resolve(summary(docs.length)), fail: reject }));
  return { calls, ingest };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('ingest jobs', () => {
  it('runs one job at a time in the order submitted: queued → indexing → indexed', async () => {
    const g = gatedIngest();
    const jobs = createIngestJobs({ ingest: g.ingest });
    const a = jobs.submit({ files: ['a.md'], docs: [doc('a.md')] });
    const b = jobs.submit({ files: ['b.md', 'c.md'], docs: [doc('b.md'), doc('c.md')] });
    expect(a.state).toBe('queued');
    expect(b).toMatchObject({ state: 'queued', files: ['b.md', 'c.md'], docCount: 2, docs: [{ id: 'b.md', title: 'Title b.md' }, { id: 'c.md', title: 'Title c.md' }] });
    await tick();
    expect(g.calls.length).toBe(1);
    expect(jobs.get(a.id).state).toBe('indexing');
    expect(jobs.get(a.id).startedAt).not.toBeNull();
    expect(jobs.get(b.id).state).toBe('queued');
    g.calls[0]!.release();
    await tick();
    expect(jobs.get(a.id)).toMatchObject({ state: 'indexed', summary: { added: 1 }, error: null });
    expect(jobs.get(a.id).finishedAt).not.toBeNull();
    expect(g.calls.length).toBe(2);
    expect(g.calls[1]!.docs.map((d) => d.id)).toEqual(['b.md', 'c.md']);
    expect(jobs.get(b.id).state).toBe('indexing');
    g.calls[1]!.release();
    await jobs.idle();
    expect(jobs.get(b.id).state).toBe('indexed');
    expect(jobs.list().map((j) => j.id)).toEqual([b.id, a.id]);
  });

  it('records per-stage progress and notifies stage changes and the end of each stage', async () => {
    const g = gatedIngest();
    const jobs = createIngestJobs({ ingest: g.ingest, progressIntervalMs: 60_000 });
    const events: JobEvent[] = [];
    jobs.subscribe((e) => events.push(e));
    const j = jobs.submit({ files: ['x.txt'], docs: [doc('x.txt')] });
    await tick();
    const call = g.calls[0]!;
    call.progress({ stage: 'chunk', done: 1, total: 2 });
    call.progress({ stage: 'chunk', done: 1, total: 2 }); // within the interval, not the end: no notification
    call.progress({ stage: 'chunk', done: 2, total: 2 });
    call.progress({ stage: 'embed', done: 1, total: 2 });
    expect(jobs.get(j.id).stages).toEqual([
      { stage: 'chunk', done: 2, total: 2 },
      { stage: 'embed', done: 1, total: 2 },
    ]);
    call.release();
    await jobs.idle();
    const seen = events.flatMap((e) => (e.type === 'job' ? [`${e.job.state}:${e.job.stages.map((s) => `${s.stage}=${s.done}/${s.total}`).join(',')}`] : []));
    expect(seen).toEqual(['queued:', 'indexing:', 'indexing:chunk=1/2', 'indexing:chunk=2/2', 'indexing:chunk=2/2,embed=1/2', 'indexed:chunk=2/2,embed=1/2']);
  });

  it('fails a job with the reason and goes on with the next one', async () => {
    const g = gatedIngest();
    const jobs = createIngestJobs({ ingest: g.ingest });
    const a = jobs.submit({ files: ['a.md'], docs: [doc('a.md')] });
    const b = jobs.submit({ files: ['b.md'], docs: [doc('b.md')] });
    await tick();
    g.calls[0]!.fail(new RagError('RAG_SERVICE_UNAVAILABLE', 'embedder: http://127.0.0.1:11434 is not reachable'));
    await tick();
    expect(jobs.get(a.id)).toMatchObject({ state: 'failed', summary: null, error: { code: 'RAG_SERVICE_UNAVAILABLE', message: 'embedder: http://127.0.0.1:11434 is not reachable' } });
    g.calls[1]!.fail(new TypeError('fetch failed'));
    await jobs.idle();
    expect(jobs.get(b.id).error).toEqual({ code: 'RAG_INTERNAL', message: 'indexing failed: fetch failed' });
  });

  it('dismisses only finished jobs and tells subscribers', async () => {
    const g = gatedIngest();
    const jobs = createIngestJobs({ ingest: g.ingest });
    const events: JobEvent[] = [];
    jobs.subscribe((e) => events.push(e));
    const j = jobs.submit({ files: ['a.md'], docs: [doc('a.md')] });
    expect(() => jobs.forget(j.id)).toThrow(/still queued/);
    await tick();
    expect(() => jobs.forget(j.id)).toThrow(expect.objectContaining({ code: 'RAG_CONFLICT' }));
    g.calls[0]!.release();
    await jobs.idle();
    jobs.forget(j.id);
    expect(() => jobs.get(j.id)).toThrow(expect.objectContaining({ code: 'RAG_NOT_FOUND' }));
    expect(() => jobs.forget('nope')).toThrow(/job "nope": not found/);
    expect(events.at(-1)).toEqual({ type: 'forgotten', id: j.id });
  });

  it('keeps the newest finished jobs only, never a running or queued one', async () => {
    const jobs = createIngestJobs({ ingest: async (docs) => summary(docs.length), keepFinished: 2 });
    const ids = ['1', '2', '3', '4'].map((n) => jobs.submit({ files: [`${n}.md`], docs: [doc(`${n}.md`)] }).id);
    await jobs.idle();
    expect(jobs.list().map((j) => j.id)).toEqual([ids[3], ids[2]]);
  });

  it('a throwing subscriber does not stop the job or the other subscribers', async () => {
    const jobs = createIngestJobs({ ingest: async (docs) => summary(docs.length) });
    const states: string[] = [];
    jobs.subscribe(() => {
      throw new Error('closed stream');
    });
    jobs.subscribe((e) => e.type === 'job' && states.push(e.job.state));
    const j = jobs.submit({ files: ['a.md'], docs: [doc('a.md')] });
    await jobs.idle();
    expect(jobs.get(j.id).state).toBe('indexed');
    expect(states).toEqual(['queued', 'indexing', 'indexed']);
  });

  it('refuses an empty job and hands out copies, not its own state', async () => {
    const jobs = createIngestJobs({ ingest: async (docs) => summary(docs.length) });
    expect(() => jobs.submit({ files: [], docs: [] })).toThrow(/nothing to index/);
    const j = jobs.submit({ files: ['a.md'], docs: [doc('a.md')] });
    j.files.push('mutated');
    expect(jobs.get(j.id).files).toEqual(['a.md']);
    await jobs.idle();
  });
});
