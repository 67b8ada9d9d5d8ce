// Cross-site and DNS-rebinding guard for the local server. Any web page a user visits can send
// requests to 127.0.0.1; a browser marks them with `Origin` and `Sec-Fetch-Site`, and a page that
// rebinds its own DNS name to 127.0.0.1 sends a foreign `Host`. So:
//   - every request that writes (POST, PUT, PATCH, DELETE) and every request to /mcp must not be
//     cross-site: `Sec-Fetch-Site`, when sent, is same-origin or none, and `Origin`, when sent,
//     names this server's own host;
//   - when the server is bound to loopback, the `Host` header must be a loopback name (the MCP
//     specification asks local servers to validate Origin and bind to localhost for this reason).
// hono's csrf middleware checks only form-like content types (urlencoded, multipart, text/plain),
// and a JSON body or an MCP call must be refused as well, so this guard checks every write.
import type { MiddlewareHandler } from 'hono';

export interface RequestGuardOptions {
  /** The server listens on loopback only: refuse any Host that is not a loopback name. */
  loopbackOnly: boolean;
  /** Extra origins allowed to write (e.g. a front-end on another port), as `scheme://host:port`. */
  allowedOrigins?: readonly string[];
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The host name of a `Host` header value ("127.0.0.1:8787" → "127.0.0.1", "[::1]:80" → "[::1]"). */
export function hostName(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon >= 0 ? h.slice(0, colon) : h;
}

export function isLoopbackHost(hostHeader: string): boolean {
  const name = hostName(hostHeader);
  return LOOPBACK_HOSTS.has(name) || /^127(\.\d{1,3}){3}$/.test(name);
}

/** Why a request is refused, or undefined when it may go on. */
export function refusal(req: { method: string; path: string; url: string; header(name: string): string | undefined }, options: RequestGuardOptions): string | undefined {
  // Node's server always passes the Host header; an in-process request (app.request) has its URL's.
  const host = req.header('host') ?? new URL(req.url).host;
  if (options.loopbackOnly && !isLoopbackHost(host))
    return `Host ${JSON.stringify(host)} is not a loopback name; this server listens on loopback only (DNS rebinding protection)`;
  const guarded = WRITE_METHODS.has(req.method.toUpperCase()) || req.path === '/mcp' || req.path.startsWith('/mcp/');
  if (!guarded) return undefined;
  const site = req.header('sec-fetch-site')?.toLowerCase();
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return `Sec-Fetch-Site ${site}: cross-site requests may not write to this server`;
  const origin = req.header('origin');
  if (origin === undefined) return undefined; // not a browser request (curl, SDK clients)
  if (options.allowedOrigins?.includes(origin)) return undefined;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return `Origin ${JSON.stringify(origin)} is not a URL; cross-site requests may not write to this server`;
  }
  if (originHost !== host.trim().toLowerCase()) return `Origin ${origin} is not this server (${host}); cross-site requests may not write to this server`;
  return undefined;
}

/** Hono middleware: 403 with a JSON problem body for a refused request, before any handler reads it. */
export function requestGuard(options: RequestGuardOptions): MiddlewareHandler {
  return async (c, next) => {
    const why = refusal({ method: c.req.method, path: c.req.path, url: c.req.url, header: (n) => c.req.header(n) }, options);
    if (why !== undefined) return c.json({ error: { code: 'RAG_FORBIDDEN', message: why } }, 403);
    return next();
  };
}
