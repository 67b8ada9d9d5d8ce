// Starts the HTTP API + web UI on Node. Binds 127.0.0.1 unless told otherwise, and refuses a
// non-loopback address without a token, so a demo never exposes write access to a network. A
// token must be long enough not to be guessed (MIN_TOKEN_LENGTH; `generateToken` makes one).
import { serve as nodeServe } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { RagError } from '@rag/core';
import type { RagService } from '../service/rag-service.js';
import { loadUiAssets, type UiAssets } from '../ui/ui-assets.js';
import { createHttpApp } from './create-app.js';
import { createWorkspacesApp, WORKSPACE_NAME } from './workspaces-app.js';
import type { McpEndpointOptions } from './routes/mcp-routes.js';

/** One store of a multi-store server: served at /w/<name>/, with its own token. */
export interface WorkspaceServeOptions {
  name: string;
  service: RagService;
  token: string;
}

export interface ServeOptions {
  /** The store (the single-store form: its API at /api, MCP at /mcp). Give this or `workspaces`. */
  service?: RagService;
  /** Several stores, each at /w/<name>/ with its own token (no web UI). Give this or `service`. */
  workspaces?: readonly WorkspaceServeOptions[];
  port?: number;
  host?: string;
  token?: string;
  /** With a token: reads stay open to anyone who can reach the server (default false: reads need the token too). */
  publicReads?: boolean;
  /** Pass prebuilt assets, or false to serve the API only. Default: load (bundle) the UI. */
  ui?: UiAssets | false;
  /** MCP sessions at /mcp: idle timeout and the most open at once. */
  mcp?: McpEndpointOptions;
  /**
   * Run asks on worker threads: `workers` threads (default: the machine's cores; 0 = on this
   * thread, unbounded as before) and at most `queue` asks waiting (default 16 per worker), beyond
   * which asks get 503 with Retry-After, as do asks not expected to be answered within `maxWaitMs`
   * (default 2,000; see service/asks/admission.ts). Workers open `service.stack.dir` themselves,
   * built like `stack` (env, cwd, --config).
   */
  asks?: { workers?: number; queue?: number; maxWaitMs?: number; stack?: { env: Record<string, string | undefined>; cwd: string; configFile?: string } };
}

export interface RunningServer {
  url: string;
  port: number;
  /** Ask workers and queue limit, when asks run on worker threads. */
  workers?: number;
  queue?: number;
  maxWaitMs?: number;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** The shortest bearer token accepted. */
export const MIN_TOKEN_LENGTH = 32;

/** A random token: 24 bytes from the system's CSPRNG, 32 base64url characters. */
export const generateToken = (): string => randomBytes(24).toString('base64url');

/** Refuses a token too short to resist guessing, or one with characters a header cannot carry. */
export function checkToken(token: string, flag = '--token'): void {
  if (token.length < MIN_TOKEN_LENGTH)
    throw new RagError('RAG_CONFIG', `${flag}: ${token.length} characters; a token needs at least ${MIN_TOKEN_LENGTH} (run \`rag serve --token\` without a value to generate one)`, {
      details: { input: flag },
    });
  if (!/^[\x21-\x7e]+$/.test(token))
    throw new RagError('RAG_CONFIG', `${flag}: only printable ASCII without spaces can be sent in an Authorization header`, { details: { input: flag } });
}

/** The ask pool `options.asks` asks for, or undefined for asks on this thread. */
async function askPool(service: RagService, options: ServeOptions) {
  const asks = options.asks;
  if (!asks || asks.workers === 0) return undefined;
  const { withAskPool } = await import('../service/asks/pooled-service.js');
  const stack = asks.stack ?? { env: process.env, cwd: process.cwd() };
  return withAskPool(service, {
    env: stack.env,
    cwd: stack.cwd,
    ...(stack.configFile !== undefined ? { configFile: stack.configFile } : {}),
    ...(asks.workers !== undefined ? { workers: asks.workers } : {}),
    ...(asks.queue !== undefined ? { queue: asks.queue } : {}),
    ...(asks.maxWaitMs !== undefined ? { maxWaitMs: asks.maxWaitMs } : {}),
  });
}

type Pooled = NonNullable<Awaited<ReturnType<typeof askPool>>>;

/** Refuses workspaces without a usable name, with a short or shared token, or named twice. */
function checkWorkspaces(workspaces: readonly WorkspaceServeOptions[]): void {
  if (workspaces.length === 0) throw new RagError('RAG_CONFIG', '--workspace: give at least one NAME=DIR');
  const names = new Set<string>();
  const tokens = new Set<string>();
  for (const w of workspaces) {
    if (!WORKSPACE_NAME.test(w.name)) throw new RagError('RAG_CONFIG', `--workspace ${JSON.stringify(w.name)}: a name is 1-63 letters, digits, - or _, starting with a letter or digit`);
    if (names.has(w.name)) throw new RagError('RAG_CONFIG', `--workspace ${w.name}: named twice`);
    checkToken(w.token, `--workspace-token ${w.name}`);
    if (tokens.has(w.token)) throw new RagError('RAG_CONFIG', `--workspace-token ${w.name}: the same token as another workspace (its clients could reach both)`);
    names.add(w.name);
    tokens.add(w.token);
  }
}

/** The app to serve: one store's, or the workspaces' (each with its own pool). */
async function buildApp(options: ServeOptions, loopbackOnly: boolean, pools: Pooled[]) {
  const appFor = async (service: RagService, extra: { token?: string; workspace?: string; ui?: UiAssets }) => {
    const pooled = await askPool(service, options);
    if (pooled) pools.push(pooled);
    return createHttpApp({
      service: pooled?.service ?? service,
      ...(pooled ? { asks: pooled.pool } : {}),
      loopbackOnly,
      ...(extra.token ? { token: extra.token } : {}),
      ...(extra.workspace ? { workspace: extra.workspace } : {}),
      ...(options.publicReads ? { publicReads: true } : {}),
      ...(extra.ui ? { ui: extra.ui } : {}),
      ...(options.mcp ? { mcp: options.mcp } : {}),
    });
  };
  if (options.workspaces) {
    checkWorkspaces(options.workspaces);
    if (options.publicReads) throw new RagError('RAG_CONFIG', '--public-reads: not with workspaces (a client of one workspace could read every other)');
    const mounted = [];
    for (const w of options.workspaces) mounted.push({ name: w.name, app: await appFor(w.service, { token: w.token, workspace: w.name }) });
    return createWorkspacesApp({ workspaces: mounted, loopbackOnly });
  }
  if (!options.service) throw new RagError('RAG_CONFIG', 'serve: give a store (--store DIR) or workspaces (--workspace NAME=DIR)');
  if (options.token !== undefined) checkToken(options.token);
  const ui = options.ui === false ? undefined : (options.ui ?? (await loadUiAssets()));
  return appFor(options.service, { ...(options.token ? { token: options.token } : {}), ...(ui ? { ui } : {}) });
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  if (options.service && options.workspaces) throw new RagError('RAG_CONFIG', 'serve: give either one store (--store) or workspaces (--workspace), not both');
  if (!LOOPBACK.has(host) && !options.token && !options.workspaces)
    throw new RagError('RAG_CONFIG', `--host ${host}: binding beyond loopback needs --token (anyone on the network could write to the store)`);
  const pools: Pooled[] = [];
  const closePools = () => Promise.all(pools.map((p) => p.pool.close())).then(() => undefined);
  let app;
  try {
    app = await buildApp(options, LOOPBACK.has(host), pools);
  } catch (error) {
    await closePools();
    throw error;
  }
  const pooled = pools[0];
  const services = options.workspaces ? options.workspaces.map((w) => w.service) : options.service ? [options.service] : [];
  return new Promise((resolve, reject) => {
    const server = nodeServe({ fetch: app.fetch, port: options.port ?? 8787, hostname: host }, (info: AddressInfo) => {
      // The writer reads what a write needs now, one part per turn of the event loop, so the
      // first write is not slowed by loading; a failure here is reported by the write that meets it.
      for (const s of services) void s.prepareWrites().catch(() => undefined);
      const shown = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shown}:${info.port}`,
        port: info.port,
        ...(pooled ? { workers: pooled.pool.workers, queue: pooled.pool.queueLimit, maxWaitMs: pooled.pool.maxWaitMs } : {}),
        close: () =>
          new Promise<void>((res) => {
            server.close(() => res());
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          }).then(closePools),
      });
    });
    // Slow or stalled clients cannot hold a connection open: headers within 20 s, the whole
    // request body within 60 s (answers and SSE streams are responses, not bound by these).
    const http = server as { headersTimeout?: number; requestTimeout?: number };
    http.headersTimeout = 20_000;
    http.requestTimeout = 60_000;
    server.once('error', (err: NodeJS.ErrnoException) => {
      void closePools();
      reject(
        err.code === 'EADDRINUSE'
          ? new RagError('RAG_CONFIG', `--port ${options.port}: already in use (pick another with --port)`)
          : new RagError('RAG_IO', `could not listen on ${host}:${options.port}: ${err.message}`, { cause: err }),
      );
    });
  });
}
