// The bundled web UI: one page, its script, the graph layout's worker script and the
// stylesheet, under a strict CSP (workers only from this origin: `worker-src 'self'`).
import type { UiAssets } from '../../ui/ui-assets.js';
import type { HttpApp } from '../http-kit.js';
import { describeRoute } from '../openapi/describe-route.js';

export const UI_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; worker-src 'self'; connect-src 'self'";

export function registerUiRoutes(app: HttpApp, ui: UiAssets): void {
  describeRoute(app, { method: 'get', path: '/', tag: 'meta', summary: 'The web UI', responseMedia: { type: 'text/html' } });
  app.get('/', (c) => {
    c.header('Content-Security-Policy', UI_CSP);
    return c.html(ui.html);
  });
  describeRoute(app, { method: 'get', path: '/ui/app.js', tag: 'meta', summary: "The web UI's script", responseMedia: { type: 'text/javascript' } });
  app.get('/ui/app.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(ui.js);
  });
  describeRoute(app, { method: 'get', path: '/ui/layout-worker.js', tag: 'meta', summary: "The web UI's graph layout worker (a classic worker script)", responseMedia: { type: 'text/javascript' } });
  app.get('/ui/layout-worker.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(ui.worker);
  });
  describeRoute(app, { method: 'get', path: '/ui/app.css', tag: 'meta', summary: "The web UI's stylesheet", responseMedia: { type: 'text/css' } });
  app.get('/ui/app.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    return c.body(ui.css);
  });
}
