// The pull rows PPR walks (row v lists the u with u → v, parallel arcs collapsed), from edge
// endpoint columns. Shared by `getAdjacency` and the graph codec, which stores the default rows
// (both directions, unweighted, every relation) in the graph file so a cold question reads them
// in place instead of building them.

export interface CsrRows {
  /** length n + 1 */
  offsets: Int32Array;
  sources: Int32Array;
  /** collapsed arc weights (the largest of parallel arcs), or null when unweighted */
  weights: Float64Array | null;
}

/**
 * Rows over `n` nodes from `m` edges. `keep(e)` filters edges (all when omitted); `weightOf(e)`
 * gives edge weights (unweighted when omitted). Direction "both" adds the inverse arc of every
 * non-loop edge.
 */
export function csrRows(
  n: number,
  m: number,
  sourceOf: (e: number) => number,
  targetOf: (e: number) => number,
  direction: 'both' | 'out' | 'in',
  keep?: (e: number) => boolean,
  weightOf?: (e: number) => number,
): CsrRows {
  const cap = m * (direction === 'both' ? 2 : 1);
  const from = new Int32Array(cap);
  const to = new Int32Array(cap);
  const w = weightOf ? new Float64Array(cap) : null;
  let a = 0;
  for (let e = 0; e < m; e++) {
    if (keep && !keep(e)) continue;
    const s = sourceOf(e);
    const t = targetOf(e);
    const x = w ? weightOf!(e) : 1;
    if (direction !== 'in') {
      from[a] = s;
      to[a] = t;
      if (w) w[a] = x;
      a++;
    }
    if (direction !== 'out' && s !== t) {
      from[a] = t;
      to[a] = s;
      if (w) w[a] = x;
      a++;
    }
  }
  // counting sort arcs by target row
  const count = new Int32Array(n + 1);
  for (let i = 0; i < a; i++) count[to[i]! + 1]!++;
  for (let i = 0; i < n; i++) count[i + 1]! += count[i]!;
  const rawSources = new Int32Array(a);
  const rawWeights = w ? new Float64Array(a) : null;
  const fill = count.slice(0, n);
  for (let i = 0; i < a; i++) {
    const p = fill[to[i]!]!++;
    rawSources[p] = from[i]!;
    if (rawWeights) rawWeights[p] = w![i]!;
  }
  // collapse parallel arcs inside each row (binary A_uv, max weight)
  const offsets = new Int32Array(n + 1);
  const sources = new Int32Array(a);
  const weights = w ? new Float64Array(a) : null;
  const seenRow = new Int32Array(n).fill(-1);
  const seenPos = new Int32Array(n);
  let k = 0;
  for (let v = 0; v < n; v++) {
    offsets[v] = k;
    for (let j = count[v]!; j < count[v + 1]!; j++) {
      const u = rawSources[j]!;
      if (seenRow[u] === v) {
        if (weights && rawWeights![j]! > weights[seenPos[u]!]!) weights[seenPos[u]!] = rawWeights![j]!;
        continue;
      }
      seenRow[u] = v;
      seenPos[u] = k;
      sources[k] = u;
      if (weights) weights[k] = rawWeights![j]!;
      k++;
    }
  }
  offsets[n] = k;
  return { offsets, sources: sources.slice(0, k), weights: weights ? weights.slice(0, k) : null };
}

/** Out-degree on the walk of each row source (weighted when weights are given). */
export function rowDegrees(n: number, rows: CsrRows): Float64Array {
  const degree = new Float64Array(n);
  const { sources, weights } = rows;
  for (let j = 0; j < sources.length; j++) degree[sources[j]!]! += weights ? weights[j]! : 1;
  return degree;
}
