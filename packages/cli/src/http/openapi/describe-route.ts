// Documents a route in the app's OpenAPI registry from the same zod schemas the handler parses
// with, so the published document cannot describe a different body than the one enforced.
// Handlers keep their own parsing (size limit first, then schema), which keeps every error in
// the API's one error shape; `openapi-coverage.test.ts` checks that every route is documented.
import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import type { HttpApp } from '../http-kit.js';

export type RouteTag = 'ask' | 'documents' | 'graph' | 'curation' | 'proposals' | 'compat' | 'mcp' | 'meta';

export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The Hono path (`/api/docs/:id`); converted to OpenAPI's `{id}` form. */
  path: string;
  summary: string;
  description?: string;
  tag: RouteTag;
  /** JSON request body schema. */
  body?: z.ZodType;
  /** The JSON body may be omitted (default: required). */
  bodyOptional?: boolean;
  /** Another body media type (e.g. multipart) described by its own schema. */
  bodyMedia?: { type: string; schema: z.ZodType };
  query?: z.ZodObject;
  /** Success response: a JSON schema, another media type, or both (e.g. JSON, or a stream when asked to stream). */
  response?: z.ZodType;
  responseMedia?: { type: string; schema?: z.ZodType };
  /** The body of this route's own errors when it is not the API's (compatible endpoints); the cross-site guard's 403 keeps the API's shape. */
  errorBody?: z.ZodType;
  /** Error statuses beyond the defaults, e.g. 404 for an unknown model. */
  errorStatuses?: { status: 404 | 409 | 422 | 500 | 503; description: string }[];
  status?: 200 | 201 | 202;
  /** The route writes: needs the bearer token when the server has one. */
  writes?: boolean;
}

export const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

const errorResponse = (description: string, schema: z.ZodType = ErrorBodySchema) => ({ description, content: { 'application/json': { schema } } });

export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

export function describeRoute(app: HttpApp, doc: RouteDoc): void {
  const params = [...doc.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  const status = doc.status ?? 200;
  const request: NonNullable<RouteConfig['request']> = {};
  if (params.length) request.params = z.object(Object.fromEntries(params.map((p) => [p, z.string().min(1)])));
  if (doc.query) request.query = doc.query;
  if (doc.body) request.body = { required: !doc.bodyOptional, content: { 'application/json': { schema: doc.body } } };
  if (doc.bodyMedia) request.body = { required: true, content: { [doc.bodyMedia.type]: { schema: doc.bodyMedia.schema } } };
  const content: Record<string, { schema: z.ZodType }> = {};
  if (doc.response || !doc.responseMedia) content['application/json'] = { schema: doc.response ?? z.unknown() };
  if (doc.responseMedia) content[doc.responseMedia.type] = { schema: doc.responseMedia.schema ?? z.string() };
  const own = (description: string) => errorResponse(description, doc.errorBody);
  const responses: RouteConfig['responses'] = {
    [status]: { description: 'OK', content },
    400: own('Invalid input: the message names the input and what is wrong'),
    403: errorResponse('Refused: a cross-site request, or a Host that is not this server'),
  };
  if (params.length) responses[404] = own('Not found');
  if (doc.body || doc.bodyMedia) responses[413] = own('Body larger than the limit');
  for (const e of doc.errorStatuses ?? []) responses[e.status] = own(e.description);
  if (doc.writes) responses[401] = errorResponse('This request writes: send Authorization: Bearer <token>');
  app.openAPIRegistry.registerPath({
    method: doc.method,
    path: openApiPath(doc.path),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    ...(Object.keys(request).length ? { request } : {}),
    responses,
    ...(doc.writes ? { security: [{ bearer: [] }] } : {}),
  });
}
