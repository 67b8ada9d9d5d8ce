// The API's own description: the OpenAPI document and a page that renders it.
import type { HttpApp } from '../http-kit.js';
import { apiDocument } from '../openapi/api-document.js';
import { describeRoute } from '../openapi/describe-route.js';
import { renderDocsPage } from '../openapi/render-docs-page.js';

export function registerOpenApiRoutes(app: HttpApp): void {
  describeRoute(app, { method: 'get', path: '/openapi.json', tag: 'meta', summary: 'This document (OpenAPI 3.1)' });
  describeRoute(app, { method: 'get', path: '/api-docs', tag: 'meta', summary: 'This document as a page', responseMedia: { type: 'text/html' } });
  // Built on first use, after every route module has registered its paths.
  let cached: Record<string, unknown> | undefined;
  const doc = () => (cached ??= apiDocument(app));
  app.get('/openapi.json', (c) => c.json(doc()));
  app.get('/api-docs', (c) => {
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return c.html(renderDocsPage(doc()));
  });
}
