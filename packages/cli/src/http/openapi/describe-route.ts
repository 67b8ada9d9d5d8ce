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
  /** Success response: a JSON schema, or another media type. */
  response?: z.ZodType;
  responseMedia?: { type: string; schema?: z.ZodType };
  status?: 200 | 201 | 202;
  /** The route writes: needs the bearer token when the server has one. */
  writes?: boolean;
}

export const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBodySchema } } });

export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

export function describeRoute(app: HttpApp, doc: RouteDoc): void {
  const params = [...doc.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  const status = doc.status ?? 200;
  const request: NonNullable<RouteConfig['request']> = {};
  if (params.length) request.params = z.object(Object.fromEntries(params.map((p) => [p, z.string().min(1)])));
  if (doc.query) request.query = doc.query;
  if (doc.body) request.body = { required: !doc.bodyOptional, content: { 'application/json': { schema: doc.body } } };
  if (doc.bodyMedia) request.body = { required: true, content: { [doc.bodyMedia.type]: { schema: doc.bodyMedia.schema } } };
  const ok = doc.responseMedia
    ? { description: 'OK', content: { [doc.responseMedia.type]: { schema: doc.responseMedia.schema ?? z.string() } } }
    : { description: 'OK', content: { 'application/json': { schema: doc.response ?? z.unknown() } } };
  const responses: RouteConfig['responses'] = {
    [status]: ok,
    400: errorResponse('Invalid input: the message names the input and what is wrong'),
    403: errorResponse('Refused: a cross-site request, or a Host that is not this server'),
  };
  if (params.length) responses[404] = errorResponse('Not found');
  if (doc.body || doc.bodyMedia) responses[413] = errorResponse('Body larger than the limit');
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
