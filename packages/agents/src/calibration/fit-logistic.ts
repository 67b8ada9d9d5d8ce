// L2-regularised logistic regression on standardised features, fitted by full-batch gradient
// descent (a handful of features and a few thousand rows: no library needed). Deterministic: the
// same rows give the same weights.
import { invalidInput } from '@rag/core';

export interface LogisticFit {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

export interface FitOptions {
  /** L2 penalty on the weights (not the bias), per row (default 0.01). */
  l2?: number;
  /** Gradient steps (default 3000). */
  iterations?: number;
  /** Step size (default 0.5). */
  learningRate?: number;
  /**
   * Weight of each row (default 1 each): the loss, the standardisation and the base rate are
   * weighted means, so a set can count as much as another however many rows it has.
   */
  rowWeights?: readonly number[];
}

export function fitLogistic(rows: readonly (readonly number[])[], labels: readonly (0 | 1)[], options: FitOptions = {}): LogisticFit {
  const l2 = options.l2 ?? 0.01;
  const iterations = options.iterations ?? 3000;
  const lr = options.learningRate ?? 0.5;
  if (rows.length === 0) throw invalidInput('rows', 'no rows to fit');
  if (rows.length !== labels.length) throw invalidInput('labels', `has ${labels.length} entries for ${rows.length} rows`);
  const d = rows[0]!.length;
  if (rows.some((r) => r.length !== d || r.some((x) => !Number.isFinite(x)))) throw invalidInput('rows', `every row must hold ${d} finite numbers`);
  const n = rows.length;
  const rw = options.rowWeights ?? new Array<number>(n).fill(1);
  if (rw.length !== n || rw.some((v) => !Number.isFinite(v) || v < 0)) throw invalidInput('rowWeights', `must hold ${n} finite numbers ≥ 0, one per row`);
  const total = rw.reduce((s, v) => s + v, 0);
  if (!(total > 0)) throw invalidInput('rowWeights', 'must not all be 0');
  const mean = Array.from({ length: d }, (_, j) => rows.reduce((s, r, i) => s + rw[i]! * r[j]!, 0) / total);
  // A constant feature keeps scale 1 (its standardised value is 0 and its weight stays 0).
  const scale = mean.map((m, j) => Math.sqrt(rows.reduce((s, r, i) => s + rw[i]! * (r[j]! - m) ** 2, 0) / total) || 1);
  const x = rows.map((r) => r.map((v, j) => (v - mean[j]!) / scale[j]!));
  const w = new Array<number>(d).fill(0);
  const positives = labels.reduce<number>((s, y, i) => s + y * rw[i]!, 0);
  let b = positives === 0 || positives === total ? 0 : Math.log(positives / (total - positives));
  for (let it = 0; it < iterations; it++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      const xi = x[i]!;
      let z = b;
      for (let j = 0; j < d; j++) z += w[j]! * xi[j]!;
      const err = (1 / (1 + Math.exp(-z)) - labels[i]!) * rw[i]!;
      gb += err;
      for (let j = 0; j < d; j++) gw[j]! += err * xi[j]!;
    }
    for (let j = 0; j < d; j++) w[j] = w[j]! - lr * (gw[j]! / total + l2 * w[j]!);
    b -= lr * (gb / total);
  }
  return { mean, scale, weights: w, bias: b };
}
