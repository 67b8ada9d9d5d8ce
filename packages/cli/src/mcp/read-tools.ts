// The six tools of the server's first version, which read the store: A-RAG's three retrieval
// tools (keyword_search, semantic_search, chunk_read: @rag/retrievers' createAragTools with its
// own input schemas and descriptions) plus ask, get_node and neighbours. Names, arguments and
// results are the first version's (ask adds `verification` and `form`), so existing clients keep working.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { RagError } from '@rag/core';
import { aragToolDescriptors, ChunkReadInputSchema, KeywordSearchInputSchema, SemanticSearchInputSchema } from '@rag/retrievers';
import { z } from 'zod';
import type { RagService } from '../service/rag-service.js';
import { mcpOutputSchemas, type McpToolResult } from './output-schemas.js';
import { notFound, runTool } from './tool-result.js';

const Query = z.string().trim().min(1).max(2000);

/** Input schemas of the app's own read tools (the A-RAG tools use @rag/retrievers' schemas). */
export const readToolSchemas = {
  keyword_search: KeywordSearchInputSchema,
  semantic_search: SemanticSearchInputSchema,
  chunk_read: ChunkReadInputSchema,
  ask: z.strictObject({
    question: Query.describe('the question to answer from the indexed documents'),
    method: z.string().min(1).max(64).optional().describe('a method name, e.g. a2rag-agent, arag, tadarag, ircot, hybrid, bm25; default: the server default (a2rag-agent)'),
    k: z.number().int().min(1).max(50).default(5).describe('how many ranked evidence chunks to return'),
  }),
  get_node: z.strictObject({
    node_id: z.string().min(1).max(500).optional().describe('a graph node id'),
    name: z.string().min(1).max(500).optional().describe('or an entity name/alias to look up'),
  }),
  neighbours: z.strictObject({
    node_id: z.string().min(1).max(500).describe('a graph node id'),
    limit: z.number().int().min(1).max(200).default(25).describe('how many edges to return'),
  }),
} as const;

/** Reads the store only (the A-RAG tools also update the session's "already read" memory). */
const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

const aragDescription = (name: 'keyword_search' | 'semantic_search' | 'chunk_read') => aragToolDescriptors.find((d) => d.name === name)!.description;
const snippet = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** The node's view, with "no node" reported against the argument that named it. */
function nodeView(service: RagService, argument: string, id: string, neighbourLimit: number) {
  try {
    return service.getNode(id, { neighbourLimit });
  } catch (error) {
    if (RagError.isInstance(error, 'RAG_NOT_FOUND')) throw notFound(argument, 'graph node', id);
    throw error;
  }
}

export function registerReadTools(server: McpServer, service: RagService): void {
  // One tracker for this server, i.e. for one session: chunk_read answers "already read" for
  // chunks this session has read before.
  const tools = service.aragTools();

  server.registerTool(
    'keyword_search',
    { title: 'Keyword search', description: aragDescription('keyword_search'), inputSchema: readToolSchemas.keyword_search, outputSchema: mcpOutputSchemas.keyword_search, annotations: READ },
    (args) => runTool('keyword_search', (): Promise<McpToolResult<'keyword_search'>> => tools.keywordSearch(args)),
  );

  server.registerTool(
    'semantic_search',
    { title: 'Semantic search', description: aragDescription('semantic_search'), inputSchema: readToolSchemas.semantic_search, outputSchema: mcpOutputSchemas.semantic_search, annotations: READ },
    (args) => runTool('semantic_search', (): Promise<McpToolResult<'semantic_search'>> => tools.semanticSearch(args)),
  );

  server.registerTool(
    'chunk_read',
    {
      title: 'Read chunks',
      description: `${aragDescription('chunk_read')} The memory of what was read lasts for the MCP session.`,
      inputSchema: readToolSchemas.chunk_read,
      outputSchema: mcpOutputSchemas.chunk_read,
      annotations: READ,
    },
    (args) => runTool('chunk_read', (): Promise<McpToolResult<'chunk_read'>> => tools.chunkRead(args)),
  );

  server.registerTool(
    'ask',
    {
      title: 'Ask the documents',
      description:
        'Answer a question from the indexed documents with a named method (default: the A2RAG controller); returns the answer (with its form: a phrase, or the best supporting sentence when no phrase of the asked type was found), quoted citations, the evidence, the stage where retrieval stopped, retries, verdicts, what the checks established and the cost. The A2RAG agent may queue facts it found for human review (never changing documents or the graph itself).',
      inputSchema: readToolSchemas.ask,
      outputSchema: mcpOutputSchemas.ask,
      // Not read-only: an agent may add proposals to the review queue (deduplicated, so repeating a call adds nothing).
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (a) =>
      runTool('ask', async (): Promise<McpToolResult<'ask'>> => {
        const r = await service.ask({ question: a.question, k: a.k, ...(a.method ? { method: a.method } : {}) });
        return {
          method: r.method,
          status: r.status,
          answer: r.answer,
          form: r.form,
          citations: r.citations.map(({ n, chunkId, title, quote }) => ({ n, chunkId, title, quote })),
          evidence: r.evidence.map(({ rank, chunkId, title, score, text }) => ({ rank, chunkId, title, score, text: snippet(text) })),
          stage: r.stage,
          retries: r.retries,
          verdicts: r.verdicts,
          verification: r.verification,
          cost: r.cost,
        };
      }),
  );

  server.registerTool(
    'get_node',
    {
      title: 'Read a graph entity',
      description: 'Read a knowledge-graph node by id or by name: name, type, aliases, the passages it was read from (quoted), and its neighbours.',
      inputSchema: readToolSchemas.get_node,
      outputSchema: mcpOutputSchemas.get_node,
      annotations: READ,
    },
    (a) =>
      runTool('get_node', (): McpToolResult<'get_node'> => {
        let id = a.node_id;
        if (id === undefined) {
          if (a.name === undefined) throw new RagError('RAG_INVALID_INPUT', 'node_id or name: give one of them', { details: { input: 'node_id' } });
          id = service.findNodes(a.name, 1)[0]?.id;
          if (id === undefined) throw new RagError('RAG_NOT_FOUND', `name: no graph node named ${JSON.stringify(a.name)}`, { details: { input: 'name' } });
        }
        const v = nodeView(service, a.node_id !== undefined ? 'node_id' : 'name', id, 25);
        return {
          id: v.node.id,
          name: v.node.name,
          type: v.node.type,
          aliases: v.node.aliases,
          provenance: v.provenance.slice(0, 10).map(({ chunkId, title, quote }) => ({ chunkId, title, quote })),
          neighbours: v.neighbours.map((n) => ({ relation: n.relation, direction: n.direction, id: n.node.id, name: n.node.name })),
        };
      }),
  );

  server.registerTool(
    'neighbours',
    {
      title: "List an entity's relations",
      description: 'List the graph edges of a node: relation, direction, confidence, and the node at the other end.',
      inputSchema: readToolSchemas.neighbours,
      outputSchema: mcpOutputSchemas.neighbours,
      annotations: READ,
    },
    (a) =>
      runTool('neighbours', (): McpToolResult<'neighbours'> =>
        nodeView(service, 'node_id', a.node_id, a.limit).neighbours.map((n) => ({
          edgeId: n.edgeId,
          relation: n.relation,
          direction: n.direction,
          confidence: n.confidence,
          node: { id: n.node.id, name: n.node.name, type: n.node.type },
        })),
      ),
  );
}
