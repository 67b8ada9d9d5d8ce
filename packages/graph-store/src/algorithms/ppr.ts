// Personalized PageRank by power iteration over the cached CSR adjacency.
// A2RAG eqs. 9–11: P_uv = A_uv / deg(u), p0(u) ∝ deg(u)^-1 on the seeds, r = α p0 + (1-α) Pᵀ r.
// GEAR eqs. 8–10: the same fixed point with uniform p over the seed set S; GEAR's α is the
// continuation probability, i.e. GEAR's α = 1 - our teleport `alpha`.
import { RagError, invalidInput, type StringColumn } from '@rag/core';
import type { GraphStore } from '../types.js';
import { getAdjacency, type AdjacencyOptions } from './adjacency.js';
import { seedMass, type Personalization } from './personalization.js';
import { topK, type ScoredNode } from './top-k.js';

export interface PersonalizedPageRankOptions extends AdjacencyOptions {
  /** Seed ids, or seed id → weight (weights are multiplied into the personalisation). */
  seeds: string[] | Record<string, number>;
  /** "degree" (default): A2RAG eq. 10; "uniform": GEAR eq. 9. */
  personalization?: Personalization;
  /** Teleport (restart) probability α of A2RAG eq. 11. Default 0.15. */
  alpha?: number;
  /** Stop when the L1 change between iterations is below this. Default 1e-6. */
  tolerance?: number;
  /** Iteration cap. Default 100. */
  maxIterations?: number;
}

export type { ScoredNode } from './top-k.js';

export interface PersonalizedPageRankResult {
  /** Node ids in CSR order; `scores[i]` belongs to `nodeIds[i]`. Shared with the cache: do not mutate. */
  nodeIds: StringColumn;
  scores: Float64Array;
  iterations: number;
  converged: boolean;
  /** L1 change of the last iteration. */
  residual: number;
  score(id: string): number;
  /** The k best nodes (score > 0), best first, ties by id; `exclude` e.g. the seeds. */
  top(k: number, options?: { exclude?: Iterable<string> }): ScoredNode[];
}

export function personalizedPageRank(store: GraphStore, options: PersonalizedPageRankOptions): PersonalizedPageRankResult {
  const alpha = options.alpha ?? 0.15;
  const tolerance = options.tolerance ?? 1e-6;
  const maxIterations = options.maxIterations ?? 100;
  if (!(alpha > 0 && alpha < 1)) throw invalidInput('alpha', `must be in (0, 1), got ${alpha}`);
  if (!(tolerance > 0)) throw invalidInput('tolerance', `must be > 0, got ${tolerance}`);
  if (!Number.isInteger(maxIterations) || maxIterations < 1) throw invalidInput('maxIterations', `must be a positive integer, got ${maxIterations}`);
  const adj = getAdjacency(store, options);
  const { offsets, sources, weights, degree, index } = adj;
  const n = adj.ids.length;

  const seeds = seedMass(adj, options.seeds, options.personalization);
  const p0 = new Float64Array(n);
  for (let k = 0; k < seeds.index.length; k++) p0[seeds.index[k]!]! += seeds.mass[k]!;

  let r = Float64Array.from(p0);
  let next = new Float64Array(n);
  const y = new Float64Array(n);
  const keep = 1 - alpha;
  let iterations = 0;
  let residual = Infinity;
  while (iterations < maxIterations) {
    iterations++;
    let dangling = 0;
    for (let u = 0; u < n; u++) {
      const d = degree[u]!;
      if (d > 0) y[u] = r[u]! / d;
      else {
        y[u] = 0;
        dangling += r[u]!;
      }
    }
    // mass on nodes without out-arcs restarts at the seeds, so r stays a distribution
    const restart = alpha + keep * dangling;
    let diff = 0;
    if (weights) {
      for (let v = 0; v < n; v++) {
        let s = 0;
        for (let j = offsets[v]!, end = offsets[v + 1]!; j < end; j++) s += y[sources[j]!]! * weights[j]!;
        const x = keep * s + restart * p0[v]!;
        diff += Math.abs(x - r[v]!);
        next[v] = x;
      }
    } else {
      for (let v = 0; v < n; v++) {
        let s = 0;
        for (let j = offsets[v]!, end = offsets[v + 1]!; j < end; j++) s += y[sources[j]!]!;
        const x = keep * s + restart * p0[v]!;
        diff += Math.abs(x - r[v]!);
        next[v] = x;
      }
    }
    const t = r;
    r = next;
    next = t;
    residual = diff;
    if (diff < tolerance) break;
  }
  const scores = r;
  return {
    nodeIds: adj.ids,
    scores,
    iterations,
    converged: residual < tolerance,
    residual,
    score: (id) => {
      const i = index.get(id);
      return i === undefined ? 0 : scores[i]!;
    },
    top: (k, opts = {}) => topK(adj.ids, scores, k, new Set(opts.exclude ?? [])),
  };
}

/** GEAR eq. 8: the seed set S is the top nodes plus both endpoints of the top edges. */
export function fusionSeeds(store: GraphStore, nodeIds: string[], edgeIds: string[] = []): string[] {
  const out = new Set<string>();
  for (const id of nodeIds) {
    if (!store.hasNode(id)) throw new RagError('RAG_NOT_FOUND', `nodeIds: no node "${id}"`, { details: { input: 'nodeIds', id } });
    out.add(id);
  }
  for (const id of edgeIds) {
    const e = store.getEdge(id);
    if (!e) throw new RagError('RAG_NOT_FOUND', `edgeIds: no edge "${id}"`, { details: { input: 'edgeIds', id } });
    out.add(e.source);
    out.add(e.target);
  }
  return [...out];
}
