// Request plumbing shared by every retriever: input validation, run context, ranked-chunk
// assembly and the fill policy that keeps every ranking at least k long.
import { createRunContext, invalidInput, type RankedChunk, type RetrieveOptions, type RunContext } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { z } from 'zod';

export const DEFAULT_K = 10;

const QuerySchema = z.string().trim().min(1);
const KSchema = z.number().int().positive().max(10_000);

export interface Request {
  query: string;
  k: number;
  context: RunContext;
  options: RetrieveOptions;
}

export function startRequest(query: unknown, options: RetrieveOptions | undefined): Request {
  const q = QuerySchema.safeParse(query);
  if (!q.success) throw invalidInput('query', 'must be a non-empty string', { received: typeof query });
  const k = KSchema.safeParse(options?.k ?? DEFAULT_K);
  if (!k.success) throw invalidInput('options.k', 'must be a positive integer ≤ 10000', { received: options?.k });
  const context = options?.context ?? createRunContext();
  context.meter.checkTime();
  return { query: q.data, k: k.data, context, options: options ?? {} };
}

export function chunkAllowed(index: RagIndex, chunkId: string, filter: RetrieveOptions['filter']): boolean {
  if (!filter) return true;
  const c = index.getChunk(chunkId);
  if (!c) return false;
  for (const [key, want] of Object.entries(filter)) {
    const wants = Array.isArray(want) ? want : [want];
    const have = key === 'docId' ? c.docId : (c.metadata?.[key] ?? index.getDoc(c.docId)?.metadata[key]);
    if (have === undefined || have === null || Array.isArray(have) || !wants.includes(have)) return false;
  }
  return true;
}

/** Turn scored chunk ids into RankedChunks (best first), skipping unknown or filtered ids. */
export function rankChunks(index: RagIndex, scored: Iterable<[string, number]>, source: string, filter?: RetrieveOptions['filter']): RankedChunk[] {
  const out: RankedChunk[] = [];
  const seen = new Set<string>();
  const sorted = [...scored].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [id, score] of sorted) {
    if (seen.has(id)) continue;
    seen.add(id);
    const c = index.getChunk(id);
    if (!c || !chunkAllowed(index, id, filter)) continue;
    out.push({ chunkId: id, docId: c.docId, score, text: c.text, source });
  }
  return out;
}

/**
 * Fill policy (documented in docs/retrievers.md): after the method's own ranking, append BM25
 * hits for the same query ("fill:bm25"), then remaining chunks in corpus order
 * ("fill:corpus"), so the list is at least k long whenever the corpus has k chunks. Filler
 * scores sit strictly below the method's lowest score so the order is unambiguous.
 */
export async function fillToK(index: RagIndex, ranked: RankedChunk[], req: Request): Promise<RankedChunk[]> {
  if (ranked.length >= req.k) return ranked;
  const out = [...ranked];
  const have = new Set(out.map((c) => c.chunkId));
  let floor = out.length > 0 ? Math.min(...out.map((c) => c.score)) : 0;
  const push = (id: string, source: string) => {
    if (have.has(id) || out.length >= req.k || !chunkAllowed(index, id, req.options.filter)) return;
    const c = index.getChunk(id);
    if (!c) return;
    floor -= 1e-6;
    have.add(id);
    out.push({ chunkId: id, docId: c.docId, score: floor, text: c.text, source });
  };
  const hits = await index.keyword.search(req.query, req.k * 2 + out.length);
  for (const h of hits) push(h.id, 'fill:bm25');
  if (out.length < req.k) for (const c of index.chunks()) push(c.id, 'fill:corpus');
  return out;
}

/** Embed the query once, charging the request's budget. */
export async function embedQuery(index: RagIndex, req: Request): Promise<Float32Array> {
  req.context.meter.assertCanSpend('embedding');
  const [v] = await index.embedder.embed([req.query], { kind: 'query', ...(req.context.signal ? { signal: req.context.signal } : {}) });
  req.context.meter.recordEmbedding(1);
  req.context.trace.add({ kind: 'embedding', name: 'embed-query', calls: 1 });
  if (!v) throw invalidInput('embedder', 'returned no vector for the query');
  return v;
}
