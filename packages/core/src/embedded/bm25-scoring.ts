// The BM25 scoring of one query over posting lists, shared by the writable index (bm25-index.ts,
// postings in a pair-list pool) and the read-only view over a stored segment (bm25-view.ts,
// postings in one CSR table): per document, the terms' contributions are added in the query's
// term order, and the top k kept in a bounded heap with ties broken by id, so both give the same
// hits and scores whatever order their postings are in.
import type { KeywordHit } from '../contracts/keyword-index.js';
import { createTopK } from './top-k.js';

export interface Bm25Postings {
  /** Document slots and term frequencies of every posting; term t's are [from(t), from(t) + count(t)). */
  slots: ArrayLike<number>;
  tfs: ArrayLike<number>;
  from(t: number): number;
  count(t: number): number;
  /** Term frequencies summed, per slot. */
  docLen: ArrayLike<number>;
}

export interface Bm25Query {
  /** Term → its count in the query, in the query's term order (terms with postings only). */
  qtf: Map<number, number>;
  k: number;
  /** Documents in the index (N) and their lengths summed. */
  documents: number;
  totalLen: number;
  k1: number;
  b: number;
  idOf(slot: number): string;
  filter?: ((id: string) => boolean) | undefined;
  /** Zeroed scratch space with a cell per slot (left zeroed), and room for the touched slots. */
  scratch: Float64Array;
  touched: Int32Array;
}

/** Lucene's non-negative IDF: ln(1 + (N − df + 0.5) / (df + 0.5)). */
export const bm25Idf = (documents: number, df: number): number => Math.log(1 + (documents - df + 0.5) / (df + 0.5));

export function bm25Search(p: Bm25Postings, q: Bm25Query): KeywordHit[] {
  const { k1, b, scratch, touched } = q;
  const avgdl = q.totalLen / q.documents || 1;
  const c0 = k1 * (1 - b);
  const c1 = (k1 * b) / avgdl;
  let nTouched = 0;
  for (const [t, count] of q.qtf) {
    const n = p.count(t);
    const w = count * bm25Idf(q.documents, n) * (k1 + 1);
    const from = p.from(t);
    for (let i = from; i < from + n; i++) {
      const s = p.slots[i]!;
      const tf = p.tfs[i]!;
      if (scratch[s] === 0) touched[nTouched++] = s;
      scratch[s]! += (w * tf) / (tf + c0 + c1 * p.docLen[s]!);
    }
  }
  const heap = createTopK(q.k, q.idOf);
  for (let i = 0; i < nTouched; i++) {
    const s = touched[i]!;
    const score = scratch[s]!;
    scratch[s] = 0;
    if (score < heap.threshold()) continue;
    if (q.filter && !q.filter(q.idOf(s))) continue;
    heap.push(s, score);
  }
  return heap.drain().map(({ slot, score }) => ({ id: q.idOf(slot), score }));
}
