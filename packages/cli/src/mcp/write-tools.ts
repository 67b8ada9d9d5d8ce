// The two tools that change the store: ingest (add or replace documents, with the limits of
// POST /api/docs) and delete_document. Who may call them is ./write-access.ts; after a change
// the server tells its clients that the resource list (the documents) changed.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RagError, type DocInput } from '@rag/core';
import { z } from 'zod';
import { IndexBodySchema } from '../http/schemas.js';
import type { RagService } from '../service/rag-service.js';
import { mcpOutputSchemas, type McpToolResult } from './output-schemas.js';
import { notFound, runTool, toolError } from './tool-result.js';
import { writeRefusal, type McpWriteAccess } from './write-access.js';

export const writeToolSchemas = {
  /** The body of POST /api/docs: 1–1000 documents of exactly {id, text, title?, metadata?}, texts up to 1,000,000 characters; the id, title and text rules run on the whole call before any write. */
  ingest: IndexBodySchema,
  delete_document: z.strictObject({ id: z.string().min(1).max(200).describe('the id of the document to delete') }),
} as const;

export interface WriteToolsOptions {
  access: Exclude<McpWriteAccess, 'off'>;
  /** Called after a write succeeded (the HTTP endpoint notifies every open session). */
  onDocumentsChanged(): void;
}

export function registerWriteTools(server: McpServer, service: RagService, options: WriteToolsOptions): void {
  const needsToken = options.access === 'token' ? ' Needs the server’s bearer token on the /mcp request.' : '';

  server.registerTool(
    'ingest',
    {
      title: 'Add documents',
      description: `Add documents to the store, or replace those whose id already exists, and index them (chunks, vectors, graph). Documents are {id, title?, text}; up to 1000 per call.${needsToken}`,
      inputSchema: writeToolSchemas.ingest,
      outputSchema: mcpOutputSchemas.ingest,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args, extra) => {
      const refused = writeRefusal('ingest', options.access, extra.authInfo);
      if (refused) return toolError(refused);
      const result = await runTool('ingest', (): Promise<McpToolResult<'ingest'>> => service.ingest(args.docs as DocInput[]));
      if (!result.isError) options.onDocumentsChanged();
      return result;
    },
  );

  server.registerTool(
    'delete_document',
    {
      title: 'Delete a document',
      description: `Delete a document, its chunks and the graph facts only it supported.${needsToken}`,
      inputSchema: writeToolSchemas.delete_document,
      outputSchema: mcpOutputSchemas.delete_document,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ id }, extra) => {
      const refused = writeRefusal('delete_document', options.access, extra.authInfo);
      if (refused) return toolError(refused);
      const result = await runTool('delete_document', async (): Promise<McpToolResult<'delete_document'>> => {
        try {
          return { id, ...(await service.remove(id)) };
        } catch (error) {
          if (RagError.isInstance(error, 'RAG_NOT_FOUND')) throw notFound('id', 'document', id);
          throw error;
        }
      });
      if (!result.isError) options.onDocumentsChanged();
      return result;
    },
  );
}
