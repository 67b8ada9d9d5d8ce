// Cost meter with an enforced budget: every charge is checked, and the first one that
// would exceed a limit throws RAG_BUDGET_EXCEEDED instead of letting the work continue.
import { RagError } from '../errors.js';
import type { BudgetLimits } from './budget.js';

export interface Cost {
  llmCalls: number;
  tokensIn: number;
  tokensOut: number;
  embeddingCalls: number;
  retries: number;
  wallMs: number;
}

export interface CostMeter {
  readonly limits: Readonly<BudgetLimits>;
  /** Throws if one more LLM call (or embedding call / retry) would exceed the budget. */
  assertCanSpend(kind: 'llm' | 'embedding' | 'retry'): void;
  recordLlm(usage: { tokensIn: number; tokensOut: number }): void;
  recordEmbedding(calls?: number): void;
  recordRetry(): void;
  /** Throws when the wall-time budget is spent or the signal was aborted. */
  checkTime(): void;
  remaining(): { llmCalls: number; tokens: number; retries: number; wallMs: number };
  snapshot(): Cost;
}

export function emptyCost(): Cost {
  return { llmCalls: 0, tokensIn: 0, tokensOut: 0, embeddingCalls: 0, retries: 0, wallMs: 0 };
}

export function createCostMeter(limits: BudgetLimits = {}, options: { signal?: AbortSignal } = {}): CostMeter {
  const t0 = performance.now();
  const c = emptyCost();
  const exceeded = (what: string, limit: number, used: number) =>
    new RagError('RAG_BUDGET_EXCEEDED', `budget exceeded: ${what} (limit ${limit}, used ${used})`, {
      details: { what, limit, used },
    });
  const meter: CostMeter = {
    limits: Object.freeze({ ...limits }),
    assertCanSpend(kind) {
      meter.checkTime();
      if (kind === 'llm' && limits.maxLlmCalls !== undefined && c.llmCalls + 1 > limits.maxLlmCalls)
        throw exceeded('llmCalls', limits.maxLlmCalls, c.llmCalls);
      if (kind === 'llm' && limits.maxTokens !== undefined && c.tokensIn + c.tokensOut >= limits.maxTokens)
        throw exceeded('tokens', limits.maxTokens, c.tokensIn + c.tokensOut);
      if (kind === 'embedding' && limits.maxEmbeddingCalls !== undefined && c.embeddingCalls + 1 > limits.maxEmbeddingCalls)
        throw exceeded('embeddingCalls', limits.maxEmbeddingCalls, c.embeddingCalls);
      if (kind === 'retry' && limits.maxRetries !== undefined && c.retries + 1 > limits.maxRetries)
        throw exceeded('retries', limits.maxRetries, c.retries);
    },
    recordLlm(usage) {
      c.llmCalls += 1;
      c.tokensIn += usage.tokensIn;
      c.tokensOut += usage.tokensOut;
      if (limits.maxTokens !== undefined && c.tokensIn + c.tokensOut > limits.maxTokens)
        throw exceeded('tokens', limits.maxTokens, c.tokensIn + c.tokensOut);
      if (limits.maxLlmCalls !== undefined && c.llmCalls > limits.maxLlmCalls)
        throw exceeded('llmCalls', limits.maxLlmCalls, c.llmCalls);
    },
    recordEmbedding(calls = 1) {
      c.embeddingCalls += calls;
      if (limits.maxEmbeddingCalls !== undefined && c.embeddingCalls > limits.maxEmbeddingCalls)
        throw exceeded('embeddingCalls', limits.maxEmbeddingCalls, c.embeddingCalls);
    },
    recordRetry() {
      meter.assertCanSpend('retry');
      c.retries += 1;
    },
    checkTime() {
      if (options.signal?.aborted) throw new RagError('RAG_ABORTED', 'the request was aborted', { cause: options.signal.reason });
      const wall = performance.now() - t0;
      if (limits.maxWallMs !== undefined && wall > limits.maxWallMs)
        throw exceeded('wallMs', limits.maxWallMs, Math.round(wall));
    },
    remaining() {
      const inf = Number.POSITIVE_INFINITY;
      return {
        llmCalls: limits.maxLlmCalls === undefined ? inf : limits.maxLlmCalls - c.llmCalls,
        tokens: limits.maxTokens === undefined ? inf : limits.maxTokens - c.tokensIn - c.tokensOut,
        retries: limits.maxRetries === undefined ? inf : limits.maxRetries - c.retries,
        wallMs: limits.maxWallMs === undefined ? inf : limits.maxWallMs - (performance.now() - t0),
      };
    },
    snapshot() {
      return { ...c, wallMs: Math.round((performance.now() - t0) * 1000) / 1000 };
    },
  };
  return meter;
}
