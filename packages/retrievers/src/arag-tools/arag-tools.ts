// The A-RAG hierarchical retrieval interfaces (Section 3.2) as plain functions:
//   keyword_search(keywords, k): chunk score Σ_k count(k)·|k| (occurrences × keyword length),
//     matched sentences as snippets;
//   semantic_search(query, k): cosine over sentence vectors, a chunk scored by its best
//     sentence, matched sentences as snippets;
//   chunk_read(ids, adjacent?): full text, with the context tracker answering "already read".
import { RagError, invalidInput, type Chunk, type RunContext } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { z } from 'zod';
import { VECTOR_NAMESPACES as NS } from '@rag/indexer';
import { requireIndex } from '../internal/options.js';
import { createContextTracker, type ContextTracker } from './context-tracker.js';
import {
  ChunkReadInputSchema,
  KeywordSearchInputSchema,
  SemanticSearchInputSchema,
  type ChunkReadInput,
  type KeywordSearchInput,
  type SemanticSearchInput,
} from './schemas.js';

export interface Snippet {
  /** Offsets into the source document. */
  start: number;
  end: number;
  text: string;
}

export interface SearchHit {
  chunkId: string;
  docId: string;
  title?: string;
  score: number;
  snippets: Snippet[];
}

export interface ChunkReadResult {
  chunkId: string;
  docId: string;
  /** Present only the first time a chunk is read. */
  text?: string;
  alreadyRead: boolean;
  /** Set when the id is unknown. */
  missing?: boolean;
  /** For adjacent reads: which requested chunk this neighbours. */
  adjacentTo?: string;
}

export interface AragTools {
  keywordSearch(input: KeywordSearchInput, context?: RunContext): Promise<SearchHit[]>;
  semanticSearch(input: SemanticSearchInput, context?: RunContext): Promise<SearchHit[]>;
  chunkRead(input: ChunkReadInput, context?: RunContext): Promise<ChunkReadResult[]>;
  readonly tracker: ContextTracker;
}

export interface AragToolsOptions {
  index: RagIndex;
  tracker?: ContextTracker;
  /** Snippets per hit (default 3). */
  maxSnippets?: number;
}

function parse<T extends z.ZodType>(schema: T, input: unknown, tool: string): z.output<T> {
  const r = schema.safeParse(input);
  if (!r.success) throw invalidInput(`${tool} arguments`, z.prettifyError(r.error), { tool });
  return r.data;
}

function countOccurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) n += 1;
  return n;
}

export function createAragTools(options: AragToolsOptions): AragTools {
  const index = requireIndex(options, 'createAragTools');
  const tracker = options.tracker ?? createContextTracker();
  const maxSnippets = options.maxSnippets ?? 3;
  const docText = (c: Chunk) => index.getDoc(c.docId)?.text;
  const sentenceSnippet = (c: Chunk, i: number): Snippet | undefined => {
    const s = c.sentences[i];
    const text = docText(c);
    return s && text !== undefined ? { start: s.start, end: s.end, text: text.slice(s.start, s.end) } : undefined;
  };

  return {
    tracker,
    async keywordSearch(input, context) {
      const { keywords, k } = parse(KeywordSearchInputSchema, input, 'keyword_search');
      context?.meter.checkTime();
      const needles = [...new Set(keywords.map((w) => w.toLowerCase()))];
      const hits: SearchHit[] = [];
      for (const c of index.chunks()) {
        const title = index.getDoc(c.docId)?.title;
        const hay = c.text.toLowerCase();
        let score = 0;
        for (const w of needles) score += countOccurrences(hay, w) * w.length;
        if (score === 0) continue;
        const snippets: Snippet[] = [];
        for (let i = 0; i < c.sentences.length && snippets.length < maxSnippets; i += 1) {
          const sn = sentenceSnippet(c, i);
          if (sn && needles.some((w) => sn.text.toLowerCase().includes(w))) snippets.push(sn);
        }
        hits.push({ chunkId: c.id, docId: c.docId, ...(title ? { title } : {}), score, snippets });
      }
      context?.trace.add({ kind: 'tool', name: 'keyword_search', data: { keywords: needles, hits: hits.length } });
      return hits.sort((a, b) => b.score - a.score || (a.chunkId < b.chunkId ? -1 : 1)).slice(0, k);
    },
    async semanticSearch(input, context) {
      const { query, k } = parse(SemanticSearchInputSchema, input, 'semantic_search');
      context?.meter.assertCanSpend('embedding');
      const [v] = await index.embedder.embed([query], { kind: 'query' });
      context?.meter.recordEmbedding(1);
      if (!v) throw new RagError('RAG_MODEL_OUTPUT_INVALID', 'semantic_search: the embedder returned no vector');
      const sentenceHits = await index.vectors.search(`${index.namespace}${NS.sentences}`, v, Math.max(50, k * 10));
      const byChunk = new Map<string, SearchHit>();
      for (const h of sentenceHits) {
        const hash = h.id.lastIndexOf('#');
        const chunkId = typeof h.metadata?.chunkId === 'string' ? h.metadata.chunkId : h.id.slice(0, hash);
        const c = index.getChunk(chunkId);
        if (!c) continue;
        let hit = byChunk.get(chunkId);
        if (!hit) {
          const title = index.getDoc(c.docId)?.title;
          // A chunk's score is its best sentence's similarity (hits arrive best first).
          hit = { chunkId, docId: c.docId, ...(title ? { title } : {}), score: h.score, snippets: [] };
          byChunk.set(chunkId, hit);
        }
        const sn = sentenceSnippet(c, Number(h.id.slice(hash + 1)));
        if (sn && hit.snippets.length < maxSnippets) hit.snippets.push(sn);
      }
      context?.trace.add({ kind: 'tool', name: 'semantic_search', data: { sentences: sentenceHits.length, chunks: byChunk.size } });
      return [...byChunk.values()].sort((a, b) => b.score - a.score).slice(0, k);
    },
    async chunkRead(input, context) {
      const { ids, adjacent } = parse(ChunkReadInputSchema, input, 'chunk_read');
      const out: ChunkReadResult[] = [];
      const emit = (c: Chunk, adjacentTo?: string) => {
        const alreadyRead = tracker.has(c.id);
        tracker.mark(c.id);
        out.push({ chunkId: c.id, docId: c.docId, alreadyRead, ...(alreadyRead ? {} : { text: c.text }), ...(adjacentTo ? { adjacentTo } : {}) });
      };
      for (const id of ids) {
        const c = index.getChunk(id);
        if (!c) {
          out.push({ chunkId: id, docId: '', alreadyRead: false, missing: true });
          continue;
        }
        if (adjacent) {
          const { previous } = index.adjacentChunks(id);
          if (previous && !ids.includes(previous.id)) emit(previous, id);
        }
        emit(c);
        if (adjacent) {
          const { next } = index.adjacentChunks(id);
          if (next && !ids.includes(next.id)) emit(next, id);
        }
      }
      context?.trace.add({ kind: 'tool', name: 'chunk_read', data: { ids, adjacent, returned: out.length, alreadyRead: out.filter((r) => r.alreadyRead).length } });
      return out;
    },
  };
}
