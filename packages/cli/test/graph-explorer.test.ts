// The graph explorer and graph editing over HTTP, on a real fixture store: neighbourhoods with
// their filters and weak edges, the overview and facets; each edit, its undo, and both still
// there after the store is reopened from disk; bad input answered with the input named.
import { createOpenApiValidator, type OpenApiValidator } from '@rag/core/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../src/http/create-app.js';
import type { RagService } from '../src/service/rag-service.js';
import type { ExplorerGraph, Facets } from '../src/service/graph-explorer.js';
import { createIndexerBackend } from '../src/stack/indexer-backend.js';
import { createFixtureService } from './support/fixture-stack.js';

const TOKEN = 'explorer-token';
const auth = { authorization: `Bearer ${TOKEN}` };
const send = (method: string, body: unknown, headers: Record<string, string> = auth) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

let dir: string;
let service: RagService;
let saves: () => number;
let app: ReturnType<typeof createHttpApp>;
let validator: OpenApiValidator;

/** GET a JSON route and check the body against the published OpenAPI document. */
async function getJson<T>(path: string, templ: string): Promise<{ status: number; body: T }> {
  const res = await app.request(path);
  const body = (await res.json()) as T;
  expect(validator.response('get', templ, res.status, body, 'application/json')).toEqual([]);
  return { status: res.status, body };
}
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const reopenGraph = async () => (await createIndexerBackend({ env: {} }).open(dir)).index.graph;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-explorer-'));
  const f = await createFixtureService({ dir });
  service = f.service;
  saves = () => f.index.saves;
  app = createHttpApp({ service, token: TOKEN, publicReads: true, maxJsonBytes: 4096 });
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await (await app.request('/openapi.json')).json()));
  validator = await createOpenApiValidator(file);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const graph = () => service.stack.index.graph;
const WEAK = new Set(['mentions', 'co_occurs_with']);
/** A node with both strong and weak edges, the most strong edges first. */
function busyNode() {
  const g = graph();
  const scored = [...g.nodes()].map((n) => {
    const edges = g.edgesOf(n.id, { direction: 'both' });
    return { id: n.id, strong: edges.filter((e) => !WEAK.has(e.relation)).length, weak: edges.filter((e) => WEAK.has(e.relation)).length };
  });
  const best = scored.filter((s) => s.weak > 0 && s.strong > 1).sort((a, b) => b.strong - a.strong)[0];
  expect(best, 'the fixture graph has a node with strong and weak edges').toBeDefined();
  return best!;
}

describe('explorer reads', () => {
  it('lists entity types and relation labels with counts; weak relations are marked', async () => {
    const { status, body } = await getJson<Facets>('/api/graph/facets', '/api/graph/facets');
    expect(status).toBe(200);
    expect(body.nodes).toBe(graph().nodeCount);
    expect(body.types.reduce((s, t) => s + t.count, 0)).toBe(graph().nodeCount);
    expect(body.relations.reduce((s, r) => s + r.count, 0)).toBe(graph().edgeCount);
    for (const r of body.relations) expect(r.weak).toBe(WEAK.has(r.relation));
    expect(body.relations.some((r) => r.weak)).toBe(true);
    const counts = body.types.map((t) => t.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('gives the best-connected entities as the overview, without weak edges', async () => {
    const { body } = await getJson<ExplorerGraph>('/api/graph/overview?limit=30', '/api/graph/overview');
    expect(body.nodes.length).toBe(30);
    expect(body.truncated).toBe(true);
    const degrees = body.nodes.map((n) => n.degree);
    expect(degrees).toEqual([...degrees].sort((a, b) => b - a));
    const top = body.nodes[0]!;
    expect(top.degree).toBe(graph().edgesOf(top.id, { direction: 'both' }).filter((e) => !WEAK.has(e.relation)).length);
    const ids = new Set(body.nodes.map((n) => n.id));
    expect(body.edges.length).toBeGreaterThan(0);
    for (const e of body.edges) {
      expect(e.weak).toBe(false);
      expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
    }
  });

  it('opens a neighbourhood: strong edges by default, weak ones on request, deeper at depth 2', async () => {
    const seed = busyNode();
    const q = (extra: Record<string, string>) => `/api/graph/neighbourhood?${new URLSearchParams({ id: seed.id, limit: '500', ...extra })}`;
    const strong = (await getJson<ExplorerGraph>(q({}), '/api/graph/neighbourhood')).body;
    expect(strong.seeds).toEqual([seed.id]);
    expect(strong.nodes[0]!.id).toBe(seed.id);
    expect(strong.edges.every((e) => !e.weak)).toBe(true);
    const neighbours = new Set(graph().neighbors(seed.id, { direction: 'both' }));
    for (const n of strong.nodes.slice(1)) expect(neighbours.has(n.id)).toBe(true);
    expect(strong.edges.filter((e) => e.source === seed.id || e.target === seed.id).length).toBe(seed.strong);

    const all = (await getJson<ExplorerGraph>(q({ includeWeak: 'true' }), '/api/graph/neighbourhood')).body;
    expect(all.edges.some((e) => e.weak)).toBe(true);
    expect(all.edges.filter((e) => e.source === seed.id || e.target === seed.id).length).toBe(seed.strong + seed.weak);

    const deep = (await getJson<ExplorerGraph>(q({ depth: '2' }), '/api/graph/neighbourhood')).body;
    const deepIds = new Set(deep.nodes.map((n) => n.id));
    for (const n of strong.nodes) expect(deepIds.has(n.id)).toBe(true);
    expect(deep.nodes.length).toBeGreaterThan(strong.nodes.length);
  });

  it('filters by entity type, relation, confidence, and cuts at the limit', async () => {
    const seed = busyNode();
    const base = { id: seed.id, depth: '2', limit: '500' };
    const url = (extra: Record<string, string>) => `/api/graph/neighbourhood?${new URLSearchParams({ ...base, ...extra })}`;
    const full = (await getJson<ExplorerGraph>(url({}), '/api/graph/neighbourhood')).body;
    const type = full.nodes.slice(1).map((n) => n.type)[0]!;
    const byType = (await getJson<ExplorerGraph>(url({ types: type }), '/api/graph/neighbourhood')).body;
    expect(byType.nodes.slice(1).every((n) => n.type === type)).toBe(true);
    expect(byType.nodes.length).toBeGreaterThan(1);
    expect(byType.nodes.length).toBeLessThanOrEqual(full.nodes.length);

    const relation = full.edges[0]!.relation;
    const byRelation = (await getJson<ExplorerGraph>(url({ relations: relation }), '/api/graph/neighbourhood')).body;
    expect(byRelation.edges.length).toBeGreaterThan(0);
    expect(byRelation.edges.every((e) => e.relation === relation)).toBe(true);

    const confidences = full.edges.map((e) => e.confidence).sort((a, b) => a - b);
    const cut = confidences[Math.floor(confidences.length / 2)]!;
    const confident = (await getJson<ExplorerGraph>(url({ minConfidence: String(cut) }), '/api/graph/neighbourhood')).body;
    expect(confident.edges.every((e) => e.confidence >= cut)).toBe(true);

    const few = (await getJson<ExplorerGraph>(url({ limit: '3' }), '/api/graph/neighbourhood')).body;
    expect(few.nodes.length).toBe(3);
    expect(few.truncated).toBe(true);
  });

  it('answers an unknown entity with 404 naming it, and bad queries with 400 naming the input', async () => {
    const missing = await app.request('/api/graph/neighbourhood?id=person:nobody%20at%20all');
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toContain('person:nobody at all');
    const depth = await app.request(`/api/graph/neighbourhood?id=x&depth=3`);
    expect(depth.status).toBe(400);
    expect((await errorOf(depth)).message).toContain('depth');
    const weak = await app.request(`/api/graph/neighbourhood?id=x&includeWeak=maybe`);
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).message).toContain('includeWeak');
    expect((await app.request('/api/graph/overview?limit=0')).status).toBe(400);
  });
});

describe('graph edits', () => {
  it('renames an entity, keeps the old name as an alias, and undoes it; both persist', async () => {
    const seed = busyNode();
    const old = graph().getNode(seed.id)!;
    const res = await app.request(`/api/nodes/${encodeURIComponent(seed.id)}`, send('PATCH', { name: 'Renamed Entity Xq', description: 'set by a test', reason: 'test rename' }));
    expect(res.status).toBe(200);
    const edit = (await res.json()) as { id: string; kind: string; target: string; actor: string; reason: string };
    expect(edit).toMatchObject({ kind: 'entity.update', target: seed.id, actor: 'http:default:token@in-process', reason: 'test rename' });
    expect(graph().getNode(seed.id)!.name).toBe('Renamed Entity Xq');
    expect(graph().getNode(seed.id)!.aliases).toContain(old.name);
    const hood = (await getJson<ExplorerGraph>(`/api/graph/neighbourhood?id=${encodeURIComponent(seed.id)}`, '/api/graph/neighbourhood')).body;
    expect(hood.nodes[0]!.name).toBe('Renamed Entity Xq');
    expect((await reopenGraph()).getNode(seed.id)!.name).toBe('Renamed Entity Xq');

    const log = (await getJson<{ id: string }[]>('/api/graph/edits', '/api/graph/edits')).body;
    expect(log.at(-1)!.id).toBe(edit.id);
    const undo = await app.request('/api/graph/edits/undo', send('POST', {}));
    expect(undo.status).toBe(200);
    expect(((await undo.json()) as { id: string; undone: boolean })).toMatchObject({ id: edit.id, undone: true });
    expect(graph().getNode(seed.id)).toMatchObject({ name: old.name, aliases: old.aliases });
    expect(graph().getNode(seed.id)!.description).toBe(old.description);
    const reopened = (await reopenGraph()).getNode(seed.id)!;
    expect(reopened.name).toBe(old.name);
    expect(reopened.aliases).toEqual(old.aliases);
  });

  it('adds a relation with an evidence chunk, relabels it, deletes it and undoes the delete; all persist', async () => {
    const [a, b] = [...graph().nodes()].filter((n) => n.provenance.length > 0).slice(5, 7);
    if (!a || !b) throw new Error('the fixture graph has too few entities');
    const chunkId = a.provenance[0]!.chunkId;
    const chunk = service.getChunk(chunkId);
    const created = await app.request('/api/relations', send('POST', { source: a.id, target: b.id, relation: 'Advised By', evidenceChunkId: chunkId, note: 'read in the passage' }));
    expect(created.status).toBe(201);
    const add = (await created.json()) as { target: string; kind: string };
    expect(add.kind).toBe('relation.add');
    const edge = graph().getEdge(add.target)!;
    expect(edge).toMatchObject({ source: a.id, target: b.id, relation: 'advised_by', confidence: 1 });
    expect(edge.provenance).toEqual([{ chunkId, start: chunk.start, end: chunk.end }]);
    expect(edge.attributes).toMatchObject({ note: 'read in the passage', source: 'user' });
    expect((await reopenGraph()).getEdge(add.target)?.relation).toBe('advised_by');
    expect((await app.request('/api/relations', send('POST', { source: a.id, target: b.id, relation: 'advised by' }))).status).toBe(409);

    const relabel = await app.request(`/api/relations/${encodeURIComponent(add.target)}`, send('PATCH', { relation: 'mentored by', confidence: 0.7 }));
    expect(relabel.status).toBe(200);
    const relabelled = (await relabel.json()) as { target: string };
    expect(graph().getEdge(add.target)).toBeUndefined();
    expect(graph().getEdge(relabelled.target)).toMatchObject({ relation: 'mentored_by', confidence: 0.7 });

    const del = await app.request(`/api/relations/${encodeURIComponent(relabelled.target)}`, { method: 'DELETE', headers: auth });
    expect(del.status).toBe(200);
    expect(((await del.json()) as { kind: string }).kind).toBe('relation.remove');
    expect(graph().getEdge(relabelled.target)).toBeUndefined();
    expect(graph().hasNode(a.id) && graph().hasNode(b.id)).toBe(true);
    expect((await reopenGraph()).getEdge(relabelled.target)).toBeUndefined();

    expect((await app.request('/api/graph/edits/undo', send('POST', {}))).status).toBe(200);
    expect(graph().getEdge(relabelled.target)).toMatchObject({ relation: 'mentored_by', confidence: 0.7 });
    expect((await reopenGraph()).getEdge(relabelled.target)?.relation).toBe('mentored_by');
    const log = (await getJson<{ kind: string; undone?: boolean }[]>('/api/graph/edits', '/api/graph/edits')).body;
    expect(log.slice(-3).map((e) => [e.kind, Boolean(e.undone)])).toEqual([
      ['relation.add', false],
      ['relation.update', false],
      ['relation.remove', true],
    ]);
  });

  it('refuses bad edits with the input named, and writes nothing', async () => {
    const id = busyNode().id;
    const node = `/api/nodes/${encodeURIComponent(id)}`;
    const before = saves();
    const cases: [string, RequestInit, number, string][] = [
      [node, send('PATCH', {}), 400, 'give at least one of name, type, description, aliases'],
      [node, send('PATCH', { nmae: 'typo' }), 400, 'nmae'],
      [node, send('PATCH', { name: '' }), 400, 'name'],
      [node, send('PATCH', { aliases: 'one' }), 400, 'aliases'],
      [node, send('PATCH', '{not json'), 400, 'not valid JSON'],
      ['/api/nodes/person%3Ano%20such%20one', send('PATCH', { name: 'X' }), 404, 'person:no such one'],
      ['/api/relations', send('POST', { source: 'nope:a', target: id, relation: 'knows' }), 404, 'source: no entity "nope:a"'],
      ['/api/relations', send('POST', { source: id, target: 'nope:b', relation: 'knows' }), 404, 'target: no entity "nope:b"'],
      ['/api/relations', send('POST', { source: id, target: id, relation: 'knows', evidenceChunkId: 'no-chunk' }), 404, 'evidenceChunkId'],
      ['/api/relations', send('POST', { source: id, target: id }), 400, 'relation'],
      ['/api/relations', send('POST', { source: id, target: id, relation: 'knows', confidence: 2 }), 400, 'confidence'],
      ['/api/relations/no%20edge', send('PATCH', { confidence: 0.5 }), 404, 'no edge'],
      ['/api/relations/no%20edge', { method: 'DELETE', headers: auth }, 404, 'no edge'],
      ['/api/graph/edits/undo', send('POST', { recordId: 'edit-9999' }), 404, 'edit-9999'],
      [node, send('PATCH', { name: 'No Token' }, {}), 401, 'Bearer'],
      ['/api/relations/x', { method: 'DELETE' }, 401, 'Bearer'],
    ];
    for (const [path, init, status, text] of cases) {
      const res = await app.request(path, init);
      expect([path, init.method, res.status]).toEqual([path, init.method, status]);
      expect((await errorOf(res)).message).toContain(text);
    }
    expect(saves()).toBe(before);
    expect(graph().getNode(id)!.name).not.toBe('No Token');
  });
});
