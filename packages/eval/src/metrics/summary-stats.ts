// Aggregates over per-question values: mean and nearest-rank percentiles.

/** Mean of the non-null values; null when there are none. */
export function meanOf(values: readonly (number | null | undefined)[]): number | null {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (v === null || v === undefined || Number.isNaN(v)) continue;
    sum += v;
    n += 1;
  }
  return n === 0 ? null : sum / n;
}

/** Nearest-rank percentile (p in 0..100) of the values; 0 for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Fraction of items per label, labels sorted by name for a stable JSON key order. */
export function fractions(labels: readonly (string | undefined)[]): Record<string, number> {
  const counts = new Map<string, number>();
  let n = 0;
  for (const l of labels) {
    if (l === undefined) continue;
    counts.set(l, (counts.get(l) ?? 0) + 1);
    n += 1;
  }
  const out: Record<string, number> = {};
  if (n === 0) return out;
  for (const key of [...counts.keys()].sort()) out[key] = counts.get(key)! / labels.length;
  return out;
}
