// The MCP server as clients see it, through the official SDK Client: over Streamable HTTP
// against a real `startServer` (sessions, the write token) and over stdio against the real
// `rag mcp --store DIR` entry. Every tool result is checked against the tool's published
// outputSchema with ajv (not only by the SDK's own zod check on the server).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceListChangedNotificationSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/http/serve.js';
import type { RagService } from '../src/service/rag-service.js';
import { buildFixtureStore, createFixtureService } from './support/fixture-stack.js';

const READ_TOOLS = ['keyword_search', 'semantic_search', 'chunk_read', 'ask', 'get_node', 'neighbours'];
const WRITE_TOOLS = ['ingest', 'delete_document'];
const LELAND = 'hpt-00035';

const ajv = new Ajv({ allErrors: true, strict: false });

interface Hit {
  chunkId: string;
  docId: string;
  title?: string;
  snippets: { text: string }[];
}
interface Read {
  chunkId: string;
  text?: string;
  alreadyRead: boolean;
  missing?: boolean;
}

/** A connected client with the tools it listed; `call` checks a result against the tool's outputSchema. */
async function connect(transport: StdioClientTransport | StreamableHTTPClientTransport) {
  const client = new Client({ name: 'rag-test', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  const raw = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  async function call<T = unknown>(name: string, args: Record<string, unknown>): Promise<T> {
    const r = await raw(name, args);
    expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy();
    const tool = byName.get(name)!;
    const validate = ajv.compile(tool.outputSchema!);
    expect(validate(r.structuredContent), `${name} structuredContent: ${ajv.errorsText(validate.errors)}`).toBe(true);
    const result = (r.structuredContent as { result: T }).result;
    // The text content is the same result, for clients that read text only.
    expect(JSON.parse((r.content[0] as { text: string }).text)).toEqual(result);
    return result;
  }
  async function fails(name: string, args: Record<string, unknown>): Promise<string> {
    const r = await raw(name, args);
    expect(r.isError, `${name} should fail: ${JSON.stringify(r.structuredContent)}`).toBe(true);
    return (r.content[0] as { text: string }).text;
  }
  return { client, tools, byName, call, fails };
}
type Connected = Awaited<ReturnType<typeof connect>>;

function checkToolList(tools: Tool[], expected: string[]) {
  expect(tools.map((t) => t.name).sort()).toEqual([...expected].sort());
  for (const t of tools) {
    expect(t.title, t.name).toBeTruthy();
    expect(t.description, t.name).toBeTruthy();
    expect(t.annotations, t.name).toBeDefined();
    expect(t.outputSchema?.type, t.name).toBe('object');
    expect(ajv.validateSchema(t.outputSchema!), `${t.name} outputSchema is a JSON Schema`).toBe(true);
    expect(t.inputSchema.type).toBe('object');
  }
  const a = (name: string) => tools.find((t) => t.name === name)?.annotations;
  for (const name of ['keyword_search', 'semantic_search', 'chunk_read', 'get_node', 'neighbours']) expect(a(name)).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  // ask may queue proposals for review: not read-only, never destructive.
  expect(a('ask')).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: false });
  if (expected.includes('ingest')) {
    expect(a('ingest')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(a('delete_document')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
  }
  const props = (name: string) => tools.find((t) => t.name === name)!.inputSchema.properties;
  expect(props('ask')).toHaveProperty('method');
  expect(props('keyword_search')).toHaveProperty('keywords');
  if (expected.includes('ingest')) expect(props('ingest')).toHaveProperty('docs');
}

/** Calls every read tool (one chunk read twice: the second is "already read" in this session). */
async function exerciseReadTools(c: Connected): Promise<{ chunkId: string; nodeId: string }> {
  const kw = await c.call<Hit[]>('keyword_search', { keywords: ['Leland'], k: 3 });
  expect(kw).toHaveLength(3);
  const leland = kw.find((h) => h.docId === LELAND)!;
  expect(leland.title).toBe('Leland, North Carolina');
  expect(leland.snippets[0]!.text).toMatch(/Leland/);
  const sem = await c.call<Hit[]>('semantic_search', { query: 'films shot in Leland', k: 2 });
  expect(sem).toHaveLength(2);

  const first = await c.call<Read[]>('chunk_read', { ids: [leland.chunkId, 'no-such-chunk'] });
  expect(first[0]).toMatchObject({ chunkId: leland.chunkId, alreadyRead: false });
  expect(first[0]!.text).toContain('Maximum Overdrive');
  expect(first[1]).toMatchObject({ chunkId: 'no-such-chunk', missing: true });
  const again = await c.call<Read[]>('chunk_read', { ids: [leland.chunkId] });
  expect(again[0]).toMatchObject({ chunkId: leland.chunkId, alreadyRead: true });
  expect(again[0]!.text).toBeUndefined();

  const ask = await c.call<{ method: string; citations: { title: string }[]; status: string; form: string | null }>('ask', { question: 'Which movies were shot in Leland, North Carolina?', method: 'bm25', k: 3 });
  expect(ask.method).toBe('bm25');
  expect(ask.status).toBe('evidence');
  expect(ask.citations[0]!.title).toBe('Leland, North Carolina');
  const agent = await c.call<{ method: string; answer: string; stage: string; citations: unknown[]; verification: { status: string } | null }>('ask', {
    question: 'Which movies were shot in Leland, North Carolina?',
  });
  expect(agent.method).toBe('a2rag-agent');
  expect(agent.answer.length).toBeGreaterThan(0);
  expect(agent.stage).toBeTruthy();
  expect(agent.citations.length).toBeGreaterThan(0);
  expect(['verified', 'unsure', 'failed']).toContain(agent.verification?.status);
  // A sentence answer says so in the structured result (no phrase of the asked type was found).
  const sentence = await c.call<{ form: string | null; verification: { status: string; reason: string } | null }>('ask', { question: 'Who founded the Oahu Interscholastic Association?' });
  expect(sentence).toMatchObject({ form: 'sentence', verification: { status: 'unsure', reason: 'no phrase of the asked type was found; the best supporting sentence is shown' } });
  expect(ask).toMatchObject({ form: null });

  const node = await c.call<{ id: string; name: string; provenance: unknown[] }>('get_node', { name: 'Leland' });
  expect(node.name).toMatch(/Leland/);
  expect(node.provenance.length).toBeGreaterThan(0);
  expect((await c.call<{ id: string }>('get_node', { node_id: node.id })).id).toBe(node.id);
  const nb = await c.call<{ node: { id: string } }[]>('neighbours', { node_id: node.id, limit: 5 });
  expect(nb.length).toBeGreaterThan(0);
  expect(nb.length).toBeLessThanOrEqual(5);
  return { chunkId: leland.chunkId, nodeId: node.id };
}

/** Tool errors are isError results whose message names the argument and what is wrong. */
async function exerciseToolErrors(c: Connected) {
  expect(await c.fails('ask', { question: 'x', method: 'magic' })).toMatch(/^ask: method: unknown method "magic"/);
  const invalid = await c.fails('keyword_search', { keywords: [], k: 1000 });
  expect(invalid).toMatch(/Invalid arguments for tool keyword_search/);
  expect(invalid).toMatch(/at keywords/);
  expect(invalid).toMatch(/at k\b/);
  expect(await c.fails('ask', { question: 'x', extra: 1 })).toMatch(/extra/);
  expect(await c.fails('get_node', {})).toMatch(/^get_node: node_id or name: give one of them/);
  expect(await c.fails('get_node', { name: 'Zzyzx Qwerty' })).toMatch(/^get_node: name: no graph node named "Zzyzx Qwerty"/);
  expect(await c.fails('neighbours', { node_id: 'person:nobody at all' })).toMatch(/^neighbours: node_id: no graph node with id "person:nobody at all"/);
}

/** Resources: the fixed info, the two templates, one read of each, completion of a node id. */
async function exerciseResources(c: Connected, nodeId: string, expectDocs: number) {
  const listed = await c.client.listResources();
  expect(listed.resources[0]).toMatchObject({ uri: 'rag://info', mimeType: 'application/json' });
  const docs = listed.resources.filter((r) => r.uri.startsWith('rag://docs/'));
  expect(docs.length).toBe(Math.min(expectDocs, 100));
  expect(docs.find((r) => r.name === LELAND)).toMatchObject({ uri: `rag://docs/${LELAND}`, title: 'Leland, North Carolina', mimeType: 'application/json' });

  const { resourceTemplates } = await c.client.listResourceTemplates();
  expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['rag://docs/{id}', 'rag://nodes/{id}']);
  for (const t of resourceTemplates) expect(t.mimeType).toBe('application/json');

  const info = await c.client.readResource({ uri: 'rag://info' });
  const infoJson = JSON.parse((info.contents[0] as { text: string }).text) as { docs: number; nodes: number; writes: string };
  expect(infoJson.docs).toBe(expectDocs);
  expect(infoJson.nodes).toBeGreaterThan(0);

  const doc = await c.client.readResource({ uri: `rag://docs/${LELAND}` });
  expect(doc.contents[0]).toMatchObject({ uri: `rag://docs/${LELAND}`, mimeType: 'application/json' });
  const docJson = JSON.parse((doc.contents[0] as { text: string }).text) as { id: string; title: string; text: string; chunks: { id: string; start: number; end: number }[] };
  expect(docJson).toMatchObject({ id: LELAND, title: 'Leland, North Carolina' });
  expect(docJson.text).toContain('Maximum Overdrive');
  expect(docJson.chunks.length).toBeGreaterThan(0);

  // Node ids contain ':' and spaces: the URI carries them percent-encoded.
  const nodeUri = `rag://nodes/${encodeURIComponent(nodeId)}`;
  const node = await c.client.readResource({ uri: nodeUri });
  const nodeJson = JSON.parse((node.contents[0] as { text: string }).text) as { id: string; provenance: { quote: string }[]; neighbours: unknown[] };
  expect(nodeJson.id).toBe(nodeId);
  expect(nodeJson.provenance.length).toBeGreaterThan(0);

  await expect(c.client.readResource({ uri: 'rag://docs/no-such-doc' })).rejects.toThrow(/-32002.*no-such-doc.*not found/);
  await expect(c.client.readResource({ uri: 'rag://nodes/%E0%A4%A' })).rejects.toThrow(/not a percent-encoded string/);

  const completed = await c.client.complete({ ref: { type: 'ref/resource', uri: 'rag://nodes/{id}' }, argument: { name: 'id', value: 'Leland' } });
  expect(completed.completion.values).toContain(nodeId);
  const docIds = await c.client.complete({ ref: { type: 'ref/resource', uri: 'rag://docs/{id}' }, argument: { name: 'id', value: 'hpt-0003' } });
  expect(docIds.completion.values).toContain(LELAND);
  return infoJson;
}

async function exercisePrompts(c: Connected, nodeId: string) {
  const { prompts } = await c.client.listPrompts();
  expect(prompts.map((p) => p.name).sort()).toEqual(['answer_with_citations', 'explore_entity']);
  expect(prompts.find((p) => p.name === 'answer_with_citations')!.arguments).toEqual([expect.objectContaining({ name: 'question', required: true })]);
  expect(prompts.find((p) => p.name === 'explore_entity')!.arguments).toEqual([expect.objectContaining({ name: 'name', required: true })]);
  for (const p of prompts) expect(p.title).toBeTruthy();

  const answer = await c.client.getPrompt({ name: 'answer_with_citations', arguments: { question: 'Who directed Maximum Overdrive?' } });
  const text = (answer.messages[0]!.content as { text: string }).text;
  expect(text).toContain('Question: Who directed Maximum Overdrive?');
  for (const tool of ['keyword_search', 'semantic_search', 'chunk_read']) expect(text).toContain(tool);
  expect(text).toMatch(/cite its chunk id/);

  const explore = await c.client.getPrompt({ name: 'explore_entity', arguments: { name: 'Leland' } });
  expect((explore.messages[0]!.content as { text: string }).text).toContain('Explore the entity "Leland"');
  expect(explore.messages[1]!.content).toMatchObject({ type: 'resource', resource: { uri: `rag://nodes/${encodeURIComponent(nodeId)}`, mimeType: 'application/json' } });
  const unknown = await c.client.getPrompt({ name: 'explore_entity', arguments: { name: 'Zzyzx Qwerty' } });
  expect(unknown.messages).toHaveLength(1);
  expect((unknown.messages[0]!.content as { text: string }).text).toMatch(/No graph node matches "Zzyzx Qwerty"/);
  await expect(c.client.getPrompt({ name: 'answer_with_citations', arguments: {} })).rejects.toThrow(/question/);

  const names = await c.client.complete({ ref: { type: 'ref/prompt', name: 'explore_entity' }, argument: { name: 'name', value: 'Lel' } });
  expect(names.completion.values.some((v) => /Leland/.test(v))).toBe(true);
}

const http = (server: RunningServer, headers?: Record<string, string>) =>
  new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), headers ? { requestInit: { headers } } : undefined);

const tinyDocs = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}`, title: `${prefix} ${i}`, text: `Note ${i} of ${prefix}: the lighthouse keeper Ansel Brandt logged ${i} ships.` }));

describe('MCP over Streamable HTTP (/mcp)', () => {
  let dir: string;
  let service: RagService;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rag-mcp-http-'));
    ({ service } = await createFixtureService({ dir }));
    server = await startServer({ service, port: 0, ui: false });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists tools with titles, annotations and output schemas, and calls each one', async () => {
    const c = await connect(http(server));
    try {
      checkToolList(c.tools, [...READ_TOOLS, ...WRITE_TOOLS]);
      await exerciseReadTools(c);
      await exerciseToolErrors(c);
    } finally {
      await c.client.close();
    }
  });

  it('serves resources, templates, completions and prompts', async () => {
    const c = await connect(http(server));
    try {
      const { nodeId } = await exerciseReadTools(c);
      const info = await exerciseResources(c, nodeId, service.info().docs);
      expect(info.writes).toBe('open');
      await exercisePrompts(c, nodeId);
    } finally {
      await c.client.close();
    }
  });

  it('keeps a session: a chunk read twice in one session is "already read", in another session it is new', async () => {
    const a = await connect(http(server));
    const b = await connect(http(server));
    try {
      const sa = (a.client.transport as StreamableHTTPClientTransport).sessionId;
      const sb = (b.client.transport as StreamableHTTPClientTransport).sessionId;
      expect(sa).toMatch(/^[0-9a-f-]{36}$/);
      expect(sb).toMatch(/^[0-9a-f-]{36}$/);
      expect(sa).not.toBe(sb);
      const [hit] = await a.call<Hit[]>('keyword_search', { keywords: ['Maximum Overdrive'], k: 1 });
      expect((await a.call<Read[]>('chunk_read', { ids: [hit!.chunkId] }))[0]!.alreadyRead).toBe(false);
      expect((await a.call<Read[]>('chunk_read', { ids: [hit!.chunkId] }))[0]!.alreadyRead).toBe(true);
      expect((await b.call<Read[]>('chunk_read', { ids: [hit!.chunkId] }))[0]!.alreadyRead).toBe(false);
      expect((await a.call<Read[]>('chunk_read', { ids: [hit!.chunkId] }))[0]!.alreadyRead).toBe(true);
    } finally {
      await a.client.close();
      await b.client.close();
    }
  });

  it('ends a session on DELETE /mcp; its id is then unknown (404)', async () => {
    const c = await connect(http(server));
    const transport = c.client.transport as StreamableHTTPClientTransport;
    const id = transport.sessionId!;
    await transport.terminateSession();
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/no such session.*initialize/);
    await c.client.close();
  });

  it('refuses a cross-site GET (event stream) or DELETE of a real session, which stays usable', async () => {
    const c = await connect(http(server));
    try {
      const id = (c.client.transport as StreamableHTTPClientTransport).sessionId!;
      const session = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' };
      const forgeries: Record<string, string>[] = [{ origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
      for (const forged of forgeries) {
        const get = await fetch(`${server.url}/mcp`, { headers: { accept: 'text/event-stream', ...session, ...forged } });
        expect(get.status).toBe(403);
        expect(((await get.json()) as { error: { message: string } }).error.message).toMatch(/cross-site/);
        expect((await fetch(`${server.url}/mcp`, { method: 'DELETE', headers: { ...session, ...forged } })).status).toBe(403);
      }
      expect((await c.client.listTools()).tools.length).toBe(READ_TOOLS.length + WRITE_TOOLS.length);
    } finally {
      await c.client.close();
    }
  });

  it('answers a POST without a session id statelessly, and refuses GET/DELETE without one', async () => {
    const post = (body: unknown) =>
      fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(body) });
    const list = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(list.status).toBe(200);
    expect(list.headers.get('mcp-session-id')).toBeNull();
    expect(((await list.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(READ_TOOLS.length + WRITE_TOOLS.length);
    expect((await post('not json at all')).status).toBe(400);
    const bad = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const get = await fetch(`${server.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(400);
    expect(((await get.json()) as { error: { message: string } }).error.message).toMatch(/Mcp-Session-Id/);
    expect((await fetch(`${server.url}/mcp`, { method: 'DELETE' })).status).toBe(400);
  });

  it('ingests and deletes without a token (loopback, no token configured) and notifies other sessions on their event stream', async () => {
    const writer = await connect(http(server));
    const watcher = await connect(http(server));
    let changed = 0;
    watcher.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void (changed += 1));
    try {
      const before = service.info().docs;
      const summary = await writer.call<{ added: number; chunks: number }>('ingest', { docs: tinyDocs(25, 'open') });
      expect(summary.added).toBe(25);
      expect(service.info().docs).toBe(before + 25);
      await expect.poll(() => changed, { timeout: 5000 }).toBeGreaterThan(0);

      // More than a page of documents: resources/list pages with a cursor.
      const page1 = await watcher.client.listResources();
      expect(page1.resources).toHaveLength(101);
      expect(page1.nextCursor).toBeTruthy();
      const page2 = await watcher.client.listResources({ cursor: page1.nextCursor! });
      expect(page2.resources).toHaveLength(before + 25 - 100);
      expect(page2.nextCursor).toBeUndefined();
      const all = [...page1.resources, ...page2.resources].map((r) => r.uri);
      expect(new Set(all).size).toBe(all.length);
      expect(all).toContain('rag://docs/open-24');
      await expect(watcher.client.listResources({ cursor: 'bogus' })).rejects.toThrow(/cursor: not a cursor this server returned/);

      // k is at most 20 (A-RAG's top_k); all 25 new documents are listed as resources above.
      const hits = await writer.call<Hit[]>('keyword_search', { keywords: ['Ansel Brandt'], k: 20 });
      expect(new Set(hits.map((h) => h.docId)).size).toBe(20);
      expect(hits.every((h) => h.docId.startsWith('open-'))).toBe(true);

      const seen = changed;
      expect(await writer.call('delete_document', { id: 'open-0' })).toMatchObject({ id: 'open-0', removedChunks: 1 });
      expect(await writer.fails('delete_document', { id: 'open-0' })).toBe('delete_document: id: no document with id "open-0"');
      await expect.poll(() => changed, { timeout: 5000 }).toBeGreaterThan(seen);
      expect(await writer.fails('ingest', { docs: [] })).toMatch(/Invalid arguments for tool ingest.*at docs/s);
      expect(await writer.fails('ingest', { docs: [{ id: '', text: 'Some text.' }] })).toMatch(/^ingest: docs\[0\]\.id: must not be empty; nothing was stored$/);
      expect(await writer.fails('ingest', { docs: [{ id: 'x', text: 'Some text.' }], extra: true })).toMatch(/extra/);
      expect(service.info().docs).toBe(before + 24);
    } finally {
      await writer.client.close();
      await watcher.client.close();
    }
  });

  it('closes the least recently used session of a client past its cap (never refusing the new one), and closes idle sessions', async () => {
    const small = await startServer({ service, port: 0, ui: false, mcp: { maxSessions: 2, idleMs: 2500 } });
    try {
      // Raw requests (an SDK client also opens an event stream in the background, which counts as use).
      const post = (body: unknown, session?: string) =>
        fetch(`${small.url}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', ...(session ? { 'mcp-session-id': session } : {}) },
          body: JSON.stringify(body),
        });
      const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
      const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
      const first = (await post(init)).headers.get('mcp-session-id')!;
      const second = (await post(init)).headers.get('mcp-session-id')!;
      expect((await post(list, first)).status).toBe(200);
      // A third session opens; the second, used least recently, made room for it.
      const third = await post(init);
      expect(third.status).toBe(200);
      const gone = await post(list, second);
      expect(gone.status).toBe(404);
      expect(((await gone.json()) as { error: { message: string } }).error.message).toMatch(/closed to make room when its client opened more than 2 sessions/);
      expect((await post(list, first)).status).toBe(200);
      await fetch(`${small.url}/mcp`, { method: 'DELETE', headers: { 'mcp-session-id': first } });
      await fetch(`${small.url}/mcp`, { method: 'DELETE', headers: { 'mcp-session-id': third.headers.get('mcp-session-id')! } });
      const a = await connect(http(small));
      const c = await connect(http(small));
      await c.client.close();
      // a, and c (closed by the client but never DELETEd), expire after 2.5 s without a request.
      await new Promise((r) => setTimeout(r, 3500));
      await expect(a.client.listTools()).rejects.toThrow(/no such session/);
      await a.client.close();
      const d = await connect(http(small));
      const e = await connect(http(small));
      await d.client.close();
      await e.client.close();
    } finally {
      await small.close();
    }
  });
});

const WRITE_TOKEN = 'sesame-sesame-sesame-sesame-open';

describe('MCP over HTTP with a write token (reads public)', () => {
  let dir: string;
  let service: RagService;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rag-mcp-token-'));
    ({ service } = await createFixtureService({ dir, docs: tinyDocs(3, 'base') }));
    server = await startServer({ service, port: 0, ui: false, token: WRITE_TOKEN, publicReads: true });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses ingest and delete_document without the token, reads need none', async () => {
    const c = await connect(http(server));
    try {
      checkToolList(c.tools, [...READ_TOOLS, ...WRITE_TOOLS]);
      expect(c.byName.get('ingest')!.description).toMatch(/bearer token/);
      expect((await c.call<Hit[]>('keyword_search', { keywords: ['Ansel'], k: 5 })).length).toBe(3);
      expect(await c.fails('ingest', { docs: tinyDocs(1, 'anon') })).toMatch(/^ingest: unauthorized: .*Authorization: Bearer <token>/);
      expect(await c.fails('delete_document', { id: 'base-0' })).toMatch(/^delete_document: unauthorized/);
      expect(service.info().docs).toBe(3);
      const info = JSON.parse(((await c.client.readResource({ uri: 'rag://info' })).contents[0] as { text: string }).text) as { writes: string };
      expect(info.writes).toBe('token');
    } finally {
      await c.client.close();
    }
  });

  it('lets requests that carry the token write', async () => {
    const c = await connect(http(server, { authorization: `Bearer ${WRITE_TOKEN}` }));
    try {
      expect(await c.call('ingest', { docs: tinyDocs(2, 'auth') })).toMatchObject({ added: 2 });
      expect(service.info().docs).toBe(5);
      expect(await c.call('delete_document', { id: 'auth-1' })).toMatchObject({ id: 'auth-1' });
      expect(service.info().docs).toBe(4);
    } finally {
      await c.client.close();
    }
  });

  it('lets a request with a wrong token read, and its write tools say the token is wrong', async () => {
    const c = await connect(http(server, { authorization: 'Bearer open-says-me' }));
    try {
      expect((await c.call<Hit[]>('keyword_search', { keywords: ['Ansel'], k: 5 })).length).toBeGreaterThan(0);
      expect(await c.fails('ingest', { docs: tinyDocs(1, 'wrong') })).toBe("ingest: unauthorized: the bearer token sent with this /mcp request is not this server's token");
      expect(await c.fails('delete_document', { id: 'base-0' })).toMatch(/^delete_document: unauthorized: the bearer token sent/);
      expect(service.info().docs).toBe(4);
    } finally {
      await c.client.close();
    }
  });
});

describe('MCP over stdio (the real `rag mcp --store DIR` entry)', () => {
  let dir: string;
  let docs: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rag-mcp-stdio-'));
    docs = (await buildFixtureStore(dir)).index.manifest().docs;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const app = resolve(import.meta.dirname, '..');
  const stdio = (...extra: string[]) =>
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@rag/source', '--import', 'tsx', resolve(app, 'src', 'bin', 'rag.ts'), 'mcp', '--store', dir, ...extra],
      cwd: app,
      // No service variables: the child runs the embedded defaults, like the store was built.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stderr: 'pipe',
    });

  it('lists and calls every tool, serves resources and prompts, and writes', async () => {
    const c = await connect(stdio());
    try {
      checkToolList(c.tools, [...READ_TOOLS, ...WRITE_TOOLS]);
      const { nodeId } = await exerciseReadTools(c);
      await exerciseToolErrors(c);
      expect((await exerciseResources(c, nodeId, docs)).writes).toBe('open');
      await exercisePrompts(c, nodeId);
      expect(await c.call('ingest', { docs: tinyDocs(1, 'stdio') })).toMatchObject({ added: 1 });
      expect(await c.call('delete_document', { id: 'stdio-0' })).toMatchObject({ id: 'stdio-0', removedChunks: 1 });
    } finally {
      await c.client.close();
    }
  });

  it('--read-only offers no write tools and refuses a call to them', async () => {
    const c = await connect(stdio('--read-only'));
    try {
      checkToolList(c.tools, READ_TOOLS);
      expect(await c.fails('ingest', { docs: tinyDocs(1, 'ro') })).toMatch(/Tool ingest not found/);
      expect(await c.fails('delete_document', { id: LELAND })).toMatch(/Tool delete_document not found/);
      expect(c.client.getInstructions()).toMatch(/read-only/);
      const info = JSON.parse(((await c.client.readResource({ uri: 'rag://info' })).contents[0] as { text: string }).text) as { writes: string; docs: number };
      expect(info).toMatchObject({ writes: 'off', docs });
      expect((await c.call<Hit[]>('keyword_search', { keywords: ['Leland'], k: 1 })).length).toBe(1);
    } finally {
      await c.client.close();
    }
  });
});
