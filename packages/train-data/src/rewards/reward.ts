// TAdaRAG eq. 7: R_{i,k} = max(0, L_i^base − L_{i,k}^graph − R̄_i), with L the answer's negative
// log-likelihood without (eq. 5) and with (eq. 6) the k-th candidate graph. The paper calls R̄_i
// "the average"; we read it as the mean improvement over the p candidates,
// R̄_i = (1/p) Σ_k (L_i^base − L_{i,k}^graph), so a graph is rewarded by how much it beats the
// average candidate (a REINFORCE baseline) and never negatively.

export interface GraphRewards {
  /** L_base − L_graph,k per candidate. */
  advantages: number[];
  /** R̄_i. */
  mean: number;
  /** R_i,k per candidate. */
  rewards: number[];
}

export function graphRewards(lBase: number, lGraph: readonly number[]): GraphRewards {
  if (!Number.isFinite(lBase)) throw new RangeError('lBase must be finite');
  if (lGraph.length === 0 || lGraph.some((l) => !Number.isFinite(l))) throw new RangeError('lGraph must be a non-empty list of finite numbers');
  const advantages = lGraph.map((l) => lBase - l);
  const mean = advantages.reduce((a, b) => a + b, 0) / advantages.length;
  return { advantages, mean, rewards: advantages.map((a) => Math.max(0, a - mean)) };
}
