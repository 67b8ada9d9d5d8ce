// The MCP tools: A-RAG's three retrieval tools (keyword_search, semantic_search, chunk_read,
// straight from @rag/retrievers' createAragTools with its own schemas and descriptions) plus
// ask, get_node and neighbours. Inputs are validated with zod 4 before use; their JSON Schema
// is what MCP clients see.
import { RagError } from '@rag/core';
import { aragToolDescriptors } from '@rag/retrievers';
import { z } from 'zod';
import type { RagService } from '../service/rag-service.js';

const Query = z.string().trim().min(1).max(2000);

/** Schemas of the app's own tools (the A-RAG tools validate with @rag/retrievers' schemas). */
export const mcpToolSchemas = {
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
    limit: z.number().int().min(1).max(200).default(25),
  }),
} as const;

export const ARAG_TOOL_NAMES = ['keyword_search', 'semantic_search', 'chunk_read'] as const;
export type McpToolName = (typeof ARAG_TOOL_NAMES)[number] | keyof typeof mcpToolSchemas;

const ownDescriptions: Record<keyof typeof mcpToolSchemas, string> = {
  ask: 'Answer a question from the indexed documents with a named method (default: the A2RAG controller); returns the answer, quoted citations, the stage where retrieval stopped, retries, verdicts and cost.',
  get_node: 'Read a knowledge-graph node: name, type, aliases, the passages it was read from, and its neighbours.',
  neighbours: 'List the graph edges of a node: relation, direction, and the node at the other end.',
};

export interface McpToolDefinition {
  name: McpToolName;
  description: string;
  inputSchema: { type: 'object'; [k: string]: unknown };
}

/** Every tool the MCP server lists, with its JSON Schema. */
export function mcpToolDefinitions(): McpToolDefinition[] {
  return [
    ...aragToolDescriptors.map((d) => ({ name: d.name, description: d.description, inputSchema: d.inputSchema as McpToolDefinition['inputSchema'] })),
    ...(Object.keys(mcpToolSchemas) as (keyof typeof mcpToolSchemas)[]).map((name) => ({
      name,
      description: ownDescriptions[name],
      inputSchema: z.toJSONSchema(mcpToolSchemas[name], { io: 'input' }) as McpToolDefinition['inputSchema'],
    })),
  ];
}

export const isMcpTool = (name: string): name is McpToolName => (ARAG_TOOL_NAMES as readonly string[]).includes(name) || Object.hasOwn(mcpToolSchemas, name);

const snippet = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** One MCP session: the A-RAG tools keep their "already read" tracker for the session's lifetime. */
export interface McpSession {
  tools: ReturnType<RagService['aragTools']>;
}

/** Runs a tool call (arguments are validated here); returns JSON-serialisable data. */
export async function runMcpTool(service: RagService, name: McpToolName, args: unknown, session: McpSession = { tools: service.aragTools() }): Promise<unknown> {
  switch (name) {
    case 'keyword_search':
      return session.tools.keywordSearch(args as Parameters<McpSession['tools']['keywordSearch']>[0]);
    case 'semantic_search':
      return session.tools.semanticSearch(args as Parameters<McpSession['tools']['semanticSearch']>[0]);
    case 'chunk_read':
      return session.tools.chunkRead(args as Parameters<McpSession['tools']['chunkRead']>[0]);
    case 'ask': {
      const a = mcpToolSchemas.ask.parse(args);
      const r = await service.ask({ question: a.question, k: a.k, ...(a.method ? { method: a.method } : {}) });
      return {
        method: r.method,
        status: r.status,
        answer: r.answer,
        citations: r.citations.map(({ n, chunkId, title, quote }) => ({ n, chunkId, title, quote })),
        evidence: r.evidence.map(({ rank, chunkId, title, score, text }) => ({ rank, chunkId, title, score, text: snippet(text) })),
        stage: r.stage,
        retries: r.retries,
        verdicts: r.verdicts,
        cost: r.cost,
      };
    }
    case 'get_node': {
      const a = mcpToolSchemas.get_node.parse(args);
      let id = a.node_id;
      if (!id && a.name) id = service.findNodes(a.name, 1)[0]?.id;
      if (!id) throw new RagError(a.name ? 'RAG_NOT_FOUND' : 'RAG_INVALID_INPUT', a.name ? `name: no node named "${a.name}"` : 'get_node: give node_id or name');
      const v = service.getNode(id, { neighbourLimit: 25 });
      return {
        id: v.node.id,
        name: v.node.name,
        type: v.node.type,
        aliases: v.node.aliases,
        provenance: v.provenance.slice(0, 10).map(({ chunkId, title, quote }) => ({ chunkId, title, quote })),
        neighbours: v.neighbours.map((n) => ({ relation: n.relation, direction: n.direction, id: n.node.id, name: n.node.name })),
      };
    }
    case 'neighbours': {
      const a = mcpToolSchemas.neighbours.parse(args);
      return service.getNode(a.node_id, { neighbourLimit: a.limit }).neighbours.map((n) => ({
        edgeId: n.edgeId,
        relation: n.relation,
        direction: n.direction,
        confidence: n.confidence,
        node: { id: n.node.id, name: n.node.name, type: n.node.type },
      }));
    }
  }
}
