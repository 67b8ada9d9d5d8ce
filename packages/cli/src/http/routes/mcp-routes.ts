// MCP over Streamable HTTP at /mcp (stateless: one server + transport per request).
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { createMcpServer } from '../../mcp/create-mcp-server.js';
import { problem, type HttpApp, type RouteContext } from '../http-kit.js';
import { describeRoute } from '../openapi/describe-route.js';

const JsonRpcSchema = z.looseObject({ jsonrpc: z.literal('2.0'), method: z.string().optional(), id: z.union([z.string(), z.number(), z.null()]).optional() });

export function registerMcpRoutes(app: HttpApp, ctx: RouteContext): void {
  const { service } = ctx;
  describeRoute(app, { method: 'post', path: '/mcp', tag: 'mcp', summary: 'Model Context Protocol (Streamable HTTP): JSON-RPC requests', body: JsonRpcSchema, response: JsonRpcSchema });
  app.post('/mcp', ctx.limit(ctx.maxJsonBytes), async (c) => {
    const text = await c.req.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return c.json({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }, 400);
    }
    const server = createMcpServer({ service });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    c.env.outgoing.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(c.env.incoming, c.env.outgoing, parsed);
    return RESPONSE_ALREADY_SENT;
  });
  for (const method of ['get', 'delete'] as const) describeRoute(app, { method, path: '/mcp', tag: 'mcp', summary: 'Not offered: this MCP endpoint is stateless (405)' });
  app.on(['GET', 'DELETE'], '/mcp', (c) => problem(c, 405, 'RAG_UNSUPPORTED', 'this MCP endpoint is stateless: POST JSON-RPC requests'));
}
