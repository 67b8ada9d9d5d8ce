// Uploads as background ingestion jobs over HTTP: every format `rag index` reads, with the same
// loaders and ids as the CLI; bad files refused by name with nothing indexed; the job endpoints
// (list, one, dismiss) and the server-sent event stream of job changes; responses validate
// against the OpenAPI document.
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RagError } from '@rag/core';
import { createOpenApiValidator, type OpenApiValidator } from '@rag/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../src/http/create-app.js';
import type { IngestJob } from '../src/service/ingest-jobs.js';
import type { RagService } from '../src/service/rag-service.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';
import type { AskResult, RagStack } from '../src/types.js';
import { createFixtureService, readSampleCorpus } from './support/fixture-stack.js';

const TOKEN = 'job-token';
const auth = { authorization: `Bearer ${TOKEN}` };
const FIXTURES = join(import.meta.dirname, 'fixtures', 'upload');
const fixture = (name: string) => new File([readFileSync(join(FIXTURES, name))], name);

let dir: string;
let service: RagService;
let stack: RagStack;
let app: ReturnType<typeof createHttpApp>;
let validator: OpenApiValidator;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-jobs-'));
  ({ service, stack } = await createFixtureService({ dir, docs: readSampleCorpus(20) }));
  app = createHttpApp({ service, token: TOKEN, publicReads: true });
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await (await app.request('/openapi.json')).json()));
  validator = await createOpenApiValidator(file);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const upload = (files: File[], headers: Record<string, string> = auth) => {
  const form = new FormData();
  for (const f of files) form.append('file', f);
  return app.request('/api/upload', { method: 'POST', headers, body: form });
};
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: { problems?: { file: string; reason: string }[] } } }).error;
const ask = async (question: string) =>
  (await (await app.request('/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question, method: 'bm25', k: 3 }) })).json()) as AskResult;
const validates = (method: string, templ: string, status: number, body: unknown) => expect(validator.response(method, templ, status, body, 'application/json')).toEqual([]);

describe('POST /api/upload', () => {
  it('accepts Markdown, HTML and PDF as one job (202) that ends indexed, ids as `rag index` gives them', async () => {
    const res = await upload([fixture('quentavian-observatory.md'), fixture('port-quillan.html'), fixture('brindlewood-survey.pdf')]);
    expect(res.status).toBe(202);
    const job = (await res.json()) as IngestJob;
    validates('post', '/api/upload', 202, job);
    expect(res.headers.get('location')).toBe(`/api/jobs/${job.id}`);
    expect(['queued', 'indexing']).toContain(job.state);
    expect(job.files).toEqual(['quentavian-observatory.md', 'port-quillan.html', 'brindlewood-survey.pdf']);
    expect(job.docs).toEqual([
      { id: 'quentavian-observatory.md', title: 'The Quentavian Observatory' },
      { id: 'port-quillan.html', title: 'Port Quillan' },
      { id: 'brindlewood-survey.pdf', title: 'brindlewood-survey.pdf' },
    ]);
    await service.jobs.idle();

    const done = (await (await app.request(`/api/jobs/${job.id}`)).json()) as IngestJob;
    validates('get', '/api/jobs/{id}', 200, done);
    expect(done).toMatchObject({ state: 'indexed', error: null, summary: { added: 3 } });
    expect(done.stages.map((s) => s.stage)).toEqual(expect.arrayContaining(['chunk', 'keyword', 'embed', 'persist']));
    for (const s of done.stages) expect(s.done, s.stage).toBe(s.total);

    // The same ids, titles and text as loading the files with the CLI's backend (`rag index <file>`).
    const cli = await createIndexerBackend({ env: {} }).load(['quentavian-observatory.md', 'port-quillan.html', 'brindlewood-survey.pdf'].map((n) => join(FIXTURES, n)));
    expect(cli.problems).toEqual([]);
    for (const d of cli.docs) {
      const stored = service.getDoc(d.id);
      expect(stored.text, d.id).toBe(d.text);
      expect(stored.title, d.id).toBe(d.title ?? d.id);
    }
    expect(service.getDoc('port-quillan.html').text).not.toMatch(/never indexed|font-family/);
    expect(service.getDoc('brindlewood-survey.pdf').text).toContain('led by the cartographer Odile Marchetti');
    expect(service.stack.index.getDoc('quentavian-observatory.md')?.metadata?.source).toBe('quentavian-observatory.md');

    expect((await ask('Who founded the Quentavian Observatory?')).evidence[0]!.docId).toBe('quentavian-observatory.md');
    expect((await ask('Who designed the Port Quillan lighthouse?')).evidence[0]!.docId).toBe('port-quillan.html');
    expect((await ask('Which cartographer led the Brindlewood Survey?')).evidence[0]!.docId).toBe('brindlewood-survey.pdf');
  });

  it('reads .txt, .json and .jsonl the way the CLI does (records keep their own ids)', async () => {
    const res = await upload([
      new File(['Velmora Tarrant wrote the Gazetteer of Lirn.\nIt lists every farm.'], 'gazetteer.txt'),
      new File([JSON.stringify([{ id: 'rec-1', title: 'Record one', text: 'Hollin Brae is a hill.' }])], 'records.json'),
      new File([`${JSON.stringify({ id: 'line-1', text: 'The Ossery canal opened in 1811.' })}\n${JSON.stringify({ id: 'line-2', text: 'The Ossery canal closed in 1950.' })}\n`], 'canal.jsonl'),
    ]);
    expect(res.status).toBe(202);
    const job = (await res.json()) as IngestJob;
    expect(job.docs.map((d) => d.id)).toEqual(['gazetteer.txt', 'rec-1', 'line-1', 'line-2']);
    expect(job.docCount).toBe(4);
    await service.jobs.idle();
    expect(service.jobs.get(job.id).state).toBe('indexed');
    expect(service.getDoc('gazetteer.txt').title).toBe('Velmora Tarrant wrote the Gazetteer of Lirn.');
    expect(service.getDoc('rec-1').title).toBe('Record one');
    expect(service.getDoc('line-2').text).toBe('The Ossery canal closed in 1950.');
  });

  it('refuses the whole upload when any file is bad, naming each bad file and what is wrong', async () => {
    const before = { docs: service.info().docs, jobs: service.jobs.list().length };
    const good = () => new File(['Nerith Vale is a valley.'], 'nerith.md');
    const cases: [File[], RegExp][] = [
      [[good(), new File([''], 'empty.md')], /empty\.md: file is empty/],
      [[good(), new File(['   \n  '], 'blank.txt')], /blank\.txt: file has no text/],
      [[good(), new File([new Uint8Array([0, 159, 146, 150, 0, 1, 2])], 'blob.txt')], /blob\.txt: file is binary or not UTF-8 text/],
      [[good(), new File(['%PDF-1.4 not really a pdf'], 'broken.pdf')], /broken\.pdf: not a readable PDF/],
      [[good(), new File(['{"id": "x", "text": "fine"}\n{not json\n'], 'bad.jsonl')], /bad\.jsonl line 2: /],
      [[good(), new File(['<html><head><title>Only a title</title></head><body><script>x()</script></body></html>'], 'hollow.html')], /hollow\.html: no text after conversion/],
      [[good(), good()], /nerith\.md: sent twice in one upload/],
      [[new File(['', ''], 'empty.md'), new File([''], 'also-empty.txt')], /empty\.md: file is empty; also-empty\.txt: file is empty/],
    ];
    for (const [files, message] of cases) {
      const res = await upload(files);
      expect(res.status, String(message)).toBe(400);
      const err = await errorOf(res);
      expect(err.code).toBe('RAG_INVALID_INPUT');
      expect(err.message).toMatch(/^upload refused, nothing was indexed: /);
      expect(err.message).toMatch(message);
    }
    expect(service.info().docs).toBe(before.docs);
    expect(service.jobs.list().length).toBe(before.jobs);
    expect(() => service.getDoc('nerith.md')).toThrow(/not found/);
  });

  it('refuses unsupported types and unsafe names before reading any file', async () => {
    const before = service.jobs.list().length;
    for (const name of ['slides.docx', 'notes', 'run.exe', '../../etc/passwd.txt', '.hidden.md', 'a\\b.md']) {
      const res = await upload([new File(['Some text.'], 'fine.md'), new File(['Some text.'], name)]);
      expect(res.status, name).toBe(400);
      const err = await errorOf(res);
      expect(err.message, name).toContain(`file name ${JSON.stringify(name)}`);
      expect(err.message, name).toContain('nothing was indexed');
    }
    const unsupported = await errorOf(await upload([new File(['x'], 'slides.docx')]));
    expect(unsupported.message).toContain('unsupported file type: must end in .txt, .md, .markdown, .html, .htm, .json, .jsonl, .ndjson, .pdf');
    expect(service.jobs.list().length).toBe(before);
    expect(() => service.getDoc('fine.md')).toThrow(/not found/);
  });

  it('needs the token and a multipart body', async () => {
    expect((await upload([fixture('quentavian-observatory.md')], {})).status).toBe(401);
    const res = await app.request('/api/upload', { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: 'hello' });
    expect(res.status).toBe(415);
    expect((await errorOf(await app.request('/api/upload', { method: 'POST', headers: auth, body: new FormData() }))).message).toMatch(/no "file" field|malformed multipart/);
  });
});

describe('job endpoints', () => {
  it('lists jobs newest first and answers 404 for an unknown one', async () => {
    const res = await app.request('/api/jobs');
    expect(res.status).toBe(200);
    const list = (await res.json()) as { items: IngestJob[] };
    validates('get', '/api/jobs', 200, list);
    expect(list.items.length).toBeGreaterThanOrEqual(2);
    const times = list.items.map((j) => j.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const missing = await app.request('/api/jobs/no-such-job');
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe('job "no-such-job": not found');
  });

  it('a job whose indexing fails says why; a finished job can be dismissed, a running one cannot', async () => {
    const ingest = stack.ingest;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stack.ingest = async () => {
      await gate;
      throw new RagError('RAG_SERVICE_UNAVAILABLE', 'embedder: Ollama at http://127.0.0.1:11434 is not reachable');
    };
    try {
      const job = (await (await upload([new File(['Corvin Ashdown kept bees.'], 'bees.md')])).json()) as IngestJob;
      await new Promise((r) => setTimeout(r, 10));
      expect(service.jobs.get(job.id).state).toBe('indexing');
      const busy = await app.request(`/api/jobs/${job.id}`, { method: 'DELETE', headers: auth });
      expect(busy.status).toBe(409);
      expect((await errorOf(busy)).message).toMatch(/still indexing/);
      release();
      await service.jobs.idle();
      const failed = (await (await app.request(`/api/jobs/${job.id}`)).json()) as IngestJob;
      validates('get', '/api/jobs/{id}', 200, failed);
      expect(failed).toMatchObject({ state: 'failed', summary: null, error: { code: 'RAG_SERVICE_UNAVAILABLE', message: 'embedder: Ollama at http://127.0.0.1:11434 is not reachable' } });
      expect(() => service.getDoc('bees.md')).toThrow(/not found/);

      expect((await app.request(`/api/jobs/${job.id}`, { method: 'DELETE' })).status).toBe(401);
      const gone = await app.request(`/api/jobs/${job.id}`, { method: 'DELETE', headers: auth });
      expect(gone.status).toBe(200);
      expect(await gone.json()).toEqual({ id: job.id });
      expect((await app.request(`/api/jobs/${job.id}`)).status).toBe(404);
    } finally {
      stack.ingest = ingest;
    }
  });
});

/** Reads server-sent events from a response body. */
function sseReader(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next(): Promise<{ event: string; data: unknown }> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) continue; // keep-alive comment
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          return { event, data: JSON.parse(data) };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('GET /api/jobs/stream', () => {
  it('sends a snapshot, then every change of a job until it is indexed, then its dismissal', async () => {
    const res = await app.request('/api/jobs/stream');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseReader(res);
    const first = await events.next();
    expect(first.event).toBe('snapshot');
    expect((first.data as { items: IngestJob[] }).items.map((j) => j.id)).toEqual(service.jobs.list().map((j) => j.id));

    const job = (await (await upload([new File(['# Saltmere Abbey\n\nSaltmere Abbey was built by Brother Ivo Pell in 1120.'], 'saltmere.md')])).json()) as IngestJob;
    const seen: IngestJob[] = [];
    for (;;) {
      const e = await events.next();
      expect(e.event).toBe('job');
      const j = e.data as IngestJob;
      expect(j.id).toBe(job.id);
      seen.push(j);
      if (j.state === 'indexed' || j.state === 'failed') break;
    }
    const states = seen.map((j) => j.state);
    expect(states[0]).toBe('queued');
    expect(states.at(-1)).toBe('indexed');
    expect(states.filter((s, i) => s !== states[i - 1])).toEqual(['queued', 'indexing', 'indexed']);
    // Progress arrives while it indexes: some event shows a stage before the last one finished.
    const progress = seen.filter((j) => j.state === 'indexing' && j.stages.length > 0);
    expect(progress.length).toBeGreaterThan(0);
    expect(seen.at(-1)!.summary).toMatchObject({ added: 1 });

    await app.request(`/api/jobs/${job.id}`, { method: 'DELETE', headers: auth });
    expect(await events.next()).toEqual({ event: 'forgotten', data: { id: job.id } });
    await events.cancel();
  });

  it('streams to several clients at once and stops sending to one that left', async () => {
    const a = sseReader(await app.request('/api/jobs/stream'));
    const b = sseReader(await app.request('/api/jobs/stream'));
    expect((await a.next()).event).toBe('snapshot');
    expect((await b.next()).event).toBe('snapshot');
    await a.cancel();
    const job = (await (await upload([new File(['Dunmore Pike is a peak.'], 'dunmore.txt')])).json()) as IngestJob;
    const e = await b.next();
    expect(e).toMatchObject({ event: 'job', data: { id: job.id, state: 'queued' } });
    await service.jobs.idle();
    await b.cancel();
    expect(service.jobs.get(job.id).state).toBe('indexed');
  });
});
