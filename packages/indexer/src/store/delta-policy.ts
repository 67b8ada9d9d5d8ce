// When a component's next change is written as a delta segment and when its deltas are folded
// into a new base (the component written whole). Two allowances, in the component's own records
// (documents for the state, chunks for the keyword index, vectors, graph nodes + edges):
//
// - steady state: the deltas may hold up to `compactRatio` of the component's records now;
// - growth: while the component has grown since its base was written, the deltas may also hold
//   as many records as that growth, up to the base's own size, in at most
//   MAX_GROWTH_DELTAS files. A build that commits a quarter of the store at a time then writes
//   each component whole about once per doubling (amortised: each record is encoded whole a
//   bounded number of times) instead of every other commit.
//
// The growth allowance holds only for the commits of a build that more commits of the same
// ingest call follow (they serve crash recovery): the call's last commit applies the steady
// budget, folding the deltas if they exceed it, so a finished build opens as before. An
// interrupted build's generation replays at most its base's size plus `compactRatio` × the
// component in delta records (replay then costs up to about one more decode of the base).
export const MAX_GROWTH_DELTAS = 16;

export interface DeltaBudgetInput {
  /** Records the deltas would hold with this one (prior deltas + the new one). */
  deltaRecords: number;
  /** Delta files the component would have with this one. */
  deltaCount: number;
  /** The component's records now. */
  current: number;
  /** The component's records when its base was written (undefined: unknown, no growth allowance). */
  base: number | undefined;
  ratio: number;
}

/** True when the change may be written as one more delta; false: write the component whole. */
export function withinDeltaBudget(p: DeltaBudgetInput): boolean {
  if (p.ratio <= 0) return false;
  const steady = p.ratio * Math.max(p.current, 1);
  if (p.deltaRecords <= steady) return true;
  if (p.base === undefined || p.deltaCount > MAX_GROWTH_DELTAS) return false;
  const growth = Math.min(Math.max(p.current - p.base, 0), p.base);
  return p.deltaRecords <= steady + growth;
}
