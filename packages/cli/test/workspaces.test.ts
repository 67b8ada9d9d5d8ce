// One server, several stores (`rag serve --workspace a=DIR --workspace b=DIR`): each workspace
// at /w/<name>/ with its own token and MCP endpoint; a client of one can neither read nor write
// another, through HTTP and MCP; the edit log names the workspace that made an edit.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRagCli, type CliIo, type ServeCliOptions } from '../src/commands/rag-cli.js';
import { startServer, type RunningServer } from '../src/http/serve.js';
import type { RagService } from '../src/service/rag-service.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';
import { buildFixtureStore, createFixtureService } from './support/fixture-stack.js';

const TOKEN_A = 'aaaaaaaa-workspace-a-token-000001';
const TOKEN_B = 'bbbbbbbb-workspace-b-token-000002';
const docsA = [
  { id: 'a-harbour', title: 'Harbour of Quillon', text: 'The harbour of Quillon was dredged by the engineer Marta Velasco in 1911.' },
  { id: 'a-bridge', title: 'Quillon bridge', text: 'Marta Velasco also designed the stone bridge of Quillon.' },
];
const docsB = [
  { id: 'b-orchard', title: 'Orchard of Brenn', text: 'The orchard of Brenn was planted by the gardener Tomas Ekdahl in 1920.' },
  { id: 'b-mill', title: 'Brenn mill', text: 'Tomas Ekdahl rebuilt the water mill of Brenn.' },
];

let dir: string;
let a: RagService;
let b: RagService;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-workspaces-'));
  ({ service: a } = await createFixtureService({ dir: join(dir, 'a'), docs: docsA }));
  ({ service: b } = await createFixtureService({ dir: join(dir, 'b'), docs: docsB }));
  server = await startServer({ port: 0, workspaces: [{ name: 'a', service: a, token: TOKEN_A }, { name: 'b', service: b, token: TOKEN_B }] });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const get = (path: string, token?: string) => fetch(`${server.url}${path}`, token ? { headers: bearer(token) } : {});
const post = (path: string, body: unknown, token?: string) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) }, body: JSON.stringify(body) });
const ids = async (res: Response) => ((await res.json()) as { items: { id: string }[] }).items.map((d) => d.id).sort();

describe('workspaces over HTTP', () => {
  it('each client sees only its own documents', async () => {
    expect(await ids(await get('/w/a/api/docs', TOKEN_A))).toEqual(['a-bridge', 'a-harbour']);
    expect(await ids(await get('/w/b/api/docs', TOKEN_B))).toEqual(['b-mill', 'b-orchard']);
    const ask = await post('/w/a/api/ask', { question: 'Who dredged the harbour of Quillon?', method: 'bm25' }, TOKEN_A);
    expect(ask.status).toBe(200);
    const evidence = ((await ask.json()) as { evidence: { docId: string }[] }).evidence;
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence.every((e) => e.docId.startsWith('a-'))).toBe(true);
  });

  it("a client of one workspace can neither read nor write another's, and nothing is served without a token", async () => {
    for (const path of ['/w/b/api/docs', '/w/b/api/docs/b-mill', '/w/b/api/info', '/w/b/api/nodes?q=Tomas']) {
      expect((await get(path, TOKEN_A)).status, path).toBe(401);
      expect((await get(path)).status, path).toBe(401);
    }
    expect((await post('/w/b/api/ask', { question: 'Who planted the orchard of Brenn?' }, TOKEN_A)).status).toBe(401);
    expect((await post('/w/b/api/docs', { docs: [{ id: 'intruder', text: 'Written from workspace a.' }] }, TOKEN_A)).status).toBe(401);
    expect((await fetch(`${server.url}/w/b/api/docs/b-mill`, { method: 'DELETE', headers: bearer(TOKEN_A) })).status).toBe(401);
    expect(b.info().docs).toBe(2);
    expect(() => b.getDoc('intruder')).toThrow(/not found/);
    // No single-store routes and no unknown workspace; nothing lists the workspaces.
    expect((await get('/api/docs', TOKEN_A)).status).toBe(404);
    expect((await get('/w/c/api/docs', TOKEN_A)).status).toBe(404);
    expect((await get('/api/health')).status).toBe(200);
  });

  it('writes with its own token, and the edit log names the workspace and that the token was sent', async () => {
    const write = await post('/w/a/api/docs', { docs: [{ id: 'a-lock', title: 'Quillon lock', text: 'Marta Velasco added a lock to the harbour of Quillon in 1913.' }] }, TOKEN_A);
    expect(write.status).toBe(201);
    expect(a.info().docs).toBe(3);
    expect(b.info().docs).toBe(2);
    const node = a.findNodes('Marta Velasco')[0]!;
    const edit = await fetch(`${server.url}/w/a/api/nodes/${encodeURIComponent(node.id)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...bearer(TOKEN_A) },
      body: JSON.stringify({ description: 'engineer of Quillon' }),
    });
    expect(edit.status).toBe(200);
    const log = (await (await get('/w/a/api/graph/edits', TOKEN_A)).json()) as { actor: string }[] | { items: { actor: string }[] };
    const records = Array.isArray(log) ? log : log.items;
    expect(records.at(-1)!.actor).toBe('http:a:token@127.0.0.1');
  });
});

describe('workspaces over MCP', () => {
  const connect = async (workspace: string, token: string) => {
    const client = new Client({ name: 'ws-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/w/${workspace}/mcp`), { requestInit: { headers: bearer(token) } }));
    return client;
  };
  const text = (r: unknown) => ((r as { content: { text: string }[] }).content[0]!.text);

  it('each client searches only its own store, and cannot connect to another workspace', async () => {
    const ca = await connect('a', TOKEN_A);
    const cb = await connect('b', TOKEN_B);
    try {
      const hitsA = JSON.parse(text(await ca.callTool({ name: 'keyword_search', arguments: { keywords: ['Tomas Ekdahl', 'Marta Velasco'], k: 10 } }))) as { docId: string }[];
      expect(hitsA.length).toBeGreaterThan(0);
      expect(hitsA.every((h) => h.docId.startsWith('a-'))).toBe(true);
      const hitsB = JSON.parse(text(await cb.callTool({ name: 'keyword_search', arguments: { keywords: ['Tomas Ekdahl', 'Marta Velasco'], k: 10 } }))) as { docId: string }[];
      expect(hitsB.every((h) => h.docId.startsWith('b-'))).toBe(true);
      const ingest = await ca.callTool({ name: 'ingest', arguments: { docs: [{ id: 'a-mcp', text: 'Marta Velasco retired in Quillon.' }] } });
      expect(ingest.isError).toBeFalsy();
      expect(b.info().docs).toBe(2);
    } finally {
      await ca.close();
      await cb.close();
    }
    await expect(connect('b', TOKEN_A)).rejects.toThrow(/401|Unauthorized|token/i);
  });
});

describe('rag serve --workspace', () => {
  const cli = async (argv: string[]) => {
    let out = '';
    let err = '';
    const sink = (f: (s: string) => void) => new Writable({ write: (c, _e, cb) => (f(String(c)), cb()) });
    const io: CliIo = { stdout: sink((s) => (out += s)), stderr: sink((s) => (err += s)), env: {}, cwd: dir };
    const seen: ServeCliOptions[] = [];
    const code = await runRagCli(argv, io, { backend: createIndexerBackend({ env: {} }), serve: async (_s, o) => void seen.push(o) });
    return { code, out, err, seen };
  };

  it('opens each store with its own token (given, or generated and printed once), or every store in a directory', async () => {
    const r = await cli(['serve', '--workspace', 'a=a', '--workspace', 'b=b', '--workspace-token', `a=${TOKEN_A}`]);
    expect(r.code).toBe(0);
    const ws = r.seen[0]!.workspaces!;
    expect(ws.map((w) => w.name)).toEqual(['a', 'b']);
    expect(ws[0]!.token).toBe(TOKEN_A);
    expect(ws[1]!.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(r.out).toContain(`workspace b: generated token (shown once, keep it): ${ws[1]!.token}`);
    expect(r.out).not.toContain(TOKEN_A);
    mkdirSync(join(dir, 'root'));
    await buildFixtureStore(join(dir, 'root', 'one'), docsA);
    mkdirSync(join(dir, 'root', 'not-a-store'));
    const all = await cli(['serve', '--workspaces', 'root']);
    expect(all.seen[0]!.workspaces!.map((w) => w.name)).toEqual(['one']);
  });

  it('refuses a mix with --store or --token, a short workspace token, and an unknown --workspace-token', async () => {
    expect((await cli(['serve', '--store', 'a', '--workspace', 'b=b'])).err).toMatch(/drop --store and --token/);
    expect((await cli(['serve', '--workspace', 'a=a', '--workspace-token', 'a=short'])).err).toMatch(/--workspace-token a: 5 characters; a token needs at least 32/);
    expect((await cli(['serve', '--workspace', 'a=a', '--workspace-token', `z=${TOKEN_B}`])).err).toMatch(/--workspace-token z: no workspace of that name/);
    expect((await cli(['serve', '--workspace', 'a'])).err).toMatch(/expected NAME=VALUE/);
    await expect(startServer({ port: 0, workspaces: [{ name: 'a', service: a, token: TOKEN_A }, { name: 'b', service: b, token: TOKEN_A }] })).rejects.toThrow(/same token as another workspace/);
    await expect(startServer({ port: 0, publicReads: true, workspaces: [{ name: 'a', service: a, token: TOKEN_A }] })).rejects.toThrow(/--public-reads: not with workspaces/);
    await expect(startServer({ port: 0, workspaces: [{ name: '../x', service: a, token: TOKEN_A }] })).rejects.toThrow(/a name is 1-63 letters/);
  });
});
