/** Limits a request may not exceed. Unset means unlimited. */
export interface BudgetLimits {
  maxLlmCalls?: number;
  maxTokens?: number;
  maxEmbeddingCalls?: number;
  maxRetries?: number;
  maxWallMs?: number;
}

export const DEFAULT_BUDGET: Readonly<BudgetLimits> = Object.freeze({
  maxLlmCalls: 32,
  maxTokens: 64_000,
  maxRetries: 2,
  maxWallMs: 120_000,
});
