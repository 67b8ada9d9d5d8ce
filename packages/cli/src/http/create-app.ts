// The HTTP API (hono, documented as OpenAPI 3.1 at /openapi.json): every route group lives in
// ./routes, one file each; this file composes them with the shared guards. Bodies are
// size-limited and schema-validated; anything that writes needs the bearer token when one is
// configured; cross-site requests and foreign Hosts are refused (./security).
import { OpenAPIHono } from '@hono/zod-openapi';
import { RagError } from '@rag/core';
import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import type { AskPool } from '../service/asks/ask-pool.js';
import type { RagService } from '../service/rag-service.js';
import type { UiAssets } from '../ui/ui-assets.js';
import { problem, remotePeer, zodMessage, type BearerState, type Env, type HttpApp, type ProblemStatus, type RouteContext } from './http-kit.js';
import { methodNotAllowed } from './method-not-allowed.js';
import { describeRoute } from './openapi/describe-route.js';
import type { McpEndpointOptions } from './routes/mcp-routes.js';
import { registerAskRoutes } from './routes/ask-routes.js';
import { registerDocsRoutes } from './routes/docs-routes.js';
import { registerExplorerRoutes } from './routes/explorer-routes.js';
import { registerGraphRoutes } from './routes/graph-routes.js';
import { registerJobRoutes } from './routes/job-routes.js';
import { registerMcpRoutes } from './routes/mcp-routes.js';
import { registerOllamaCompatRoutes } from './routes/ollama-compat-routes.js';
import { registerOpenAICompatRoutes } from './routes/openai-compat-routes.js';
import { registerOpenApiRoutes } from './routes/openapi-routes.js';
import { registerProposalRoutes } from './routes/proposal-routes.js';
import { registerUiRoutes } from './routes/ui-routes.js';
import { requestGuard } from './security/request-guard.js';

export interface HttpAppOptions {
  service: RagService;
  /**
   * When set, every request that writes must send `Authorization: Bearer <token>`, and so must
   * every read unless `publicReads` is true.
   */
  token?: string;
  /** With a token: reads (asks, documents, graph, MCP read tools) stay open to anyone who can reach the server. */
  publicReads?: boolean;
  /** The workspace this app serves (named in the edit log); default "default". */
  workspace?: string;
  /** Max JSON body in bytes (default 256 KiB). */
  maxJsonBytes?: number;
  /** Max upload body in bytes (default 8 MiB). */
  maxUploadBytes?: number;
  /** The bundled web UI; omit to serve the API only. */
  ui?: UiAssets;
  /**
   * The server listens on loopback only (default true): requests whose Host is not a loopback
   * name are refused (DNS rebinding). Cross-site writes and MCP calls are always refused.
   */
  loopbackOnly?: boolean;
  /** Browser origins (`scheme://host:port`) other than the server's own that may write. */
  allowedOrigins?: readonly string[];
  /** MCP sessions at /mcp: idle timeout and the most open at once. */
  mcp?: McpEndpointOptions;
  /** The ask pool behind `service.ask`, when asks run on worker threads: streams check it before they open. */
  asks?: Pick<AskPool, 'overloaded' | 'overloadedForAny'>;
}

const STATUS: Record<string, ProblemStatus> = {
  RAG_INVALID_INPUT: 400,
  RAG_EMPTY_TEXT: 400,
  RAG_INVALID_TEXT: 400,
  RAG_SCHEMA_VIOLATION: 400,
  RAG_NOT_FOUND: 404,
  RAG_CONFLICT: 409,
  RAG_TOO_LARGE: 413,
  RAG_BUDGET_EXCEEDED: 422,
  RAG_UNSUPPORTED: 400,
  RAG_SERVICE_UNAVAILABLE: 503,
};

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function bearerState(token: string | undefined, authorization: string | undefined): BearerState {
  if (token === undefined) return 'not-required';
  if (authorization === undefined) return 'missing';
  const m = /^Bearer (.+)$/.exec(authorization);
  return m && sameSecret(m[1]!, token) ? 'valid' : 'invalid';
}

function bearerGuard(token: string | undefined, why: string): MiddlewareHandler<Env> {
  return async (c, next) => {
    const state = bearerState(token, c.req.header('authorization'));
    if (state === 'missing' || state === 'invalid') {
      c.header('WWW-Authenticate', 'Bearer');
      return problem(c, 401, 'RAG_UNAUTHORIZED', `${why}: send Authorization: Bearer <token>${state === 'invalid' ? ' (the token sent is not this server\'s)' : ''}`);
    }
    return next();
  };
}

const pass: MiddlewareHandler<Env> = (_c, next) => next();

export function createHttpApp(options: HttpAppOptions): HttpApp {
  const app: HttpApp = new OpenAPIHono<Env>();
  app.use('*', requestGuard({ loopbackOnly: options.loopbackOnly ?? true, ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}) }));

  app.onError((err, c) => {
    if (RagError.isInstance(err)) {
      // A full ask queue says when to come back (ask-pool.ts).
      if (typeof err.details.retryAfterSeconds === 'number') c.header('Retry-After', String(err.details.retryAfterSeconds));
      return problem(c, STATUS[err.code] ?? 500, err.code, err.message, err.details);
    }
    if (err instanceof z.ZodError) return problem(c, 400, 'RAG_INVALID_INPUT', zodMessage('input', err));
    if (err instanceof HTTPException && err.status < 500) return problem(c, err.status as ProblemStatus, 'RAG_INVALID_INPUT', err.message || 'bad request');
    return problem(c, 500, 'RAG_INTERNAL', 'internal error');
  });
  app.notFound((c) => methodNotAllowed(app, c) ?? problem(c, 404, 'RAG_NOT_FOUND', `no route ${c.req.method} ${c.req.path}`));

  const workspace = options.workspace ?? 'default';
  const readsOpen = options.token === undefined || options.publicReads === true;
  const ctx: RouteContext = {
    service: options.service,
    writes: bearerGuard(options.token, 'this request writes'),
    reads: readsOpen ? pass : bearerGuard(options.token, 'this server needs its token for reads too (it was started without --public-reads)'),
    remote: remotePeer,
    actor: (c) => {
      const state = bearerState(options.token, c.req.header('authorization'));
      return `http:${workspace}:${state === 'valid' ? 'token' : 'no-token'}@${remotePeer(c).address}`;
    },
    limit: (maxSize) => bodyLimit({ maxSize, onError: (c) => problem(c, 413, 'RAG_TOO_LARGE', `body: larger than the ${maxSize}-byte limit`) }),
    maxJsonBytes: options.maxJsonBytes ?? 256 * 1024,
    maxUploadBytes: options.maxUploadBytes ?? 8 * 1024 * 1024,
    tokenRequired: options.token !== undefined,
    admit: (method) => {
      const busy = options.asks?.overloaded(method);
      if (busy) throw busy;
    },
    admitAny: (_c, next) => {
      const busy = ctx.busyForAny();
      if (busy) throw busy;
      return next();
    },
    busyForAny: () => options.asks?.overloadedForAny(),
    bearer: (c) => bearerState(options.token, c.req.header('authorization')),
  };
  // Reads: the API, the compat endpoints and /mcp (the page, its assets and the API description stay open).
  for (const path of ['/api/*', '/v1/*', '/mcp']) app.use(path, (c, next) => (c.req.path === '/api/health' ? next() : ctx.reads(c, next)));
  describeRoute(app, { method: 'get', path: '/api/health', tag: 'meta', summary: 'The server is up (no token needed, never queued)', response: z.object({ status: z.literal('ok') }) });
  app.get('/api/health', (c) => c.json({ status: 'ok' as const }));
  registerAskRoutes(app, ctx);
  registerDocsRoutes(app, ctx);
  registerJobRoutes(app, ctx);
  registerGraphRoutes(app, ctx);
  registerExplorerRoutes(app, ctx);
  registerProposalRoutes(app, ctx);
  registerMcpRoutes(app, ctx, options.mcp);
  registerOpenAICompatRoutes(app, ctx);
  registerOllamaCompatRoutes(app, ctx);
  registerOpenApiRoutes(app);
  if (options.ui) registerUiRoutes(app, options.ui);
  return app;
}
