// One server, several stores: each workspace is a whole single-store app (create-app.ts) with
// its own service, its own token and its own MCP sessions, mounted at /w/<name>/ — its API at
// /w/<name>/api/…, its MCP endpoint at /w/<name>/mcp. A request is handed to its workspace's
// app with the prefix taken off, so every guard of that app applies unchanged, and a token of
// one workspace is simply not the token of another: a client can neither read nor write any
// store but its own. Nothing at the top level lists the workspaces.
import { Hono } from 'hono';
import { problem, type Env } from './http-kit.js';
import { requestGuard } from './security/request-guard.js';

export interface MountedWorkspace {
  name: string;
  app: { fetch(request: Request, env?: unknown): Response | Promise<Response> };
}

/** Workspace names: letters, digits, `-` and `_`, 1–63 characters, starting with a letter or digit. */
export const WORKSPACE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

export function createWorkspacesApp(options: { workspaces: readonly MountedWorkspace[]; loopbackOnly: boolean }): Hono<Env> {
  const byName = new Map(options.workspaces.map((w) => [w.name, w.app]));
  const app = new Hono<Env>();
  app.use('*', requestGuard({ loopbackOnly: options.loopbackOnly }));
  app.get('/api/health', (c) => c.json({ status: 'ok' as const }));
  app.all('/w/:name/*', async (c) => {
    const name = c.req.param('name');
    const target = byName.get(name);
    if (!target) return problem(c, 404, 'RAG_NOT_FOUND', `no workspace ${JSON.stringify(name)} on this server`);
    const raw = c.req.raw;
    const url = new URL(raw.url);
    url.pathname = url.pathname.slice(`/w/${name}`.length) || '/';
    const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD';
    const inner = new Request(url, { method: raw.method, headers: raw.headers, signal: raw.signal, ...(hasBody ? { body: raw.body, duplex: 'half' } : {}) } as RequestInit);
    return target.fetch(inner, c.env);
  });
  app.notFound((c) => problem(c, 404, 'RAG_NOT_FOUND', `no route ${c.req.method} ${c.req.path}; this server serves workspaces at /w/<name>/ (e.g. /w/<name>/api/info, /w/<name>/mcp)`));
  return app;
}
