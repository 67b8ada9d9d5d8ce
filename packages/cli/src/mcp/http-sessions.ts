// MCP sessions over Streamable HTTP: an `initialize` request opens a session (a fresh McpServer
// and transport, id from randomUUID, returned in `Mcp-Session-Id`); later requests carrying the
// id go to the same server, so what a session remembers (chunk_read's "already read") persists
// across calls. GET with the id opens the session's event stream (server notifications such as
// resources/list_changed), DELETE ends it. Sessions idle longer than `idleMs` are closed.
// Caps never lock a new client out: a client (the route names it by token and remote address)
// holds at most `maxSessionsPerClient` sessions, and its own least recently used one is closed
// when it opens another; when `maxSessions` are open in all, the least recently used session of
// the client holding the most is closed. A POST without a session id that is not `initialize`
// is answered by a one-off server, as the endpoint did before it had sessions (nothing is
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
  /** Most sessions open at once (default 100); beyond it the busiest client's least recently used session is closed. */
  maxSessions?: number;
  /** Most sessions one client holds (default 16); beyond it that client's least recently used session is closed. */
  maxSessionsPerClient?: number;
}

export interface McpRequestOptions {
  /** The JSON body, already read and parsed (POST). */
  parsedBody?: unknown;
  /** What the request proved (the bearer token), handed to the tools as `extra.authInfo`. */
  authInfo?: AuthInfo;
  /** Who is asking (e.g. the token's workspace and the remote address): the unit of the per-client cap. */
  client?: string;
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
  client: string;
  /** Order of last use (a counter, not a clock: ties cannot happen). */
  used: number;
}

export const DEFAULT_MCP_IDLE_MS = 30 * 60_000;
export const DEFAULT_MCP_MAX_SESSIONS = 100;
export const DEFAULT_MCP_MAX_SESSIONS_PER_CLIENT = 16;

const rpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), { status, headers: { 'content-type': 'application/json', ...headers } });

const opensSession = (body: unknown) => (Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body));

function minutes(ms: number): string {
  const m = ms / 60_000;
  return m >= 1 ? `${Math.round(m * 10) / 10} minutes` : ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`;
}

export function createMcpHttpSessions(options: McpHttpSessionsOptions): McpHttpSessions {
  const idleMs = options.idleMs ?? DEFAULT_MCP_IDLE_MS;
  const maxSessions = Math.max(1, options.maxSessions ?? DEFAULT_MCP_MAX_SESSIONS);
  const perClient = Math.max(1, Math.min(maxSessions, options.maxSessionsPerClient ?? DEFAULT_MCP_MAX_SESSIONS_PER_CLIENT));
  const sessions = new Map<string, Session>();
  let clock = 0;

  /** The least recently used session among `candidates`. */
  const lru = (candidates: Iterable<Session>) => {
    let oldest: Session | undefined;
    for (const s of candidates) if (!oldest || s.used < oldest.used) oldest = s;
    return oldest;
  };
  const sessionsOf = (client: string) => [...sessions.values()].filter((s) => s.client === client);
  /**
   * Make room for one more session of `client`: close its own least recently used one past its
   * cap, else (all sessions in use) the least recently used one of the client holding the most.
   * Synchronous: `close` takes a session out of the map before its server closes.
   */
  const makeRoom = (client: string) => {
    for (let own = sessionsOf(client); own.length >= perClient; own = sessionsOf(client)) void close(lru(own));
    while (sessions.size >= maxSessions) {
      const counts = new Map<string, number>();
      for (const s of sessions.values()) counts.set(s.client, (counts.get(s.client) ?? 0) + 1);
      const busiest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
      void close(lru(sessionsOf(busiest)));
    }
  };
  const close = async (s: Session | undefined) => {
    if (!s) return;
    const id = s.transport.sessionId;
    if (id !== undefined && sessions.get(id) === s) {
      clearTimeout(s.idle);
      sessions.delete(id);
    }
    await s.server.close();
  };

  const onDocumentsChanged = () => {
    for (const s of sessions.values()) if (s.server.isConnected()) s.server.server.sendResourceListChanged().catch(() => undefined);
  };

  async function open(request: Request, requestOptions: McpRequestOptions): Promise<Response> {
    const client = requestOptions.client ?? 'anonymous';
    const server = options.createServer({ onDocumentsChanged });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        const idle = setTimeout(() => void server.close(), idleMs);
        idle.unref();
        makeRoom(client);
        sessions.set(id, { server, transport, idle, client, used: ++clock });
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
          return rpcError(404, -32001, `Mcp-Session-Id ${JSON.stringify(id)}: no such session (it was ended, closed after ${minutes(idleMs)} without a request, or closed to make room when its client opened more than ${perClient} sessions); start a new one with initialize`);
        s.idle.refresh();
        s.used = ++clock;
        return s.transport.handleRequest(request, requestOptions);
      }
      if (request.method !== 'POST')
        return rpcError(400, -32000, `${request.method} /mcp: send the Mcp-Session-Id header of a session (GET opens its event stream, DELETE ends it); sessions start with an initialize POST`);
      if (!opensSession(requestOptions.parsedBody)) return oneShot(request, requestOptions);
      return open(request, requestOptions);
    },

    async closeAll() {
      await Promise.all([...sessions.values()].map((s) => s.server.close()));
    },
  };
}
