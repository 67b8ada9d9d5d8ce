// Document-level Recall@K: a document ranks at its best chunk, so the ranked chunk list is
// reduced to distinct document ids in first-seen order; Recall@K = |gold ∩ top-K docs| /
// |gold| (A2RAG Table I, the shared datasets' README).

/** Distinct document ids in rank order (a document takes the rank of its best chunk). */
export function rankDocuments(ranked: readonly { docId: string }[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of ranked) {
    if (!seen.has(r.docId)) {
      seen.add(r.docId);
      out.push(r.docId);
    }
  }
  return out;
}

/** null when the question has no gold documents (it is left out of the average). */
export function recallAtK(rankedDocIds: readonly string[], goldDocIds: readonly string[], k: number): number | null {
  const gold = new Set(goldDocIds);
  if (gold.size === 0) return null;
  let hit = 0;
  for (const id of rankedDocIds.slice(0, k)) if (gold.has(id)) hit += 1;
  return hit / gold.size;
}
