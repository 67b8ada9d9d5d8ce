// The undirected simple projection of a directed multigraph given as edge endpoint columns:
// both directions and parallel edges between two nodes fold into one edge whose weight is the
// sum of theirs; a self-loop is kept (as 2 × its summed weight in `loops`, see louvain.ts).
// Edges of weight ≤ 0 (or NaN) are left out. Typed arrays only: rows are filled by a counting
// sort, parallel entries within a row are summed in place, and a transpose sorts each row.

import type { WeightedCsr } from './louvain.js';

/**
 * `n` nodes, `m` edges from `source[e]` to `target[e]` (node numbers < n) with weight
 * `weight[e]`, or 1 each when `weight` is null.
 */
export function foldUndirected(
  n: number,
  m: number,
  source: ArrayLike<number>,
  target: ArrayLike<number>,
  weight: ArrayLike<number> | null,
): WeightedCsr {
  const loops = new Float64Array(n);
  const offsets = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) {
    const x = weight ? weight[e]! : 1;
    if (!(x > 0)) continue;
    const a = source[e]!;
    const b = target[e]!;
    if (a === b) loops[a]! += 2 * x;
    else {
      offsets[a + 1]!++;
      offsets[b + 1]!++;
    }
  }
  for (let i = 0; i < n; i++) offsets[i + 1]! += offsets[i]!;
  const arcs = offsets[n]!;
  const nbr = new Int32Array(arcs);
  const w = new Float64Array(arcs);
  const fill = offsets.slice(0, n);
  for (let e = 0; e < m; e++) {
    const x = weight ? weight[e]! : 1;
    if (!(x > 0)) continue;
    const a = source[e]!;
    const b = target[e]!;
    if (a === b) continue;
    let p = fill[a]!++;
    nbr[p] = b;
    w[p] = x;
    p = fill[b]!++;
    nbr[p] = a;
    w[p] = x;
  }
  // sum parallel entries of each row, compacting towards the front (writes never pass reads)
  const mark = new Int32Array(n).fill(-1);
  const pos = new Int32Array(n);
  let k = 0;
  let rowStart = 0;
  for (let i = 0; i < n; i++) {
    const rowEnd = offsets[i + 1]!;
    offsets[i] = k;
    for (let j = rowStart; j < rowEnd; j++) {
      const v = nbr[j]!;
      if (mark[v] === i) {
        w[pos[v]!]! += w[j]!;
        continue;
      }
      mark[v] = i;
      pos[v] = k;
      nbr[k] = v;
      w[k++] = w[j]!;
    }
    rowStart = rowEnd;
  }
  offsets[n] = k;
  // the rows are symmetric: transposing them lists each row's neighbours in increasing order,
  // so the result does not depend on the order the edges came in (a writable store's insertion
  // order or the graph file's id order)
  const sortedNbr = new Int32Array(k);
  const sortedW = new Float64Array(k);
  const at = offsets.slice(0, n);
  for (let i = 0; i < n; i++) {
    for (let j = offsets[i]!, end = offsets[i + 1]!; j < end; j++) {
      const p = at[nbr[j]!]!++;
      sortedNbr[p] = i;
      sortedW[p] = w[j]!;
    }
  }
  return { offsets, nbr: sortedNbr, w: sortedW, loops };
}
