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

// The descriptions carry the usage guidance of A-RAG Figs. 7–8 (in our own words): short literal
// keywords, semantic search as the fallback for unknown wording, and snippets as pointers that
// must be read in full with chunk_read (neighbours too when a passage is cut off).
export const aragToolDescriptors: readonly AragToolDescriptor[] = Object.freeze([
  {
    name: 'keyword_search',
    description: [
      'Find chunks that contain the given words literally (case-insensitive); each keyword is matched on its own and longer matches weigh more.',
      'Give SHORT keywords of one to three words: names, terms, dates (e.g. "Marie Curie", "Nobel Prize", "1903"), never questions, descriptions or whole sentences.',
      'Returns chunk ids with short snippets ending in "…". Snippets only show where a keyword occurs: read a chunk with chunk_read before answering from it.',
    ].join(' '),
    inputSchema: json(KeywordSearchInputSchema),
  },
  {
    name: 'semantic_search',
    description: [
      'Find chunks whose sentences are closest in meaning to a natural-language query (vector similarity).',
      'Use it when keyword search finds nothing useful or you do not know the exact wording the documents use.',
      'Returns chunk ids with the matching sentences as snippets; read the chunks with chunk_read for their full text.',
    ].join(' '),
    inputSchema: json(SemanticSearchInputSchema),
  },
  {
    name: 'chunk_read',
    description: [
      'Read the full text of chunks by id. Search snippets are not enough to answer from: always read the most promising chunks your searches found.',
      'Set adjacent to true to also read the chunks just before and after, when a passage looks cut off or incomplete.',
      'Chunks read before are reported as already read, without their text.',
    ].join(' '),
    inputSchema: json(ChunkReadInputSchema),
  },
]);
