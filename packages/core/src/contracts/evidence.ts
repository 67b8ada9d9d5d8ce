import { z } from 'zod';
import type { Subgraph, Triple } from './graph.js';
import type { TraceEvent } from '../trace/trace.js';

export const RankedChunkSchema = z.object({
  chunkId: z.string(),
  docId: z.string(),
  score: z.number(),
  text: z.string(),
  /** Which part of the retriever ranked it (e.g. "local", "bridge", "ppr", "fill:bm25"). */
  source: z.string().optional(),
  /** Sentence snippets that matched, as offsets into the source document. */
  highlights: z.array(z.object({ start: z.number(), end: z.number() })).optional(),
});
export type RankedChunk = z.infer<typeof RankedChunkSchema>;

export interface Evidence {
  query: string;
  /** Ranked best first; at least `k` long whenever the corpus has that many chunks. */
  chunks: RankedChunk[];
  triples?: Triple[];
  subgraph?: Subgraph;
  /** Linearised graph evidence for prompts ("head —relation→ tail" lines). */
  graphText?: string;
  /** Where a staged retriever stopped (e.g. "local", "bridge", "ppr", "failed"). */
  stage?: string;
  trace: TraceEvent[];
}
