// MCP sessions over Streamable HTTP: an `initialize` request opens a session (a fresh McpServer
// and transport, id from randomUUID, returned in `Mcp-Session-Id`); later requests carrying the
// id go to the same server, so what a session remembers (chunk_read's "already read") persists
// across calls. GET with the id opens the session's event stream (server notifications such as
// resources/list_changed), DELETE ends it. Sessions idle longer than `idleMs` are closed, and at
// most `maxSessions` are open at once. A POST without a session id that is not `initialize` is
// answered by a one-off server, as the endpoint did before it had sessions (nothing is
// remembered between such requests).
import { randomUUID } from 'node:crypto';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

export interface McpHttpSessionsOptions {
  /** Makes the server of one session; `onDocumentsChanged` tells every open session the documents changed. */
  createServer(hooks: { onDocumentsChanged: () => void }): McpServer;
  /** Close a session after this long without a request (default 30 minutes). */
  idleMs?: number;
  /** Most sessions open at once (default 100); an `initialize` beyond it is refused with 503. */
  maxSessions?: number;
}

export interface McpRequestOptions {
  /** The JSON body, already read and parsed (POST). */
  parsedBody?: unknown;
  /** What the request proved (the bearer token), handed to the tools as `extra.authInfo`. */
  authInfo?: AuthInfo;
}

export interface McpHttpSessions {
  handle(request: Request, options?: McpRequestOptions): Promise<Response>;
  /** Open sessions. */
  readonly size: number;
  closeAll(): Promise<void>;
}

interface Session {
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  idle: NodeJS.Timeout;
}

export const DEFAULT_MCP_IDLE_MS = 30 * 60_000;
export const DEFAULT_MCP_MAX_SESSIONS = 100;

const rpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), { status, headers: { 'content-type': 'application/json', ...headers } });

const opensSession = (body: unknown) => (Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body));

function minutes(ms: number): string {
  const m = ms / 60_000;
  return m >= 1 ? `${Math.round(m * 10) / 10} minutes` : `${Math.round(ms / 1000)} seconds`;
}

export function createMcpHttpSessions(options: McpHttpSessionsOptions): McpHttpSessions {
  const idleMs = options.idleMs ?? DEFAULT_MCP_IDLE_MS;
  const maxSessions = options.maxSessions ?? DEFAULT_MCP_MAX_SESSIONS;
  const sessions = new Map<string, Session>();
  /** initialize requests in flight: they count against the cap before their session exists. */
  let opening = 0;

  const onDocumentsChanged = () => {
    for (const s of sessions.values()) if (s.server.isConnected()) s.server.server.sendResourceListChanged().catch(() => undefined);
  };

  async function open(request: Request, requestOptions: McpRequestOptions): Promise<Response> {
    opening += 1;
    const server = options.createServer({ onDocumentsChanged });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        const idle = setTimeout(() => void server.close(), idleMs);
        idle.unref();
        sessions.set(id, { server, transport, idle });
      },
    });
    // Set before connect: the SDK chains its own close handling after this one.
    transport.onclose = () => {
      const id = transport.sessionId;
      const s = id === undefined ? undefined : sessions.get(id);
      if (s && s.transport === transport) {
        clearTimeout(s.idle);
        sessions.delete(id!);
      }
    };
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(request, requestOptions);
      // A refused initialize (bad headers, a batch) opened nothing: drop its server.
      if (transport.sessionId === undefined || !sessions.has(transport.sessionId)) await server.close();
      return response;
    } catch (error) {
      await server.close();
      throw error;
    } finally {
      opening -= 1;
    }
  }

  async function oneShot(request: Request, requestOptions: McpRequestOptions): Promise<Response> {
    const server = options.createServer({ onDocumentsChanged });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      return await transport.handleRequest(request, requestOptions);
    } finally {
      await server.close();
    }
  }

  return {
    get size() {
      return sessions.size;
    },

    async handle(request, requestOptions = {}) {
      const id = request.headers.get('mcp-session-id');
      if (id !== null) {
        const s = sessions.get(id);
        if (!s)
          return rpcError(404, -32001, `Mcp-Session-Id ${JSON.stringify(id)}: no such session (it was ended, or closed after ${minutes(idleMs)} without a request); start a new one with initialize`);
        s.idle.refresh();
        return s.transport.handleRequest(request, requestOptions);
      }
      if (request.method !== 'POST')
        return rpcError(400, -32000, `${request.method} /mcp: send the Mcp-Session-Id header of a session (GET opens its event stream, DELETE ends it); sessions start with an initialize POST`);
      if (!opensSession(requestOptions.parsedBody)) return oneShot(request, requestOptions);
      if (sessions.size + opening >= maxSessions)
        return rpcError(
          503,
          -32000,
          `too many open MCP sessions (the limit is ${maxSessions}): end one with DELETE /mcp and its Mcp-Session-Id, or wait until idle sessions close (after ${minutes(idleMs)} without a request)`,
          { 'retry-after': String(Math.ceil(Math.min(idleMs, 60_000) / 1000)) },
        );
      return open(request, requestOptions);
    },

    async closeAll() {
      await Promise.all([...sessions.values()].map((s) => s.server.close()));
    },
  };
}
