// What an MCP server (or any tool-calling host) exposes for the A-RAG tools: name,
// description and the JSON Schema of the arguments, generated from the same zod schemas the
// functions validate with.
import { z } from 'zod';
import { ChunkReadInputSchema, KeywordSearchInputSchema, SemanticSearchInputSchema } from './schemas.js';

export interface AragToolDescriptor {
  name: 'keyword_search' | 'semantic_search' | 'chunk_read';
  description: string;
  inputSchema: Record<string, unknown>;
}

const json = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as Record<string, unknown>;

export const aragToolDescriptors: readonly AragToolDescriptor[] = Object.freeze([
  {
    name: 'keyword_search',
    description:
      'Find chunks containing exact words or phrases. Score = Σ occurrences × keyword length. Returns chunk ids, titles and matching sentences.',
    inputSchema: json(KeywordSearchInputSchema),
  },
  {
    name: 'semantic_search',
    description: 'Find chunks whose sentences are closest in meaning to the query. Returns chunk ids, titles and the matching sentences.',
    inputSchema: json(SemanticSearchInputSchema),
  },
  {
    name: 'chunk_read',
    description: 'Read the full text of chunks by id (optionally with their neighbours). Chunks already read are reported as such without their text.',
    inputSchema: json(ChunkReadInputSchema),
  },
]);
