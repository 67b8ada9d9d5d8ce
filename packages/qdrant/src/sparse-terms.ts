// Text → sparse vector for Qdrant keyword search. Qdrant's `idf` modifier multiplies each
// dimension by ln(1 + (N − df + 0.5) / (df + 0.5)) at query time, from the collection's own
// statistics; the client supplies the rest of Okapi BM25:
//   document value of term t = tf·(k1 + 1) / (tf + k1·(1 − b + b·|d| / avgdl))
//   query value of term t    = its count in the query (qtf)
// so Σ query·idf·document is the BM25 score of @rag/core's embedded index, except that avgdl
// is a configured constant (the server keeps no length statistics) instead of the live mean.
// Terms come from the same analyzer as the embedded index (@rag/core `tokenize`, English stop
// words dropped). A term's dimension is its 32-bit FNV-1a hash: no vocabulary to store or
// share between processes; two terms that collide share a dimension (at 10⁶ distinct terms,
// about 10² colliding pairs among 4·10⁹ dimensions), which only blurs those two terms' IDF.
import { ENGLISH_STOP_WORDS, tokenize } from '@rag/core';

export interface SparseVector {
  indices: number[];
  values: number[];
}

export interface Bm25Weights {
  k1: number;
  b: number;
  avgDocLength: number;
}

/** 32-bit FNV-1a over the term's UTF-16 code units (an unsigned Qdrant sparse index). */
export function termDimension(term: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) {
    h ^= term.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function analyze(text: string): string[] {
  return tokenize(text, { stopWords: ENGLISH_STOP_WORDS });
}

function counts(terms: readonly string[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const t of terms) {
    const d = termDimension(t);
    out.set(d, (out.get(d) ?? 0) + 1);
  }
  return out;
}

function toSparse(byDim: Map<number, number>, value: (count: number) => number): SparseVector {
  const indices = [...byDim.keys()].sort((a, b) => a - b);
  return { indices, values: indices.map((d) => value(byDim.get(d)!)) };
}

/** The document side: BM25 term-frequency saturation with length normalisation. */
export function documentVector(text: string, w: Bm25Weights): SparseVector {
  const terms = analyze(text);
  const norm = w.k1 * (1 - w.b + (w.b * terms.length) / w.avgDocLength);
  return toSparse(counts(terms), (tf) => (tf * (w.k1 + 1)) / (tf + norm));
}

/** The query side: term counts; the server multiplies in the IDF. */
export function queryVector(text: string): SparseVector {
  return toSparse(counts(analyze(text)), (qtf) => qtf);
}
