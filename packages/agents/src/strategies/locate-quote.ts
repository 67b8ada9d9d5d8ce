// Map a model's quoted citation to character offsets: an exact (whitespace-insensitive) match in
// the chunk, else the chunk sentence sharing most words with the quote. Ids the evidence does
// not contain are dropped: model output never invents a citation target.
import { sentenceSpans, type Citation, type Evidence } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { contentTerms } from '../internal/spans.js';

export function locateQuote(evidence: Evidence, chunkId: string, quote: string, index?: Pick<RagIndex, 'getChunk'>): Citation | undefined {
  const chunk = evidence.chunks.find((c) => c.chunkId === chunkId);
  if (!chunk) return undefined;
  const base = index?.getChunk(chunkId)?.start ?? 0;
  const q = quote.trim();
  if (q) {
    const at = chunk.text.indexOf(q);
    if (at >= 0) return { chunkId, docId: chunk.docId, start: base + at, end: base + at + q.length, quote: q };
  }
  const want = new Set(contentTerms(q));
  let best: { start: number; end: number; hit: number } | undefined;
  for (const s of sentenceSpans(chunk.text)) {
    const hit = contentTerms(chunk.text.slice(s.start, s.end)).filter((t) => want.has(t)).length;
    if (!best || hit > best.hit) best = { ...s, hit };
  }
  if (!best || (want.size > 0 && best.hit === 0)) return undefined;
  return { chunkId, docId: chunk.docId, start: base + best.start, end: base + best.end, quote: chunk.text.slice(best.start, best.end) };
}

/** Cite the evidence sentence that best contains an answer (for answers given without quotes). */
export function citeAnswer(evidence: Evidence, answer: string, index?: Pick<RagIndex, 'getChunk'>): Citation[] {
  const want = new Set(contentTerms(answer));
  if (want.size === 0) return [];
  let best: { chunkId: string; hit: number; start: number; end: number; docId: string; text: string } | undefined;
  for (const c of evidence.chunks.slice(0, 20)) {
    for (const s of sentenceSpans(c.text)) {
      const text = c.text.slice(s.start, s.end);
      const terms = new Set(contentTerms(text));
      const hit = [...want].filter((t) => terms.has(t)).length / want.size;
      if (!best || hit > best.hit) best = { chunkId: c.chunkId, docId: c.docId, hit, start: s.start, end: s.end, text };
    }
  }
  if (!best || best.hit < 0.5) return [];
  const base = index?.getChunk(best.chunkId)?.start ?? 0;
  return [{ chunkId: best.chunkId, docId: best.docId, start: base + best.start, end: base + best.end, quote: best.text }];
}
