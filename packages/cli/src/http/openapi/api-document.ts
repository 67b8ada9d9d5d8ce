// The OpenAPI 3.1 document of the running app, generated from the routes' zod schemas.
import type { HttpApp } from '../http-kit.js';

export const API_VERSION = '0.1.0';

export function apiDocument(app: HttpApp): Record<string, unknown> {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'Needed by requests that write, when the server was started with --token.',
  });
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'rag HTTP API',
      version: API_VERSION,
      description:
        'Ask questions over an indexed store with cited, verified answers; manage documents and the knowledge graph. ' +
        'Errors share one body: `{ "error": { "code", "message", "details"? } }`. Writes need `Authorization: Bearer <token>` when the server has a token, and are refused from other sites.',
    },
  }) as unknown as Record<string, unknown>;
}
