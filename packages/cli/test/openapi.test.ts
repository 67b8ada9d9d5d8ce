// The OpenAPI document describes the API that runs: every route is documented (and nothing
// else), and real responses validate against the document's schemas.
import { createOpenApiValidator, type OpenApiValidator } from '@rag/core/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../src/http/create-app.js';
import { openApiPath } from '../src/http/openapi/describe-route.js';
import { createFixtureService } from './support/fixture-stack.js';

let dir: string;
let app: ReturnType<typeof createHttpApp>;
let doc: { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
let validator: OpenApiValidator;
const ui = { html: '<!doctype html><title>t</title>', js: '', worker: '', css: '' };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-openapi-'));
  const f = await createFixtureService({ dir });
  app = createHttpApp({ service: f.service, ui });
  const res = await app.request('/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  validator = await createOpenApiValidator(file);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and documents exactly the routes the app serves', () => {
    expect(doc.openapi).toBe('3.1.0');
    const served = new Set(
      app.routes.filter((r) => r.method !== 'ALL').flatMap((r) => (r.method === 'GET' || r.method === 'POST' || r.method === 'DELETE' || r.method === 'PUT' || r.method === 'PATCH' ? [`${r.method.toLowerCase()} ${openApiPath(r.path)}`] : [])),
    );
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)));
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !served.has(r))).toEqual([]);
  });

  it('marks writes with the bearer scheme and every operation with a summary', () => {
    const del = doc.paths['/api/docs/{id}']!.delete as unknown as { security?: unknown[]; summary?: string };
    expect(del.security).toEqual([{ bearer: [] }]);
    for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) expect((op as { summary?: string }).summary).toBeTruthy();
  });

  it('validates real responses: info, ask, documents, nodes, errors', async () => {
    const check = async (method: string, path: string, templ: string, init?: RequestInit) => {
      const res = await app.request(path, init);
      const body = await res.json();
      expect(validator.documents(method, templ)).toBe(true);
      expect(validator.response(method, templ, res.status, body, 'application/json')).toEqual([]);
      return { status: res.status, body };
    };
    expect((await check('get', '/api/info', '/api/info')).status).toBe(200);
    const ask = await check('post', '/api/ask', '/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'Who directed the film shot in Leland, North Carolina?', method: 'a2rag' }) });
    expect(ask.status).toBe(200);
    const docs = await check('get', '/api/docs?limit=2', '/api/docs');
    const first = (docs.body as { items: { id: string }[] }).items[0]!.id;
    expect((await check('get', `/api/docs/${encodeURIComponent(first)}`, '/api/docs/{id}')).status).toBe(200);
    const nodes = await check('get', '/api/nodes?q=Leland', '/api/nodes');
    const node = (nodes.body as { id: string }[])[0]!.id;
    expect((await check('get', `/api/nodes/${encodeURIComponent(node)}`, '/api/nodes/{id}')).status).toBe(200);
    expect((await check('get', '/api/docs/no-such-doc', '/api/docs/{id}')).status).toBe(404);
    const bad = await check('post', '/api/ask', '/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"question":""}' });
    expect(bad.status).toBe(400);
  });

  it('is rendered as a readable page without scripts', async () => {
    const res = await app.request('/api-docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/api/ask');
    expect(html).not.toContain('<script');
  });
});
