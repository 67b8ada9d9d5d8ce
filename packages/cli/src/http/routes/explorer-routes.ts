// The graph explorer (neighbourhoods, the overview, facets) and hand edits of the graph
// (entities and relations, the edit log, undo). Edits need the write token like merges do.
import { z } from 'zod';
import { readBody, readQuery, type HttpApp, type RouteContext } from '../http-kit.js';
import { describeRoute } from '../openapi/describe-route.js';
import {
  EditRecordSchema,
  EditUndoBodySchema,
  EntityPatchBodySchema,
  ExplorerGraphSchema,
  FacetsSchema,
  NeighbourhoodQuerySchema,
  OverviewQuerySchema,
  RelationCreateBodySchema,
  RelationPatchBodySchema,
} from '../explorer-schemas.js';

export function registerExplorerRoutes(app: HttpApp, ctx: RouteContext): void {
  const { service } = ctx;
  const write = [ctx.writes, ctx.limit(ctx.maxJsonBytes)] as const;

  describeRoute(app, {
    method: 'get',
    path: '/api/graph/neighbourhood',
    tag: 'graph',
    summary: "An entity's neighbourhood (depth 1 or 2), filtered",
    description: 'Provenance (mentions) and co-occurrence (co_occurs_with) edges are weak and left out unless includeWeak=true. Unknown id: 404.',
    query: NeighbourhoodQuerySchema,
    response: ExplorerGraphSchema,
    errorStatuses: [{ status: 404, description: 'No entity with this id' }],
  });
  app.get('/api/graph/neighbourhood', (c) => {
    const q = readQuery(c, NeighbourhoodQuerySchema);
    return c.json(service.explorer.neighbourhood({ ...q, depth: q.depth === 2 ? 2 : 1 }));
  });

  describeRoute(app, { method: 'get', path: '/api/graph/overview', tag: 'graph', summary: 'The best-connected entities (weak edges not counted) and the relations among them', query: OverviewQuerySchema, response: ExplorerGraphSchema });
  app.get('/api/graph/overview', (c) => c.json(service.explorer.overview(readQuery(c, OverviewQuerySchema).limit)));

  describeRoute(app, { method: 'get', path: '/api/graph/facets', tag: 'graph', summary: 'Entity types and relation labels with counts', response: FacetsSchema });
  app.get('/api/graph/facets', (c) => c.json(service.explorer.facets()));

  describeRoute(app, { method: 'patch', path: '/api/nodes/:id', tag: 'curation', summary: 'Rename, retype or describe an entity, or set its aliases (logged, undoable)', body: EntityPatchBodySchema, response: EditRecordSchema, writes: true });
  app.patch('/api/nodes/:id', ...write, async (c) => {
    const { reason, ...edit } = await readBody(c, EntityPatchBodySchema);
    return c.json(await service.edits.updateEntity(c.req.param('id'), edit, { actor: ctx.actor(c), ...(reason ? { reason } : {}) }));
  });

  describeRoute(app, {
    method: 'post',
    path: '/api/relations',
    tag: 'curation',
    summary: 'Add a relation between two entities, with an evidence chunk as provenance (logged, undoable)',
    body: RelationCreateBodySchema,
    response: EditRecordSchema,
    status: 201,
    writes: true,
    errorStatuses: [
      { status: 404, description: 'No entity (source, target) or chunk (evidenceChunkId) with this id' },
      { status: 409, description: 'This relation already exists between the two entities' },
    ],
  });
  app.post('/api/relations', ...write, async (c) => {
    const body = await readBody(c, RelationCreateBodySchema);
    return c.json(await service.edits.createRelation(body, { actor: ctx.actor(c) }), 201);
  });

  describeRoute(app, { method: 'patch', path: '/api/relations/:id', tag: 'curation', summary: 'Relabel or reweigh a relation (logged, undoable)', body: RelationPatchBodySchema, response: EditRecordSchema, writes: true });
  app.patch('/api/relations/:id', ...write, async (c) => {
    const { reason, ...edit } = await readBody(c, RelationPatchBodySchema);
    return c.json(await service.edits.updateRelation(c.req.param('id'), edit, { actor: ctx.actor(c), ...(reason ? { reason } : {}) }));
  });

  describeRoute(app, { method: 'delete', path: '/api/relations/:id', tag: 'curation', summary: 'Remove a relation; its entities stay (logged, undoable)', response: EditRecordSchema, writes: true });
  app.delete('/api/relations/:id', ctx.writes, async (c) => c.json(await service.edits.removeRelation(c.req.param('id'), { actor: ctx.actor(c) })));

  describeRoute(app, { method: 'get', path: '/api/graph/edits', tag: 'curation', summary: 'The edit log, oldest first', response: z.array(EditRecordSchema) });
  app.get('/api/graph/edits', (c) => c.json(service.edits.editLog()));

  describeRoute(app, {
    method: 'post',
    path: '/api/graph/edits/undo',
    tag: 'curation',
    summary: 'Undo an edit (default: the latest not undone)',
    description: '409 when the entity or relation changed since in a way the undo would overwrite.',
    body: EditUndoBodySchema,
    response: EditRecordSchema,
    writes: true,
    errorStatuses: [
      { status: 404, description: 'No such edit, or nothing to undo' },
      { status: 409, description: 'Already undone, or the target changed since' },
    ],
  });
  app.post('/api/graph/edits/undo', ...write, async (c) => {
    const { recordId } = await readBody(c, EditUndoBodySchema);
    return c.json(await service.edits.undoEdit(recordId));
  });
}
