// Helpers shared by the question generators: locate quoted evidence in a chunk (offsets into
// the source document), normalised containment, and the evidence object validators take.
import { normalizeText, type Chunk, type Citation, type Evidence } from '@rag/core';

export function containsNormalized(haystack: string, needle: string): boolean {
  const n = normalizeText(needle);
  return n.length > 0 && ` ${normalizeText(haystack)} `.includes(` ${n} `);
}

/** Citation for `quote` inside `chunk`: exact (case-insensitive) span when found, else the chunk. */
export function citeQuote(chunk: Chunk, quote: string): Citation {
  const at = chunk.text.toLowerCase().indexOf(quote.trim().toLowerCase());
  if (at >= 0 && quote.trim()) return { chunkId: chunk.id, docId: chunk.docId, start: chunk.start + at, end: chunk.start + at + quote.trim().length, quote: quote.trim() };
  return { chunkId: chunk.id, docId: chunk.docId, start: chunk.start, end: chunk.end };
}

export function evidenceOf(query: string, chunks: Chunk[]): Evidence {
  return { query, chunks: chunks.map((c, i) => ({ chunkId: c.id, docId: c.docId, score: 1 - i * 0.01, text: c.text })), trace: [] };
}

/** Deterministic Fisher–Yates shuffle with a seeded generator. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}
