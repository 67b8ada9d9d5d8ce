// Who may reach what on `rag serve`: MCP sessions capped per client without locking anyone out,
// tokens long enough not to be guessed (generated when asked), reads behind the token unless
// --public-reads, no filesystem paths for remote clients, and 405 + Allow for a wrong method.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { RagError } from '@rag/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRagCli, type CliIo, type ServeCliOptions } from '../src/commands/rag-cli.js';
import { createHttpApp } from '../src/http/create-app.js';
import { startServer } from '../src/http/serve.js';
import { createMcpServer } from '../src/mcp/create-mcp-server.js';
import { createMcpHttpSessions } from '../src/mcp/http-sessions.js';
import type { RagService } from '../src/service/rag-service.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';
import { createFixtureService } from './support/fixture-stack.js';

const TOKEN = 'k7Qx2mV9pL4sR8tW1yZ6bN3cF5hJ0dGa';
const docs = [
  { id: 'a', title: 'Alpha', text: 'Alpha is the first letter of the Greek alphabet.' },
  { id: 'b', title: 'Beta', text: 'Beta follows alpha in the Greek alphabet.' },
];

let dir: string;
let service: RagService;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-serve-access-'));
  ({ service } = await createFixtureService({ dir: join(dir, 'store'), docs }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } } };
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('MCP sessions are capped per client and never lock a new client out', () => {
  it('100 initialize calls from one client leave another client able to connect, and the flooding client keeps only its newest sessions', async () => {
    const server = await startServer({ service, port: 0, ui: false });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 100; i++) {
        const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: mcpHeaders, body: JSON.stringify(INIT) });
        expect(res.status).toBe(200);
        ids.push(res.headers.get('mcp-session-id')!);
      }
      // A new client (the SDK's) still connects and works.
      const client = new Client({ name: 'late', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      await client.close();
      const list = (id: string) =>
        fetch(`${server.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
      // The flood's oldest sessions made room (404 naming why); its newest is still open.
      const oldest = await list(ids[0]!);
      expect(oldest.status).toBe(404);
      expect(((await oldest.json()) as { error: { message: string } }).error.message).toMatch(/closed to make room when its client opened more than 16 sessions/);
      expect((await list(ids.at(-1)!)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('counts sessions per client: one client flooding past the total cap closes its own sessions, not another client\u2019s', async () => {
    const sessions = createMcpHttpSessions({ createServer: ({ onDocumentsChanged }) => createMcpServer({ service, onDocumentsChanged }), maxSessions: 6, maxSessionsPerClient: 4 });
    const init = (client: string) =>
      sessions.handle(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: mcpHeaders, body: JSON.stringify(INIT) }), { parsedBody: INIT, client });
    const use = (id: string, client: string) =>
      sessions.handle(
        new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { ...mcpHeaders, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' }, body: '{}' }),
        { parsedBody: { jsonrpc: '2.0', id: 3, method: 'tools/list' }, client },
      );
    try {
      const b1 = (await init('b')).headers.get('mcp-session-id')!;
      const b2 = (await init('b')).headers.get('mcp-session-id')!;
      const flood: string[] = [];
      for (let i = 0; i < 30; i++) flood.push((await init('a')).headers.get('mcp-session-id')!);
      expect(sessions.size).toBeLessThanOrEqual(6);
      expect((await use(b1, 'b')).status).toBe(200);
      expect((await use(b2, 'b')).status).toBe(200);
      expect((await use(flood[0]!, 'a')).status).toBe(404);
      expect((await use(flood.at(-1)!, 'a')).status).toBe(200);
      // The total cap is full (b: 2, a: 4): a new client c takes room from the busiest client, a.
      const c1 = (await init('c')).headers.get('mcp-session-id')!;
      expect((await use(c1, 'c')).status).toBe(200);
      expect((await use(b1, 'b')).status).toBe(200);
      expect(sessions.size).toBe(6);
    } finally {
      await sessions.closeAll();
    }
  });
});

describe('tokens', () => {
  it('refuses a token shorter than 32 characters with a clear error', async () => {
    await expect(startServer({ service, port: 0, ui: false, token: 'sesame' })).rejects.toSatisfy(
      (e) => RagError.isInstance(e, 'RAG_CONFIG') && /--token: 6 characters; a token needs at least 32.*without a value to generate one/.test((e as Error).message),
    );
    await expect(startServer({ service, port: 0, ui: false, token: `${'x'.repeat(31)} ` })).rejects.toThrow(/printable ASCII without spaces/);
  });

  const cli = async (argv: string[], env: Record<string, string> = {}) => {
    let out = '';
    let err = '';
    const sink = (f: (s: string) => void) => new Writable({ write: (c, _e, cb) => (f(String(c)), cb()) });
    const io: CliIo = { stdout: sink((s) => (out += s)), stderr: sink((s) => (err += s)), env, cwd: dir };
    const seen: ServeCliOptions[] = [];
    const code = await runRagCli(argv, io, { backend: createIndexerBackend({ env: {} }), serve: async (_s, o) => void seen.push(o) });
    return { code, out, err, seen };
  };

  it('`rag serve --token` without a value generates a random 32-character token and prints it once', async () => {
    const a = await cli(['serve', '--store', 'store', '--token']);
    const b = await cli(['serve', '--store', 'store', '--token', '--public-reads']);
    expect(a.code).toBe(0);
    const token = a.seen[0]!.token!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.out.split(token).length - 1).toBe(1);
    expect(b.seen[0]).toMatchObject({ publicReads: true });
    expect(b.seen[0]!.token).not.toBe(token);
  });

  it('`rag serve` refuses a short --token or $RAG_TOKEN, and --public-reads without a token', async () => {
    const short = await cli(['serve', '--store', 'store', '--token', 'abc']);
    expect(short.code).toBe(1);
    expect(short.err).toMatch(/--token: 3 characters; a token needs at least 32/);
    expect(short.seen).toEqual([]);
    const env = await cli(['serve', '--store', 'store'], { RAG_TOKEN: 'hunter2' });
    expect(env.err).toMatch(/\$RAG_TOKEN: 7 characters/);
    const pr = await cli(['serve', '--store', 'store', '--public-reads']);
    expect(pr.err).toMatch(/--public-reads: only means something with a token/);
    const ok = await cli(['serve', '--store', 'store'], { RAG_TOKEN: TOKEN });
    expect(ok.seen[0]!.token).toBe(TOKEN);
  });
});

describe('reads need the token unless --public-reads', () => {
  const auth = { authorization: `Bearer ${TOKEN}` };
  it('answers 401 to reads without the token, over the API, the compat endpoints and /mcp; health stays open', async () => {
    const app = createHttpApp({ service, token: TOKEN });
    for (const path of ['/api/info', '/api/docs', '/api/docs/a', '/api/nodes?q=alpha', '/v1/models', '/api/graph/overview']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/token for reads too.*--public-reads/);
      expect((await app.request(path, { headers: auth })).status, path).toBe(200);
    }
    expect((await app.request('/api/info', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await app.request('/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'Which letter is first?' }) })).status).toBe(401);
    expect((await app.request('/mcp', { method: 'POST', headers: mcpHeaders, body: JSON.stringify(INIT) })).status).toBe(401);
    expect((await app.request('/mcp', { method: 'POST', headers: { ...mcpHeaders, ...auth }, body: JSON.stringify(INIT) })).status).toBe(200);
    expect((await app.request('/api/health')).status).toBe(200);
  });

  it('with --public-reads, reads are open and writes still need the token', async () => {
    const app = createHttpApp({ service, token: TOKEN, publicReads: true });
    expect((await app.request('/api/info')).status).toBe(200);
    expect((await app.request('/api/docs/a')).status).toBe(200);
    expect((await app.request('/api/docs/a', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('the store path is shown to this machine only', () => {
  const remoteEnv = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
  it('GET /api/info and MCP rag://info leave out `dir` for a remote client', async () => {
    const app = createHttpApp({ service, token: TOKEN, loopbackOnly: false });
    const get = async (address: string) =>
      (await (await app.fetch(new Request('http://rag.example/api/info', { headers: { authorization: `Bearer ${TOKEN}` } }), remoteEnv(address) as never)).json()) as { dir?: string; docs: number };
    const remote = await get('203.0.113.9');
    expect(remote.docs).toBe(2);
    expect(remote).not.toHaveProperty('dir');
    expect(JSON.stringify(remote)).not.toContain(dir);
    expect((await get('::ffff:127.0.0.1')).dir).toBe(service.info().dir);
    expect((await get('127.0.0.1')).dir).toBe(service.info().dir);

    const mcp = async (address: string, body: unknown, session?: string) =>
      app.fetch(
        new Request('http://rag.example/mcp', {
          method: 'POST',
          headers: { ...mcpHeaders, authorization: `Bearer ${TOKEN}`, 'mcp-protocol-version': '2025-06-18', ...(session ? { 'mcp-session-id': session } : {}) },
          body: JSON.stringify(body),
        }),
        remoteEnv(address) as never,
      );
    const readInfo = async (address: string) => {
      const init = await mcp(address, INIT);
      const id = init.headers.get('mcp-session-id')!;
      const res = await mcp(address, { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'rag://info' } }, id);
      const body = (await res.json()) as { result: { contents: { text: string }[] } };
      return JSON.parse(body.result.contents[0]!.text) as { dir?: string };
    };
    expect(await readInfo('198.51.100.7')).not.toHaveProperty('dir');
    expect((await readInfo('127.0.0.1')).dir).toBe(service.info().dir);
  });
});

describe('a wrong method on a known route', () => {
  it('is 405 with an Allow header; an unknown path stays 404', async () => {
    const app = createHttpApp({ service });
    const put = await app.request('/api/docs/a', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('DELETE, GET, HEAD');
    expect(((await put.json()) as { error: { code: string } }).error.code).toBe('RAG_METHOD_NOT_ALLOWED');
    const get = await app.request('/api/graph/merge');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await app.request('/api/ask', { method: 'GET' })).headers.get('allow')).toBe('POST');
    expect((await app.request('/api/info', { method: 'DELETE', headers: {} })).status).toBe(405);
    expect((await app.request('/api/nope')).status).toBe(404);
    expect((await app.request('/api/docs/a/b')).status).toBe(404);
  });
});
