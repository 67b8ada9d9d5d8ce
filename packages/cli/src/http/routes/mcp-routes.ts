// MCP over Streamable HTTP at /mcp, with sessions (../../mcp/http-sessions.ts): POST carries
// JSON-RPC (an `initialize` opens a session), GET opens a session's event stream, DELETE ends
// it. The request guard (cross-site, foreign Host) runs first, as for every route. The bearer
// token is checked on every request: the right one lets this request's ingest /
// delete_document calls write, a wrong one makes them say so (../../mcp/write-access.ts).
// Reads need the token too when the server has one, unless it was started with --public-reads
// (then the endpoint is open and only the write tools check it).
import type { Context } from 'hono';
import { z } from 'zod';
import { createMcpServer } from '../../mcp/create-mcp-server.js';
import { createMcpHttpSessions, type McpRequestOptions } from '../../mcp/http-sessions.js';
import { rejectedAuthInfo, writeAuthInfo } from '../../mcp/write-access.js';
import type { Env, HttpApp, RouteContext } from '../http-kit.js';
import { decodeJsonBody } from '../read-json.js';
import { describeRoute } from '../openapi/describe-route.js';

export interface McpEndpointOptions {
  /** Close a session after this many milliseconds without a request (default 30 minutes). */
  idleMs?: number;
  /** Most sessions open at once (default 100); beyond it the busiest client's least recently used one closes. */
  maxSessions?: number;
  /** Most sessions of one client (token + remote address; default 16); beyond it its least recently used one closes. */
  maxSessionsPerClient?: number;
}

const JsonRpcSchema = z.looseObject({ jsonrpc: z.literal('2.0'), method: z.string().optional(), id: z.union([z.string(), z.number(), z.null()]).optional() });
const JsonRpcBodySchema = z.union([JsonRpcSchema, z.array(JsonRpcSchema)]);

const rpcError = (c: Context<Env>, status: 400, code: number, message: string) => c.json({ jsonrpc: '2.0', error: { code, message }, id: null }, status);

const SESSION_NOTE =
  'Sessions: the response to `initialize` carries an `Mcp-Session-Id` header; send it (and `Mcp-Protocol-Version`) on every later request. ' +
  'Unknown or expired session: 404 (start again with initialize). A client that opens more sessions than its cap has its least recently used one closed; no client is ever locked out. ' +
  'The bearer token is needed only by the write tools (ingest, delete_document), and only when the server has one; they refuse a call without it (isError).';

export function registerMcpRoutes(app: HttpApp, ctx: RouteContext, options: McpEndpointOptions = {}): void {
  const { service } = ctx;
  const access = ctx.tokenRequired ? 'token' : 'open';
  // Two kinds of session server: remote clients are not shown the store's filesystem path.
  const sessionsFor = (showPaths: boolean) =>
    createMcpHttpSessions({
      createServer: ({ onDocumentsChanged }) => createMcpServer({ service, writes: access, onDocumentsChanged, showPaths }),
      ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
      ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
      ...(options.maxSessionsPerClient !== undefined ? { maxSessionsPerClient: options.maxSessionsPerClient } : {}),
    });
  const local = sessionsFor(true);
  const remote = sessionsFor(false);
  const sessions = { handle: (c: Context<Env>, o: McpRequestOptions) => (ctx.remote(c).loopback ? local : remote).handle(c.req.raw, o) };

  /** What the request's bearer token proved, for the write tools, and who the client is (for its session cap). */
  const auth = (c: Context<Env>): McpRequestOptions => {
    const state = ctx.bearer(c);
    const client = `${state}@${ctx.remote(c).address}`;
    return state === 'valid' ? { authInfo: writeAuthInfo(), client } : state === 'invalid' ? { authInfo: rejectedAuthInfo(), client } : { client };
  };

  describeRoute(app, {
    method: 'post',
    path: '/mcp',
    tag: 'mcp',
    summary: 'Model Context Protocol (Streamable HTTP): JSON-RPC requests; initialize opens a session',
    description: `Send \`Accept: application/json, text/event-stream\`; answers are JSON. ${SESSION_NOTE} A request without a session id that is not initialize is answered by a one-off server that remembers nothing.`,
    body: JsonRpcBodySchema,
    response: z.union([JsonRpcSchema, z.array(JsonRpcSchema)]),
  });
  // The body limit of POST /api/docs: the ingest tool takes the same documents.
  app.post('/mcp', ctx.limit(ctx.maxJsonBytes * 16), async (c) => {
    const a = auth(c);
    let parsedBody: unknown;
    let text: string;
    try {
      // strict UTF-8: invalid bytes are refused, never turned into U+FFFD inside a tool's arguments
      text = decodeJsonBody(new Uint8Array(await c.req.arrayBuffer()));
    } catch (error) {
      return rpcError(c, 400, -32700, `Parse error: ${(error as Error).message}`);
    }
    try {
      parsedBody = JSON.parse(text);
    } catch {
      return rpcError(c, 400, -32700, 'Parse error: the body is not valid JSON');
    }
    return sessions.handle(c, { ...a, parsedBody });
  });

  describeRoute(app, {
    method: 'get',
    path: '/mcp',
    tag: 'mcp',
    summary: "Model Context Protocol: open a session's event stream (server notifications, e.g. resources/list_changed)",
    description: `Needs \`Accept: text/event-stream\` and the session's \`Mcp-Session-Id\`; one stream per session. ${SESSION_NOTE}`,
    responseMedia: { type: 'text/event-stream' },
  });
  app.get('/mcp', (c) => sessions.handle(c, auth(c)));

  describeRoute(app, {
    method: 'delete',
    path: '/mcp',
    tag: 'mcp',
    summary: 'Model Context Protocol: end a session (its Mcp-Session-Id header); 200 with an empty body',
    description: SESSION_NOTE,
    responseMedia: { type: 'text/plain', schema: z.string().max(0) },
  });
  app.delete('/mcp', (c) => sessions.handle(c, auth(c)));
}
