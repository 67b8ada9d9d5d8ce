// A2RAG summarized-KB gating (Section III-B 1, eq. 1): Gate(q) = 1{max_j γ_j(q) ≥ τ_g}, with
// γ_j the cosine (clipped to [0, 1]) between the query vector and document summary s_j's vector
// in the index's "summaries" namespace.
import { invalidInput, type RunContext } from '@rag/core';
import { VECTOR_NAMESPACES, type RagIndex } from '@rag/indexer';

export interface SummaryGateOptions {
  index: RagIndex;
  /** τ_g (default DEFAULT_GATE_THRESHOLD; see docs/agents.md for how it was chosen). */
  threshold?: number;
}

export interface GateDecision {
  pass: boolean;
  /** max_j γ_j(q); undefined when the index holds no summaries (the gate then stays open). */
  score: number | undefined;
  /** Document of the closest summary. */
  docId?: string;
  threshold: number;
}

export interface SummaryGate {
  readonly threshold: number;
  check(query: string, context?: RunContext): Promise<GateDecision>;
}

/**
 * τ_g for the embedded hashing embedder, measured in bench/gate-threshold.ts on both shared
 * datasets and on the cross-paired (unanswerable) questions; docs/benchmarks/agents.md has the
 * distributions. Other embedders have other cosine scales: measure and set `threshold`.
 */
export const DEFAULT_GATE_THRESHOLD = 0.2;

export function createSummaryGate(options: SummaryGateOptions): SummaryGate {
  const { index } = options;
  if (!index || typeof index.docs !== 'function') throw invalidInput('index', 'must be a RagIndex');
  const threshold = options.threshold ?? DEFAULT_GATE_THRESHOLD;
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1) throw invalidInput('threshold', 'τ_g must be a number in [0, 1]', { value: threshold });
  const ns = `${index.namespace}${VECTOR_NAMESPACES.summaries}`;
  return {
    threshold,
    async check(query, context) {
      const run = async (): Promise<GateDecision> => {
        if ((await index.vectors.count(ns)) === 0) return { pass: true, score: undefined, threshold };
        context?.meter.assertCanSpend('embedding');
        const [v] = await index.embedder.embed([query], { kind: 'query', ...(context?.signal ? { signal: context.signal } : {}) });
        context?.meter.recordEmbedding(1);
        const [hit] = await index.vectors.search(ns, v!, 1);
        const score = Math.min(1, Math.max(0, hit?.score ?? 0));
        return { pass: score >= threshold, score, threshold, ...(hit?.docId ? { docId: hit.docId } : {}) };
      };
      const d = context ? await context.trace.stage('gate', run) : await run();
      context?.trace.decision(
        'gate',
        d.score === undefined ? 'no summaries in the index: gate open' : `max γ = ${d.score.toFixed(3)} ${d.pass ? '≥' : '<'} τ_g = ${threshold}: ${d.pass ? 'retrieve' : 'ABSTAIN'}`,
        { score: d.score, threshold, docId: d.docId },
      );
      return d;
    },
  };
}
