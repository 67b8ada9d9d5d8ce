// What each MCP tool returns, as zod 4 schemas: the SDK lists them as the tools' `outputSchema`
// and checks every `structuredContent` against them. Every tool answers `{ result: … }` (the
// shape the server has always returned as structured content); the text content carries the
// same `result` as JSON for clients that read text only. The objects are closed (`z.object`), so
// the published JSON Schema says `additionalProperties: false` and a field added to a result
// without being declared here fails the tests.
import { VerdictSchema } from '@rag/core';
import { z } from 'zod';

const SnippetSchema = z.object({ start: z.number().int(), end: z.number().int(), text: z.string() });

const SearchHitSchema = z.object({
  chunkId: z.string(),
  docId: z.string(),
  title: z.string().optional(),
  score: z.number(),
  snippets: z.array(SnippetSchema),
});

const ChunkReadSchema = z.object({
  chunkId: z.string(),
  docId: z.string(),
  text: z.string().optional().describe('present only the first time the chunk is read in this session'),
  alreadyRead: z.boolean(),
  missing: z.boolean().optional().describe('true when no chunk has this id'),
  adjacentTo: z.string().optional().describe('for adjacent reads: the requested chunk this one neighbours'),
});

const CostSchema = z.object({
  llmCalls: z.number(),
  tokensIn: z.number(),
  tokensOut: z.number(),
  embeddingCalls: z.number(),
  retries: z.number(),
  wallMs: z.number(),
});

const AskOutputSchema = z.object({
  method: z.string(),
  status: z.enum(['answered', 'abstained', 'failed', 'evidence']),
  answer: z.string().nullable(),
  /** "sentence": no phrase of the asked type was found; the answer is the best supporting sentence (labelled unsure). */
  form: z.enum(['span', 'sentence']).nullable(),
  citations: z.array(z.object({ n: z.number().int(), chunkId: z.string(), title: z.string(), quote: z.string() })),
  evidence: z.array(z.object({ rank: z.number().int(), chunkId: z.string(), title: z.string(), score: z.number(), text: z.string() })),
  stage: z.string().nullable(),
  retries: z.number().int(),
  verdicts: z.array(VerdictSchema),
  verification: z.object({ status: z.enum(['verified', 'unsure', 'failed']), reason: z.string() }).nullable(),
  cost: CostSchema,
});

const NodeRefSchema = z.object({ id: z.string(), name: z.string(), type: z.string() });

const NodeOutputSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  aliases: z.array(z.string()),
  provenance: z.array(z.object({ chunkId: z.string(), title: z.string(), quote: z.string() })),
  neighbours: z.array(z.object({ relation: z.string(), direction: z.enum(['out', 'in']), id: z.string(), name: z.string() })),
});

const NeighbourSchema = z.object({
  edgeId: z.string(),
  relation: z.string(),
  direction: z.enum(['out', 'in']),
  confidence: z.number(),
  node: NodeRefSchema,
});

const IngestOutputSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  chunks: z.number().int(),
  nodes: z.number().int(),
  edges: z.number().int(),
  ms: z.number(),
});

const envelope = <T extends z.ZodType>(result: T) => z.object({ result });

/** The `outputSchema` of every tool. */
export const mcpOutputSchemas = {
  keyword_search: envelope(z.array(SearchHitSchema)),
  semantic_search: envelope(z.array(SearchHitSchema)),
  chunk_read: envelope(z.array(ChunkReadSchema)),
  ask: envelope(AskOutputSchema),
  get_node: envelope(NodeOutputSchema),
  neighbours: envelope(z.array(NeighbourSchema)),
  ingest: envelope(IngestOutputSchema),
  delete_document: envelope(z.object({ id: z.string(), removedChunks: z.number().int() })),
} as const;

export type McpToolName = keyof typeof mcpOutputSchemas;
export type McpToolResult<N extends McpToolName> = z.output<(typeof mcpOutputSchemas)[N]>['result'];
