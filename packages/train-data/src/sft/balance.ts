// Per-domain balancing: keep the largest subset whose domain counts follow the configured ratio
// (e.g. { general: 2, medical: 1 }). Domains absent from the data are ignored in the scale and
// reported; domains absent from the ratio are dropped. Items are kept in input order.

export interface BalanceResult<T> {
  kept: T[];
  dropped: T[];
  /** Ratio domains with no items at all (the ratio could not be honoured for them). */
  missingDomains: string[];
  targets: Record<string, number>;
}

export function balanceByDomain<T>(items: readonly T[], domainOf: (item: T) => string, ratio: Readonly<Record<string, number>>): BalanceResult<T> {
  const counts = new Map<string, number>();
  for (const it of items) counts.set(domainOf(it), (counts.get(domainOf(it)) ?? 0) + 1);
  const weighted = Object.entries(ratio).filter(([, w]) => w > 0);
  const present = weighted.filter(([d]) => (counts.get(d) ?? 0) > 0);
  const scale = present.length ? Math.min(...present.map(([d, w]) => (counts.get(d) ?? 0) / w)) : 0;
  const targets: Record<string, number> = {};
  for (const [d, w] of present) targets[d] = Math.floor(scale * w + 1e-9);
  const taken = new Map<string, number>();
  const kept: T[] = [];
  const dropped: T[] = [];
  for (const it of items) {
    const d = domainOf(it);
    const n = taken.get(d) ?? 0;
    if (n < (targets[d] ?? 0)) {
      kept.push(it);
      taken.set(d, n + 1);
    } else dropped.push(it);
  }
  return { kept, dropped, missingDomains: weighted.filter(([d]) => !counts.get(d)).map(([d]) => d), targets };
}
