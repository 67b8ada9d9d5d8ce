// Issue #33, "validate before any write" and "input hygiene": every probe of the issue against a
// real `rag serve` (startServer on a loopback port) over a copy of a small store, through HTTP
// and MCP. A refused request answers 400 naming the input and leaves every file of the store
// byte-identical (hashed before and after); after a restart every method answers and ingest and
// delete work. Then a store written the way an older version wrote it (format 1, as release
// 0.1.0 wrote it, holding a document with U+FFFD in its text) still opens, answers, deletes it, and `rag repair` reports
// and removes it; `rag repair --previous` rolls back a store whose current generation is broken.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createIndexer } from '@rag/indexer';
import { writeFormat1Store } from '@rag/indexer/bench/format1-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRagCli } from '../src/commands/rag-cli.js';
import { startServer, type RunningServer } from '../src/http/serve.js';
import { createRagService, type RagService } from '../src/service/rag-service.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';
import { buildFixtureStore, readSampleCorpus } from './support/fixture-stack.js';

const backend = () => createIndexerBackend({ env: {} });
let template: string;
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
};
const copyStore = () => {
  const d = tempDir('rag-safety-copy-');
  cpSync(template, d, { recursive: true });
  return d;
};

/** sha256 of every file under `dir`, by relative path: the store's bytes on disk. */
function hashTree(dir: string, base = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) hashTree(p, base, out);
    else out[p.slice(base.length + 1)] = createHash('sha256').update(readFileSync(p)).digest('hex');
  }
  return out;
}

async function serve(dir: string): Promise<{ service: RagService; server: RunningServer; url: string }> {
  const service = createRagService({ stack: await backend().open(dir) });
  const server = await startServer({ service, port: 0, ui: false });
  return { service, server, url: server.url };
}

const post = (url: string, body: unknown, path = '/api/docs', method = 'POST') =>
  fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body) });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

/** Asks with every method the store offers; each must answer (200). */
async function askEveryMethod(url: string, question: string): Promise<void> {
  const info = (await (await fetch(`${url}/api/info`)).json()) as { methods: { name: string }[] };
  expect(info.methods.length).toBeGreaterThan(3);
  for (const m of info.methods) {
    const res = await post(url, { question, method: m.name, k: 3 }, '/api/ask');
    expect(res.status, `${m.name}: ${res.status === 200 ? '' : JSON.stringify(await errorOf(res))}`).toBe(200);
  }
  const dflt = await post(url, { question }, '/api/ask');
  expect(dflt.status).toBe(200);
}

beforeAll(async () => {
  template = tempDir('rag-safety-template-');
  await buildFixtureStore(template, readSampleCorpus(24));
}, 120_000);
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe('a refused request writes nothing (HTTP and MCP), and the store reopens whole', () => {
  let dir: string;
  let s: Awaited<ReturnType<typeof serve>>;
  let before: Record<string, string>;
  const good = { id: 'probe-good', title: 'Probe', text: 'A perfectly good document about Leland harbour.' };

  beforeAll(async () => {
    dir = copyStore();
    s = await serve(dir);
    before = hashTree(dir);
  }, 60_000);
  afterAll(async () => s?.server.close());

  /** The 400 (or the given status) naming `input`, and every file of the store as it was. */
  async function refused(res: Response, input: RegExp, status = 400): Promise<string> {
    const e = await errorOf(res);
    expect(res.status, e.message).toBe(status);
    expect(e.message).toMatch(input);
    expect(hashTree(dir)).toEqual(before);
    expect((await fetch(`${s.url}/api/docs/${good.id}`)).status).toBe(404);
    return e.message;
  }

  it('refuses invalid UTF-8 bytes in a [good, bad] batch, naming docs[1].text', async () => {
    const body = Buffer.concat([Buffer.from(`{"docs":[${JSON.stringify(good)},{"id":"bad-utf8","text":"caf`), Buffer.from([0xe9]), Buffer.from(' au lait"}]}')]);
    const msg = await refused(await post(s.url, new Uint8Array(body)), /^docs\[1\]\.text: is not valid UTF-8/);
    expect(msg).not.toContain('\uFFFD');
    expect((await fetch(`${s.url}/api/docs/bad-utf8`)).status).toBe(404);
  });

  it('refuses a lone surrogate and U+FFFD, naming the document', async () => {
    await refused(await post(s.url, `{"docs":[${JSON.stringify(good)},{"id":"sur","text":"broken \\ud800 text"}]}`), /^docs\[1\]\.text: contains unpaired UTF-16 surrogates/);
    await refused(await post(s.url, { docs: [good, { id: 'fffd', text: 'caf\uFFFD au lait' }] }), /^docs\[1\]\.text: contains U\+FFFD/);
    await refused(await post(s.url, { docs: [good, { id: 'fffd', title: 'T\uFFFD', text: 'fine' }] }), /docs\[1\]\.title: contains U\+FFFD/);
  });

  it('refuses unknown fields inside a document, and bad metadata', async () => {
    await refused(await post(s.url, { docs: [good, { id: 'x', text: 'fine', author: 'me' }] }), /docs\.1.*author/);
    await refused(await post(s.url, { docs: [good, { id: 'x', text: 'fine', metadata: { k: 'v\uFFFD' } }] }), /docs\[1\]\.metadata\.k: contains U\+FFFD/);
  });

  it('refuses ids that are blank, hold NUL, control, bidi or zero-width characters, or are over 512 bytes', async () => {
    const cases: [string, RegExp][] = [
      ['   ', /docs\[1\]\.id: must not be whitespace only/],
      ['a\u0000b', /docs\[1\]\.id: contains the control character U\+0000/],
      ['a\nb', /docs\[1\]\.id: contains the control character U\+000A/],
      ['abc\u202Etxt', /docs\[1\]\.id: contains the zero-width or bidi-control character U\+202E/],
      ['hpt-\u200B00000', /docs\[1\]\.id: contains the zero-width or bidi-control character U\+200B/],
      ['\uFEFFhpt-00000', /U\+FEFF/],
      ['x\u2066y', /U\+2066/],
      ['é'.repeat(300), /docs\[1\]\.id: is 600 bytes of UTF-8, over the 512-byte limit/],
    ];
    for (const [id, msg] of cases) await refused(await post(s.url, { docs: [good, { id, text: 'fine text' }] }), msg);
  });

  it('refuses a title over 1 KB (bytes) or with control / bidi characters, and a duplicate id', async () => {
    await refused(await post(s.url, { docs: [good, { id: 't', title: '€'.repeat(400), text: 'fine' }] }), /docs\[1\]\.title: is 1200 bytes of UTF-8, over the 1024-byte limit/);
    await refused(await post(s.url, { docs: [good, { id: 't', title: 'evil\u202Egnp.exe', text: 'fine' }] }), /docs\[1\]\.title: contains the zero-width or bidi-control character U\+202E/);
    await refused(await post(s.url, { docs: [good, { id: 't', title: 'a\u0007b', text: 'fine' }] }), /docs\[1\]\.title: contains the control character U\+0007/);
    await refused(await post(s.url, { docs: [good, { ...good, text: 'other' }] }), /docs\[1\]\.id: duplicates docs\[0\]\.id/);
  });

  it('refuses a 600-byte upload file name with 400 (not 500)', async () => {
    const form = new FormData();
    form.append('file', new Blob(['Some notes about Leland.'], { type: 'text/plain' }), `${'é'.repeat(298)}.txt`);
    const res = await fetch(`${s.url}/api/upload`, { method: 'POST', body: form });
    await refused(res, /file name .*: is 600 bytes of UTF-8, over the 255-byte limit of file names/);
    const zw = new FormData();
    zw.append('file', new Blob(['Some notes.'], { type: 'text/plain' }), 'note\u200B.txt');
    await refused(await fetch(`${s.url}/api/upload`, { method: 'POST', body: zw }), /U\+200B/);
  });

  it('PATCH /api/nodes/:id refuses text that ingest would refuse', async () => {
    const node = ((await (await fetch(`${s.url}/api/nodes?q=Dice`)).json()) as { id: string }[])[0];
    expect(node).toBeDefined();
    const path = `/api/nodes/${encodeURIComponent(node!.id)}`;
    await refused(await post(s.url, `{"name":"Le\\ud800land"}`, path, 'PATCH'), /name: contains unpaired UTF-16 surrogates/);
    await refused(await post(s.url, { name: 'Le\uFFFDland' }, path, 'PATCH'), /name: contains U\+FFFD/);
    await refused(await post(s.url, { name: 'Le\u202Eland' }, path, 'PATCH'), /name.*U\+202E/);
    await refused(await post(s.url, { aliases: ['ok', 'zero\u200Bwidth'] }, path, 'PATCH'), /aliases.*U\+200B/);
    await refused(await post(s.url, { description: 'nul \u0000 inside' }, path, 'PATCH'), /description: contains a control character/);
    await refused(await post(s.url, { nodeId: node!.id, name: 'split\u202Ename' }, '/api/graph/split'), /name.*U\+202E/);
  });

  it('refuses a question with no letter or digit: HTTP ask, stream, and the compat chat endpoints', async () => {
    for (const question of ['\u0000', '???', '\u200B\u200B', ' \u0000 ! ']) {
      await refused(await post(s.url, { question }, '/api/ask'), /question: .*(letter or digit|must not be empty)/);
    }
    const stream = await fetch(`${s.url}/api/ask/stream?question=${encodeURIComponent('?!')}`);
    expect(stream.status).toBe(400);
    const chat = await post(s.url, { model: 'rag', messages: [{ role: 'user', content: '\u0000' }] }, '/v1/chat/completions');
    expect(chat.status).toBe(400);
    expect(JSON.stringify(await chat.json())).toMatch(/letter or digit/);
    const ollama = await post(s.url, { model: 'rag', messages: [{ role: 'user', content: '...' }] }, '/api/chat');
    expect(ollama.status).toBe(400);
    expect(hashTree(dir)).toEqual(before);
  });

  it('refuses the same through MCP (ingest, ask) and invalid UTF-8 in an MCP body', async () => {
    const client = new Client({ name: 'safety-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`)));
    const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
    const text = (r: CallToolResult) => (r.content[0] as { text: string }).text;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ docs: [good, { id: 'sur', text: 'x\ud800y' }] }, /docs\[1\]\.text: contains unpaired UTF-16 surrogates/],
      [{ docs: [good, { id: 'fffd', text: 'caf\uFFFD' }] }, /docs\[1\]\.text: contains U\+FFFD/],
      [{ docs: [good, { id: 'a\u202Eb', text: 'fine' }] }, /docs\[1\]\.id: .*U\+202E/],
      [{ docs: [good, { id: '  ', text: 'fine' }] }, /docs\[1\]\.id: must not be whitespace only/],
      [{ docs: [good, { id: 'x', text: 'fine', extra: 1 }] }, /extra/],
    ];
    for (const [args, msg] of cases) {
      const r = await call('ingest', args);
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(msg);
      expect(hashTree(dir)).toEqual(before);
    }
    const ask = await call('ask', { question: '\u0000' });
    expect(ask.isError).toBe(true);
    expect(text(ask)).toMatch(/letter or digit/);
    await client.close();
    const raw = Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ingest","arguments":{"docs":[{"id":"m","text":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}]}}}'),
    ]);
    const res = await fetch(`${s.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: new Uint8Array(raw) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/params\.arguments\.docs\[0\]\.text: is not valid UTF-8/);
    expect(hashTree(dir)).toEqual(before);
  });

  it('normalises ids and titles to NFC (one id for two spellings of é)', async () => {
    const res = await post(s.url, { docs: [{ id: 'cafe\u0301-notes', title: 'Cafe\u0301\tnotes', text: 'Notes written in a café in Leland.' }] });
    expect(res.status).toBe(201);
    const doc = (await (await fetch(`${s.url}/api/docs/${encodeURIComponent('caf\u00e9-notes')}`)).json()) as { id: string; title: string };
    expect(doc).toMatchObject({ id: 'caf\u00e9-notes', title: 'Caf\u00e9 notes' });
    expect((await fetch(`${s.url}/api/docs/${encodeURIComponent('cafe\u0301-notes')}`, { method: 'DELETE' })).status).toBe(200);
    before = hashTree(dir);
  });

  it('after a restart every method answers, and ingest and delete work', async () => {
    await s.server.close();
    s = await serve(dir);
    await askEveryMethod(s.url, 'Which films were shot in Leland, North Carolina?');
    expect((await post(s.url, { docs: [good] })).status).toBe(201);
    expect((await fetch(`${s.url}/api/docs/${good.id}`, { method: 'DELETE' })).status).toBe(200);
    await s.server.close();
    s = await serve(dir);
    expect((await fetch(`${s.url}/api/docs/${good.id}`)).status).toBe(404);
    await askEveryMethod(s.url, 'Who directed Maximum Overdrive?');
  }, 120_000);
});

describe('a store holding text the current rules refuse (written by an older version)', () => {
  const legacy = { id: 'legacy-bad', title: 'Legacy', text: 'caf\uFFFD au lait in Leland harbour, written before the rules.' };
  let dir: string;

  beforeAll(async () => {
    // A store as release 0.1.0 wrote it (format 1, via the bench-only writeFormat1Store), holding a document
    // whose stored text has U+FFFD: built in memory with a placeholder character, which is then
    // replaced in the stored document and its chunk (same length: offsets stay right).
    dir = tempDir('rag-safety-legacy-src-');
    const index = createIndexer({});
    await index.ingest([...readSampleCorpus(24), { ...legacy, text: legacy.text.replace('\uFFFD', 'X') }]);
    const docs = index.docs().map((d) => (d.id === legacy.id ? { ...d, text: legacy.text } : d));
    const chunks = index.chunks().map((c) => (c.docId === legacy.id ? { ...c, text: c.text.replace('cafX', 'caf\uFFFD') } : c));
    expect(docs.find((d) => d.id === legacy.id)!.text).toContain('\uFFFD');
    expect(chunks.some((c) => c.text.includes('\uFFFD'))).toBe(true);
    await writeFormat1Store(dir, { ...index, docs: () => docs, chunks: () => chunks });
    // and a later write by this version (the first commit writes format 2)
    const stack = await backend().open(dir);
    await stack.ingest([{ id: 'later', text: 'A later valid document about Leland.' }]);
    await stack.save();
  }, 120_000);

  it('opens, answers every method, ingests, and deletes that document', async () => {
    const copy = tempDir('rag-safety-legacy-');
    cpSync(dir, copy, { recursive: true });
    const service = createRagService({ stack: await backend().open(copy) });
    const server = await startServer({ service, port: 0, ui: false });
    try {
      expect((await fetch(`${server.url}/api/docs/legacy-bad`)).status).toBe(200);
      await askEveryMethod(server.url, 'What is served in Leland harbour?');
      expect((await post(server.url, { docs: [{ id: 'new', text: 'A new document after the restart.' }] })).status).toBe(201);
      expect((await fetch(`${server.url}/api/docs/legacy-bad`, { method: 'DELETE' })).status).toBe(200);
    } finally {
      await server.close();
    }
    const reopened = createRagService({ stack: await backend().open(copy) });
    expect(() => reopened.getDoc('legacy-bad')).toThrow(/not found/);
    expect(reopened.getDoc('new').id).toBe('new');
  }, 180_000);

  it('rag repair reports it (changing nothing), and --fix removes it in one commit', async () => {
    const copy = tempDir('rag-safety-repair-');
    cpSync(dir, copy, { recursive: true });
    const run = async (...args: string[]) => {
      let stdout = '';
      let stderr = '';
      const code = await runRagCli(args, { stdout: { write: (s: string) => void (stdout += s) }, stderr: { write: (s: string) => void (stderr += s) }, env: {}, cwd: process.cwd() } as never, { backend: backend() } as never);
      return { code, stdout, stderr };
    };
    const hashed = hashTree(copy);
    const report = await run('repair', '--store', copy);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/✗ document "legacy-bad": doc\.text: contains U\+FFFD/);
    expect(report.stdout).toMatch(/run again with --fix/);
    expect(hashTree(copy)).toEqual(hashed);
    const journalLines = (p: string) => readFileSync(join(p, 'journal.jsonl'), 'utf8').trim().split('\n').length;
    const linesBefore = journalLines(copy);
    const fixed = await run('repair', '--store', copy, '--fix');
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(/Removed 1 document\(s\) in one commit: "legacy-bad"/);
    expect(journalLines(copy) - linesBefore).toBe(2); // one begin, one commit
    const again = await run('repair', '--store', copy);
    expect(again.stdout).toMatch(/✓ nothing the current input rules refuse/);
    const service = createRagService({ stack: await backend().open(copy) });
    expect(service.info().docs).toBe(26 - 1);
  }, 180_000);

  it('rag repair --previous reports what a rollback loses, and --previous --fix opens the store again after a broken write', async () => {
    const copy = tempDir('rag-safety-rollback-');
    cpSync(dir, copy, { recursive: true });
    const current = readFileSync(join(copy, 'CURRENT'), 'utf8').trim();
    // a broken current generation: its manifest is gone
    unlinkSync(join(copy, current, 'manifest.json'));
    await expect(backend().open(copy)).rejects.toThrow();
    let stdout = '';
    const io = { stdout: { write: (s: string) => void (stdout += s) }, stderr: { write: () => undefined }, env: {}, cwd: process.cwd() } as never;
    expect(await runRagCli(['repair', '--store', copy], io, { backend: backend() } as never)).not.toBe(0);
    expect(await runRagCli(['repair', '--store', copy, '--previous'], io, { backend: backend() } as never)).toBe(0);
    expect(stdout).toMatch(/cannot be read/);
    expect(stdout).toMatch(/Previous generation gen-\d+: \d+ documents/);
    expect(await runRagCli(['repair', '--store', copy, '--previous', '--fix'], io, { backend: backend() } as never)).toBe(0);
    expect(stdout).toMatch(/Rolled back: CURRENT now names gen-/);
    const service = createRagService({ stack: await backend().open(copy) });
    expect(service.info().docs).toBeGreaterThan(0);
    expect((await service.ask({ question: 'Which films were shot in Leland?', method: 'bm25' })).evidence.length).toBeGreaterThan(0);
    // and it takes writes again
    expect((await service.ingest([{ id: 'after-rollback', text: 'Written after the rollback.' }])).added).toBe(1);
  }, 180_000);
});
