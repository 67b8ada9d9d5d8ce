// The A-RAG tool session the agent loop drives: the three retrieval interfaces of A-RAG
// Section 3.2 from @rag/retrievers (`createAragTools`: keyword_search eq. 1–2, semantic_search
// eq. 3, chunk_read with the context tracker of Section 3.3), with a fresh tracker per question,
// rendered as text observations for the policy and metered in retrieved corpus tokens (Table 3).
import { countTokens, invalidInput, type RunContext, type ToolDefinition } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { aragToolDescriptors, ChunkReadInputSchema, createAragTools, createDenseRetriever, KeywordSearchInputSchema, SemanticSearchInputSchema, type SearchHit } from '@rag/retrievers';
import { z } from 'zod';

export const ARAG_TOOL_SCHEMAS = {
  keyword_search: KeywordSearchInputSchema,
  semantic_search: SemanticSearchInputSchema,
  chunk_read: ChunkReadInputSchema,
  naive_embedding_search: SemanticSearchInputSchema,
} as const;
export type AragToolName = keyof typeof ARAG_TOOL_SCHEMAS;

/** The tools of A-RAG (Full) and of A-RAG (Naive): one embedding search over chunks plus chunk_read. */
export const ARAG_FULL_TOOLS: readonly AragToolName[] = ['keyword_search', 'semantic_search', 'chunk_read'];
export const ARAG_NAIVE_TOOLS: readonly AragToolName[] = ['naive_embedding_search', 'chunk_read'];

const NAIVE_SEARCH_DEFINITION: ToolDefinition = {
  name: 'naive_embedding_search',
  description:
    'Return the chunks most similar to the query by embedding similarity over whole chunks (no keyword matching), as ids with the opening of each chunk. Read them with chunk_read for their full text.',
  parameters: z.toJSONSchema(SemanticSearchInputSchema, { io: 'input' }) as Record<string, unknown>,
};

/** Tool definitions for native tool calling (ChatRequest.tools), from the retrievers' descriptors. */
export const ARAG_TOOL_DEFINITIONS: ToolDefinition[] = [...aragToolDescriptors.map((d) => ({ name: d.name, description: d.description, parameters: d.inputSchema })), NAIVE_SEARCH_DEFINITION];

/** One hit of a search tool. */
export interface ToolHit {
  chunkId: string;
  docId: string;
  score: number;
}

export interface ToolResult {
  /** Text returned to the agent. */
  observation: string;
  /** Chunks the call surfaced, ranked. */
  hits: ToolHit[];
  /** Chunks whose full text was returned (chunk_read). */
  read: string[];
  /** Corpus tokens returned (A-RAG Table 3 counts these). */
  retrievedTokens: number;
}

/** Per-question tool session: owns the context tracker C_read. */
export interface AragToolSession {
  readonly read: ReadonlySet<string>;
  /** Arguments must already be validated against ARAG_TOOL_SCHEMAS[tool]. */
  execute(tool: AragToolName, args: unknown, context?: RunContext): Promise<ToolResult>;
}

export interface AragToolset {
  readonly definitions: ToolDefinition[];
  session(): AragToolSession;
}

export interface AragToolsOptions {
  index: RagIndex;
  /** Characters of a snippet sentence shown (default 240). */
  snippetChars?: number;
  /** The tools offered (default ARAG_FULL_TOOLS; ARAG_NAIVE_TOOLS for A-RAG (Naive); fewer for the Table 2 ablations). */
  tools?: readonly AragToolName[];
}

export function createAgentAragTools(options: AragToolsOptions): AragToolset {
  const { index } = options;
  const snip = options.snippetChars ?? 240;
  const short = (s: string) => (s.length > snip ? `${s.slice(0, snip)}…` : s);
  const render = (hits: SearchHit[], none: string): ToolResult => {
    const observation = hits.length
      ? hits.map((h) => `[${h.chunkId}]${h.title ? ` (${h.title})` : ''} ${h.snippets.slice(0, 2).map((s) => short(s.text)).join(' … ')} …`).join('\n')
      : none;
    return { observation, hits: hits.map((h) => ({ chunkId: h.chunkId, docId: h.docId, score: h.score })), read: [], retrievedTokens: countTokens(observation) };
  };
  const offered = options.tools ?? ARAG_FULL_TOOLS;
  for (const t of offered) if (!(t in ARAG_TOOL_SCHEMAS)) throw invalidInput('createAgentAragTools(options.tools)', `unknown tool "${String(t)}"`, { known: Object.keys(ARAG_TOOL_SCHEMAS) });
  if (offered.length === 0) throw invalidInput('createAgentAragTools(options.tools)', 'offer at least one tool');
  const dense = offered.includes('naive_embedding_search') ? createDenseRetriever({ index }) : undefined;
  return {
    definitions: ARAG_TOOL_DEFINITIONS.filter((d) => offered.includes(d.name as AragToolName)),
    session() {
      const tools = createAragTools({ index });
      const read = new Set<string>();
      return {
        read,
        async execute(tool, args, context) {
          context?.meter.checkTime();
          if (tool === 'keyword_search') return render(await tools.keywordSearch(args as never, context), 'No chunk contains these keywords.');
          if (tool === 'semantic_search') return render(await tools.semanticSearch(args as never, context), 'No similar sentences found.');
          if (tool === 'naive_embedding_search') {
            const { query, k } = SemanticSearchInputSchema.parse(args);
            const found = await dense!.retrieve(query, { k, ...(context ? { context } : {}) });
            const hits: SearchHit[] = found.chunks.map((c) => ({ chunkId: c.chunkId, docId: c.docId, score: c.score, ...(index.getDoc(c.docId)?.title ? { title: index.getDoc(c.docId)!.title! } : {}), snippets: [{ text: c.text, start: 0, end: c.text.length }] }));
            return render(hits, 'No similar chunks found.');
          }
          const results = await tools.chunkRead(args as never, context);
          const parts: string[] = [];
          const newly: string[] = [];
          let tokens = 0;
          for (const r of results) {
            if (r.missing) parts.push(`[${r.chunkId}] No chunk has this id.`);
            else if (r.alreadyRead || r.text === undefined) parts.push(`[${r.chunkId}] This chunk has been read before.`);
            else {
              read.add(r.chunkId);
              newly.push(r.chunkId);
              const title = index.getDoc(r.docId)?.title;
              parts.push(`[${r.chunkId}]${title ? ` (${title})` : ''} ${r.text}`);
              tokens += countTokens(r.text);
            }
          }
          return { observation: parts.join('\n\n'), hits: newly.map((id) => ({ chunkId: id, docId: index.getChunk(id)!.docId, score: 1 })), read: newly, retrievedTokens: tokens };
        },
      };
    },
  };
}
