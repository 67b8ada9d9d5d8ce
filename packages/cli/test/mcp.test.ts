import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/http/serve.js';
import { buildFixtureStore, createFixtureService } from './support/fixture-stack.js';

const TOOLS = ['keyword_search', 'semantic_search', 'chunk_read', 'ask', 'get_node', 'neighbours'];
const text = (r: unknown) => JSON.parse((r as { content: { text: string }[] }).content[0]!.text) as unknown;

/** Lists the tools, then calls the A-RAG ones; returns the second read of the same chunk. */
async function exerciseAragTools(client: Client) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
  expect(tools.find((t) => t.name === 'ask')!.inputSchema.properties).toHaveProperty('method');
  expect(tools.find((t) => t.name === 'keyword_search')!.inputSchema.properties).toHaveProperty('keywords');

  const kw = text(await client.callTool({ name: 'keyword_search', arguments: { keywords: ['Leland'], k: 3 } })) as {
    chunkId: string;
    docId: string;
    title: string;
    snippets: { text: string }[];
  }[];
  expect(kw).toHaveLength(3);
  const leland = kw.find((h) => h.docId === 'hpt-00035');
  expect(leland?.title).toBe('Leland, North Carolina');
  expect(leland!.snippets[0]!.text).toMatch(/Leland/);
  const sem = text(await client.callTool({ name: 'semantic_search', arguments: { query: 'films shot in Leland', k: 2 } })) as { chunkId: string }[];
  expect(sem).toHaveLength(2);
  const read = text(await client.callTool({ name: 'chunk_read', arguments: { ids: [leland!.chunkId] } })) as { text?: string; alreadyRead: boolean }[];
  expect(read[0]!.text).toContain('Maximum Overdrive');
  // A-RAG's context tracker: within one session a chunk already read comes back without its text.
  const again = text(await client.callTool({ name: 'chunk_read', arguments: { ids: [leland!.chunkId] } })) as { text?: string; alreadyRead: boolean }[];
  return again;
}

/** Calls every tool through a connected client and checks what comes back. */
async function exerciseAllTools(client: Client, session: 'one' | 'per-request') {
  const again = await exerciseAragTools(client);
  // stdio is one session (the tracker remembers); the HTTP endpoint is stateless (a fresh one per request).
  expect(again[0]!.alreadyRead).toBe(session === 'one');

  const ask = text(await client.callTool({ name: 'ask', arguments: { question: 'Which movies were shot in Leland, North Carolina?', method: 'bm25', k: 3 } })) as {
    method: string;
    citations: { title: string; quote: string }[];
  };
  expect(ask.method).toBe('bm25');
  expect(ask.citations[0]!.title).toBe('Leland, North Carolina');
  const agent = text(await client.callTool({ name: 'ask', arguments: { question: 'Which movies were shot in Leland, North Carolina?' } })) as {
    method: string;
    answer: string;
    stage: string;
    citations: { title: string; quote: string }[];
  };
  expect(agent.method).toBe('a2rag-agent');
  expect(agent.answer.length).toBeGreaterThan(0);
  expect(agent.stage).toBeTruthy();
  expect(agent.citations.length).toBeGreaterThan(0);
  const node = text(await client.callTool({ name: 'get_node', arguments: { name: 'Leland' } })) as { id: string; provenance: unknown[] };
  expect(node.provenance.length).toBeGreaterThan(0);
  const nb = text(await client.callTool({ name: 'neighbours', arguments: { node_id: node.id, limit: 5 } })) as unknown[];
  expect(Array.isArray(nb)).toBe(true);

  const bad = (await client.callTool({ name: 'ask', arguments: { question: 'x', method: 'magic' } })) as { isError?: boolean; content: { text: string }[] };
  expect(bad.isError).toBe(true);
  expect(bad.content[0]!.text).toMatch(/unknown method "magic"/);
  const invalid = (await client.callTool({ name: 'keyword_search', arguments: { keywords: [], k: 1000 } })) as { isError?: boolean; content: { text: string }[] };
  expect(invalid.isError).toBe(true);
  expect(invalid.content[0]!.text).toMatch(/invalid arguments/);
}

describe('MCP over Streamable HTTP (/mcp)', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rag-mcp-http-'));
    const { service } = await createFixtureService({ dir });
    server = await startServer({ service, port: 0, ui: false });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists and calls every tool', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      await exerciseAllTools(client, 'per-request');
    } finally {
      await client.close();
    }
  });
});

describe('MCP over stdio (the real `rag mcp --store DIR` entry)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rag-mcp-stdio-'));
    await buildFixtureStore(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists and calls every tool', async () => {
    const app = resolve(import.meta.dirname, '..');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@rag/source', '--import', 'tsx', resolve(app, 'src', 'bin', 'rag.ts'), 'mcp', '--store', dir],
      cwd: app,
      // No service variables: the child runs the embedded defaults, like the store was built.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    try {
      await exerciseAllTools(client, 'one');
    } finally {
      await client.close();
    }
  });
});
