// Strategy for the log-likelihood of a fixed continuation (the answer y) after a prompt (x, or
// x with a graph g). TAdaRAG eqs. 5–6 need log π(y | x) and log π(y | x, g); only servers that
// return per-token log-probabilities of given text can supply them, so no embedded default
// exists: without a scorer, reward data is not produced.
import type { RunContext } from '@rag/core';

export interface LikelihoodRequest {
  prompt: string;
  continuation: string;
  signal?: AbortSignal;
}

export interface LikelihoodScore {
  /** Σ log p over the continuation's tokens (natural log, ≤ 0). */
  logprob: number;
  /** Tokens of the continuation that were scored. */
  tokens: number;
  /** True when the server could only bound or approximate some token log-probabilities. */
  approximate: boolean;
  note?: string;
}

export interface LikelihoodScorer {
  readonly id: string;
  score(request: LikelihoodRequest, context?: RunContext): Promise<LikelihoodScore>;
}
