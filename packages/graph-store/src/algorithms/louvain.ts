// Louvain modularity optimisation (Blondel et al. 2008) on a weighted undirected graph held in
// typed arrays: node i's neighbours are nbr[offsets[i] … offsets[i+1]) with weights w[…] (each
// undirected edge listed from both ends), and a self-loop of weight x sits in loops[i] as 2x (the
// convention under which a node's degree is Σ w + loops). No store types here: `communities.ts`
// builds this graph from a store.
//
// One level: every node starts alone; nodes are visited from a queue seeded with a random
// permutation (mulberry32), each moving to the neighbouring community with the largest
// modularity gain when that gain is positive; a node that moves puts its neighbours outside its
// new community back in the queue. The level ends when the queue is empty. The communities then
// become the nodes of the next level's graph (internal weight → self-loop, weights between two
// communities summed). Levels repeat until one moves no node.

import { mulberry32 } from './random.js';

/** A weighted undirected graph in compressed rows. */
export interface WeightedCsr {
  /** length n + 1 */
  offsets: Int32Array;
  /** neighbours, every non-loop edge listed from both ends, at most once per row */
  nbr: Int32Array;
  /** weight of each neighbour entry (> 0) */
  w: Float64Array;
  /** 2 × the self-loop weight of each node (0 when none) */
  loops: Float64Array;
}

export interface LouvainOptions {
  /** Modularity resolution γ (default 1). */
  resolution?: number;
  /** Seed of the visiting order (default 1). */
  seed?: number;
}

export interface LouvainResult {
  /** node → community, numbered 0.. in order of each community's lowest node */
  community: Int32Array;
  count: number;
  /** modularity of `community` on the input graph, with the resolution's γ */
  modularity: number;
  /** levels that moved at least one node */
  levels: number;
}

/** A move must gain more than this (in units of edge weight) so rounding cannot cycle. */
const MIN_GAIN = 1e-12;

export function louvain(graph: WeightedCsr, options: LouvainOptions = {}): LouvainResult {
  const gamma = options.resolution ?? 1;
  const rng = mulberry32(options.seed ?? 1);
  const n0 = graph.loops.length;
  const membership = new Int32Array(n0);
  for (let i = 0; i < n0; i++) membership[i] = i;
  let level = graph;
  let levels = 0;
  let count = n0;
  const m2 = totalDegree(graph);
  if (m2 > 0) {
    for (;;) {
      const moved = localMoves(level, gamma, m2, rng);
      if (!moved.changed) break;
      levels++;
      const { labels, count: c } = relabel(moved.community);
      for (let i = 0; i < n0; i++) membership[i] = labels[membership[i]!]!;
      count = c;
      if (c === level.loops.length) break;
      level = aggregate(level, labels, c);
    }
  }
  const { labels, count: finalCount } = firstSeenLabels(membership, n0);
  count = finalCount;
  const community = labels;
  return { community, count, modularity: modularity(graph, community, count, gamma), levels };
}

/** Σ of node degrees (2 × total edge weight, a self-loop counted as 2 × its weight). */
export function totalDegree(g: WeightedCsr): number {
  let s = 0;
  for (let j = 0; j < g.w.length; j++) s += g.w[j]!;
  for (let i = 0; i < g.loops.length; i++) s += g.loops[i]!;
  return s;
}

/**
 * Q = Σ_c [ in_c / 2m − γ (tot_c / 2m)² ], in_c the weight inside c counted from both ends
 * (self-loops as 2 × weight), tot_c the degree sum of c. 0 for a graph without edges.
 */
export function modularity(g: WeightedCsr, community: Int32Array, count: number, gamma = 1): number {
  const m2 = totalDegree(g);
  if (m2 === 0) return 0;
  const inside = new Float64Array(count);
  const tot = new Float64Array(count);
  const n = g.loops.length;
  for (let i = 0; i < n; i++) {
    const c = community[i]!;
    let d = g.loops[i]!;
    inside[c]! += d;
    for (let j = g.offsets[i]!, end = g.offsets[i + 1]!; j < end; j++) {
      const x = g.w[j]!;
      d += x;
      if (community[g.nbr[j]!] === c) inside[c]! += x;
    }
    tot[c]! += d;
  }
  let q = 0;
  for (let c = 0; c < count; c++) q += inside[c]! / m2 - gamma * (tot[c]! / m2) ** 2;
  return q;
}

function localMoves(g: WeightedCsr, gamma: number, m2: number, rng: () => number): { community: Int32Array; changed: boolean } {
  const n = g.loops.length;
  const { offsets, nbr, w, loops } = g;
  const degree = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let d = loops[i]!;
    for (let j = offsets[i]!, end = offsets[i + 1]!; j < end; j++) d += w[j]!;
    degree[i] = d;
  }
  const community = new Int32Array(n);
  const tot = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    community[i] = i;
    tot[i] = degree[i]!;
  }
  // queue: a ring over n slots seeded with a random permutation
  const queue = new Int32Array(n);
  for (let i = 0; i < n; i++) queue[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const k = Math.floor(rng() * (i + 1));
    const t = queue[i]!;
    queue[i] = queue[k]!;
    queue[k] = t;
  }
  const queued = new Uint8Array(n).fill(1);
  let head = 0;
  let size = n;
  // weight from the node being moved to each neighbouring community
  const toComm = new Float64Array(n);
  const touched = new Int32Array(n);
  const seen = new Uint8Array(n);
  let changed = false;
  while (size > 0) {
    const i = queue[head]!;
    head = head + 1 === n ? 0 : head + 1;
    size--;
    queued[i] = 0;
    const ki = degree[i]!;
    if (ki === 0) continue;
    const own = community[i]!;
    let t = 0;
    seen[own] = 1;
    touched[t++] = own;
    toComm[own] = 0;
    for (let j = offsets[i]!, end = offsets[i + 1]!; j < end; j++) {
      const c = community[nbr[j]!]!;
      if (seen[c] === 0) {
        seen[c] = 1;
        touched[t++] = c;
        toComm[c] = 0;
      }
      toComm[c]! += w[j]!;
    }
    // take i out of its community, then find the best place for it (staying wins ties)
    tot[own]! -= ki;
    const scale = ki / m2;
    let best = own;
    let bestGain = toComm[own]! - gamma * tot[own]! * scale;
    for (let k = 1; k < t; k++) {
      const c = touched[k]!;
      const gain = toComm[c]! - gamma * tot[c]! * scale;
      if (gain > bestGain + MIN_GAIN) {
        best = c;
        bestGain = gain;
      }
    }
    tot[best]! += ki;
    for (let k = 0; k < t; k++) seen[touched[k]!] = 0;
    if (best === own) continue;
    community[i] = best;
    changed = true;
    for (let j = offsets[i]!, end = offsets[i + 1]!; j < end; j++) {
      const v = nbr[j]!;
      if (queued[v] === 0 && community[v] !== best) {
        queued[v] = 1;
        let at = head + size;
        if (at >= n) at -= n;
        queue[at] = v;
        size++;
      }
    }
  }
  return { community, changed };
}

/** Community labels renumbered 0.. in order of their lowest node. */
function relabel(community: Int32Array): { labels: Int32Array; count: number } {
  return firstSeenLabels(community, community.length);
}

function firstSeenLabels(community: Int32Array, n: number): { labels: Int32Array; count: number } {
  const map = new Int32Array(n).fill(-1);
  const labels = new Int32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const c = community[i]!;
    if (map[c] === -1) map[c] = count++;
    labels[i] = map[c]!;
  }
  return { labels, count };
}

/**
 * The graph of communities: node c stands for the nodes labelled c; weight inside c becomes its
 * self-loop (already doubled: every inside edge is met from both ends), weights between two
 * communities are summed. Two passes (count, then fill) so no array is larger than needed.
 */
export function aggregate(g: WeightedCsr, labels: Int32Array, count: number): WeightedCsr {
  const n = g.loops.length;
  // members of each community, contiguous
  const start = new Int32Array(count + 1);
  for (let i = 0; i < n; i++) start[labels[i]! + 1]!++;
  for (let c = 0; c < count; c++) start[c + 1]! += start[c]!;
  const members = new Int32Array(n);
  const fill = start.slice(0, count);
  for (let i = 0; i < n; i++) members[fill[labels[i]!]!++] = i;

  const mark = new Int32Array(count).fill(-1);
  const offsets = new Int32Array(count + 1);
  for (let c = 0; c < count; c++) {
    let k = 0;
    for (let p = start[c]!; p < start[c + 1]!; p++) {
      const i = members[p]!;
      for (let j = g.offsets[i]!, end = g.offsets[i + 1]!; j < end; j++) {
        const d = labels[g.nbr[j]!]!;
        if (d !== c && mark[d] !== c) {
          mark[d] = c;
          k++;
        }
      }
    }
    offsets[c + 1] = offsets[c]! + k;
  }
  const nbr = new Int32Array(offsets[count]!);
  const w = new Float64Array(offsets[count]!);
  const loops = new Float64Array(count);
  const pos = new Int32Array(count);
  mark.fill(-1);
  for (let c = 0; c < count; c++) {
    let k = offsets[c]!;
    let inside = 0;
    for (let p = start[c]!; p < start[c + 1]!; p++) {
      const i = members[p]!;
      inside += g.loops[i]!;
      for (let j = g.offsets[i]!, end = g.offsets[i + 1]!; j < end; j++) {
        const d = labels[g.nbr[j]!]!;
        const x = g.w[j]!;
        if (d === c) inside += x;
        else if (mark[d] !== c) {
          mark[d] = c;
          pos[d] = k;
          nbr[k] = d;
          w[k++] = x;
        } else w[pos[d]!]! += x;
      }
    }
    loops[c] = inside;
  }
  return { offsets, nbr, w, loops };
}
