// 405 for a known path asked with a method it does not serve, with the `Allow` header listing
// the methods it does (RFC 9110 §15.5.6); unknown paths stay 404. The routes are read from the
// app itself, so a new route is covered without a list to keep in step.
import type { Context } from 'hono';
import { problem, type HttpApp } from './http-kit.js';

interface RoutePattern {
  pattern: RegExp;
  methods: Set<string>;
}

const patternOf = (path: string) =>
  new RegExp(`^${path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`);

const cache = new WeakMap<HttpApp, { count: number; patterns: RoutePattern[] }>();

function patterns(app: HttpApp): RoutePattern[] {
  const hit = cache.get(app);
  if (hit && hit.count === app.routes.length) return hit.patterns;
  const byPath = new Map<string, Set<string>>();
  for (const r of app.routes) {
    // Middleware (app.use) is registered as ALL; it names no method of its own.
    if (r.method === 'ALL' || r.path === '/*' || r.path === '*') continue;
    const methods = byPath.get(r.path) ?? new Set<string>();
    methods.add(r.method.toUpperCase());
    if (r.method.toUpperCase() === 'GET') methods.add('HEAD');
    byPath.set(r.path, methods);
  }
  const list = [...byPath.entries()].map(([path, methods]) => ({ pattern: patternOf(path), methods }));
  cache.set(app, { count: app.routes.length, patterns: list });
  return list;
}

/** A 405 answer when the request's path is served under other methods, else undefined. */
export function methodNotAllowed(app: HttpApp, c: Context): Response | undefined {
  const allowed = new Set<string>();
  for (const p of patterns(app)) if (p.pattern.test(c.req.path)) for (const m of p.methods) allowed.add(m);
  if (allowed.size === 0 || allowed.has(c.req.method.toUpperCase())) return undefined;
  const allow = [...allowed].sort().join(', ');
  c.header('Allow', allow);
  return problem(c, 405, 'RAG_METHOD_NOT_ALLOWED', `${c.req.method} ${c.req.path}: method not allowed (allowed: ${allow})`);
}
