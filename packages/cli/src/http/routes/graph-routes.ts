// The knowledge graph: search and read nodes, export, and curation (merge, undo, split).
import { z } from 'zod';
import { readBody, readQuery, type HttpApp, type RouteContext } from '../http-kit.js';
import { describeRoute } from '../openapi/describe-route.js';
import { EntitySchema, MergeRecordSchema, NodeRefListSchema, NodeViewSchema } from '../openapi/response-schemas.js';
import { ExportQuerySchema, MergeBodySchema, NodeSearchQuerySchema, SplitBodySchema, UndoBodySchema } from '../schemas.js';

export function registerGraphRoutes(app: HttpApp, ctx: RouteContext): void {
  const { service } = ctx;
  describeRoute(app, { method: 'get', path: '/api/nodes', tag: 'graph', summary: 'Search entities by name', query: NodeSearchQuerySchema, response: NodeRefListSchema });
  app.get('/api/nodes', (c) => {
    const q = readQuery(c, NodeSearchQuerySchema);
    return c.json(service.findNodes(q.q, q.limit));
  });

  describeRoute(app, { method: 'get', path: '/api/nodes/:id', tag: 'graph', summary: 'One entity with its provenance and neighbours', response: NodeViewSchema });
  app.get('/api/nodes/:id', (c) => c.json(service.getNode(c.req.param('id'))));

  describeRoute(app, { method: 'get', path: '/api/graph/merges', tag: 'curation', summary: 'The merge log', response: z.array(MergeRecordSchema) });
  app.get('/api/graph/merges', (c) => c.json(service.mergeLog()));

  describeRoute(app, { method: 'get', path: '/api/graph/export', tag: 'graph', summary: 'The whole graph as GraphML or GEXF', query: ExportQuerySchema, responseMedia: { type: 'application/xml' } });
  app.get('/api/graph/export', (c) => {
    const { format } = readQuery(c, ExportQuerySchema);
    c.header('Content-Type', format === 'graphml' ? 'application/graphml+xml' : 'application/gexf+xml');
    c.header('Content-Disposition', `attachment; filename="graph.${format}"`);
    return c.body(service.exportGraph(format));
  });

  describeRoute(app, { method: 'post', path: '/api/graph/merge', tag: 'curation', summary: 'Merge one entity into another (logged, undoable)', body: MergeBodySchema, response: MergeRecordSchema, writes: true });
  app.post('/api/graph/merge', ctx.writes, ctx.limit(ctx.maxJsonBytes), async (c) => {
    const b = await readBody(c, MergeBodySchema);
    return c.json(await service.merge(b.keepId, b.mergeId, b.reason));
  });

  describeRoute(app, { method: 'post', path: '/api/graph/undo', tag: 'curation', summary: 'Undo a merge (default: the latest)', body: UndoBodySchema, response: MergeRecordSchema, writes: true });
  app.post('/api/graph/undo', ctx.writes, ctx.limit(ctx.maxJsonBytes), async (c) => {
    const b = await readBody(c, UndoBodySchema);
    return c.json(await service.undoMerge(b.recordId));
  });

  describeRoute(app, { method: 'post', path: '/api/graph/split', tag: 'curation', summary: 'Split an entity: move some chunks/edges to a new entity', body: SplitBodySchema, response: EntitySchema, writes: true });
  app.post('/api/graph/split', ctx.writes, ctx.limit(ctx.maxJsonBytes), async (c) => {
    const { nodeId, ...input } = await readBody(c, SplitBodySchema);
    return c.json(await service.split(nodeId, input));
  });
}
