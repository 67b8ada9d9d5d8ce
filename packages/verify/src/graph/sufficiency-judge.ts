// SufficiencyJudge over eq. 4: sufficient iff S_suf ≥ τ. Without a subgraph in the evidence,
// each retrieved chunk stands in for a node (its text as name and description).
import { invalidInput } from '@rag/core';
import type { Embedder, Evidence, Subgraph, SufficiencyJudge } from '@rag/core';
import { sufficiencyScore } from './sufficiency-score.js';

export interface SufficiencyJudgeOptions {
  /** Weight of coverage in eq. 4 (default 0.5). */
  alpha?: number;
  /** Threshold τ (default 0.5). */
  tau?: number;
  embedder?: Embedder;
  embeddingThreshold?: number;
}

function chunksAsSubgraph(evidence: Evidence): Subgraph {
  return {
    nodes: evidence.chunks.map((c) => ({ id: c.chunkId, name: c.text, type: 'Chunk', aliases: [] })),
    edges: [],
  };
}

export function createSufficiencyJudge(options: SufficiencyJudgeOptions = {}): SufficiencyJudge {
  const alpha = options.alpha ?? 0.5;
  const tau = options.tau ?? 0.5;
  for (const [name, v] of [['alpha', alpha], ['tau', tau]] as const)
    if (!Number.isFinite(v) || v < 0 || v > 1) throw invalidInput(name, 'must be a number in [0, 1]', { value: v });
  return {
    async judge({ query, analysis, evidence, stage }, context) {
      const fromGraph = (evidence.subgraph?.nodes.length ?? 0) > 0;
      const s = await sufficiencyScore({
        query,
        subgraph: fromGraph ? evidence.subgraph! : chunksAsSubgraph(evidence),
        alpha,
        ...(analysis && analysis.entities.length > 0 ? { entities: analysis.entities } : {}),
        ...(options.embedder ? { embedder: options.embedder } : {}),
        ...(options.embeddingThreshold !== undefined ? { embeddingThreshold: options.embeddingThreshold } : {}),
        ...(context ? { context } : {}),
      });
      const sufficient = s.score >= tau;
      const reason =
        `S_suf = ${s.score.toFixed(3)} (Cov ${s.coverage.toFixed(2)}, Rel ${s.relevance.toFixed(2)}, α ${alpha}) ${sufficient ? '≥' : '<'} τ ${tau}` +
        (fromGraph ? '' : ' [over chunks: no subgraph in the evidence]') +
        (s.unmatched.length > 0 ? `; unmatched: ${s.unmatched.slice(0, 5).join(', ')}` : '');
      context?.trace.decision('sufficiency', `stage ${stage}: ${sufficient ? 'sufficient: stop' : 'insufficient: expand'}`, {
        score: s.score,
        coverage: s.coverage,
        relevance: s.relevance,
      });
      return { sufficient, score: s.score, reason };
    },
  };
}
