// An MCP server over a RagService, on the SDK's low-level Server: the SDK 1.22 high-level
// McpServer expects zod 3 shapes, while the toolkit validates with zod 4, so we list the tools
// with their JSON Schema and validate arguments ourselves.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { RagError } from '@rag/core';
import { z } from 'zod';
import type { RagService } from '../service/rag-service.js';
import { isMcpTool, mcpToolDefinitions, runMcpTool, type McpSession } from './mcp-tools.js';

export interface McpServerOptions {
  service: RagService;
  name?: string;
  version?: string;
}

export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server({ name: options.name ?? 'rag', version: options.version ?? '0.1.0' }, { capabilities: { tools: {} } });
  // One session per server: stdio is one client; the HTTP endpoint makes a server per request.
  const session: McpSession = { tools: options.service.aragTools() };

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpToolDefinitions() }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    if (!isMcpTool(name)) return { isError: true, content: [{ type: 'text', text: `unknown tool "${name}"` }] };
    try {
      const result = await runMcpTool(options.service, name, args ?? {}, session);
      return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }], structuredContent: { result } };
    } catch (error) {
      const message =
        error instanceof z.ZodError
          ? `invalid arguments for ${name}: ${error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')}`
          : RagError.isInstance(error, 'RAG_INVALID_INPUT') && /arguments/.test(error.message)
            ? `invalid arguments for ${name}: ${error.message}`
            : error instanceof Error
              ? error.message
              : String(error);
      return { isError: true, content: [{ type: 'text', text: message }] };
    }
  });
  return server;
}
