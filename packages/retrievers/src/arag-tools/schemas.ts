// Input schemas of the A-RAG tools (A-RAG Section 3.2). Model-produced arguments are untrusted:
// every call validates against these before touching the index.
import { z } from 'zod';

export const KeywordSearchInputSchema = z.object({
  keywords: z.array(z.string().trim().min(1).max(200)).min(1).max(20).describe('Exact words or short phrases to look for (case-insensitive).'),
  k: z.number().int().min(1).max(20).default(5).describe('How many chunks to return (default 5, at most 20).'),
});
export type KeywordSearchInput = z.input<typeof KeywordSearchInputSchema>;

export const SemanticSearchInputSchema = z.object({
  query: z.string().trim().min(1).max(2000).describe('A natural-language description of what to find.'),
  k: z.number().int().min(1).max(20).default(5).describe('How many chunks to return (default 5, at most 20).'),
});
export type SemanticSearchInput = z.input<typeof SemanticSearchInputSchema>;

export const ChunkReadInputSchema = z.object({
  ids: z.array(z.string().min(1).max(500)).min(1).max(20).describe('Chunk ids from a search result.'),
  adjacent: z.boolean().default(false).describe('Also read the chunks just before and after each one.'),
});
export type ChunkReadInput = z.input<typeof ChunkReadInputSchema>;
