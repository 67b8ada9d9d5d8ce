// Safe defaults of `rag serve` on loopback with no token: a web page on another origin, or a page
// that rebinds its DNS name to 127.0.0.1, must not be able to write to the store or call MCP.
// Requests go over a real socket (node:http) so Origin, Sec-Fetch-Site and Host are sent exactly
// as forged.
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/http/serve.js';
import { refusal } from '../src/http/security/request-guard.js';
import type { RagService } from '../src/service/rag-service.js';
import { createFixtureService } from './support/fixture-stack.js';

let dir: string;
let service: RagService;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-sec-'));
  ({ service } = await createFixtureService({
    dir,
    docs: [
      { id: 'a', title: 'Alpha', text: 'Alpha Centauri is a star system in the constellation Centaurus.' },
      { id: 'b', title: 'Beta', text: 'Beta Pictoris is a star in the constellation Pictor.' },
    ],
  }));
  server = await startServer({ service, port: 0, ui: false });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

const host = () => `127.0.0.1:${server.port}`;
const evil = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };
const multipart = () => {
  const boundary = '----ragtest';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="evil.txt"\r\nContent-Type: text/plain\r\n\r\n` +
    `Evil text that must never be indexed.\r\n--${boundary}--\r\n`;
  return { type: `multipart/form-data; boundary=${boundary}`, body };
};

const writes = () => {
  const mp = multipart();
  return [
    { name: 'JSON document', method: 'POST', path: '/api/docs', type: 'application/json', body: JSON.stringify({ docs: [{ id: 'evil', text: 'Evil text.' }] }) },
    { name: 'text/plain document', method: 'POST', path: '/api/docs', type: 'text/plain', body: JSON.stringify({ docs: [{ id: 'evil', text: 'Evil text.' }] }) },
    { name: 'multipart upload', method: 'POST', path: '/api/upload', type: mp.type, body: mp.body },
    { name: 'graph merge', method: 'POST', path: '/api/graph/merge', type: 'text/plain', body: JSON.stringify({ keepId: 'x', mergeId: 'y' }) },
    { name: 'delete', method: 'DELETE', path: '/api/docs/a', type: 'text/plain', body: '' },
    { name: 'MCP call', method: 'POST', path: '/mcp', type: 'application/json', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) },
  ];
};

describe('rag serve on loopback without a token', () => {
  it.each(writes().map((w) => [w.name, w] as const))('refuses a cross-site %s with 403 and changes nothing', async (_name, w) => {
    const before = service.info();
    const jobsBefore = service.jobs.list().length;
    const forgeries: Record<string, string>[] = [evil, { origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];
    for (const forged of forgeries) {
      const res = await send(w.method, w.path, { host: host(), 'content-type': w.type, ...forged }, w.body || undefined);
      expect(res.status, `${w.name} with ${JSON.stringify(forged)}`).toBe(403);
      expect(res.text).toMatch(/cross-site|not a URL/);
    }
    const after = service.info();
    expect({ docs: after.docs, chunks: after.chunks, nodes: after.nodes, edges: after.edges }).toEqual({ docs: before.docs, chunks: before.chunks, nodes: before.nodes, edges: before.edges });
    expect(service.jobs.list().length, 'no ingestion job was queued').toBe(jobsBefore);
  });

  it.each(writes().map((w) => [w.name, w] as const))('refuses a %s sent with a rebinding Host with 403', async (_name, w) => {
    const before = service.info().docs;
    const res = await send(w.method, w.path, { host: `rebind.example:${server.port}`, 'content-type': w.type, origin: `http://rebind.example:${server.port}` }, w.body || undefined);
    expect(res.status).toBe(403);
    expect(res.text).toMatch(/not a loopback name/);
    expect(service.info().docs).toBe(before);
  });

  it('refuses reads too when the Host is not loopback (a rebound page could read the store)', async () => {
    const res = await send('GET', '/api/info', { host: 'rebind.example' });
    expect(res.status).toBe(403);
  });

  it('still serves its own page, same-origin writes and non-browser clients', async () => {
    expect((await send('GET', '/api/info', { host: host() })).status).toBe(200);
    const own = await send('POST', '/api/docs', { host: host(), origin: `http://${host()}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, JSON.stringify({ docs: [{ id: 'own', title: 'Own', text: 'Gamma Crucis is a red giant star.' }] }));
    expect(own.status).toBe(201);
    const curl = await send('POST', '/mcp', { host: `localhost:${server.port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(curl.status).toBe(200);
  });
});

describe('refusal()', () => {
  const req = (method: string, path: string, headers: Record<string, string>) => ({ method, path, url: `http://127.0.0.1:8787${path}`, header: (n: string) => headers[n] });
  it('accepts loopback names in every form and refuses others when bound to loopback', () => {
    for (const h of ['127.0.0.1:8787', 'localhost:8787', '[::1]:8787', '127.0.0.2', 'LOCALHOST']) expect(refusal(req('GET', '/', { host: h }), { loopbackOnly: true })).toBeUndefined();
    for (const h of ['example.com', '127.0.0.1.evil.example:8787', '0.0.0.0:8787']) expect(refusal(req('GET', '/', { host: h }), { loopbackOnly: true })).toMatch(/loopback/);
    expect(refusal(req('GET', '/', { host: 'example.com' }), { loopbackOnly: false })).toBeUndefined();
  });
  it('lets configured origins write', () => {
    const r = req('POST', '/api/docs', { host: '127.0.0.1:8787', origin: 'http://localhost:5173' });
    expect(refusal(r, { loopbackOnly: true })).toMatch(/not this server/);
    expect(refusal(r, { loopbackOnly: true, allowedOrigins: ['http://localhost:5173'] })).toBeUndefined();
  });
});
