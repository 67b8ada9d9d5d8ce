// One query analysis per attempt (A2RAG Algorithm 1): the entry gate, the controller and the
// staged retriever all read the seeds S_V, S_R of q^(i), so they share one analysis of it per
// request instead of each asking the analyzer (a model call in model mode) again.
import type { QueryAnalysis, QueryAnalyzer, RunContext } from '@rag/core';

export interface SharedQueryAnalyzer extends QueryAnalyzer {
  /** Analyses actually computed (not served from the request's memo); for tests and benches. */
  readonly computed: number;
}

/** Memoises `analyzer` per request (RunContext) and query text; calls without a context are not memoised. */
export function shareQueryAnalysis(analyzer: QueryAnalyzer): SharedQueryAnalyzer {
  const memo = new WeakMap<RunContext, Map<string, Promise<QueryAnalysis>>>();
  let computed = 0;
  return {
    get computed() {
      return computed;
    },
    analyze(query, context) {
      if (!context) {
        computed++;
        return analyzer.analyze(query, context);
      }
      let byQuery = memo.get(context);
      if (!byQuery) memo.set(context, (byQuery = new Map()));
      const key = query.trim();
      let pending = byQuery.get(key);
      if (!pending) {
        computed++;
        pending = analyzer.analyze(query, context);
        // A failed analysis is not memoised: the next reader may try again.
        pending.catch(() => byQuery!.delete(key));
        byQuery.set(key, pending);
      }
      return pending;
    },
  };
}
